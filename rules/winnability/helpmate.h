#pragma once
// Helpmate search: both sides cooperate so that `winner` checkmates; the witness of every
// "winnable" answer.
#include <cstdint>
#include <vector>

#include "rules/position.h"

namespace drawproxy::rules::winnability {

struct HelpmateResult {
    bool found = false;
    std::vector<Move> line;  // when found: the moves from the position to the mate
    std::uint64_t nodes = 0;
};

// Finds a line ending in `winner`'s checkmate, playing at most `node_limit`
// positions (a node = one position played). Combines a fast ordered dive with a mate-in-one
// test for the common easy mates and longer searches when the budget allows.
HelpmateResult search_helpmate(const Position& pos, Color winner, std::uint64_t node_limit);

}  // namespace drawproxy::rules::winnability
