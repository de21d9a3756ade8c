#include "rules/winnability/winnability.h"

#include "rules/winnability/guided.h"
#include "rules/winnability/helpmate.h"
#include "rules/winnability/material.h"
#include "rules/winnability/pawn_lock.h"
#include "rules/winnability/reachability.h"

namespace drawproxy::rules::winnability {
namespace {

// Settles the position without search when it can: the game is over, or a static proof holds.
bool settled(const Position& pos, Color winner, Result& result) {
    if (!pos.has_legal_moves()) {
        const bool mated_loser = pos.is_check() && pos.side_to_move() != winner;
        result.outcome = mated_loser ? Outcome::Winnable : Outcome::Unwinnable;
        return true;
    }
    if (material_unwinnable(pos, winner) || locked_unwinnable(pos, winner)) {
        result.outcome = Outcome::Unwinnable;
        return true;
    }
    return false;
}

constexpr int MAX_HELPMATE_PLIES = 64;
// Sixteenths of the remaining budget for each guided search.
constexpr std::uint64_t GUIDED_SHARE_KEEP = 8, GUIDED_SHARE_SHED = 6;

}  // namespace

Result can_checkmate(const Position& pos, Color winner, Budget budget) {
    Result result;
    if (settled(pos, winner, result)) return result;
    // A short helpmate first (most positions have one), then the exhaustive proof, then
    // whatever budget is left for a long helpmate.
    std::uint64_t left = budget.nodes;
    HelpmateResult quick = find_helpmate(pos, winner, 5, left / 32);
    result.nodes += quick.nodes;
    if (quick.found) {
        result.outcome = Outcome::Winnable;
        result.witness = std::move(quick.line);
        return result;
    }
    left -= std::min(left, quick.nodes);
    // Two guides: one keeps the winner's men, one lets them go.
    for (const auto& [share, man_value] :
         {std::pair{GUIDED_SHARE_KEEP, 24}, std::pair{GUIDED_SHARE_SHED, 0}}) {
        GuidedResult guided = guided_helpmate(pos, winner, left * share / 16, man_value);
        result.nodes += guided.nodes;
        if (guided.found) {
            result.outcome = Outcome::Winnable;
            result.witness = std::move(guided.line);
            return result;
        }
        left -= std::min(left, guided.nodes);
    }
    ReachResult reach = explore(pos, winner, left * 3 / 4);
    result.nodes += reach.nodes;
    if (reach.reach == Reach::Exhausted) {
        result.outcome = Outcome::Unwinnable;
        return result;
    }
    if (reach.reach == Reach::Mate) {
        result.outcome = Outcome::Winnable;
        result.witness = std::move(reach.line);
        return result;
    }
    left -= std::min(left, reach.nodes);
    HelpmateResult deep = find_helpmate(pos, winner, MAX_HELPMATE_PLIES, left);
    result.nodes += deep.nodes;
    if (deep.found) {
        result.outcome = Outcome::Winnable;
        result.witness = std::move(deep.line);
    }
    return result;
}

bool proved_unwinnable(const Position& pos, Color winner, std::uint64_t node_budget) {
    Result result;
    if (settled(pos, winner, result)) return result.outcome == Outcome::Unwinnable;
    return explore(pos, winner, node_budget).reach == Reach::Exhausted;
}

}  // namespace drawproxy::rules::winnability
