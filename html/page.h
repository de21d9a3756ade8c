#pragma once
// The shell every report page shares: doctype, head with the inline style sheet, the one
// <svg><defs> with the piece shapes and result patterns, and at the end the inline script
// (sorting and filtering the game table; drawing, from their moves, the games that have no
// section written out). Nothing is loaded from the network; without script the page reads
// the same, minus sorting, filtering and those drawn-on-demand games.
#include <string>
#include <string_view>

namespace drawproxy::html {

void append_page_start(std::string& out, std::string_view title);
void append_page_end(std::string& out);

// The compact move and score codes the script reads (`data-m`, `data-s` on a game row).
// A move: two characters from SQUARE_CODES (from, to; castling is king-takes-rook), then
// ".q" / ".r" / ".b" / ".n" for a promotion. A score: two characters, a 12-bit number:
// 0 none, 1..47 Black mates in 48-n, 2048+cp for cp in [-1999, 1999] from White's side,
// 4047+n White mates in n.
inline constexpr std::string_view SQUARE_CODES =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
void append_score_code(std::string& out, bool has_score, bool mate, int white_view);

}  // namespace drawproxy::html
