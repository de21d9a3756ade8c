#include "rules/winnability/pawn_lock.h"

namespace drawproxy::rules::winnability {

bool locked_unwinnable(const Position&, Color) { return false; }

}  // namespace drawproxy::rules::winnability
