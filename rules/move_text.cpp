// UCI move text, both ways.
#include "rules/notation.h"

namespace drawproxy::rules {

namespace {

// The square a castling move is written to: the rook's in Chess960, the king's landing
// square in standard chess.
Square uci_to_square(const Position& pos, Move m) {
    if (m.kind() != Move::CASTLING || pos.chess960()) return m.to();
    int index = castling_index(pos.side_to_move(), file_of(m.to()) > file_of(m.from()));
    return castling_king_to(index);
}

}  // namespace

void append_uci(const Position& pos, Move m, std::string& out) {
    if (m.is_none()) {
        out += "0000";
        return;
    }
    Square to = uci_to_square(pos, m);
    out += char('a' + file_of(m.from()));
    out += char('1' + rank_of(m.from()));
    out += char('a' + file_of(to));
    out += char('1' + rank_of(to));
    if (m.kind() == Move::PROMOTION) out += "nbrq"[m.promotion() - KNIGHT];
}

std::string to_uci(const Position& pos, Move m) {
    std::string s;
    append_uci(pos, m, s);
    return s;
}

Move parse_uci_move(const Position& pos, std::string_view text) {
    std::string unused;
    return parse_uci_move(pos, text, unused);
}

Move parse_uci_move(const Position& pos, std::string_view text, std::string& error) {
    if (text.size() < 4 || text.size() > 5) {
        error = "'" + std::string(text.substr(0, 16)) + "' is not a UCI move";
        return Move::none();
    }
    Square from = parse_square(text.substr(0, 2)), to = parse_square(text.substr(2, 2));
    PieceType promo = NO_PIECE_TYPE;
    if (text.size() == 5) {
        switch (text[4] | 0x20) {
            case 'n': promo = KNIGHT; break;
            case 'b': promo = BISHOP; break;
            case 'r': promo = ROOK; break;
            case 'q': promo = QUEEN; break;
            default: break;
        }
    }
    if (from == SQ_NONE || to == SQ_NONE || (text.size() == 5 && promo == NO_PIECE_TYPE)) {
        error = "'" + std::string(text) + "' is not a UCI move";
        return Move::none();
    }
    MoveList legal = pos.legal_moves_from(from);  // its piece's: a move text names it
    // Exact match first: a normal move, or castling in this position's own notation.
    Move castle_alias = Move::none();
    int aliases = 0;
    for (Move m : legal) {
        if (m.from() != from) continue;
        bool is_promo = m.kind() == Move::PROMOTION;
        if (is_promo != (promo != NO_PIECE_TYPE) || (is_promo && m.promotion() != promo)) continue;
        if (uci_to_square(pos, m) == to) return m;
        if (m.kind() == Move::CASTLING) {
            // The other castling notation: king-takes-rook in standard chess, or the
            // king's landing square in Chess960.
            int index = castling_index(pos.side_to_move(), file_of(m.to()) > file_of(m.from()));
            Square other = pos.chess960() ? castling_king_to(index) : m.to();
            if (other == to) {
                castle_alias = m;
                ++aliases;
            }
        }
    }
    if (aliases == 1) return castle_alias;
    error = "'" + std::string(text) + "' is illegal in this position";
    return Move::none();
}

}  // namespace drawproxy::rules
