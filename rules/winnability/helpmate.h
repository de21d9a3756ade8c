#pragma once
// Helpmate search: both sides cooperate so that `winner` checkmates; the witness of every
// "winnable" answer.
#include <cstdint>
#include <memory>
#include <vector>

#include "rules/position.h"
#include "rules/winnability/helpmate_target.h"

namespace drawproxy::rules::winnability {

namespace helpmate_detail {
class QuickDive;  // helpmate_search.cpp
}

// What a search that found nothing leaves for a later one on the same position and winner:
// its stages are deterministic, so the later search need not redo them.
struct EarlierSearch {
    std::uint64_t quick_budget = 0;  // its first stage, an ordered dive (0: none ran)
    std::uint64_t quick_nodes = 0;   // what that dive spent
    std::shared_ptr<const std::vector<helpmate_detail::Target>> targets;  // its mating patterns, if built
    // That dive itself, to go on with (extend_dive); shared: extending it changes it for all.
    std::shared_ptr<helpmate_detail::QuickDive> dive;
};

struct HelpmateResult {
    bool found = false;
    std::vector<Move> line;  // when found: the moves from the position to the mate
    std::uint64_t nodes = 0;
    EarlierSearch left_behind;  // when not found: for a later call on the same position
};

// Finds a line ending in `winner`'s checkmate, playing at most `node_limit`
// positions (a node = one position played). Combines a fast ordered dive with a mate-in-one
// test for the common easy mates and longer searches when the budget allows.
// `earlier`: what an earlier call on the same position and winner left behind. When this
// call's first dive would have the same budget it is not run again (its nodes still count, so
// the later stages get the budgets they had), and the mating patterns are not built again.
HelpmateResult search_helpmate(const Position& pos, Color winner, std::uint64_t node_limit,
                               const EarlierSearch& earlier = {});

// Goes on with the first-stage dive of the search that left `earlier` for up to `nodes` more
// nodes (the ordered dive alone finds most long mates of real games sooner than the later
// stages do). Nothing when that search ran no dive or its dive tried every allowance.
HelpmateResult extend_dive(const Position& pos, std::uint64_t nodes, const EarlierSearch& earlier);

// Pawns locked head-on: the winner's king takes a blocking pawn of the loser's and a short
// search goes on from there, for each such pawn (search_helpmate does the same in small
// endings).
HelpmateResult capture_helpmate(const Position& pos, Color winner, std::uint64_t node_limit);

}  // namespace drawproxy::rules::winnability
