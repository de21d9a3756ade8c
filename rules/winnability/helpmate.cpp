#include "rules/winnability/helpmate.h"

#include <algorithm>
#include <array>

#include "rules/winnability/material.h"

namespace drawproxy::rules::winnability {
namespace {

int distance(Square a, Square b) {
    return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}
int corner_distance(Square s) {
    int f = std::min(file_of(s), 7 - file_of(s)), r = std::min(rank_of(s), 7 - rank_of(s));
    return f + r;
}

// Failed searches: key -> deepest remaining depth already shown to hold no mate.
class FailTable {
  public:
    // Sized to the search: a small budget must not pay for clearing a large table.
    explicit FailTable(std::uint64_t nodes) {
        std::size_t size = 256;
        while (size < nodes && size < (1u << 16)) size <<= 1;
        entries_.resize(size);
    }
    bool failed(std::uint64_t key, int depth) const {
        const Entry& e = entries_[key & (entries_.size() - 1)];
        return e.key == key && e.depth >= depth;
    }
    void store(std::uint64_t key, int depth) {
        Entry& e = entries_[key & (entries_.size() - 1)];
        if (e.key != key || e.depth < depth) e = {key, depth};
    }

  private:
    struct Entry {
        std::uint64_t key = 0;
        int depth = -1;
    };
    std::vector<Entry> entries_;
};

class Search {
  public:
    Search(Color winner, std::uint64_t limit) : winner_(winner), limit_(limit), tt_(limit) {}

    // Mate by `winner_` within `depth` plies from `pos`; the line is built on the way back.
    bool run(const Position& pos, int depth) {
        if (nodes_ >= limit_) return false;
        const bool winner_moves = pos.side_to_move() == winner_;
        if (tt_.failed(pos.repetition_key(), depth)) return false;
        MoveList moves = pos.legal_moves();
        std::array<int, 256> score;
        const Square their_king = pos.king_square(~winner_);
        for (int i = 0; i < moves.count; ++i) score[i] = order(pos, moves[i], winner_moves, their_king);
        for (int i = 0; i < moves.count; ++i) {
            // Selection sort step: lists are short and most nodes stop early.
            int best = i;
            for (int j = i + 1; j < moves.count; ++j)
                if (score[j] > score[best]) best = j;
            std::swap(score[i], score[best]);
            std::swap(moves.moves[i], moves.moves[best]);
            Move m = moves[i];
            Position child = pos;
            child.play(m);
            ++nodes_;
            if (winner_moves && child.is_checkmate()) {
                line_.push_back(m);
                return true;
            }
            if (depth <= 1 || material_unwinnable(child, winner_)) continue;
            if (!winner_moves && child.is_checkmate()) continue;  // the loser mated the winner
            if (run(child, depth - 1)) {
                line_.push_back(m);
                return true;
            }
            if (nodes_ >= limit_) return false;
        }
        tt_.store(pos.repetition_key(), depth);
        return false;
    }

    std::uint64_t nodes() const { return nodes_; }
    std::vector<Move>& line() { return line_; }

  private:
    // Higher first. The winner brings men toward the enemy king and promotes; the loser
    // walks its king to an edge, brings blockers next to it, and leaves the winner's men alone.
    int order(const Position& pos, Move m, bool winner_moves, Square their_king) const {
        const Square from = m.from(), to = m.to();
        const PieceType pt = type_of(pos.piece_on(from));
        int s = 0;
        if (m.kind() == Move::PROMOTION) s += m.promotion() == QUEEN ? 60 : m.promotion() == KNIGHT ? 40 : 20;
        if (winner_moves) {
            if (pt != KING)
                s += 4 * (distance(from, their_king) - distance(to, their_king));
            else
                s += distance(from, their_king) - distance(to, their_king);
            if (pt == PAWN) s += 5;
        } else {
            if (pos.is_capture(m)) s -= 30;
            if (pt == KING)
                s += 3 * (corner_distance(from) - corner_distance(to));
            else
                s += 2 * (distance(from, their_king) - distance(to, their_king));
        }
        return s;
    }

    Color winner_;
    std::uint64_t limit_;
    std::uint64_t nodes_ = 0;
    FailTable tt_;
    std::vector<Move> line_;
};

}  // namespace

HelpmateResult find_helpmate(const Position& pos, Color winner, int max_plies, std::uint64_t node_limit) {
    HelpmateResult result;
    Search search(winner, node_limit);
    // A mate by `winner` takes an odd number of plies when the winner moves first.
    const int first = pos.side_to_move() == winner ? 1 : 2;
    for (int depth = first; depth <= max_plies && search.nodes() < node_limit; depth += 2) {
        if (search.run(pos, depth)) {
            result.found = true;
            result.line.assign(search.line().rbegin(), search.line().rend());
            break;
        }
    }
    result.nodes = search.nodes();
    return result;
}

}  // namespace drawproxy::rules::winnability
