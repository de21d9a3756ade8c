#pragma once
// Material facts that settle winnability without search. Every rule here is a proof.
#include "rules/position.h"

namespace drawproxy::rules::winnability {

// True when `winner` can never checkmate with the material on the board, whatever the
// placement: a lone king; a lone knight against a lone king; bishops all on one square
// colour against a defender that cannot put a piece on the other colour; a lone minor whose
// mates would all need blockers the defender does not have (mate_patterns.h).
bool material_unwinnable(const Position& pos, Color winner);

}  // namespace drawproxy::rules::winnability
