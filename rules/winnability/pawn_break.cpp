#include "rules/winnability/pawn_break.h"

#include <algorithm>
#include <queue>

#include "rules/winnability/helpmate.h"
#include "rules/winnability/key_set.h"
#include "rules/winnability/material.h"

namespace drawproxy::rules::winnability {
namespace {

// Plies played count a little against a node, so that long detours lose to short plans.
constexpr int DEPTH_WEIGHT = 8;
// The helpmate search run from each promotion of the winner: the new piece usually mates
// within a few thousand positions; a promotion that does not is left for the next one.
constexpr std::uint64_t FINISH_NODES = 20000;

// A position found by the search, kept small: its position is rebuilt from its parent's
// (stored once the parent is expanded) when it comes to be expanded itself.
struct Node {
    std::uint32_t parent;       // node index
    std::uint32_t parent_slot;  // where the parent's position is stored
    Move move;                  // from the parent
    std::uint16_t depth;
};

// The moves from the root to node `index`, then `last` moves.
std::vector<Move> line_to(const std::vector<Node>& nodes, std::uint32_t index) {
    std::vector<Move> line;
    for (std::uint32_t i = index; i != 0; i = nodes[i].parent) line.push_back(nodes[i].move);
    std::reverse(line.begin(), line.end());
    return line;
}

}  // namespace

int promotion_distance(const Position& pos, Color winner) {
    const Color loser = ~winner;
    const Bitboard occupied = pos.pieces();
    int best = 64, sum = 0;
    const Bitboard offered = pos.pieces(winner) & ~pos.pieces(KING);
    Bitboard pawns = pos.pieces(winner, PAWN);
    if (!pawns) return 0;
    while (pawns) {
        const Square s = pop_lsb(pawns);
        const int steps = 7 - relative_rank(winner, rank_of(s));
        int cost = steps;
        // What stands on the pawn's way: a pawn of the loser only leaves it by a capture, a
        // man of the winner must walk off, a piece of the loser may.
        Bitboard ahead = file_bb(file_of(s)) & occupied;
        ahead &= winner == WHITE ? ~((square_bb(s) << 1) - 1) : (square_bb(s) - 1);
        int offers = 0;
        while (ahead) {
            const Square t = pop_lsb(ahead);
            const Piece p = pos.piece_on(t);
            cost += color_of(p) == winner ? 3 : type_of(p) == PAWN ? 5 : 2;
            // A pawn of the loser in the way leaves the file by taking a man offered to it.
            if (color_of(p) == loser && type_of(p) == PAWN && (pawn_attacks(loser, t) & offered)) ++offers;
        }
        cost -= 2 * std::min(offers, 1);
        // A man of the loser to take lets the pawn leave a blocked file.
        if (cost > steps && (pawn_attacks(winner, s) & pos.pieces(loser) & ~pos.pieces(KING))) cost -= 2;
        best = std::min(best, cost);
        sum += cost;
    }
    return 6 * best + sum;
}

PawnBreakResult pawn_break_helpmate(const Position& root, Color winner, std::uint64_t node_limit) {
    PawnBreakResult result;
    KeySet seen;
    std::vector<Node> nodes;
    std::vector<Position> expanded;  // positions of the expanded nodes, by slot
    nodes.push_back({0, 0, Move::none(), 0});
    seen.insert(root.repetition_key());
    // (estimate, node index); ties favour the newest node, which keeps plans going.
    using Entry = std::pair<int, std::int64_t>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
    open.push({promotion_distance(root, winner), 0});
    while (!open.empty() && result.nodes < node_limit) {
        const auto index = std::uint32_t(-open.top().second);
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
            if (result.nodes >= node_limit) break;
            Position child = pos;
            child.play(m);
            ++result.nodes;
            if (child.is_check() && !child.has_legal_moves()) {
                if (child.side_to_move() == winner) continue;  // the winner was mated
                result.found = true;
                result.line = line_to(nodes, index);
                result.line.push_back(m);
                return result;
            }
            if (material_unwinnable(child, winner) || !seen.insert(child.repetition_key())) continue;
            if (m.kind() == Move::PROMOTION && pos.side_to_move() == winner) {
                // The subgoal: from the new piece on, the ordinary search.
                if (m.promotion() != QUEEN) continue;
                HelpmateResult h =
                    search_helpmate(child, winner, std::min(FINISH_NODES, node_limit - result.nodes));
                result.nodes += h.nodes;
                if (!h.found) continue;
                result.found = true;
                result.line = line_to(nodes, index);
                result.line.push_back(m);
                result.line.insert(result.line.end(), h.line.begin(), h.line.end());
                return result;
            }
            nodes.push_back({index, slot, m, std::uint16_t(std::min(depth, 0xFFFF))});
            open.push(
                {promotion_distance(child, winner) + depth / DEPTH_WEIGHT, -std::int64_t(nodes.size() - 1)});
        }
    }
    return result;
}

}  // namespace drawproxy::rules::winnability
