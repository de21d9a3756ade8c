#pragma once
// Writes a finished game as PGN the way cutechess-cli does: the usual tags, SAN movetext,
// per-move comments `{+0.25/12 0.105s}`, plus what the Laws add: `{(=)}` where a draw was
// offered, claims and rulings in comments, and `[ResultRule "<reason> <article>[ move <uci>]"]`.
#include <string>

#include "match/game_record.h"

namespace drawproxy::match {

std::string pgn_result_text(rules::Score s);
// The comment text for a move's search: "+0.25/12 0.105s", "-M3/20 0.010s", "book".
std::string move_comment(const PlyRecord& ply);
std::string write_pgn(const GameRecord& game);

}  // namespace drawproxy::match
