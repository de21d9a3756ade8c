#pragma once
// The running statistics of a match, one HeadToHead per pair of engines: every finished game
// goes into the trinomial counts, and the second game of a pair (the two games of one opening,
// colours swapped) completes a pentanomial count. O(1) per game, no allocation after setup.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules/game.h"
#include "stats/counts.h"
#include "stats/sprt.h"

namespace drawproxy::stats {

// One encounter from the first engine's side.
struct HeadToHead {
    std::string first, second;
    Trinomial games;                     // every finished game
    Pentanomial pairs;                   // completed game pairs (-repeat)
    Trinomial paired;                    // the games of the completed pairs (fastchess' block)
    Trinomial first_white, first_black;  // the games by the first engine's colour
};

// One engine's games against all the others together, from its side.
struct EngineTotals {
    std::string engine;
    Trinomial games;    // every finished game
    Pentanomial pairs;  // completed game pairs
    Trinomial paired;   // the games of the completed pairs
};

// How the statistics are computed: on pairs (pentanomial) or on games, and the SPRT if any.
struct StatsSettings {
    bool penta = true;
    std::optional<SprtParams> sprt;
};

// The LLR the settings ask for (0 without -sprt) and its verdict.
double current_llr(const HeadToHead& h, const StatsSettings& s);
SprtStatus current_status(const HeadToHead& h, const StatsSettings& s);

class EncounterStats {
  public:
    // `pair_count`: how many game pairs the schedule has (their ids run from 0).
    EncounterStats(std::vector<std::string> names, int pair_count);

    // A finished game between engines `white` and `black` (indices into the names), in game
    // pair `pair` (-1: unpaired).
    void add(int white, int black, rules::Score score, int pair);

    // The encounter of engines a and b, from the lower index's side.
    const HeadToHead& encounter(int a, int b) const;
    EngineTotals totals(int engine) const;
    int engines() const { return int(names_.size()); }
    const std::vector<HeadToHead>& all() const { return encounters_; }

  private:
    std::vector<std::string> names_;
    std::vector<HeadToHead> encounters_;  // a < b, row by row
    std::vector<std::int8_t> pending_;    // per pair: the first game's outcome, or -1
    int index(int a, int b) const;
};

}  // namespace drawproxy::stats
