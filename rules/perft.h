#pragma once
// perft: the number of leaf nodes of the legal move tree, the standard move generator check.
#include <cstdint>

#include "rules/position.h"

namespace drawproxy::rules {

std::uint64_t perft(const Position& pos, int depth);

}  // namespace drawproxy::rules
