#pragma once
// When a running match's statistics are due: the score line (-scoreinterval), the status block
// (-ratinginterval, by games and by completed pairs), and the SPRT that may stop the match
// early. The counts only: output/'s sinks say them, each format following the intervals it uses.
#include <string>
#include <vector>

#include "output/sink.h"
#include "stats/encounters.h"
#include "tournament/settings.h"

namespace drawproxy::tournament {

using stats::EncounterStats;
using stats::HeadToHead;
using stats::SprtStatus;
using stats::StatsSettings;

class LiveStatus {
  public:
    LiveStatus(const MatchOptions& opts, int pair_count);

    // Game `number` between engines `white` and `black` (indices), of game pair `pair` (-1:
    // none), ended with `score`: counted, and what is due. `last`: the match's last game (its
    // score line is due whatever -scoreinterval says).
    output::StatusSnapshot game_finished(int white, int black, rules::Score score, int pair,
                                         bool last = false);
    // The counts after a game the interruption left unfinished (not scored): nothing is due.
    output::StatusSnapshot unterminated(int white, int black) const;
    // True once the SPRT has accepted a hypothesis: start no more games.
    bool stopped() const { return verdict_ != SprtStatus::running; }
    SprtStatus verdict() const { return verdict_; }
    int games() const { return games_; }
    // Whether the last scored game had its score line, and its block counting games, due.
    bool score_due_at_end() const { return last_score_games_ == games_; }
    bool interval_at_end() const { return last_interval_games_ == games_; }
    const EncounterStats& stats() const { return stats_; }
    const StatsSettings& settings() const { return settings_; }

  private:
    output::StatusSnapshot snapshot(int white, int black) const;

    int engines_;
    int score_interval_, rating_interval_;
    EncounterStats stats_;
    StatsSettings settings_;
    int games_ = 0;
    SprtStatus verdict_ = SprtStatus::running;
    int last_interval_games_ = -1;  // the game count at the last block due by games
    int last_score_games_ = -1;     // the game count at the last score line due
};

}  // namespace drawproxy::tournament
