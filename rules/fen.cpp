#include <charconv>
#include <string>

#include "rules/notation.h"

namespace drawproxy::rules {

namespace {

constexpr std::string_view PIECE_CHARS = "PNBRQK";

// Splits on runs of spaces/tabs; returns the number of fields (at most `max`).
int split_fields(std::string_view s, std::string_view* fields, int max) {
    int n = 0;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n')) ++i;
        if (i >= s.size()) break;
        std::size_t j = i;
        while (j < s.size() && !(s[j] == ' ' || s[j] == '\t' || s[j] == '\r' || s[j] == '\n')) ++j;
        if (n == max) return max + 1;
        fields[n++] = s.substr(i, j - i);
        i = j;
    }
    return n;
}

enum class ClockRead { OK, BAD, TOO_BIG };

// A clock field: digits only. A long run of digits is "out of range", not garbage, so the
// error says what is wrong; the limit keeps every later increment far from overflow.
ClockRead parse_clock(std::string_view s, int& out) {
    if (s.empty() || s.find_first_not_of("0123456789") != std::string_view::npos) return ClockRead::BAD;
    std::size_t first = s.find_first_not_of('0');
    if (first == std::string_view::npos) {
        out = 0;
        return ClockRead::OK;
    }
    s.remove_prefix(first);
    if (s.size() > 7) return ClockRead::TOO_BIG;
    std::from_chars(s.data(), s.data() + s.size(), out);
    return out > Position::MAX_CLOCK ? ClockRead::TOO_BIG : ClockRead::OK;
}

bool read_castling(Position& pos, std::string_view field, bool chess960, std::string& error) {
    if (field == "-") return true;
    for (char ch : field) {
        Color c = (ch >= 'a' && ch <= 'z') ? BLACK : WHITE;
        char up = char(ch & ~0x20);
        Bitboard rooks = pos.pieces(c, ROOK) & rank_bb(relative_rank(c, 0));
        Square ksq = pos.king_square(c);
        if (rank_of(ksq) != relative_rank(c, 0)) {
            error = std::string("castling right '") + ch + "' but the king is not on its first rank";
            return false;
        }
        Square rook = SQ_NONE;
        if (up == 'K') {  // X-FEN: the outermost rook on the king's side
            for (int f = 7; f > file_of(ksq) && rook == SQ_NONE; --f)
                if (rooks & square_bb(make_square(f, rank_of(ksq)))) rook = make_square(f, rank_of(ksq));
        } else if (up == 'Q') {
            for (int f = 0; f < file_of(ksq) && rook == SQ_NONE; ++f)
                if (rooks & square_bb(make_square(f, rank_of(ksq)))) rook = make_square(f, rank_of(ksq));
        } else if (up >= 'A' && up <= 'H') {  // Shredder-FEN: the rook's file
            Square s = make_square(up - 'A', rank_of(ksq));
            if (rooks & square_bb(s)) rook = s;
        } else {
            error = std::string("unknown castling character '") + ch + "'";
            return false;
        }
        if (rook == SQ_NONE || file_of(rook) == file_of(ksq)) {
            error = std::string("castling right '") + ch + "' has no rook to castle with";
            return false;
        }
        // Standard chess castles only from the initial squares: anything else needs Chess960
        // (its move text differs, so guessing would make UCI moves ambiguous).
        if (!chess960 && (file_of(ksq) != 4 || (file_of(rook) != 0 && file_of(rook) != 7))) {
            const char rank = char('1' + rank_of(ksq));
            error = std::string("castling right '") + ch + "' needs the king on e" + rank +
                    " and its rook on a" + rank + " or h" + rank + " unless Chess960 is on";
            return false;
        }
        int index = castling_index(c, file_of(rook) > file_of(ksq));
        if (pos.can_castle(index) && pos.castling_rook(index) != rook) {
            error = std::string("castling field '") + std::string(field) + "' gives two rooks one right";
            return false;
        }
        pos.add_castling_right(c, rook);
    }
    return true;
}

}  // namespace

char piece_char(Piece p) {
    char c = PIECE_CHARS[type_of(p)];
    return color_of(p) == BLACK ? char(c | 0x20) : c;
}

std::string square_name(Square s) {
    if (s >= 64) return "-";
    return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

Square parse_square(std::string_view t) {
    if (t.size() != 2 || t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8') return SQ_NONE;
    return make_square(t[0] - 'a', t[1] - '1');
}

bool parse_fen(std::string_view fen, bool chess960, Position& out, std::string& error) {
    std::string_view f[6];
    int n = split_fields(fen, f, 6);
    if (n == 0) {
        error = "empty FEN";
        return false;
    }
    if (n > 6) {
        error = "too many fields (a FEN has at most 6)";
        return false;
    }
    if (n < 2) {
        error = "needs at least 2 fields (placement, side to move), got " + std::to_string(n);
        return false;
    }
    // Castling and en passant may be left out, as in EPD-style test files: none of either.
    for (int i = n; i < 4; ++i) f[i] = "-";
    Position pos(Position::Uninitialised{});
    pos.clear();
    // Placement, from rank 8 down.
    int rank = 7, file = 0;
    for (char ch : f[0]) {
        if (ch == '/') {
            if (file != 8) {
                error =
                    "rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " squares, not 8";
                return false;
            }
            if (--rank < 0) {
                error = "more than 8 ranks";
                return false;
            }
            file = 0;
        } else if (ch >= '1' && ch <= '8') {
            file += ch - '0';
            if (file > 8) {
                error = "rank " + std::to_string(rank + 1) + " has more than 8 squares";
                return false;
            }
        } else {
            auto idx = PIECE_CHARS.find(char(ch & ~0x20));
            if (idx == std::string_view::npos || !((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'))) {
                error = std::string("unknown piece character '") + ch + "'";
                return false;
            }
            if (file > 7) {
                error = "rank " + std::to_string(rank + 1) + " has more than 8 squares";
                return false;
            }
            pos.put_piece(make_piece(ch >= 'a' ? BLACK : WHITE, PieceType(idx)), make_square(file, rank));
            ++file;
        }
    }
    if (rank != 0 || file != 8) {
        error = rank != 0 ? "placement has " + std::to_string(8 - rank) + " ranks, not 8"
                          : "rank 1 has " + std::to_string(file) + " squares, not 8";
        return false;
    }
    if (f[1] != "w" && f[1] != "b") {
        error = "side to move must be 'w' or 'b', not '" + std::string(f[1]) + "'";
        return false;
    }
    pos.set_side_to_move(f[1] == "w" ? WHITE : BLACK);
    for (Color c : {WHITE, BLACK})
        if (popcount(pos.pieces(c, KING)) != 1) {
            error = std::string(c == WHITE ? "white" : "black") + " has " +
                    std::to_string(popcount(pos.pieces(c, KING))) + " kings (needs exactly one)";
            return false;
        }
    if (!read_castling(pos, f[2], chess960, error)) return false;
    if (f[3] != "-") {
        Square ep = parse_square(f[3]);
        if (ep == SQ_NONE) {
            error = "bad en passant square '" + std::string(f[3]) + "'";
            return false;
        }
        pos.set_ep_square(ep);
    }
    int clocks[2] = {0, 1};
    static constexpr const char* CLOCK_NAMES[2] = {"halfmove clock", "fullmove number"};
    for (int i = 0; i < 2 && 4 + i < n; ++i) {
        ClockRead r = parse_clock(f[4 + i], clocks[i]);
        if (r != ClockRead::OK) {
            error = std::string(r == ClockRead::BAD ? "bad " : "out of range ") + CLOCK_NAMES[i] + " '" +
                    std::string(f[4 + i].substr(0, 24)) + "'";
            return false;
        }
    }
    if (clocks[1] == 0) {
        error = "bad fullmove number '" + std::string(f[5].substr(0, 24)) + "' (it starts at 1)";
        return false;
    }
    pos.set_clocks(clocks[0], clocks[1]);
    pos.set_chess960(chess960);
    std::string why = pos.validate();
    if (!why.empty()) {
        error = why;
        return false;
    }
    out = pos;
    return true;
}

Position Position::from_fen(std::string_view fen, bool chess960) {
    Position pos(Position::Uninitialised{});
    std::string error;
    if (!parse_fen(fen, chess960, pos, error)) throw FenError("bad FEN '" + std::string(fen) + "': " + error);
    return pos;
}

std::string Position::fen() const { return to_fen(*this); }

std::string to_fen(const Position& pos, FenStyle style) {
    std::string s;
    s.reserve(90);
    for (int r = 7; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < 8; ++f) {
            Piece p = pos.piece_on(make_square(f, r));
            if (p == NO_PIECE) {
                ++empty;
                continue;
            }
            if (empty) s += char('0' + empty);
            empty = 0;
            s += piece_char(p);
        }
        if (empty) s += char('0' + empty);
        if (r) s += '/';
    }
    s += pos.side_to_move() == WHITE ? " w " : " b ";
    if (!pos.castling_rights()) s += '-';
    for (int index = 0; index < 4; ++index) {
        if (!pos.can_castle(index)) continue;
        Color c = Color(index / 2);
        bool king_side = index % 2 == 0;
        Square rook = pos.castling_rook(index);
        // X-FEN letter when the rook is the outermost one on its side, else Shredder file letter.
        Bitboard rooks = pos.pieces(c, ROOK) & rank_bb(rank_of(rook));
        Bitboard outer = king_side ? rooks & ~((square_bb(rook) << 1) - 1) & ~square_bb(rook)
                                   : rooks & (square_bb(rook) - 1);
        const bool file_letter = outer || (style.rook_files_in_chess960 && pos.chess960());
        char ch = file_letter ? char('A' + file_of(rook)) : (king_side ? 'K' : 'Q');
        s += c == BLACK ? char(ch | 0x20) : ch;
    }
    s += ' ';
    s += pos.has_legal_en_passant() ? square_name(pos.ep_square()) : "-";
    if (!style.counters) return s;
    s += ' ';
    s += std::to_string(pos.halfmove_clock());
    s += ' ';
    s += std::to_string(pos.fullmove_number());
    return s;
}

}  // namespace drawproxy::rules
