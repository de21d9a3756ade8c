#pragma once
// Best-first helpmate search for long plans: positions are expanded in the order of an
// estimate of how close the loser's king is to a mating net (king on an edge, few flight
// squares, the winner's men near it, the loser's men next to it as blockers).
#include <cstdint>
#include <vector>

#include "rules/position.h"

namespace drawproxy::rules::winnability {

struct GuidedResult {
    bool found = false;
    std::vector<Move> line;  // when found: the moves from the position to the mate
    std::uint64_t nodes = 0;
};

GuidedResult guided_helpmate(const Position& pos, Color winner, std::uint64_t node_limit);

// The estimate itself (lower is closer to mate); exposed for tests and tuning.
int mating_net_distance(const Position& pos, Color winner);

}  // namespace drawproxy::rules::winnability
