#pragma once
// Winnability: can a side still checkmate by some series of legal moves (Articles 5.2.2 /
// 9.7 dead position and 6.9 flag fall)? `Unwinnable` is a proof and must never be wrong;
// `Winnable` comes with a witness line; `Undetermined` means the budget ran out.
#include <cstdint>
#include <vector>

#include "rules/position.h"

namespace drawproxy::rules::winnability {

enum class Outcome : std::uint8_t { Winnable, Unwinnable, Undetermined };

struct Budget {
    // Positions the searches may visit, all stages together: real games need a few thousand at
    // most; the rest is for composed puzzles (community.txt: 91% of positions decided right at
    // 200k, 95% at 1M, ~13 ms a side on average).
    std::uint64_t nodes = 1000000;
    bool want_witness = true;  // false: skip the helpmate search when it only gives a witness
};

struct Result {
    Outcome outcome = Outcome::Undetermined;
    std::vector<Move> witness;  // Winnable: moves from the position to the winner's checkmate
    std::uint64_t nodes = 0;    // positions visited
};

// Can `winner` still checkmate, whoever is to move?
Result can_checkmate(const Position& pos, Color winner, Budget budget = {});

// Only the proofs of unwinnability (no witness search): true is a proof, false is "not shown".
// Cheaper than can_checkmate when the caller only needs dead positions.
bool proved_unwinnable(const Position& pos, Color winner, std::uint64_t node_budget);

}  // namespace drawproxy::rules::winnability
