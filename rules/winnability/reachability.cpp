#include "rules/winnability/reachability.h"

#include <algorithm>
#include <deque>

#include "rules/winnability/key_set.h"
#include "rules/winnability/material.h"
#include "rules/winnability/pawn_lock.h"

namespace drawproxy::rules::winnability {
namespace {

struct Node {
    std::uint32_t parent;
    Move move;
};

}  // namespace

ReachResult explore(const Position& root, Color winner, std::uint64_t node_limit) {
    ReachResult result;
    // Keys stand for positions: a 64-bit collision inside one search is vanishingly unlikely.
    KeySet seen;
    std::vector<Node> nodes;
    nodes.reserve(std::min<std::uint64_t>(node_limit, 1 << 10) + 1);
    nodes.push_back({0, Move::none()});
    seen.insert(root.repetition_key());
    std::deque<std::pair<Position, std::uint32_t>> queue;
    queue.emplace_back(root, 0);
    auto line_to = [&](std::uint32_t index) {
        std::vector<Move> line;
        for (; index != 0; index = nodes[index].parent) line.push_back(nodes[index].move);
        std::reverse(line.begin(), line.end());
        return line;
    };
    while (!queue.empty()) {
        const Position pos = queue.front().first;
        const std::uint32_t index = queue.front().second;
        queue.pop_front();
        for (Move m : pos.legal_moves()) {
            Position child = pos;
            const bool zeroing = pos.is_zeroing(m);
            child.play(m);
            ++result.nodes;
            if (!child.has_legal_moves()) {
                if (child.is_check() && child.side_to_move() != winner) {
                    nodes.push_back({index, m});
                    result.reach = Reach::Mate;
                    result.line = line_to(std::uint32_t(nodes.size() - 1));
                    return result;
                }
                continue;  // the game ends here without the winner's mate
            }
            if (material_unwinnable(child, winner)) continue;
            if (!seen.insert(child.repetition_key())) continue;
            // The pawn structure or material changed: the static analysis may now settle it.
            if (zeroing && locked_unwinnable(child, winner)) continue;
            if (result.nodes >= node_limit) return result;
            nodes.push_back({index, m});
            queue.emplace_back(child, std::uint32_t(nodes.size() - 1));
        }
    }
    result.reach = Reach::Exhausted;
    return result;
}

}  // namespace drawproxy::rules::winnability
