#include "rules/perft.h"

namespace drawproxy::rules {

std::uint64_t perft(const Position& pos, int depth) {
    if (depth <= 0) return 1;
    MoveList moves = pos.legal_moves();
    if (depth == 1) return std::uint64_t(moves.size());  // bulk count: every move is legal
    std::uint64_t nodes = 0;
    for (Move m : moves) {
        Position child = pos;
        child.play(m);
        nodes += perft(child, depth - 1);
    }
    return nodes;
}

}  // namespace drawproxy::rules
