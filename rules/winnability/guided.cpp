#include "rules/winnability/guided.h"

#include <algorithm>

#include "rules/winnability/best_first.h"
#include "rules/winnability/helpmate_tools.h"

namespace drawproxy::rules::winnability {
namespace {

int distance(Square a, Square b) {
    return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}
int edge_distance(Square s) {
    return std::min(std::min(file_of(s), 7 - file_of(s)), std::min(rank_of(s), 7 - rank_of(s)));
}
int corner_distance(Square s) {
    return std::min(file_of(s), 7 - file_of(s)) + std::min(rank_of(s), 7 - rank_of(s));
}
// Distance to the nearest corner of the given colour (a1/h8 dark, a8/h1 light).
int colour_corner_distance(Square s, bool dark) {
    const int f = file_of(s), r = rank_of(s);
    return dark ? std::min(f + r, 14 - f - r) : std::min(f + 7 - r, 7 - f + r);
}

// Plies played count a little against a node, so that long detours lose to short plans.
constexpr int DEPTH_WEIGHT = 16;

}  // namespace

int mating_net_distance(const Position& pos, Color winner, int man_value) {
    const Color loser = ~winner;
    const Square king = pos.king_square(loser);
    const Bitboard occupied = pos.pieces();
    // Bishops of one colour mate only in a corner of their colour.
    const Bitboard mates = pos.pieces(winner) & ~pos.pieces(KING, PAWN);
    const bool bishops_only = mates && !(mates & ~pos.pieces(BISHOP));
    int corner = corner_distance(king);
    if (bishops_only && !(mates & LIGHT_SQUARES)) corner = colour_corner_distance(king, true);
    if (bishops_only && !(mates & DARK_SQUARES)) corner = colour_corner_distance(king, false);
    int h = 4 * edge_distance(king) + 2 * corner;
    // Flight squares: the fewer the closer to mate.
    Bitboard flights = king_attacks(king) & ~pos.pieces(loser);
    const Bitboard without_king = occupied ^ square_bb(king);
    while (flights) {
        Square s = pop_lsb(flights);
        if (!pos.attacked_by(winner, s, without_king)) h += 3;
    }
    if (pos.checkers() && pos.side_to_move() == loser) h -= 2;
    const bool pieces = pos.pieces(winner) & ~pos.pieces(KING, PAWN);
    Bitboard ours = pos.pieces(winner);
    while (ours) {
        Square s = pop_lsb(ours);
        const PieceType pt = type_of(pos.piece_on(s));
        // Each man kept is worth more than any walk: the loser must not win material back.
        if (pt == PAWN)
            h += (7 - relative_rank(winner, rank_of(s))) * (pieces ? 1 : 3) - man_value / 2;
        else if (pt == KING)
            h += 2 * std::abs(distance(s, king) - 2);
        else
            h += 2 * distance(s, king) - man_value;
    }
    Bitboard theirs = pos.pieces(loser) & ~pos.pieces(KING);
    while (theirs) {
        Square s = pop_lsb(theirs);
        // The loser's men are its blockers: near the king.
        if (type_of(pos.piece_on(s)) == PAWN)
            h += 7 - relative_rank(loser, rank_of(s));
        else
            h += distance(s, king);
    }
    return h;
}

GuidedResult guided_helpmate(const Position& root, Color winner, std::uint64_t node_limit, int man_value) {
    GuidedResult result;
    result.found = best_first_detail::search(
        root, winner, node_limit, result.nodes,
        [&](const Position& pos, int plies) {
            return mating_net_distance(pos, winner, man_value) + plies / DEPTH_WEIGHT;
        },
        [](const Position&, Move, const Position&, std::vector<Move>&) { return false; }, result.line);
    return result;
}

}  // namespace drawproxy::rules::winnability
