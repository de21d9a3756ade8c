#pragma once
// Can a lone minor piece still mate? With a single knight, or bishops all on one colour, as
// its only men besides the king, a side mates only when the losing king's own men block its
// flight squares yet can neither take the checker nor step in between. Whether any such
// checkmate position exists depends on the material alone: it is decided by enumerating
// mate patterns (the mated king, the checker, the winner's king, a blocker on each free
// flight) once per material signature.
#include "rules/position.h"

namespace drawproxy::rules::winnability {

// True is a proof that `winner` can never checkmate: no mate pattern exists for its lone
// minor against the loser's men (counted with every promotion the loser's pawns may make).
// False: not shown, or the winner's material is of another kind.
bool lone_minor_unwinnable(const Position& pos, Color winner);

}  // namespace drawproxy::rules::winnability
