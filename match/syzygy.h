#pragma once
// Syzygy tablebases through Fathom (Debian's libfathom-dev), for the event's tablebase rule
// (-tb). Fathom keeps its tables process-wide, so this is a set of free functions: open once
// before the games start; probe from the one thread that runs the games' event loop.
#include <optional>
#include <string>

#include "rules/position.h"

namespace drawproxy::match::syzygy {

// The result with best play, from the side to move's view, the fifty-move rule counted from the
// position's own halfmove clock: a cursed win is won only past it, a blessed loss lost only past it.
enum class Wdl { Loss, BlessedLoss, Draw, CursedWin, Win };

// Opens the tables found in `paths` (directories separated by ';' as cutechess-cli writes them,
// or ':'); returns the most pieces any table found holds (0: none found). Replaces tables opened before.
int open(const std::string& paths);
// The most pieces of the opened tables (0: none open).
int max_pieces();

// The position's value if the tables hold it: at most max_pieces() pieces and no castling
// rights; nullopt otherwise. One WDL probe; a DTZ probe too when the WDL probe says won or lost
// and the halfmove clock is not zero (only the distance to zeroing tells whether the win still
// comes within the fifty moves).
std::optional<Wdl> probe(const rules::Position& pos);

const char* to_string(Wdl wdl);

}  // namespace drawproxy::match::syzygy
