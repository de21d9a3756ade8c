#pragma once
// The best-first helpmate loop that guided.cpp and pawn_break.cpp share. Positions are
// expanded in the order of an estimate (lower first; ties go to the newest node, which keeps
// plans going), each position met once. A node keeps only its parent and its move: its
// position is rebuilt from the parent's, stored once the parent is expanded.
#include <algorithm>
#include <cstdint>
#include <queue>
#include <vector>

#include "rules/position.h"
#include "rules/winnability/key_set.h"
#include "rules/winnability/material.h"

namespace drawproxy::rules::winnability::best_first_detail {

struct Node {
    std::uint32_t parent;       // node index
    std::uint32_t parent_slot;  // where the parent's position is stored
    Move move;                  // from the parent
    std::uint16_t depth;
};

// An open-list entry in 8 bytes: the estimate above the node index, which is stored inverted
// so that the newest of equal estimates comes first. Estimates stay far above -OFFSET.
constexpr int ESTIMATE_OFFSET = 1 << 12;
constexpr std::uint64_t MAX_INDEX = 0xFFFFFFFFu;
inline std::uint64_t entry(int estimate, std::uint64_t index) {
    return std::uint64_t(estimate + ESTIMATE_OFFSET) << 32 | (MAX_INDEX - index);
}

// The moves from the root to node `index`.
inline std::vector<Move> line_to(const std::vector<Node>& nodes, std::uint32_t index) {
    std::vector<Move> line;
    for (std::uint32_t i = index; i != 0; i = nodes[i].parent) line.push_back(nodes[i].move);
    std::reverse(line.begin(), line.end());
    return line;
}

// Plays positions from `root` until one is `winner`'s checkmate or `nodes` (the caller's count,
// which may start above 0) reaches `node_limit`; true with `line` set when found.
// `estimate(position, plies)`: the order of expansion. `subgoal(position, move, child, tail)`:
// asked of every new child (not a mate, not seen before, the winner keeps mating material);
// true with `tail` set when it finished the mate itself from `child` (it counts its own nodes).
template <class Estimate, class Subgoal>
bool search(const Position& root, Color winner, std::uint64_t node_limit, std::uint64_t& nodes_played,
            Estimate&& estimate, Subgoal&& subgoal, std::vector<Move>& line) {
    KeySet seen;
    std::vector<Node> nodes;
    std::vector<Position> expanded;  // positions of the expanded nodes, by slot
    nodes.reserve(std::min<std::uint64_t>(node_limit, 1 << 10) + 1);
    nodes.push_back({0, 0, Move::none(), 0});
    seen.insert(root.repetition_key());
    std::priority_queue<std::uint64_t, std::vector<std::uint64_t>, std::greater<>> open;
    open.push(entry(estimate(root, 0), 0));
    std::vector<Move> tail;
    while (!open.empty() && nodes_played < node_limit && nodes.size() < MAX_INDEX) {
        const auto index = std::uint32_t(MAX_INDEX - (open.top() & MAX_INDEX));
        open.pop();
        if (index == 0) {
            expanded.push_back(root);
        } else {
            expanded.push_back(expanded[nodes[index].parent_slot]);
            expanded.back().play(nodes[index].move);
        }
        const auto slot = std::uint32_t(expanded.size() - 1);
        const Position pos = expanded.back();
        const int depth = nodes[index].depth + 1;
        for (Move m : pos.legal_moves()) {
            if (nodes_played >= node_limit) break;
            Position child = pos;
            child.play(m);
            ++nodes_played;
            if (child.is_check() && !child.has_legal_moves()) {
                if (child.side_to_move() == winner) continue;  // the winner was mated
                line = line_to(nodes, index);
                line.push_back(m);
                return true;
            }
            if (material_unwinnable(child, winner) || !seen.insert(child.repetition_key())) continue;
            if (subgoal(pos, m, child, tail)) {
                line = line_to(nodes, index);
                line.push_back(m);
                line.insert(line.end(), tail.begin(), tail.end());
                return true;
            }
            nodes.push_back({index, slot, m, std::uint16_t(std::min(depth, 0xFFFF))});
            open.push(entry(estimate(child, depth), nodes.size() - 1));
        }
    }
    return false;
}

}  // namespace drawproxy::rules::winnability::best_first_detail
