#pragma once
// One game of a match page: a section written out (boards at the start, at each claim,
// offer and incorrect claim, and at the end; the moves with their scores; a score graph),
// or the compact codes from which the page's script draws the same section on demand.
#include <string>
#include <string_view>
#include <vector>

#include "html/match_view.h"

namespace drawproxy::html {

// Whether a game gets its section written out even in a large report: claims (right or
// wrong) and endings of the Laws other than checkmate.
bool is_notable(const GameView& g);

// `full`: also the start board, the score graph and the moves; otherwise (large reports)
// those are left to the script, which reads them from the game's row. An empty `meaning`
// is left out (large reports list each meaning once).
void append_game_section(std::string& out, const GameView& g, std::string_view meaning, bool full = true);
// The pieces of the side to move that could go to `to` as far as the board alone tells:
// pieces attacking it (pins ignored), pawns capturing onto it (when occupied or, next to an
// enemy pawn on the en passant rank, en passant) or pushed onto it (when empty). A move is
// coded by its destination and, when there are several, the mover's rank among them (page.h);
// the script computes the same set from its board.
rules::Bitboard move_candidates(const rules::Position& pos, rules::Square to);
// Attributes data-m, data-s (page.h), data-f (start FEN, when not the standard start),
// data-o (plies that offered a draw) and data-mate for a table row the script draws.
void append_game_codes(std::string& out, const GameView& g);

// The score after each ply from White's side in pawns, capped at +-5 (mates at the cap);
// NaN where the mover gave none (book moves). For the score graphs.
std::vector<double> white_scores(const GameView& g);
// Plies (1 = after the first move) whose position is the one the game ended with (or that
// the claimed move made), for threefold and fivefold endings; empty otherwise.
std::vector<int> repetition_plies(const GameView& g);

}  // namespace drawproxy::html
