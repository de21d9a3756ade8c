#include "rules/dead_position.h"

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

bool is_dead_position(const Position& pos) { return is_insufficient_material(pos); }

}  // namespace drawproxy::rules
