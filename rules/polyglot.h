#pragma once
// Polyglot opening books (.bin), the pure part: a position's book key and a book move read
// back as a legal move. Reading the file is game/polyglot_book.h.
#include <cstdint>

#include "rules/position.h"

namespace drawproxy::rules {

extern const std::uint64_t POLYGLOT_RANDOM[781];

// The position's Polyglot key: pieces, castling rights, the en passant file only when a pawn of
// the side to move stands next to the pawn that just moved two squares, and White to move.
std::uint64_t polyglot_key(const Position& pos);

// The legal move a book entry's 16 bits name (to: bits 0-5, from: 6-11, promotion 12-14:
// none, knight, bishop, rook, queen; castling written king-takes-rook, e1h1), or Move::none().
Move polyglot_move(const Position& pos, std::uint16_t raw);

}  // namespace drawproxy::rules
