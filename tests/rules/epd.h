#pragma once
// Reads the perft EPD files of tests/data: "FEN ;D1 n ;D2 n ...".
#include <cstdint>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "support/paths.h"

namespace drawproxy::test {

struct EpdEntry {
    std::string fen;
    std::vector<std::pair<int, std::uint64_t>> counts;  // (depth, leaf count)
};

inline std::vector<EpdEntry> load_epd(const std::string& rel) {
    std::ifstream in(source_path(rel));
    if (!in) throw std::runtime_error("cannot open " + source_path(rel));
    std::vector<EpdEntry> entries;
    std::string line;
    while (std::getline(in, line)) {
        auto semi = line.find(';');
        if (line.empty() || semi == std::string::npos) continue;
        EpdEntry e;
        e.fen = line.substr(0, line.find_last_not_of(' ', semi - 1) + 1);
        std::istringstream rest(line.substr(semi));
        std::string tag;
        std::uint64_t n = 0;
        while (rest >> tag >> n) e.counts.emplace_back(std::stoi(tag.substr(2)), n);  // ";D3" 8902
        entries.push_back(std::move(e));
    }
    if (entries.empty()) throw std::runtime_error("no positions in " + source_path(rel));
    return entries;
}

// The two files with the mode each is read in.
struct EpdFile {
    const char* path;
    bool chess960;
};
inline constexpr EpdFile EPD_FILES[] = {{"tests/data/perft.epd", false}, {"tests/data/perft960.epd", true}};

}  // namespace drawproxy::test
