#pragma once
// Dead position (5.2.2 / 9.7): neither side can checkmate by any series of legal moves.
// `true` is a proof; `false` means "not shown dead" and is always safe.
#include "rules/position.h"

namespace drawproxy::rules {

// Insufficient material only: K v K, K+minor v K, and bishops all on one square colour.
bool is_insufficient_material(const Position& pos);
// The full test used by the judge (the winnability analysis, under a small budget, behind
// a cheap filter).
bool is_dead_position(const Position& pos);

}  // namespace drawproxy::rules
