#pragma once
// Opening books for -openings: EPD (one position a line) or PGN (the first `plies` moves of
// each game). Read once at start; the scheduler hands one opening to each encounter.
#include <string>
#include <vector>

#include "rules/position.h"
#include "tournament/settings.h"

namespace drawproxy::tournament {

struct Opening {
    rules::Position start;
    bool from_fen = false;
    std::vector<rules::Move> moves;  // PGN openings: book moves from `start`
};

// Parses EPD text: the four FEN fields, then optional opcodes (hmvc/fmvn are honoured).
// Throws OptionError naming the line for a bad position.
// With `chess960` the positions are Chess960 ones (any castling rook, king-takes-rook moves);
// without it a PGN game tagged [Variant "Chess960"] is an error.
std::vector<Opening> parse_epd(const std::string& text, const std::string& origin, bool chess960 = false);
std::vector<Opening> parse_pgn_openings(const std::string& text, int plies, const std::string& origin,
                                        bool chess960 = false);
// Reads the file named by the options; throws OptionError if it cannot or it holds none.
std::vector<Opening> load_openings(const OpeningsOptions& o, bool chess960 = false);
// Chess960 start position number `n` (0..959, Scharnagl's numbering: 518 is the standard one).
Opening chess960_opening(int n);

}  // namespace drawproxy::tournament
