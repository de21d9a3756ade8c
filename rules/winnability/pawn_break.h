#pragma once
// Helpmate search for the composed positions whose mate waits behind a pawn wall: a man is
// offered to a pawn so that a file opens, a pawn of the winner walks through and promotes,
// and the new piece mates. Best-first toward "a pawn of the winner promotes" (the cheapest
// way of each pawn to its last rank, through the men in its way), then the ordinary helpmate
// search (helpmate.h) from each promotion; a second best-first adds the mating-net estimate
// (guided.h) for the mates that need no promotion. Meant for the sides every other search
// failed on: it spends its whole budget when it finds nothing.
#include <cstdint>
#include <vector>

#include "rules/position.h"

namespace drawproxy::rules::winnability {

struct PawnBreakResult {
    bool found = false;
    std::vector<Move> line;   // when found: the moves from the position to the winner's mate
    std::uint64_t nodes = 0;  // positions played, the finishing searches' included
};

// Finds a line ending in `winner`'s checkmate, playing at most `node_limit` positions (the
// finishing searches' included). Memory grows with the budget: up to ~55 bytes per node of
// it where few moves are legal (one stored position per expanded node).
PawnBreakResult pawn_break_helpmate(const Position& pos, Color winner, std::uint64_t node_limit);

// The estimate the search expands by (lower is closer to a promotion); exposed for tests.
int promotion_distance(const Position& pos, Color winner);

}  // namespace drawproxy::rules::winnability
