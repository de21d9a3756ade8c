#pragma once
// What GNU xboard's -testClaims accepts, so that the xboard front end never makes a claim that
// xboard would forfeit (facts from xboard 4.9's backend.c, Adjudicate and GameEnds). A draw
// claimed now stands when the position on the board is "flagged": it has occurred twice
// before by xboard's count, 100 plies have passed without a capture or pawn move, neither side
// has mating material by xboard's test, or it is stalemate. Any flag lets any draw claim stand.
// xboard's repetition count differs from the Laws in two ways:
//  - a position right after a double step, with an enemy pawn beside the pawn that moved (or
//    a start FEN with an e.p. field), never counts as an earlier occurrence: xboard takes the
//    e.p. capture to be possible whether or not it is legal;
//  - it looks back only 100 plies.
// Every flagged position is also one cutechess-cli ends the game in by itself (threefold with
// legal e.p. only, 100 plies, its material rule, stalemate), so a claim made only when xboard
// flags the position never reaches cutechess-cli's arbiter, which forfeits any draw claim.
#include "rules/game.h"

namespace drawproxy::proxy::xboard {

// How many times the position at `ply` occurred before it, as xboard counts. `start_ep`: the
// game's start FEN had an e.p. field (xboard then never counts the start position).
int earlier_occurrences(const rules::Game& game, int ply, bool start_ep);

// Neither side can mate by xboard's material test (bare king; a knight against no minor piece
// and at most two other men; bishops all on one colour against no knight).
bool material_cannot_mate(const rules::Position& pos);

// Whether xboard would let a draw claim stand at `ply`. Never at ply 0: xboard flags a position
// only after the move that made it, so a start position (a FEN with 100 on the clock, a dead
// or stalemate set-up) is never flagged, and cutechess-cli does not judge it either.
bool flags_draw(const rules::Game& game, int ply, bool start_ep);

}  // namespace drawproxy::proxy::xboard
