#pragma once
// Syzygy tablebases through Fathom (Debian's libfathom-dev), for the event's tablebase rule
// (-tb). Fathom keeps its tables process-wide, so opening is a free function: open once before
// the games start; probe from the one thread that runs the games' event loop.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "rules/position.h"

namespace drawproxy::game::syzygy {

// The result with best play, from the side to move's view, the fifty-move rule counted from the
// position's own halfmove clock: a cursed win is won only past it, a blessed loss lost only past it.
// Won means the winner mates, or zeroes the clock into a position still won, before the defender
// can claim under 9.3: by ply 100 of the clock (by the next move with the clock past 99).
enum class Wdl { Loss, BlessedLoss, Draw, CursedWin, Win };

// Opens the tables found in `paths` (directories separated by ';' as cutechess-cli writes them,
// or ':'); returns the most pieces any table found holds (0: none found). Replaces tables opened before.
int open(const std::string& paths);
// The most pieces of the opened tables (0: none open).
int max_pieces();

// The position's value if the tables hold it: at most max_pieces() pieces and no castling
// rights. One WDL probe; a DTZ probe too when the WDL probe says won or lost and the halfmove
// clock is not zero (only the distance to zeroing tells whether the win still comes within the
// fifty moves). The tables may give that distance one ply short; where the one ply decides (the
// distance and the clock make exactly 100), the moves from there are followed until it is
// settled, a DTZ probe each, at most SearchCache::PROBES (rare: about 3% of the won endings
// played on with moves on the clock). nullopt when the tables do not hold the position, a DTZ
// table is missing, or the search could not settle it: unknown, never a guess, so the caller
// plays on. Stateless: each call pays its own DTZ probes.
std::optional<Wdl> probe(const rules::Position& pos);

// What the searches that settle a distance one ply short have found, by position and plies to
// go (their lines meet again and again, and the next position of a game is usually one of them).
// A cache: a slot holds the last position hashed to it.
struct SearchCache {
    struct Slot {
        std::uint64_t key = 0;
        bool won = false;
    };
    std::array<Slot, 4096> slots;
    // The root probes one question may make (the longest on the 3-4-man tables' test games
    // needs a few hundred); an unsettled one is asked again after the next move, one ply less
    // to search, with what was settled kept.
    static constexpr int PROBES = 1024;
};

// The probes of one game, position after position. The WDL tables count the fifty moves from
// zero, so a win with moves on the clock needs the distance to zeroing (Fathom's root probe: 40x
// to 2000x a WDL probe); that probe also values every move from there, so the next position is
// read from it with no probe at all: at most every other position of a won ending played on pays
// one. When the caller does not need a win told from a cursed win (-tbignore50, or a verdict
// that is the same either way) no DTZ probe is made. nullopt as for probe().
class GameProber {
  public:
    GameProber();
    ~GameProber();
    // `pos` is the game's position after `ply` moves, the last of them `last` (none at the start).
    // `fifty`: tell a win within the fifty moves from one past them (else a WDL win with moves on
    // the clock is returned as Win).
    std::optional<Wdl> probe(const rules::Position& pos, int ply, rules::Move last, bool fifty);
    // Root (DTZ) probes of the game's positions so far: what the cache and `fifty` save is
    // checked with this. Those of the searches that settle a distance one ply short: apart.
    int dtz_probes() const { return dtz_probes_; }
    int search_probes() const { return search_probes_; }

  private:
    static constexpr int MAX_RESULTS = 193;   // Fathom's TB_MAX_MOVES
    std::array<unsigned, MAX_RESULTS> next_;  // the root probe's value of each move, Fathom-encoded
    int next_ply_ = -1;                       // the ply whose position next_ values (-1: none)
    int dtz_probes_ = 0;
    int search_probes_ = 0;
    std::unique_ptr<SearchCache> cache_;  // made at the first search of the game
};

const char* to_string(Wdl wdl);

}  // namespace drawproxy::game::syzygy
