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
// A move: the destination's character from SQUARE_CODES, then, when more than one piece could
// go there (game_section.h, move_candidates), the mover's rank among them in square order;
// castling (king-takes-rook) is '!' and two characters (from, to); a promotion adds ".q" /
// ".r" / ".b" / ".n". A score: two characters, a
// 12-bit number: 0 none, 1..47 Black mates in 48-n, 2048+cp for cp in [-1999, 1999] from White's side, 4047+n
// White mates in n.
inline constexpr std::string_view SQUARE_CODES =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
void append_score_code(std::string& out, bool has_score, bool mate, int white_view);

// A game's scores in `data-s`, ply by ply, mostly one character each: a centipawn score
// within 30 of the previous one (0 before the first) is SQUARE_CODES[30 + difference]; no
// score is SQUARE_CODES[61] ('9'); anything else is '-' and the two-character code above.
class ScoreCodes {
  public:
    void append(std::string& out, bool has_score, bool mate, int white_view);

  private:
    int previous_ = 0;
};

}  // namespace drawproxy::html
