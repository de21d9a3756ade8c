#pragma once
// A proof by exhaustive search over a relaxed game in which the winner's pieces (not its king or
// pawns) are "ghosts": off the board, but free to be anywhere of their kinds at every move. It
// settles cages such as a king shut in by pawns whose only mating square cannot be reached
// without stalemating it first: the ghosts' placement is what makes the real search space too
// large, and here it does not count.
#include <cstdint>

#include "rules/position.h"

namespace drawproxy::rules::winnability {

enum class GhostVerdict : std::uint8_t { Unwinnable, MaybeMate, OutOfBudget, NotApplicable };

struct GhostResult {
    GhostVerdict verdict = GhostVerdict::NotApplicable;
    std::uint64_t nodes = 0;
};

// Unwinnable is a proof that `winner` can never checkmate; anything else means "not shown".
// With `loser_ghosts` the loser's pieces are ghosts too (a coarser relaxation, but its space
// does not grow with the loser's free pieces); where it fails, two finer ones follow (see
// GhostOptions), and the nodes and verdict cover all of them.
GhostResult ghost_search(const Position& pos, Color winner, std::uint64_t node_limit, bool loser_ghosts);

// One relaxed search, with the choice of which pieces are ghosts.
struct GhostOptions {
    bool loser_ghosts = false;   // the loser's pieces are ghosts
    bool exact_bishops = false;  // the winner's bishops are not
    bool keep_shut_in = false;   // nor the pieces (of either side) the pawns shut in to a few squares
};
GhostResult ghost_search(const Position& pos, Color winner, std::uint64_t node_limit, GhostOptions options);

}  // namespace drawproxy::rules::winnability
