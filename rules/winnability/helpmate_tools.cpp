#include "rules/winnability/helpmate_tools.h"

namespace drawproxy::rules::winnability::helpmate_detail {

bool gives_check(const Position& pos, Move m) {
    if (m.kind() == Move::CASTLING) {
        Position child = pos;
        child.play(m);
        return child.is_check();
    }
    const Color us = pos.side_to_move();
    const Square king = pos.king_square(~us), from = m.from(), to = m.to();
    Bitboard occupied = (pos.pieces() ^ square_bb(from)) | square_bb(to);
    if (m.kind() == Move::EN_PASSANT) occupied ^= square_bb(Square(to - pawn_push(us)));
    const PieceType pt = m.kind() == Move::PROMOTION ? m.promotion() : type_of(pos.piece_on(from));
    if (pt == PAWN) {
        if (pawn_attacks(us, to) & square_bb(king)) return true;
    } else if (pt == KNIGHT) {
        if (knight_attacks(to) & square_bb(king)) return true;
    } else if (pt != KING) {
        Bitboard a = 0;
        if (pt != ROOK) a |= bishop_attacks(to, occupied);
        if (pt != BISHOP) a |= rook_attacks(to, occupied);
        if (a & square_bb(king)) return true;
    }
    // Discovered: one of our other sliders now sees the king.
    const Bitboard others = pos.pieces(us) & ~square_bb(from);
    return (rook_attacks(king, occupied) & others & pos.pieces(ROOK, QUEEN)) ||
           (bishop_attacks(king, occupied) & others & pos.pieces(BISHOP, QUEEN));
}

CheckInfo::CheckInfo(const Position& pos) : pos_(pos), king_(pos.king_square(~pos.side_to_move())) {
    const Color us = pos.side_to_move();
    const Bitboard occupied = pos.pieces();
    check_squares_[PAWN] = pawn_attacks(~us, king_);
    check_squares_[KNIGHT] = knight_attacks(king_);
    check_squares_[BISHOP] = bishop_attacks(king_, occupied);
    check_squares_[ROOK] = rook_attacks(king_, occupied);
    check_squares_[QUEEN] = check_squares_[BISHOP] | check_squares_[ROOK];
    check_squares_[KING] = 0;
    Bitboard snipers = (rook_attacks(king_, 0) & pos.pieces(us, ROOK, QUEEN)) |
                       (bishop_attacks(king_, 0) & pos.pieces(us, BISHOP, QUEEN));
    while (snipers) {
        const Square s = pop_lsb(snipers);
        const Bitboard between = between_bb(king_, s) & occupied & ~square_bb(s);
        if (between && !more_than_one(between)) discoverers_ |= between & pos.pieces(us);
    }
}

MoveOrder::MoveOrder(const Position& pos, Color winner)
    : pos_(pos),
      winner_(winner),
      loser_(~winner),
      their_king_(pos.king_square(~winner)),
      our_king_(pos.king_square(winner)),
      winner_moves_(pos.side_to_move() == winner) {
    const Bitboard pieces = pos.pieces(winner) & ~pos.pieces(KING, PAWN);
    winner_pieces_ = pieces != 0;
    // A lone losing king: a quiet move that takes its last square is stalemate.
    lone_king_ = winner_moves_ && pos.pieces(~winner) == pos.pieces(~winner, KING);
    if (lone_king_) {
        const Bitboard without_king = pos.pieces() ^ square_bb(their_king_);
        for (Bitboard b = king_attacks(their_king_) & ~pos.pieces(~winner); b;) {
            const Square s = pop_lsb(b);
            if (!pos.attacked_by(winner, s, without_king)) lone_flights_ |= square_bb(s);
        }
    }
    const Bitboard pawns = pos.pieces(winner, PAWN);
    pawn_attacks_ = pawn_attacks_bb(winner, pawns);
    few_pieces_ = !more_than_one(pieces & (pieces - 1));  // at most two
    if (pieces && !(pieces & ~pos.pieces(BISHOP))) {
        if (!(pieces & LIGHT_SQUARES)) bishop_corner_ = 0;
        if (!(pieces & DARK_SQUARES)) bishop_corner_ = 1;
    }
    to_their_king_ = DISTANCE.d[their_king_];
    king_target_ = KING_TARGET.d[bishop_corner_ + 1];
}

int MoveOrder::king_target_distance(Square s) const { return king_target_[s]; }

}  // namespace drawproxy::rules::winnability::helpmate_detail
