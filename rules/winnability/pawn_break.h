#pragma once
// Helpmate search for the composed positions whose mate waits behind a pawn wall: a man is
// offered to a pawn so that a file opens, a pawn of the winner walks through and promotes,
// and the new piece mates. Best-first toward "a pawn of the winner promotes", then the
// ordinary helpmate search (helpmate.h) from each promotion.
#include <cstdint>
#include <vector>

#include "rules/position.h"

namespace drawproxy::rules::winnability {

struct PawnBreakResult {
    bool found = false;
    std::vector<Move> line;   // when found: the moves from the position to the winner's mate
    std::uint64_t nodes = 0;  // positions played, the finishing searches' included
};

// Finds a line ending in `winner`'s checkmate, playing at most about `node_limit` positions.
// Memory: a few dozen bytes per position played.
PawnBreakResult pawn_break_helpmate(const Position& pos, Color winner, std::uint64_t node_limit);

// The estimate the search expands by (lower is closer to a promotion); exposed for tests.
int promotion_distance(const Position& pos, Color winner);

}  // namespace drawproxy::rules::winnability
