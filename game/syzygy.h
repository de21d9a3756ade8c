#pragma once
// Syzygy tablebases through Fathom (Debian's libfathom-dev), for the event's tablebase rule
// (-tb). Fathom keeps its tables process-wide, so opening is a free function: open once before
// the games start; probe from the one thread that runs the games' event loop.
#include <array>
#include <optional>
#include <string>

#include "rules/position.h"

namespace drawproxy::game::syzygy {

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
// comes within the fifty moves). Stateless: each call pays its own DTZ probe.
std::optional<Wdl> probe(const rules::Position& pos);

// The probes of one game, position after position. The WDL tables count the fifty moves from
// zero, so a win with moves on the clock needs the distance to zeroing (Fathom's root probe: 40x
// to 2000x a WDL probe); that probe also values every move from there, so the next position is
// read from it with no probe at all: at most every other position of a won ending played on pays
// one. When the caller does not need a win told from a cursed win (-tbignore50, or a verdict
// that is the same either way) no DTZ probe is made.
class GameProber {
  public:
    // `pos` is the game's position after `ply` moves, the last of them `last` (none at the start).
    // `fifty`: tell a win within the fifty moves from one past them (else a WDL win with moves on
    // the clock is returned as Win).
    std::optional<Wdl> probe(const rules::Position& pos, int ply, rules::Move last, bool fifty);
    // Root (DTZ) probes made so far: what the cache and `fifty` save is checked with this.
    int dtz_probes() const { return dtz_probes_; }

  private:
    // Fathom's root probe of `pos` (the value with its clock), its moves' values kept for `ply` + 1.
    unsigned root_probe(const rules::Position& pos, int ply);

    static constexpr int MAX_RESULTS = 193;   // Fathom's TB_MAX_MOVES
    std::array<unsigned, MAX_RESULTS> next_;  // the root probe's value of each move, Fathom-encoded
    int next_ply_ = -1;                       // the ply whose position next_ values (-1: none)
    int dtz_probes_ = 0;
};

const char* to_string(Wdl wdl);

}  // namespace drawproxy::game::syzygy
