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

// Where the losing king is best mated from each square (0 on the target): for any mating men,
// the edge and then a corner ([0]); for bishops of one colour only, a corner of their colour
// ([1]: dark, [2]: light). Looked up: the ordering asks for it twice per king move.
struct KingTargetTable {
    std::uint8_t d[3][64];
    constexpr KingTargetTable() : d{} {
        for (int s = 0; s < 64; ++s) {
            const int f = s % 8, r = s / 8;
            const int ef = f < 7 - f ? f : 7 - f, er = r < 7 - r ? r : 7 - r;
            const int edge = ef < er ? ef : er;
            const int dark = f + r < 14 - f - r ? f + r : 14 - f - r;
            const int light = f + 7 - r < 7 - f + r ? f + 7 - r : 7 - f + r;
            d[0][s] = std::uint8_t(3 * edge + ef + er);
            d[1][s] = std::uint8_t(2 * dark + edge);
            d[2][s] = std::uint8_t(2 * light + edge);
        }
    }
};
inline constexpr KingTargetTable KING_TARGET{};

// Does `m` (legal in `pos`) give check? Exact, without playing it (castling is played).
bool gives_check(const Position& pos, Move m);

// gives_check for many moves of one position: the squares each kind of man checks from and
// the men whose leaving uncovers a check are worked out once.
class CheckInfo {
  public:
    explicit CheckInfo(const Position& pos);
    bool gives_check(Move m) const;
    // The squares a normal move of the man on `from` checks from (discovered checks included).
    Bitboard checks_from(Square from) const {
        return check_squares_[type_of(pos_.piece_on(from))] |
               ((discoverers_ & square_bb(from)) ? ~line_bb(king_, from) : 0);
    }

  private:
    const Position& pos_;
    Square king_;
    Bitboard check_squares_[6];
    Bitboard discoverers_ = 0;
};

// Answers "this check does not mate" for many of the checks of one position without playing
// them. The losing king's flights are the squares next to it, free of its own men, that no man
// of the winner attacks now (the king lifted off the board, as a king step is tested). A normal
// move changes what is attacked in two ways only: its man attacks from its new square, and
// lines through the square it leaves open (the square it lands on is occupied before and after
// the move, or becomes occupied: that only blocks). A flight the man does not attack from
// there, not on a line through its old square with a slider of the winner behind, other than
// the square it lands on, is a legal king step after the move: the check does not mate.
// Promotions, en passant and castling change more squares: no answer (false) for them.
class FlightTest {
  public:
    explicit FlightTest(const Position& pos) : pos_(pos) {}
    // True: `m` (legal, a check) leaves the king a flight. False: no answer, play it.
    bool escapes(Move m);

  private:
    void init();
    const Position& pos_;
    bool ready_ = false;
    Bitboard flights_ = 0;
    Bitboard occupied_ = 0;  // without the losing king
};

// Static move ordering toward a mating net for `winner`, for both sides' moves. Nothing is
// played. Built once per position (it caches the kings' squares and the material).
class MoveOrder {
  public:
    MoveOrder(const Position& pos, Color winner);
    // Higher first.
    [[gnu::always_inline]] int score(Move m) const;
    // Where the loser's king is best mated from here: 0 on the target square.
    int king_target_distance(Square s) const;
    // The same scores for the normal moves (no promotion, en passant or castling) of one man in
    // a row: what depends only on where it stands is worked out once by from(). Not when
    // per_move() (a lone losing king: every move is tested for stalemate).
    bool per_move() const { return lone_king_; }
    void from(Square from);
    [[gnu::always_inline]] int score_normal(Square to) const;

  private:
    const Position& pos_;
    Color winner_, loser_;
    Square their_king_, our_king_;
    bool winner_moves_;
    bool winner_pieces_;         // the winner has a knight, bishop, rook or queen
    Bitboard pawn_attacks_;      // squares the winner's pawns attack
    Bitboard lone_flights_ = 0;  // a lone losing king's safe squares (winner to move), else 0
    bool lone_king_ = false;
    bool few_pieces_;                    // an ending: the winner's king takes part in the mate
    int bishop_corner_ = -1;             // 0: dark corners, 1: light corners, -1: any corner
    const std::uint8_t* to_their_king_;  // king steps from each square to the loser's king
    const std::uint8_t* king_target_;    // KING_TARGET row for the winner's men
    PieceType from_type_ = NO_PIECE_TYPE;
    int from_part_ = 0;
};

// Inline: these run for every move of every node of the dives.
inline bool CheckInfo::gives_check(Move m) const {
    // Promotions, en passant and castling change more than one square's worth: the slow way.
    if (m.kind() != Move::NORMAL) return helpmate_detail::gives_check(pos_, m);
    const Square from = m.from(), to = m.to();
    if (check_squares_[type_of(pos_.piece_on(from))] & square_bb(to)) return true;
    return (discoverers_ & square_bb(from)) && !(line_bb(king_, from) & square_bb(to));
}

inline void FlightTest::init() {
    ready_ = true;
    const Color us = pos_.side_to_move();
    const Square king = pos_.king_square(~us);
    occupied_ = pos_.pieces() ^ square_bb(king);
    for (Bitboard b = king_attacks(king) & ~pos_.pieces(~us); b;) {
        const Square s = pop_lsb(b);
        if (!pos_.attacked_by(us, s, occupied_)) flights_ |= square_bb(s);
    }
}

inline bool FlightTest::escapes(Move m) {
    if (m.kind() != Move::NORMAL) return false;
    if (!ready_) init();
    const Square from = m.from(), to = m.to();
    Bitboard candidates = flights_ & ~square_bb(to);
    if (!candidates) return false;
    const Color us = pos_.side_to_move();
    const Bitboard occupied = (occupied_ ^ square_bb(from)) | square_bb(to);
    switch (type_of(pos_.piece_on(from))) {
        case PAWN:
            candidates &= ~pawn_attacks(us, to);
            break;
        case KNIGHT:
            candidates &= ~knight_attacks(to);
            break;
        case BISHOP:
            candidates &= ~bishop_attacks(to, occupied);
            break;
        case ROOK:
            candidates &= ~rook_attacks(to, occupied);
            break;
        case QUEEN:
            candidates &= ~queen_attacks(to, occupied);
            break;
        default:
            candidates &= ~king_attacks(to);
            break;
    }
    const Bitboard others = pos_.pieces(us) ^ square_bb(from);
    while (candidates) {
        const Square s = pop_lsb(candidates);
        if (!line_bb(s, from)) return true;  // no line through the square left: nothing opens
        if (!(bishop_attacks(s, occupied) & others & pos_.pieces(BISHOP, QUEEN)) &&
            !(rook_attacks(s, occupied) & others & pos_.pieces(ROOK, QUEEN)))
            return true;
    }
    return false;
}

namespace order_weights {
constexpr int VALUE[6] = {1, 3, 3, 5, 9, 0};
// (LONE_KING_FIRST 4: 86.5 -> 79.2 nodes per side on game_positions, 106.9 -> 103.8 on
// game_positions_2, 79.8 -> 78.9 on the lichess sample; 8 and 16 lose on the lichess sample.)
constexpr int PAWN_FREED = 12, OFFER = 15, STALEMATE_RISK = 20, LONE_KING_FIRST = 4;
}  // namespace order_weights

inline int MoveOrder::score(Move m) const {
    using namespace order_weights;
    const std::uint8_t* const dk = to_their_king_;
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
                const int before = std::abs(dk[from] - 2);
                const int after = std::abs(dk[to] - 2);
                s += 3 * (before - after);
                // Against a lone king the winner's king comes first: the other men wait near.
                if (lone_king_ && dk[from] > 2) s += LONE_KING_FIRST;
            } else {
                s -= 2;
            }
        } else {
            // (Weight 3, was 4: 95.5 -> 90.3 nodes per side on the game positions.)
            const int before = dk[from], after = dk[to];
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
            s += 4 * (king_target_[from] - king_target_[to]);
        } else if (pt == PAWN) {
            s += 1;
            if (dk[from] <= 1) s -= 2;
        } else {
            s += 2 * (dk[from] - dk[to]);
            if (dk[to] == 1) s += 3;
        }
    }
    return s;
}

}  // namespace drawproxy::rules::winnability::helpmate_detail

namespace drawproxy::rules::winnability::helpmate_detail {

inline void MoveOrder::from(Square from) {
    const std::uint8_t* const dk = to_their_king_;
    from_type_ = type_of(pos_.piece_on(from));
    if (winner_moves_)
        from_part_ = from_type_ == PAWN   ? (winner_pieces_ ? 2 : 10)
                     : from_type_ == KING ? (few_pieces_ ? 3 * std::abs(dk[from] - 2) : -2)
                                          : 3 * dk[from];
    else
        from_part_ = from_type_ == KING   ? 4 * king_target_[from]
                     : from_type_ == PAWN ? (dk[from] <= 1 ? -1 : 1)
                                          : 2 * dk[from];
}

// score() for a normal move from the square given to from(), term by term.
inline int MoveOrder::score_normal(Square to) const {
    using namespace order_weights;
    const std::uint8_t* const dk = to_their_king_;
    const Piece victim = pos_.piece_on(to);
    int s = from_part_;
    if (winner_moves_) {
        if (victim != NO_PIECE) s += 2 + (from_type_ == PAWN && !winner_pieces_ ? PAWN_FREED : 0);
        if (from_type_ == PAWN)
            s += relative_rank(winner_, rank_of(to));
        else if (from_type_ == KING)
            s -= few_pieces_ ? 3 * std::abs(dk[to] - 2) : 0;
        else
            s += dk[to] <= 2 ? 2 - 3 * dk[to] : -3 * dk[to];
    } else {
        if (victim != NO_PIECE) s -= 25 + 6 * VALUE[type_of(victim)];
        if (!winner_pieces_ && from_type_ != KING && (pawn_attacks_ & square_bb(to))) s += OFFER;
        if (from_type_ == KING)
            s -= 4 * king_target_[to];
        else if (from_type_ != PAWN)
            s += dk[to] == 1 ? 3 - 2 * dk[to] : -2 * dk[to];
    }
    return s;
}

}  // namespace drawproxy::rules::winnability::helpmate_detail
