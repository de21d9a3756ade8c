#pragma once
// Static analysis of locked pawn walls: pawns that can never move or be captured split the
// board; if no man of the winner can ever attack a square the losing king can ever stand
// on, the winner can never checkmate.
#include "rules/position.h"

namespace drawproxy::rules::winnability {

// True is a proof that `winner` can never checkmate; false means "not shown".
bool locked_unwinnable(const Position& pos, Color winner);

// Floods the moves of a knight, bishop, rook or queen (`pt`) from `start`, never entering
// `frozen`: every square it can ever reach while those stay; adds the squares attacked on the
// way to `attacked`. Set-wise: every square of the region at once.
Bitboard flood(PieceType pt, Bitboard start, Bitboard frozen, Bitboard& attacked);

// Black pawns facing a white pawn head-on: the stuff of locked walls.
inline Bitboard head_on_pawns(const Position& pos) {
    return shift<8>(pos.pieces(WHITE, PAWN)) & pos.pieces(BLACK, PAWN);
}

}  // namespace drawproxy::rules::winnability
