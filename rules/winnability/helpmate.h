#pragma once
// Helpmate search: both sides cooperate so that `winner` checkmates; the witness of every
// "winnable" answer.
#include <cstdint>
#include <vector>

#include "rules/position.h"

namespace drawproxy::rules::winnability {

// The first stage of a search (an ordered dive under a small budget) that found nothing.
struct QuickDive {
    std::uint64_t budget = 0;  // 0: none ran
    std::uint64_t nodes = 0;   // what it spent
};

struct HelpmateResult {
    bool found = false;
    std::vector<Move> line;  // when found: the moves from the position to the mate
    std::uint64_t nodes = 0;
    QuickDive quick;  // when not found: its first stage, for a later call on the same position
};

// Finds a line ending in `winner`'s checkmate, playing at most `node_limit`
// positions (a node = one position played). Combines a fast ordered dive with a mate-in-one
// test for the common easy mates and longer searches when the budget allows.
// `failed`: the first stage of an earlier call on the same position and winner that found
// nothing; the dive is deterministic, so when this call's would have the same budget it is
// not run again (its nodes still count, so the later stages get the budgets they had).
HelpmateResult search_helpmate(const Position& pos, Color winner, std::uint64_t node_limit,
                               QuickDive failed = {});

}  // namespace drawproxy::rules::winnability
