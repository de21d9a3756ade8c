#pragma once
// Material a legal game can reach (rules/winnability/material.h is about mating material).
// Every game starts from the initial set (Chess960 too): one king, one queen, two rooks, two
// knights, a bishop on each square colour and eight pawns. Men are only ever lost, except
// that a pawn reaching the last rank becomes a piece, so each piece beyond the initial set is
// a promotion and costs one of the eight pawns. A necessary condition, not a legality proof
// (the captures that doubled pawns and pawns that changed files need are not counted).
// The FEN reader does not apply it: composed positions (the winnability test set) and
// analysis may use any material; `winnable` refuses what no game reaches.
#include <string>

#include "rules/position.h"

namespace drawproxy::rules {

// Pieces of `c` beyond the initial set: the least number of its promotions that give them.
int promoted_at_least(const Position& pos, Color c);

// "" when each side has exactly one king, at most 8 pawns and no more promoted pieces than
// missing pawns; otherwise a sentence naming the side and what no legal game reaches.
std::string material_fault(const Position& pos);

}  // namespace drawproxy::rules
