#include "rules/dead_position.h"

#include "rules/winnability/winnability.h"

namespace drawproxy::rules {

bool is_insufficient_material(const Position& pos) {
    if (pos.pieces(PAWN) || pos.pieces(ROOK) || pos.pieces(QUEEN)) return false;
    Bitboard minors = pos.pieces(KNIGHT) | pos.pieces(BISHOP);
    if (!more_than_one(minors)) return true;  // K v K, K+minor v K
    // Only bishops, all on one square colour: no checkmate can ever arise.
    if (pos.pieces(KNIGHT)) return false;
    Bitboard bishops = pos.pieces(BISHOP);
    return !(bishops & DARK_SQUARES) || !(bishops & LIGHT_SQUARES);
}

namespace {

// Pawns facing an enemy pawn head-on: the stuff of locked walls.
int blocked_pawn_pairs(const Position& pos) {
    return popcount(shift<8>(pos.pieces(WHITE, PAWN)) & pos.pieces(BLACK, PAWN));
}

// Material with which a side can mate in an open position: a pawn, a rook or a queen,
// two minor pieces, or one minor piece when the defender has men to hem its own king in.
bool has_mating_material(const Position& pos, Color c) {
    const Bitboard ours = pos.pieces(c) & ~pos.pieces(KING);
    if (ours & (pos.pieces(PAWN, ROOK) | pos.pieces(QUEEN))) return true;
    if (more_than_one(ours)) return true;
    return ours && (pos.pieces(~c) & ~pos.pieces(KING));
}

constexpr std::uint64_t DEAD_POSITION_BUDGET = 3000;

}  // namespace

bool is_dead_position(const Position& pos) {
    if (is_insufficient_material(pos)) return true;
    // Cheap filter, run every ply: with hardly any locked pawns, a side with mating
    // material and a move it is not forced into can always be helped to a mate. What is
    // left (walls, checks, few men) goes to the proofs under a small budget.
    if (blocked_pawn_pairs(pos) < 3 && !pos.is_check() &&
        (has_mating_material(pos, WHITE) || has_mating_material(pos, BLACK)) && popcount(pos.pieces()) > 4)
        return false;
    return winnability::proved_unwinnable(pos, WHITE, DEAD_POSITION_BUDGET) &&
           winnability::proved_unwinnable(pos, BLACK, DEAD_POSITION_BUDGET);
}

}  // namespace drawproxy::rules
