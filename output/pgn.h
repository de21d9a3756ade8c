#pragma once
// Writes a finished game as PGN the way cutechess-cli does: the usual tags, SAN movetext,
// per-move comments `{+0.25/12 0.105s}`, plus what the Laws add: `{(=)}` where a draw was
// offered, claims and rulings in comments, and `[ResultRule "<reason> <article>[ move <uci>]"]`.
#include <string>

#include "game/fastchess_settings.h"
#include "game/record.h"

namespace drawproxy::output {

using game::GameRecord;
using game::PlyRecord;

std::string pgn_result_text(rules::Score s);
// The comment text for a move's search: "+0.25/12 0.105s", "-M3/20 0.010s", "book".
std::string move_comment(const PlyRecord& ply);
// `minimal`: cutechess-cli's "min" PGN: the seven roster tags (with SetUp/FEN/Variant and
// ResultRule, which says how the game ended) and the moves, no comments.
// `wording`: whose Termination tag values (fastchess's "abandoned", "illegal move", ...) and, for
// fastchess's, its move comments: `keys` adds what its -pgnout keys ask (n=, sd=, pv=, line=,
// ...) and its notation= (SAN, LAN, UCI).
std::string write_pgn(const GameRecord& game, bool minimal = false,
                      rules::Wording wording = rules::Wording::drawproxy,
                      const game::FastchessOutputSettings* keys = nullptr);
// A runner's reason for the game's ending, filled in: "White disconnects", "Draw by 3-fold
// repetition", ... (rules/ending.h's cutechess column for Wording::cutechess, else fastchess's).
std::string runner_reason_text(const GameRecord& game, rules::Wording wording);
// The game's final position as -epdout writes it: cutechess-cli's (and drawproxy's) FEN line, or in
// fastchess's words its EPD line, "FEN-without-counters hmvc N; fmvn M;", Chess960 castling
// rights as rook files (Shredder-FEN), as fastchess writes them.
std::string final_position_line(const GameRecord& game, rules::Wording wording = rules::Wording::drawproxy);

}  // namespace drawproxy::output
