#pragma once
// Text forms of positions and moves: FEN (standard, X-FEN and Shredder-FEN castling),
// UCI move text and SAN. Readers never throw; they return false / Move::none() and say why.
#include <string>
#include <string_view>

#include "rules/position.h"

namespace drawproxy::rules {

// Reads a FEN into `out`. On failure `out` is untouched and `error` names the fault.
// The halfmove and fullmove fields may be missing (then 0 and 1).
bool parse_fen(std::string_view fen, bool chess960, Position& out, std::string& error);
// What a FEN writer may choose: the castling letters of a Chess960 position and whether the two
// counters end the text (EPD leaves them out).
struct FenStyle {
    bool rook_files_in_chess960 = false;  // Shredder-FEN (HAha); else X-FEN (KQkq where unambiguous)
    bool counters = true;
};
// FEN of a position; the en passant field is shown only when a legal capture exists.
std::string to_fen(const Position& pos, FenStyle style = {});

std::string square_name(Square s);
// "e4" -> e4; SQ_NONE for anything else.
Square parse_square(std::string_view text);

// UCI move text. Castling is written king-to-destination (e1g1) in standard chess and
// king-takes-rook (e1h1) when the position plays Chess960.
std::string to_uci(const Position& pos, Move m);
// Appends the UCI text of `m` to `out` without allocating when `out` has capacity.
void append_uci(const Position& pos, Move m, std::string& out);
// Reads UCI move text and returns the legal move it names, or Move::none(). Both castling
// forms are accepted whenever the text can name only one legal move.
Move parse_uci_move(const Position& pos, std::string_view text);
// As above, but also says why a text was refused ("not a move", "illegal").
Move parse_uci_move(const Position& pos, std::string_view text, std::string& error);

// SAN, with + and # suffixes.
std::string to_san(const Position& pos, Move m);
// Reads SAN leniently: 0-0, e8Q, e8=Q, exd6 e.p., a missing or extra check sign,
// annotation marks (!?), long forms (Ng1f3, Ng1-f3). Returns Move::none() and sets `error`.
Move parse_san(const Position& pos, std::string_view text, std::string& error);

char piece_char(Piece p);  // 'P'..'K' for white, 'p'..'k' for black

}  // namespace drawproxy::rules
