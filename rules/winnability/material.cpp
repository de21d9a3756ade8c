#include "rules/winnability/material.h"

#include "rules/winnability/mate_patterns.h"

namespace drawproxy::rules::winnability {

bool material_unwinnable(const Position& pos, Color winner) {
    const Color loser = ~winner;
    const Bitboard ours = pos.pieces(winner) & ~pos.pieces(KING);
    if (!ours) return true;  // a king alone never gives check
    if (ours & pos.pieces(PAWN, ROOK) || ours & pos.pieces(QUEEN)) return false;
    const Bitboard theirs = pos.pieces(loser) & ~pos.pieces(KING);
    const Bitboard knights = ours & pos.pieces(KNIGHT);
    const Bitboard bishops = ours & pos.pieces(BISHOP);
    if (knights) {
        // One knight mates only against a king hemmed in by its own men.
        if (more_than_one(knights) || bishops) return false;
        return !theirs || lone_minor_unwinnable(pos, winner);
    }
    // Bishops only. If they all stand on one colour, the mated king's orthogonal neighbours
    // (the other colour: at least two of them, at most one covered by our king) must hold
    // defending men; a defender with only bishops of that same colour has none to put there.
    const Bitboard colour = (bishops & DARK_SQUARES) ? DARK_SQUARES : LIGHT_SQUARES;
    if (bishops & ~colour) return false;
    if (!(theirs & ~pos.pieces(BISHOP)) && !(theirs & ~colour)) return true;
    // Otherwise the defender's men must block without being able to interpose or take.
    return lone_minor_unwinnable(pos, winner);
}

}  // namespace drawproxy::rules::winnability
