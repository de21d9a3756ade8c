#pragma once
// The statistics a running match prints: after every game, every -ratinginterval games and at
// the end, in the chosen -output format, and the SPRT that may stop the match early.
#include <string>
#include <vector>

#include "output/status_lines.h"
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

    // The lines to print after game `number` between engines `white` and `black` (indices),
    // of game pair `pair` (-1: none), ending with `score`; each ends with a newline. `last`: the
    // match's last game (its score line is printed whatever -scoreinterval says).
    std::string game_finished(int white, int black, rules::Score score, int pair, bool last = false);
    // The lines to print after a game the interruption left unfinished (not scored).
    std::string game_unterminated(int white, int black);
    // Whether the game just finished gets its score line (-scoreinterval): drawproxy's own line
    // is the caller's to print, cutechess's is in game_finished's lines.
    bool score_line_due() const { return last_score_games_ == games_; }
    // True once the SPRT has accepted a hypothesis: start no more games.
    bool stopped() const { return verdict_ != SprtStatus::running; }
    SprtStatus verdict() const { return verdict_; }
    // The closing block before "Finished match" (cutechess-cli's; fastchess prints its blocks as
    // games finish); drawproxy's own tables are the report's.
    std::string final_block() const;
    // drawproxy's lines under its score and Elo lines at the end, for encounter a, b.
    std::string drawproxy_lines(int a, int b) const;
    const EncounterStats& stats() const { return stats_; }
    StatsSettings settings() const { return settings_; }

  private:
    std::string interval_block(const HeadToHead& h) const;

    const MatchOptions& opts_;
    EncounterStats stats_;
    StatsSettings settings_;
    std::string matchup_;  // fastchess's "(tc, threads, hash, book)"
    int games_ = 0;
    SprtStatus verdict_ = SprtStatus::running;
    int last_interval_games_ = -1;  // the game count at the last status block
    int last_score_games_ = -1;     // the game count at the last score line
};

}  // namespace drawproxy::tournament
