#pragma once
// An oracle for the winnability tests, written apart from rules/winnability (it shares only
// the move generator): it looks for a checkmate by a given side, both sides cooperating.
// - mate_within: exhaustive iterative deepening with a transposition table; finds every
//   helpmate up to a depth, so "no mate found" is a proof for that depth.
// - mate_by_playouts: biased random cooperative games; finds long mates (kings that walk
//   round a wall, pawns that must be taken first) that no bounded exhaustive search reaches.
// - reach_all: breadth-first over every reachable position; exhausting it without a mate
//   proves the side cannot win (an independent proof for small locked positions).
// Every mate comes as a line of moves, which the caller replays to check it.
#include <algorithm>
#include <cstdint>
#include <deque>
#include <random>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "rules/position.h"

namespace drawproxy::test {

class MateOracle {
  public:
    explicit MateOracle(std::uint64_t node_limit) : limit_(node_limit) {}

    // A mate by `winner` within `max_plies` plies, both sides cooperating. True: `line`
    // holds it. False with out_of_nodes() == false: there is none within `max_plies`.
    bool mate_within(const rules::Position& pos, rules::Color winner, int max_plies,
                     std::vector<rules::Move>& line) {
        winner_ = winner;
        failed_.clear();
        nodes_ = 0;
        out_ = false;
        line.clear();
        for (int depth = 1; depth <= max_plies && !out_; ++depth) {
            path_.clear();
            if (search(pos, depth)) {
                line = path_;
                std::reverse(line.begin(), line.end());
                return true;
            }
        }
        return false;
    }

    bool out_of_nodes() const { return out_; }
    std::uint64_t nodes() const { return nodes_; }

  private:
    // Mate by the winner within `depth` plies from `pos`? Fills path_ backwards on success.
    bool search(const rules::Position& pos, int depth) {
        const bool winner_moves = pos.side_to_move() == winner_;
        // The winner mates on its own moves only: an odd number of plies from its turn.
        if (winner_moves ? depth < 1 : depth < 2) return false;
        // A lone king never gives check, and pieces never come back: no mate below here.
        if (!(pos.pieces(winner_) & ~pos.pieces(rules::KING))) return false;
        const std::uint64_t key = pos.repetition_key();
        if (auto it = failed_.find(key); it != failed_.end() && it->second >= depth) return false;
        if (++nodes_ > limit_) {
            out_ = true;
            return false;
        }
        for (rules::Move m : pos.legal_moves()) {
            rules::Position child = pos;
            child.play(m);
            if (winner_moves && child.is_check() && !child.has_legal_moves()) {
                path_.push_back(m);
                return true;
            }
            if (depth > 1 && search(child, depth - 1)) {
                path_.push_back(m);
                return true;
            }
            if (out_) return false;
        }
        int& known = failed_[key];
        known = std::max(known, depth);
        return false;
    }

    std::uint64_t limit_, nodes_ = 0;
    bool out_ = false;
    rules::Color winner_ = rules::WHITE;
    std::unordered_map<std::uint64_t, int> failed_;
    std::vector<rules::Move> path_;
};

// King distance (Chebyshev) between two squares.
inline int king_distance(rules::Square a, rules::Square b) {
    return std::max(std::abs(rules::file_of(a) - rules::file_of(b)),
                    std::abs(rules::rank_of(a) - rules::rank_of(b)));
}

// Random cooperative games: the winner's men drift toward the losing king, the losing king
// toward the winner's men and the edge, with some purely random moves; the winner mates
// whenever a mate in one is on. True: `line` ends in the winner's checkmate.
inline bool mate_by_playouts(const rules::Position& start, rules::Color winner, int games, int plies,
                             std::mt19937& rng, std::vector<rules::Move>& line) {
    std::uniform_real_distribution<double> unit(0, 1);
    for (int g = 0; g < games; ++g) {
        const double noise = 0.1 + 0.8 * unit(rng);  // how often a purely random move is played
        rules::Position pos = start;
        line.clear();
        for (int ply = 0; ply < plies; ++ply) {
            const rules::MoveList moves = pos.legal_moves();
            if (moves.empty()) break;
            const bool winner_moves = pos.side_to_move() == winner;
            const rules::Square their_king = pos.king_square(~winner);
            rules::Move best = rules::Move::none();
            double best_score = -1e9;
            for (rules::Move m : moves) {
                rules::Position child = pos;
                child.play(m);
                if (winner_moves && child.is_check() && !child.has_legal_moves()) {
                    line.push_back(m);
                    return true;
                }
                double score = unit(rng) * 3;
                const rules::PieceType pt = rules::type_of(pos.piece_on(m.from()));
                if (winner_moves) {
                    if (pt != rules::KING || child.pieces(winner) == child.pieces(winner, rules::KING))
                        score -= king_distance(m.to(), their_king);
                    if (m.kind() == rules::Move::PROMOTION) score += m.promotion() == rules::QUEEN ? 4 : 1;
                    if (pt == rules::PAWN) score += 1;
                    // Keeping men matters more than taking them: a lone king cannot mate.
                    if (pos.piece_on(m.to()) != rules::NO_PIECE && m.kind() != rules::Move::CASTLING)
                        score += 1;
                } else if (pt == rules::KING) {
                    int near = 8;
                    for (rules::Bitboard b = child.pieces(winner) & ~child.pieces(rules::KING); b;)
                        near = std::min(near, king_distance(m.to(), rules::pop_lsb(b)));
                    score -= near;
                } else {
                    score += (pt == rules::PAWN) ? 1.5 : 0.5;  // open lines, make blockers
                    if (m.kind() == rules::Move::PROMOTION) score += 1;
                }
                if (unit(rng) < noise) score = unit(rng) * 100;
                if (score > best_score) best_score = score, best = m;
            }
            line.push_back(best);
            pos.play(best);
        }
    }
    line.clear();
    return false;
}

enum class Reach { Mate, Exhausted, OutOfNodes };

// The textbook cases where `winner` can never mate whatever follows: a lone king, or king and
// one knight or one bishop against a lone king (no mate position exists with that material).
inline bool textbook_draw(const rules::Position& pos, rules::Color winner) {
    const rules::Bitboard men = pos.pieces(winner) & ~pos.pieces(rules::KING);
    if (!men) return true;
    const bool lone_minor = !(men & (men - 1)) && (men & pos.pieces(rules::KNIGHT, rules::BISHOP));
    return lone_minor && pos.pieces(~winner) == pos.pieces(~winner, rules::KING);
}

// Every position reachable from `start`, breadth first. Exhausted: no series of legal moves
// ends in the winner's checkmate (the only cut: the textbook draws above).
inline Reach reach_all(const rules::Position& start, rules::Color winner, std::uint64_t limit) {
    std::unordered_set<std::uint64_t> seen{start.repetition_key()};
    std::deque<rules::Position> queue{start};
    while (!queue.empty()) {
        const rules::Position pos = queue.front();
        queue.pop_front();
        for (rules::Move m : pos.legal_moves()) {
            rules::Position child = pos;
            child.play(m);
            if (!child.has_legal_moves()) {
                if (child.is_check() && child.side_to_move() != winner) return Reach::Mate;
                continue;
            }
            if (textbook_draw(child, winner)) continue;
            if (!seen.insert(child.repetition_key()).second) continue;
            if (seen.size() > limit) return Reach::OutOfNodes;
            queue.push_back(child);
        }
    }
    return Reach::Exhausted;
}

}  // namespace drawproxy::test
