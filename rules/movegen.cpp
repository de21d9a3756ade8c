// Legal move generation: pins and checks are computed once per position, so every move
// generated is legal and perft needs no make/unmake at the leaves.
#include "rules/position.h"

namespace drawproxy::rules {

namespace {

// Generators write through a local pointer (as Stockfish does): a count kept in the list
// would be stored back to memory on every move.
inline Move* add_promotions(Move* cur, Square from, Square to) {
    *cur++ = Move::make(from, to, Move::PROMOTION, QUEEN);
    *cur++ = Move::make(from, to, Move::PROMOTION, ROOK);
    *cur++ = Move::make(from, to, Move::PROMOTION, BISHOP);
    *cur++ = Move::make(from, to, Move::PROMOTION, KNIGHT);
    return cur;
}

template <PieceType Pt>
inline Bitboard piece_attacks(Square s, Bitboard occ) {
    if constexpr (Pt == KNIGHT) return knight_attacks(s);
    if constexpr (Pt == BISHOP) return bishop_attacks(s, occ);
    if constexpr (Pt == ROOK) return rook_attacks(s, occ);
    return queen_attacks(s, occ);
}

// Moves of one piece type; a pinned piece stays on the line through its king and pinner.
template <PieceType Pt>
inline Move* add_piece_moves(Bitboard pieces, Bitboard occ, Bitboard target, Bitboard pinned, Square ksq,
                             Move* cur) {
    while (pieces) {
        Square from = pop_lsb(pieces);
        Bitboard a = piece_attacks<Pt>(from, occ) & target;
        if (pinned & square_bb(from)) a &= line_bb(ksq, from);
        while (a) *cur++ = Move(from, pop_lsb(a));
    }
    return cur;
}

// All legal moves in one pass: the pins, checks and piece kinds share their bitboards, and
// splitting them would cost the hot loop calls. Only moves from `sources` (a move read from
// text needs only its piece's).
template <Color Us>
Move* generate(const Position& pos, Move* cur, Bitboard sources) {
    constexpr Color Them = ~Us;
    constexpr int Up = Us == WHITE ? 8 : -8;
    constexpr Bitboard Rank3 = Us == WHITE ? rank_bb(2) : rank_bb(5);
    constexpr Bitboard Rank7 = Us == WHITE ? rank_bb(6) : rank_bb(1);

    const Bitboard occ = pos.pieces();
    const Bitboard ours = pos.pieces(Us);
    const Bitboard theirs = pos.pieces(Them);
    const Square ksq = pos.king_square(Us);
    const Bitboard checkers = pos.attackers_to(ksq, occ) & theirs;

    // King moves: the king must not stand in line with a slider it moves away from.
    if (sources & square_bb(ksq)) {
        Bitboard occ_without_king = occ ^ square_bb(ksq);
        Bitboard targets = king_attacks(ksq) & ~ours;
        while (targets) {
            Square to = pop_lsb(targets);
            if (!pos.attacked_by(Them, to, occ_without_king)) *cur++ = Move(ksq, to);
        }
    }
    if (more_than_one(checkers)) return cur;

    // Pinned pieces may move only along the line through the king and the pinner.
    Bitboard pinned = 0;
    Bitboard snipers = (rook_attacks(ksq, 0) & pos.pieces(Them, ROOK, QUEEN)) |
                       (bishop_attacks(ksq, 0) & pos.pieces(Them, BISHOP, QUEEN));
    while (snipers) {
        Square s = pop_lsb(snipers);
        Bitboard b = between_bb(ksq, s) & occ & ~square_bb(s);
        if (b && !more_than_one(b)) pinned |= b & ours;
    }

    // Non-king moves must land on `target`: anywhere not ours, or when in check, on the
    // checker or between it and the king.
    const Bitboard target = checkers ? between_bb(ksq, lsb(checkers)) : ~ours;

    // Pawns.
    {
        const Bitboard pawns = pos.pieces(Us, PAWN) & sources;
        const Bitboard empty = ~occ;
        auto legal_from = [&](Square from, Square to) {
            return !(pinned & square_bb(from)) || aligned(ksq, from, to);
        };
        Bitboard push1 = shift<Up>(pawns & ~Rank7) & empty;
        Bitboard push2 = shift<Up>(push1 & Rank3) & empty & target;
        push1 &= target;
        while (push1) {
            Square to = pop_lsb(push1);
            Square from = Square(to - Up);
            if (legal_from(from, to)) *cur++ = Move(from, to);
        }
        while (push2) {
            Square to = pop_lsb(push2);
            Square from = Square(to - 2 * Up);
            if (legal_from(from, to)) *cur++ = Move(from, to);
        }
        // Captures and promotions.
        Bitboard pawn_sources = pawns;
        while (pawn_sources) {
            Square from = pop_lsb(pawn_sources);
            Bitboard caps = pawn_attacks(Us, from) & theirs & target;
            if (pinned & square_bb(from)) caps &= line_bb(ksq, from);
            if (square_bb(from) & Rank7) {
                Square fwd = Square(from + Up);
                if ((empty & target & square_bb(fwd)) && legal_from(from, fwd))
                    cur = add_promotions(cur, from, fwd);
                while (caps) cur = add_promotions(cur, from, pop_lsb(caps));
            } else {
                while (caps) *cur++ = Move(from, pop_lsb(caps));
            }
        }
        // En passant: rare, so test legality the slow and certain way.
        const Square ep = pos.ep_square();
        if (ep != SQ_NONE) {
            Square captured = Square(ep - Up);
            // In check, the capture must remove the checker or block it.
            if (!checkers || (checkers & square_bb(captured)) || (target & square_bb(ep))) {
                Bitboard candidates = pawn_attacks(Them, ep) & pawns;
                while (candidates) {
                    Square from = pop_lsb(candidates);
                    Bitboard after = (occ ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
                    Bitboard enemies = theirs ^ square_bb(captured);
                    if ((rook_attacks(ksq, after) & enemies & pos.pieces(ROOK, QUEEN)) ||
                        (bishop_attacks(ksq, after) & enemies & pos.pieces(BISHOP, QUEEN)) ||
                        (checkers & ~square_bb(captured) & ~(pos.pieces(ROOK, QUEEN) | pos.pieces(BISHOP))))
                        continue;
                    *cur++ = Move::make(from, ep, Move::EN_PASSANT);
                }
            }
        }
    }

    // Pieces.
    const Bitboard ours_moving = ours & sources;
    cur = add_piece_moves<KNIGHT>(pos.pieces(KNIGHT) & ours_moving & ~pinned, occ, target, 0, ksq,
                                  cur);  // pinned: stuck
    cur = add_piece_moves<BISHOP>(pos.pieces(BISHOP) & ours_moving, occ, target, pinned, ksq, cur);
    cur = add_piece_moves<ROOK>(pos.pieces(ROOK) & ours_moving, occ, target, pinned, ksq, cur);
    cur = add_piece_moves<QUEEN>(pos.pieces(QUEEN) & ours_moving, occ, target, pinned, ksq, cur);

    // Castling: not out of check; every square the king crosses must be safe, and the
    // squares both pieces cross must be empty but for themselves.
    if (!checkers && pos.castling_rights() && (sources & square_bb(ksq))) {
        for (bool king_side : {true, false}) {
            int index = castling_index(Us, king_side);
            if (!pos.can_castle(index)) continue;
            Square rsq = pos.castling_rook(index);
            Square kto = castling_king_to(index), rto = castling_rook_to(index);
            Bitboard path = between_bb(ksq, kto) | between_bb(rsq, rto) | square_bb(kto) | square_bb(rto);
            if (path & occ & ~square_bb(ksq) & ~square_bb(rsq)) continue;
            bool safe = true;
            Bitboard king_path = between_bb(ksq, kto) & ~square_bb(kto);
            while (king_path && safe)
                if (pos.attacked_by(Them, pop_lsb(king_path), occ)) safe = false;
            // The landing square, as it will be: the rook may have been screening it.
            Bitboard after = (occ ^ square_bb(ksq) ^ square_bb(rsq)) | square_bb(kto) | square_bb(rto);
            if (safe && !pos.attacked_by(Them, kto, after)) *cur++ = Move::make(ksq, rsq, Move::CASTLING);
        }
    }
    return cur;
}

}  // namespace

MoveList Position::legal_moves() const {
    MoveList list;
    Move* begin = list.moves.data();
    list.count = int((side_ == WHITE ? generate<WHITE>(*this, begin, ~Bitboard(0))
                                     : generate<BLACK>(*this, begin, ~Bitboard(0))) -
                     begin);
    return list;
}

MoveList Position::legal_moves_from(Square from) const {
    MoveList list;
    Move* begin = list.moves.data();
    const Bitboard sources = square_bb(from);
    list.count = int(
        (side_ == WHITE ? generate<WHITE>(*this, begin, sources) : generate<BLACK>(*this, begin, sources)) -
        begin);
    return list;
}

bool Position::has_legal_moves() const {
    // A king step to a square no enemy attacks (with the king lifted off the board, as the
    // generator tests it) is legal: most positions have one, and it saves generating them all.
    const Square ksq = king_square(side_);
    const Bitboard without_king = pieces() ^ square_bb(ksq);
    for (Bitboard to = king_attacks(ksq) & ~pieces(side_); to;)
        if (!attacked_by(~side_, pop_lsb(to), without_king)) return true;
    return !legal_moves().empty();
}

}  // namespace drawproxy::rules
