#pragma once
// Material facts that settle winnability without search. Every rule here is a proof.
#include "rules/position.h"

namespace drawproxy::rules::winnability {

// True when `winner` can never checkmate with the material on the board, whatever the
// placement: a lone king; a lone knight against a lone king; bishops all on one square
// colour against a defender that cannot put a piece on the other colour.
bool material_unwinnable(const Position& pos, Color winner);

}  // namespace drawproxy::rules::winnability
