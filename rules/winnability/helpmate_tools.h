#pragma once
// Pieces shared by the helpmate searches: check tests that play nothing (for the mate-in-one
// test at the frontier, which plays only checking moves), a cheap evasion test, and the
// static move ordering.
#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include "rules/position.h"

namespace drawproxy::rules::winnability::helpmate_detail {

inline int distance(Square a, Square b) {
    return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}
inline int edge_distance(Square s) {
    return std::min(std::min(file_of(s), 7 - file_of(s)), std::min(rank_of(s), 7 - rank_of(s)));
}

// Does `m` (legal in `pos`) give check? Exact, without playing it (castling is played).
bool gives_check(const Position& pos, Move m);

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
    int score(Move m) const;
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

}  // namespace drawproxy::rules::winnability::helpmate_detail
