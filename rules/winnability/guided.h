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

// `man_value`: how much each man of the winner counts against giving it up (0: not at all,
// which finds the mates that shed surplus men; 24: mates that keep them).
GuidedResult guided_helpmate(const Position& pos, Color winner, std::uint64_t node_limit, int man_value);

// The estimate itself (lower is closer to mate); exposed for tests and tuning.
int mating_net_distance(const Position& pos, Color winner, int man_value);

}  // namespace drawproxy::rules::winnability
