#pragma once
// A line of UCI moves ("e2e4 e7e5") played in a test, each required to be legal where it stands.
#include <catch2/catch.hpp>
#include <string_view>
#include <vector>

#include "rules/notation.h"
#include "uci/tokens.h"

namespace drawproxy::test {

// Plays `line` on `pos` and returns its moves; the test fails at a move that is not legal.
inline std::vector<rules::Move> play_uci(rules::Position& pos, std::string_view line) {
    std::vector<rules::Move> moves;
    for (uci::Tokens words(line); !words.done();) {
        const std::string_view text = words.next();
        const rules::Move m = rules::parse_uci_move(pos, text);
        INFO("move " << text);
        REQUIRE(m);
        pos.play(m);
        moves.push_back(m);
    }
    return moves;
}

}  // namespace drawproxy::test
