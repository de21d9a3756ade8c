#include "rules/winnability/pawn_break.h"

// Why an answer is a real mate: this search proves nothing unwinnable, it only gives
// witnesses. Every move it plays comes from Position::legal_moves of the position it is
// played in; a line ends either in a position it tested itself (in check, no legal move, the
// loser to move) or in a line search_helpmate returned from the position reached, which that
// search guarantees the same way. So "found" is always a legal line ending in the winner's
// mate; "not found" says nothing.

#include <algorithm>

#include "rules/winnability/best_first.h"
#include "rules/winnability/guided.h"
#include "rules/winnability/helpmate.h"

namespace drawproxy::rules::winnability {
namespace {

// Plies played count a little against a node, so that long detours lose to short plans.
constexpr int DEPTH_WEIGHT = 8;
// What a man standing on a pawn's way costs it, in steps.
constexpr int PAWN_BLOCKER = 5, OFFERED_PAWN = 1, OWN_BLOCKER = 3, PIECE_BLOCKER = 2, NO_VICTIM = 3,
              NO_WAY = 20;
constexpr int MAX_COST = 64;

// The helpmate search run from each promotion of the winner: the new piece usually mates
// within a few thousand positions; when it does not, the best-first search goes on from there
// as from any other position.
constexpr std::uint64_t FINISH_NODES = 20000;

}  // namespace

int promotion_distance(const Position& pos, Color winner) {
    if (!pos.pieces(winner, PAWN)) return 0;
    const Color loser = ~winner;
    const Bitboard offered = pos.pieces(winner) & ~pos.pieces(KING);
    const Bitboard takeable = pos.pieces(loser) & ~pos.pieces(KING);
    // The squares the loser's pieces may stand on (its king never stands where a pawn takes).
    Bitboard victim_squares =
        pos.pieces(loser, KNIGHT) | pos.pieces(loser, ROOK) | pos.pieces(loser, QUEEN) ? ~Bitboard(0) : 0;
    if (pos.pieces(loser, BISHOP) & DARK_SQUARES) victim_squares |= DARK_SQUARES;
    if (pos.pieces(loser, BISHOP) & LIGHT_SQUARES) victim_squares |= LIGHT_SQUARES;
    // What entering each square costs a pawn of the winner, straight on and by a capture.
    int straight[64], diagonal[64];
    for (int sq = 0; sq < 64; ++sq) {
        const auto t = Square(sq);
        const Piece p = pos.piece_on(t);
        // A square the loser cannot bring a man to is no way for a pawn of the winner.
        const Bitboard beyond =
            file_bb(file_of(t)) & (winner == WHITE ? ~((square_bb(t) << 1) - 1) : square_bb(t) - 1);
        const bool victim = (square_bb(t) & victim_squares) || (beyond & pos.pieces(loser, PAWN));
        const int no_victim = victim ? NO_VICTIM : NO_WAY;
        if (p == NO_PIECE) {
            straight[sq] = 1;
            diagonal[sq] = 1 + no_victim;
        } else if (color_of(p) == winner) {
            straight[sq] = 1 + OWN_BLOCKER;
            diagonal[sq] = 1 + OWN_BLOCKER + no_victim;
        } else if (type_of(p) == PAWN) {
            // A pawn of the loser in the way leaves the file only by taking a man offered to it.
            straight[sq] = 1 + (pawn_attacks(loser, t) & offered ? OFFERED_PAWN : PAWN_BLOCKER);
            diagonal[sq] = 1;
        } else {
            straight[sq] = 1 + PIECE_BLOCKER;
            diagonal[sq] = takeable & square_bb(t) ? 1 : 1 + PIECE_BLOCKER + no_victim;
        }
    }
    const int forward = winner == WHITE ? 1 : -1;
    int best = MAX_COST, sum = 0;
    Bitboard pawns = pos.pieces(winner, PAWN);
    while (pawns) {
        const Square s = pop_lsb(pawns);
        // Cheapest way to each square of the next rank, rank by rank to the last.
        int cost[8], next[8];
        std::fill(cost, cost + 8, MAX_COST);
        cost[file_of(s)] = 0;
        for (int r = rank_of(s) + forward; r >= 0 && r <= 7; r += forward) {
            for (int f = 0; f < 8; ++f) {
                const int sq = r * 8 + f;
                int c = cost[f] + straight[sq];
                if (f > 0) c = std::min(c, cost[f - 1] + diagonal[sq]);
                if (f < 7) c = std::min(c, cost[f + 1] + diagonal[sq]);
                next[f] = std::min(c, MAX_COST);
            }
            std::copy(next, next + 8, cost);
        }
        const int c = *std::min_element(cost, cost + 8);
        best = std::min(best, c);
        sum += c;
    }
    return 6 * best + sum;
}

namespace {

// One best-first search, by the promotion estimate alone (`net` false) or by it plus the
// estimate of a mating net (guided.h), for the mates that need no promotion. Adds to
// `result.nodes` up to `node_limit` in all.
bool best_first(const Position& root, Color winner, std::uint64_t node_limit, bool net,
                PawnBreakResult& result) {
    auto estimate = [&](const Position& pos, int plies) {
        return promotion_distance(pos, winner) + (net ? mating_net_distance(pos, winner, 0) : 0) +
               plies / DEPTH_WEIGHT;
    };
    // The subgoal: from each promotion of the winner on, the ordinary search. A queen mates
    // most often; the others when a queen would stalemate.
    auto promoted = [&](const Position& pos, Move m, const Position& child, std::vector<Move>& tail) {
        if (m.kind() != Move::PROMOTION || pos.side_to_move() != winner) return false;
        const std::uint64_t finish = m.promotion() == QUEEN ? FINISH_NODES : FINISH_NODES / 4;
        HelpmateResult h = search_helpmate(child, winner, std::min(finish, node_limit - result.nodes));
        result.nodes += h.nodes;
        tail = std::move(h.line);
        return h.found;
    };
    result.found =
        best_first_detail::search(root, winner, node_limit, result.nodes, estimate, promoted, result.line);
    return result.found;
}

}  // namespace

PawnBreakResult pawn_break_helpmate(const Position& root, Color winner, std::uint64_t node_limit) {
    PawnBreakResult result;
    // A quarter for the promotion alone, which opens the walls broken by a sacrifice within
    // tens of thousands of positions; the rest with the mating net too, which also finds the
    // long pawn races and the mates by the men already there (community.txt, the 53 winnable
    // sides every other search misses at 1M: 41 found at 1M, 49 at 2M; a half and a half
    // found 39 and 47, the net alone 36 and 43).
    if (!best_first(root, winner, node_limit / 4, false, result))
        best_first(root, winner, node_limit, true, result);
    return result;
}

}  // namespace drawproxy::rules::winnability
