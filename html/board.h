#pragma once
// A chessboard as inline SVG, drawn by the project: the twelve piece shapes are defined once
// per page (append_board_defs) and each board places them with <use href="#pX" x=FILE y=ROW>,
// one unit a square, White at the bottom. Boards carry no colours of their own beyond the
// defs: the page's CSS styles the squares and marks.
#include <string>
#include <string_view>

#include "rules/position.h"

namespace drawproxy::html {

struct BoardMarks {
    std::string_view caption;  // the board's accessible name; the FEN is added after it
    rules::Square from = rules::SQ_NONE, to = rules::SQ_NONE;  // the move that led here
    rules::Bitboard marked = 0;  // squares drawn with a dashed frame (e.g. the claimed move's)
};

// The piece shapes and the empty board, for the page's one <svg><defs> (page.h writes it).
void append_board_defs(std::string& out);
void append_board(std::string& out, const rules::Position& pos, const BoardMarks& marks = {});

// The piece letter of a shape id ('P'..'K' white, 'p'..'k' black), as used in href="#pX".
char board_piece_letter(rules::Piece p);

}  // namespace drawproxy::html
