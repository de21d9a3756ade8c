#pragma once
// Pieces shared by the helpmate searches: check tests that play nothing (for the mate-in-one
// test at the frontier, which plays only checking moves), a cheap evasion test, and the
// static move ordering.
#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include "rules/position.h"

namespace drawproxy::rules::winnability::helpmate_detail {

// King steps between two squares, looked up: the move ordering asks for it on every move.
struct DistanceTable {
    std::uint8_t d[64][64];
    constexpr DistanceTable() : d{} {
        for (int a = 0; a < 64; ++a)
            for (int b = 0; b < 64; ++b) {
                const int f = a % 8 > b % 8 ? a % 8 - b % 8 : b % 8 - a % 8;
                const int r = a / 8 > b / 8 ? a / 8 - b / 8 : b / 8 - a / 8;
                d[a][b] = std::uint8_t(f > r ? f : r);
            }
    }
};
inline constexpr DistanceTable DISTANCE{};
inline int distance(Square a, Square b) { return DISTANCE.d[a][b]; }
inline int edge_distance(Square s) {
    return std::min(std::min(file_of(s), 7 - file_of(s)), std::min(rank_of(s), 7 - rank_of(s)));
}

// Does `m` (legal in `pos`) give check? Exact, without playing it (castling is played).
bool gives_check(const Position& pos, Move m);
bool detail_gives_check(const Position& pos, Move m);

// gives_check for many moves of one position: the squares each kind of man checks from and
// the men whose leaving uncovers a check are worked out once.
class CheckInfo {
  public:
    explicit CheckInfo(const Position& pos);
    bool gives_check(Move m) const;

  private:
    const Position& pos_;
    Square king_;
    Bitboard check_squares_[6];
    Bitboard discoverers_ = 0;
};

// Has the side to move, in check, a legal move? A king step is tried first (most checks
// leave one); only when there is none are all the moves generated.
bool has_evasion(const Position& pos);

// Static move ordering toward a mating net for `winner`, for both sides' moves. Nothing is
// played. Built once per position (it caches the kings' squares and the material).
class MoveOrder {
  public:
    MoveOrder(const Position& pos, Color winner);
    // Higher first.
    [[gnu::always_inline]] int score(Move m) const;
    // Where the loser's king is best mated from here: 0 on the target square.
    int king_target_distance(Square s) const;

  private:
    const Position& pos_;
    Color winner_, loser_;
    Square their_king_, our_king_;
    bool winner_moves_;
    bool winner_pieces_;         // the winner has a knight, bishop, rook or queen
    Bitboard pawn_attacks_;      // squares the winner's pawns attack
    Bitboard lone_flights_ = 0;  // a lone losing king's safe squares (winner to move), else 0
    bool lone_king_ = false;
    bool few_pieces_;         // an ending: the winner's king takes part in the mate
    int bishop_corner_ = -1;  // 0: dark corners, 1: light corners, -1: any corner
};

// Inline: these run for every move of every node of the dives.
inline bool CheckInfo::gives_check(Move m) const {
    // Promotions, en passant and castling change more than one square's worth: the slow way.
    if (m.kind() != Move::NORMAL) return detail_gives_check(pos_, m);
    const Square from = m.from(), to = m.to();
    if (check_squares_[type_of(pos_.piece_on(from))] & square_bb(to)) return true;
    return (discoverers_ & square_bb(from)) && !(line_bb(king_, from) & square_bb(to));
}

namespace order_weights {
constexpr int VALUE[6] = {1, 3, 3, 5, 9, 0};
constexpr int PAWN_FREED = 12, OFFER = 15, STALEMATE_RISK = 20;
}  // namespace order_weights

inline int MoveOrder::score(Move m) const {
    using namespace order_weights;
    const Square from = m.from(), to = m.to();
    const PieceType pt = type_of(pos_.piece_on(from));
    const bool promotion = m.kind() == Move::PROMOTION;
    const bool capture = pos_.is_capture(m);
    int s = 0;
    if (winner_moves_) {
        if (promotion) {
            const PieceType p = m.promotion();
            s += p == QUEEN ? 60 : p == KNIGHT ? 35 : p == ROOK ? 30 : 25;
        }
        if (capture) s += 2;
        if (lone_king_ && pt != PAWN && m.kind() == Move::NORMAL) {
            const Bitboard occupied =
                (pos_.pieces() ^ square_bb(from) ^ square_bb(their_king_)) | square_bb(to);
            const Bitboard covered = pt == KING     ? king_attacks(to)
                                     : pt == KNIGHT ? knight_attacks(to)
                                     : pt == BISHOP ? bishop_attacks(to, occupied)
                                     : pt == ROOK   ? rook_attacks(to, occupied)
                                                    : queen_attacks(to, occupied);
            if (!(lone_flights_ & ~covered & ~square_bb(to))) s -= STALEMATE_RISK;
        }
        if (pt == PAWN) {
            s += (winner_pieces_ ? 2 : 10) + relative_rank(winner_, rank_of(to));
            if (capture && !winner_pieces_) s += PAWN_FREED;  // a blocked pawn gets past
        } else if (pt == KING) {
            if (few_pieces_) {
                const int before = std::abs(distance(from, their_king_) - 2);
                const int after = std::abs(distance(to, their_king_) - 2);
                s += 3 * (before - after);
            } else {
                s -= 2;
            }
        } else {
            // (Weight 3, was 4: 95.5 -> 90.3 nodes per side on the game positions.)
            const int before = distance(from, their_king_), after = distance(to, their_king_);
            s += 3 * (before - after);
            if (after <= 2) s += 2;
        }
    } else {
        if (capture) {
            const Piece victim = pos_.piece_on(to);
            s -= 25 + 6 * (victim == NO_PIECE ? 1 : VALUE[type_of(victim)]);
        }
        if (promotion) s += m.promotion() == QUEEN ? 18 : 20;
        // Pawns alone must promote: the loser's men offer themselves to be taken.
        if (!winner_pieces_ && pt != KING && (pawn_attacks_ & square_bb(to))) s += OFFER;
        if (pt == KING) {
            s += 4 * (king_target_distance(from) - king_target_distance(to));
        } else if (pt == PAWN) {
            s += 1;
            if (distance(from, their_king_) <= 1) s -= 2;
        } else {
            s += 2 * (distance(from, their_king_) - distance(to, their_king_));
            if (distance(to, their_king_) == 1) s += 3;
        }
    }
    return s;
}

}  // namespace drawproxy::rules::winnability::helpmate_detail
