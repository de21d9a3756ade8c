#include "rules/dead_position.h"

#include <algorithm>

#include "rules/winnability/material.h"
#include "rules/winnability/pawn_lock.h"
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

// Exhaustive-search budgets: forced lines among few men end fast; walls take more.
constexpr std::uint64_t FORCED_BUDGET = 128;
constexpr std::uint64_t WALL_BUDGET = 1000;

bool statically_unwinnable(const Position& pos, Color c) {
    return winnability::material_unwinnable(pos, c) || winnability::locked_unwinnable(pos, c);
}

}  // namespace

bool is_dead_position(const Position& pos) {
    if (is_insufficient_material(pos)) return true;
    // Cheap filter, run every ply, O(1): without a wall (pawns locked head-on on several
    // files) a position can be dead only when every line is forced, which needs few men
    // and few moves. Nearly every position of a game stops here.
    const bool wall = popcount(winnability::head_on_pawns(pos)) >= 4;
    if (!wall && popcount(pos.pieces()) > 5) return false;
    int moves = 0;
    if (!wall) {
        // A forced line to a dead position starts, in practice, with a forced capture.
        const MoveList list = pos.legal_moves();
        moves = list.size();
        if (moves > 4 || std::none_of(list.begin(), list.end(), [&](Move m) { return pos.is_capture(m); }))
            return false;
    }
    // The static proofs, then the exhaustive one under a small budget for what is left.
    const bool white = statically_unwinnable(pos, WHITE), black = statically_unwinnable(pos, BLACK);
    // Neither side shown unable: a wall that no proof settles is rarely dead, and without
    // one both sides must lose their mating men by force, which needs a single legal move.
    if (!white && !black && (wall || moves > 1)) return false;
    const std::uint64_t budget = wall ? WALL_BUDGET : FORCED_BUDGET;
    return (white || winnability::proved_unwinnable(pos, WHITE, budget)) &&
           (black || winnability::proved_unwinnable(pos, BLACK, budget));
}

}  // namespace drawproxy::rules
