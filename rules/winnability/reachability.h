#pragma once
// Exhaustive exploration of every position reachable from a start, skipping positions the
// static proofs already show unwinnable. If the whole set is visited and none is a mate by
// `winner`, no series of legal moves leads to one: a proof of unwinnability.
#include <cstdint>
#include <vector>

#include "rules/position.h"

namespace drawproxy::rules::winnability {

enum class Reach : std::uint8_t { Mate, Exhausted, OutOfBudget };

struct ReachResult {
    Reach reach = Reach::OutOfBudget;
    std::vector<Move> line;  // Mate: a shortest line to it
    std::uint64_t nodes = 0;
};

ReachResult explore(const Position& pos, Color winner, std::uint64_t node_limit);

}  // namespace drawproxy::rules::winnability
