#include "rules/winnability/winnability.h"

#include "rules/winnability/ghost_search.h"
#include "rules/winnability/guided.h"
#include "rules/winnability/helpmate.h"
#include "rules/winnability/helpmate_target.h"
#include "rules/winnability/material.h"
#include "rules/winnability/pawn_break.h"
#include "rules/winnability/pawn_lock.h"
#include "rules/winnability/reachability.h"

namespace drawproxy::rules::winnability {
namespace {

// Settles a position where the game is over: the winner has mated, or it ended otherwise.
bool game_over(const Position& pos, Color winner, Result& result) {
    if (pos.has_legal_moves()) return false;
    const bool mated_loser = pos.is_check() && pos.side_to_move() != winner;
    result.outcome = mated_loser ? Outcome::Winnable : Outcome::Unwinnable;
    return true;
}

// Node budgets: a short helpmate search settles most positions of real games at once; the
// proofs come next, a small exploration (forced lines end within it), then the long searches
// share what is left, the helpmate first.
constexpr std::uint64_t QUICK_HELPMATE_NODES = 2000, SMALL_EXPLORE_NODES = 3000, GHOST_NODES = 1000;
// The relaxed search keeps every state it meets (~100 bytes each): a bound on its memory.
constexpr std::uint64_t MAX_GHOST_NODES = 2'000'000;
// The last stage, the long plans behind walls (pawn_break.h), on an allowance of its own of
// twice the budget: it keeps a position per expanded node (~55 bytes), hence the cap.
constexpr std::uint64_t MAX_PAWN_BREAK_NODES = 2'000'000;
// A middle helpmate search on an allowance of its own: the small endings of real games whose
// mates take tens of plies (a pawn to promote first, a knight's smothered mate) fall to a
// search of this size sooner than to the long one, which spreads its nodes wider.
constexpr std::uint64_t MIDDLE_HELPMATE_NODES = 18000;
// Before it, the first search's ordered dive goes on (extend_dive), on an allowance of its own.
constexpr std::uint64_t EXTENDED_DIVE_NODES = 24000;
// Lone knights go to the middle search first when the loser has at most this many men (the
// dive finds the knight's mates among many blockers sooner).
constexpr int KNIGHT_MAX_BLOCKERS = 3;
// The capture dives toward a blocking pawn (capture_helpmate), on an allowance of their own.
constexpr std::uint64_t CAPTURE_NODES = 3000;
// Before the dive goes on, a short best-first search toward a mating net that keeps the
// winner's men (guided.h), on an allowance of its own: the long mates of real games' small
// endings (a knight against a knight, knight, bishop and pawn against a rook, minor pieces
// against a queen) take it hundreds to a few thousand nodes where the dive takes up to twenty
// thousand. Not for most lone minor pieces (below).
constexpr std::uint64_t QUICK_GUIDED_NODES = 3000;
constexpr int QUICK_GUIDED_MAN_VALUE = 24;

// Pawns locked head-on that make a wall (head_on_pawns() marks one pawn of each pair): the
// blockade proof goes first. (Behind 1-2 pairs it proved none of the ~4,300 sides of the
// three game sets that have them, and ~10% of community.txt's; behind 3 or more, ~40%.)
constexpr int WALL_PAWNS = 3;

// The relaxed searches (ghost_search.h), coarse one first: it is the cheaper. A search is
// deterministic, so one that met a possible mate would meet it again with more nodes: only one
// that ran out of nodes is worth another try.
struct GhostTries {
    bool worth[2] = {true, true};  // by loser_ghosts

    bool unwinnable(const Position& pos, Color winner, std::uint64_t nodes, std::uint64_t& used) {
        for (bool loser_ghosts : {true, false}) {
            if (!worth[loser_ghosts]) continue;
            const GhostResult g = ghost_search(pos, winner, nodes, loser_ghosts);
            used += g.nodes;
            if (g.verdict == GhostVerdict::Unwinnable) return true;
            worth[loser_ghosts] = g.verdict == GhostVerdict::OutOfBudget;
        }
        return false;
    }
};

}  // namespace

Result can_checkmate(const Position& pos, Color winner, Budget budget) {
    Result result;
    if (game_over(pos, winner, result)) return result;
    if (material_unwinnable(pos, winner)) {
        result.outcome = Outcome::Unwinnable;
        return result;
    }
    std::uint64_t left = budget.nodes;
    EarlierSearch earlier;  // what the last helpmate search, which found nothing, left behind
    // `aside`: a search on an allowance of its own, which leaves `earlier` and `left` as they
    // were, so that the long searches run as they would without it.
    // A helpmate search's answer (any of the searches' results: found, line, nodes): its nodes
    // count; a witness settles the side.
    auto found = [&](auto h) {
        result.nodes += h.nodes;
        if (!h.found) return false;
        result.outcome = Outcome::Winnable;
        result.witness = std::move(h.line);
        return true;
    };
    auto helpmate = [&](std::uint64_t nodes, bool aside = false) {
        HelpmateResult h = search_helpmate(pos, winner, std::min(left, nodes), earlier);
        if (!aside) {
            earlier = h.left_behind;
            left -= std::min(left, h.nodes);
        }
        return found(std::move(h));
    };
    auto guided = [&](std::uint64_t nodes) {
        return found(guided_helpmate(pos, winner, nodes, QUICK_GUIDED_MAN_VALUE));
    };
    auto dive_further = [&](std::uint64_t nodes) { return found(extend_dive(pos, nodes, earlier)); };
    auto exploration = [&](std::uint64_t nodes) {
        ReachResult reach = explore(pos, winner, std::min(left, nodes));
        result.nodes += reach.nodes;
        left -= std::min(left, reach.nodes);
        if (reach.reach == Reach::Exhausted) result.outcome = Outcome::Unwinnable;
        if (reach.reach == Reach::Mate) {
            result.outcome = Outcome::Winnable;
            result.witness = std::move(reach.line);
        }
        return reach.reach != Reach::OutOfBudget;
    };
    // Behind a wall of pawns locked head-on the blockade proof goes first: it costs about a
    // microsecond, and there it settles many sides the quick helpmate search would spend its
    // nodes on. Behind fewer (most positions of real games) it settles none of the game sets'
    // sides: the quick search, which mates most of them in tens of nodes, goes first.
    const Bitboard head_on = head_on_pawns(pos);
    const bool locked_pawns = head_on, wall = popcount(head_on) >= WALL_PAWNS;
    if (wall && locked_unwinnable(pos, winner)) {
        result.outcome = Outcome::Unwinnable;
        return result;
    }
    if (helpmate(QUICK_HELPMATE_NODES)) return result;
    if (!wall && locked_unwinnable(pos, winner)) {
        result.outcome = Outcome::Unwinnable;
        return result;
    }
    // The relaxed searches do not take from the other stages' budget. A short one now where it
    // is likely to end: behind pawns locked head-on (the cages that need it have several).
    GhostTries ghosts;
    if (locked_pawns && ghosts.unwinnable(pos, winner, std::min(left, GHOST_NODES), result.nodes)) {
        result.outcome = Outcome::Unwinnable;
        return result;
    }
    // Lone knights: the dive's ordering leads them poorly, the patterns and the best-first
    // search in the middle helpmate search do better.
    const Bitboard pieces = pos.pieces(winner) & ~pos.pieces(KING, PAWN);
    const bool knights = pieces && pieces == pos.pieces(winner, KNIGHT) &&
                         popcount(pos.pieces(~winner) & ~pos.pieces(KING)) <= KNIGHT_MAX_BLOCKERS;
    // A single minor piece mates only with the loser's men blocking his king: the best-first
    // search finds a lone bishop's mates later than the dive, and a lone knight's among the
    // loser's pawns rarely (measured on the game positions).
    const bool lone_minor =
        popcount(pieces) == 1 &&
        (pos.pieces(winner, BISHOP) || (pos.pieces(winner, KNIGHT) && pos.pieces(~winner, PAWN)));
    // Pawns locked head-on, more men than small endings have (those tried it already): the
    // winner's king takes a blocker first.
    if (!helpmate_detail::patterns_apply(pos) && found(capture_helpmate(pos, winner, CAPTURE_NODES)))
        return result;
    if (!lone_minor && guided(QUICK_GUIDED_NODES)) return result;
    if (!knights && dive_further(EXTENDED_DIVE_NODES)) return result;
    if (helpmate(MIDDLE_HELPMATE_NODES, true)) return result;
    if (knights && dive_further(EXTENDED_DIVE_NODES)) return result;
    if (exploration(SMALL_EXPLORE_NODES)) return result;
    if (helpmate(left / 2)) return result;
    // A longer relaxed search (walls with free pieces behind them), on an allowance of its own
    // so that the other searches keep theirs; after the helpmate search, which settles most
    // winnable sides that got this far, as a relaxed search rarely ends on those.
    if (ghosts.unwinnable(pos, winner, std::min(budget.nodes / 2, MAX_GHOST_NODES), result.nodes)) {
        result.outcome = Outcome::Unwinnable;
        return result;
    }
    if (exploration(left * 3 / 4)) return result;
    if (helpmate(left)) return result;
    // Composed walls: a man offered to a pawn opens a file, a pawn walks through and promotes.
    // Every other stage failed; this one runs last as it spends its whole allowance then.
    found(pawn_break_helpmate(pos, winner, std::min(2 * budget.nodes, MAX_PAWN_BREAK_NODES)));
    return result;
}

bool proved_unwinnable(const Position& pos, Color winner, std::uint64_t node_budget) {
    Result result;
    if (game_over(pos, winner, result)) return result.outcome == Outcome::Unwinnable;
    if (material_unwinnable(pos, winner) || locked_unwinnable(pos, winner)) return true;
    std::uint64_t ghost_nodes = 0;
    if (GhostTries{}.unwinnable(pos, winner, std::min(node_budget, GHOST_NODES), ghost_nodes)) return true;
    return explore(pos, winner, node_budget).reach == Reach::Exhausted;
}

}  // namespace drawproxy::rules::winnability
