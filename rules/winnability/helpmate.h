#pragma once
// Guided helpmate search: both sides cooperate so that `winner` checkmates. Iterative
// deepening with a transposition table and move ordering toward a mating net.
#include <cstdint>
#include <vector>

#include "rules/position.h"

namespace drawproxy::rules::winnability {

struct HelpmateResult {
    bool found = false;
    std::vector<Move> line;  // when found: the moves from the position to the mate
    std::uint64_t nodes = 0;
};

// Searches mates of up to `max_plies` plies, visiting at most `node_limit` positions.
HelpmateResult find_helpmate(const Position& pos, Color winner, int max_plies, std::uint64_t node_limit);

}  // namespace drawproxy::rules::winnability
