#pragma once
// A game as cutechess-cli 1.5 writes it to its -pgnout file (its PgnGame::write): the seven tag
// roster, then the other tags in name order (FEN, GameDuration, GameEndTime, GameStartTime,
// PlyCount, SetUp, Termination when the ending has one, TimeControl, Variant), and the moves
// with one comment each ("+0.25/12 0.52s"), the ending's reason added to the last move's. The
// Laws' tags ResultRule and Rules sort in among them; their notes join the move's comment.
// Not written: cutechess-cli's ECO, Opening and Variation tags (its opening classification).
#include <string>

#include "game/record.h"

namespace drawproxy::output {

// `minimal`: cutechess-cli's "min": the roster (with FEN and SetUp, Variant) and bare moves.
std::string write_cutechess_pgn(const game::GameRecord& g, bool minimal);
// cutechess-cli's comment of a move's search: "book", "+0.25/12 0.52s", "-M4/20 1.2s", "0s".
std::string cutechess_move_comment(const game::PlyRecord& ply);

}  // namespace drawproxy::output
