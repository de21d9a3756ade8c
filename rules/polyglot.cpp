#include "rules/polyglot.h"

namespace drawproxy::rules {

std::uint64_t polyglot_key(const Position& pos) {
    std::uint64_t key = 0;
    for (Bitboard b = pos.pieces(); b;) {
        const Square s = pop_lsb(b);
        const Piece p = pos.piece_on(s);
        // Kinds: black pawn 0, white pawn 1, black knight 2, ... white king 11.
        const int kind = 2 * int(type_of(p)) + (color_of(p) == WHITE ? 1 : 0);
        key ^= POLYGLOT_RANDOM[64 * kind + s];
    }
    // Our rights' order (white short, white long, black short, black long) is the format's.
    for (int i = 0; i < 4; ++i)
        if (pos.can_castle(i)) key ^= POLYGLOT_RANDOM[768 + i];
    // The position keeps the en passant square only with a capturing pawn beside it, the
    // format's condition.
    if (pos.ep_square() != SQ_NONE) key ^= POLYGLOT_RANDOM[772 + file_of(pos.ep_square())];
    if (pos.side_to_move() == WHITE) key ^= POLYGLOT_RANDOM[780];
    return key;
}

Move polyglot_move(const Position& pos, std::uint16_t raw) {
    const Square to = Square(raw & 63), from = Square((raw >> 6) & 63);
    const int promo = (raw >> 12) & 7;  // 0 none, 1 knight ... 4 queen
    for (Move m : pos.legal_moves()) {
        if (m.from() != from || m.to() != to) continue;  // castling is king-takes-rook in both
        if (m.kind() == Move::PROMOTION ? promo == int(m.promotion()) - int(KNIGHT) + 1 : promo == 0)
            return m;
    }
    return Move::none();
}

}  // namespace drawproxy::rules
