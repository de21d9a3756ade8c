#pragma once
// Helpers for the winnability tests: an independent witness checker and a plain exhaustive
// helpmate search (no pruning, no ordering) to cross-check "unwinnable" answers.
#include <string>
#include <vector>

#include "fen_position.h"
#include "rules/notation.h"
#include "rules/position.h"
#include "rules/winnability/winnability.h"

namespace drawproxy::test {

// Under the sanitizers (ten times slower) the large winnability checks take one case in
// SANITIZED_SAMPLE: they look for memory errors, which the sample reaches as well; the release
// run takes every case and holds the floors.
#ifdef DRAWPROXY_SANITIZED
constexpr int SANITIZED_SAMPLE = 4;
#else
constexpr int SANITIZED_SAMPLE = 1;
#endif

// "" if `line` is a series of legal moves from `pos` ending in `winner` checkmating; else why not.
inline std::string witness_error(const rules::Position& start, rules::Color winner,
                                 const std::vector<rules::Move>& line) {
    rules::Position pos = start;
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (!pos.is_legal(line[i])) return "move " + std::to_string(i + 1) + " is illegal";
        pos.play(line[i]);
    }
    if (!pos.is_checkmate()) return "the line does not end in checkmate";
    if (pos.side_to_move() == winner) return "the line ends with the winner mated";
    return "";
}

// Is there a mate by `winner` within `plies` plies? Every legal move of both sides is tried.
inline bool exhaustive_mate(const rules::Position& pos, rules::Color winner, int plies) {
    if (pos.is_checkmate()) return pos.side_to_move() != winner;
    if (plies == 0) return false;
    for (rules::Move m : pos.legal_moves()) {
        rules::Position child = pos;
        child.play(m);
        if (exhaustive_mate(child, winner, plies - 1)) return true;
    }
    return false;
}

}  // namespace drawproxy::test
