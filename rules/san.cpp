// Standard algebraic notation, both ways.
#include "rules/notation.h"

namespace drawproxy::rules {

namespace {

constexpr std::string_view PIECE_LETTERS = "PNBRQK";

PieceType piece_from_letter(char c) {
    auto i = PIECE_LETTERS.find(c);
    return i == std::string_view::npos ? NO_PIECE_TYPE : PieceType(i);
}

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }

}  // namespace

std::string to_san(const Position& pos, Move m) {
    std::string s;
    if (m.kind() == Move::CASTLING) {
        s = file_of(m.to()) > file_of(m.from()) ? "O-O" : "O-O-O";
    } else {
        Piece p = pos.piece_on(m.from());
        PieceType pt = type_of(p);
        bool capture = pos.is_capture(m);
        if (pt == PAWN) {
            if (capture) {
                s += char('a' + file_of(m.from()));
                s += 'x';
            }
        } else {
            s += PIECE_LETTERS[pt];
            // Disambiguate among same-type pieces that can reach the same square.
            bool clash = false, same_file = false, same_rank = false;
            for (Move o : pos.legal_moves()) {
                if (o == m || o.to() != m.to() || o.kind() == Move::CASTLING || pos.piece_on(o.from()) != p)
                    continue;
                clash = true;
                same_file |= file_of(o.from()) == file_of(m.from());
                same_rank |= rank_of(o.from()) == rank_of(m.from());
            }
            if (clash) {
                if (!same_file)
                    s += char('a' + file_of(m.from()));
                else if (!same_rank)
                    s += char('1' + rank_of(m.from()));
                else
                    s += square_name(m.from());
            }
            if (capture) s += 'x';
        }
        s += square_name(m.to());
        if (m.kind() == Move::PROMOTION) {
            s += '=';
            s += PIECE_LETTERS[m.promotion()];
        }
    }
    Position after = pos;
    after.play(m);
    if (after.is_check()) s += after.has_legal_moves() ? '+' : '#';
    return s;
}

Move parse_san(const Position& pos, std::string_view text, std::string& error) {
    std::string_view orig = text;
    auto fail = [&](const std::string& why) {
        error = "'" + std::string(orig.substr(0, 32)) + "': " + why;
        return Move::none();
    };
    // Strip annotations, check signs and an "e.p." suffix (with or without a space).
    while (!text.empty() && (text.back() == '+' || text.back() == '#' || text.back() == '!' ||
                             text.back() == '?' || text.back() == ' '))
        text.remove_suffix(1);
    for (std::string_view ep : {"e.p.", "ep"}) {
        if (text.size() > ep.size() && text.substr(text.size() - ep.size()) == ep) {
            text.remove_suffix(ep.size());
            while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
            break;
        }
    }
    if (text.empty()) return fail("empty move");

    // Castling.
    if (text == "O-O" || text == "0-0" || text == "O-O-O" || text == "0-0-0") {
        bool king_side = text.size() == 3;
        for (Move m : pos.legal_moves())
            if (m.kind() == Move::CASTLING && (file_of(m.to()) > file_of(m.from())) == king_side) return m;
        return fail("castling is illegal here");
    }

    PieceType pt = PAWN;
    std::size_t i = 0;
    if (piece_from_letter(text[0]) != NO_PIECE_TYPE && text[0] != 'P') {
        pt = piece_from_letter(text[0]);
        i = 1;
    } else if (text[0] == 'P') {
        i = 1;
    }
    // Promotion suffix: =Q, Q, (Q), /Q, =q.
    PieceType promo = NO_PIECE_TYPE;
    {
        std::string_view rest = text.substr(i);
        if (!rest.empty() && rest.back() == ')') rest.remove_suffix(1);
        if (!rest.empty()) {
            char c = rest.back();
            PieceType p = piece_from_letter(char(c & ~0x20));
            // A move text ends in a rank digit unless it names a promotion, so even a
            // lowercase b here is a bishop, not a file.
            bool letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
            if (pt == PAWN && letter && p != NO_PIECE_TYPE && p != PAWN && p != KING) {
                promo = p;
                rest.remove_suffix(1);
                if (!rest.empty() && (rest.back() == '=' || rest.back() == '/' || rest.back() == '('))
                    rest.remove_suffix(1);
            }
        }
        text = text.substr(0, i + rest.size());
    }
    // What remains after the piece letter: [file][rank][x|-|:]square.
    std::string_view body = text.substr(i);
    if (body.size() < 2) return fail("no destination square");
    Square to = parse_square(body.substr(body.size() - 2));
    if (to == SQ_NONE) return fail("no destination square");
    body.remove_suffix(2);
    if (!body.empty() && (body.back() == 'x' || body.back() == '-' || body.back() == ':'))
        body.remove_suffix(1);
    int from_file = -1, from_rank = -1;
    for (char c : body) {
        if (is_file(c) && from_file < 0 && from_rank < 0)
            from_file = c - 'a';
        else if (is_rank(c) && from_rank < 0)
            from_rank = c - '1';
        else
            return fail("cannot read the move");
    }

    // A pawn move without an origin file is a push: "d6" must not silently mean exd6.
    if (pt == PAWN && from_file < 0) from_file = file_of(to);

    Move found = Move::none();
    int matches = 0;
    for (Move m : pos.legal_moves()) {
        if (m.kind() == Move::CASTLING || m.to() != to) continue;
        if (type_of(pos.piece_on(m.from())) != pt) continue;
        if (from_file >= 0 && file_of(m.from()) != from_file) continue;
        if (from_rank >= 0 && rank_of(m.from()) != from_rank) continue;
        if (m.kind() == Move::PROMOTION) {
            if (m.promotion() != (promo == NO_PIECE_TYPE ? QUEEN : promo)) continue;
            if (promo == NO_PIECE_TYPE) return fail("promotion piece missing");
        } else if (promo != NO_PIECE_TYPE) {
            continue;
        }
        found = m;
        ++matches;
    }
    if (matches == 1) return found;
    return fail(matches == 0 ? "illegal in this position" : "ambiguous");
}

}  // namespace drawproxy::rules
