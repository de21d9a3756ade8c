#pragma once
// The PGN samples in tests/data/pgn/, read whole.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>

#include "support/paths.h"

namespace drawproxy::test {

inline std::string pgn_sample(const std::string& name) {
    std::ifstream in(source_path("tests/data/pgn/" + name), std::ios::binary);
    REQUIRE(in);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace drawproxy::test
