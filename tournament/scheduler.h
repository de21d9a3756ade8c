#pragma once
// Runs a whole match or tournament: builds the schedule (pairings, rounds, openings and
// colours), keeps `-concurrency` games running on one Asio event loop, and feeds each
// finished game to the report, the PGN file and the live output.
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "game/game_runner.h"
#include "output/report.h"
#include "rules/edition.h"
#include "tournament/openings.h"
#include "tournament/schedule.h"
#include "tournament/settings.h"

namespace drawproxy::tournament {

using game::GameRecord;
using game::GameSpec;
using game::OverheadSamples;
using output::Report;

struct MatchSummary {
    Report report;
    OverheadSamples overhead;       // every bestmove -> next go gap, ns
    std::vector<GameRecord> games;  // in the order they finished (unterminated ones included)
    int engines_started = 0;        // engine processes started (kept between games unless restarted)
    // Why the match stopped before its schedule ended (an engine that did not start, or
    // crashed without -recover); empty when every game was played.
    std::string stopped;
    // The signal (SIGINT, SIGTERM) that interrupted the match, or 0. The running games were
    // then stopped and written unterminated (`*`), and every output was still written.
    int interrupted = 0;
};

class Scheduler {
  public:
    // `out` gets the live lines and the final tables (nullptr: silent).
    Scheduler(const MatchOptions& opts, rules::Edition edition, std::FILE* out);
    // Plays every game; throws OptionError if an engine cannot start or a file cannot be written.
    // The first SIGINT or SIGTERM starts no new game and stops the running ones, which end
    // unterminated; the outputs are written as usual. A second one exits at once (status 128 +
    // signal; the engines die with us, see engine/).
    MatchSummary run();

  private:
    const MatchOptions& opts_;
    rules::Edition edition_;
    std::FILE* out_;
};

}  // namespace drawproxy::tournament
