#include "tournament/live_status.h"

namespace drawproxy::tournament {

using stats::current_status;

LiveStatus::LiveStatus(const MatchOptions& opts, int pair_count)
    : engines_(int(opts.engines.size())),
      score_interval_(opts.score_interval),
      rating_interval_(opts.rating_interval),
      stats_(
          [&] {
              std::vector<std::string> names;
              for (const auto& e : opts.engines) names.push_back(e.name);
              return names;
          }(),
          pair_count),
      settings_{opts.report_penta && pair_count > 0, opts.sprt} {}

output::StatusSnapshot LiveStatus::snapshot(int white, int black) const {
    output::StatusSnapshot s;
    s.encounter = &stats_.encounter(white, black);
    s.all = &stats_;
    s.settings = &settings_;
    s.white = white;
    s.black = black;
    s.engines = engines_;
    s.games = games_;
    return s;
}

output::StatusSnapshot LiveStatus::game_finished(int white, int black, rules::Score score, int pair,
                                                 bool last) {
    const std::int64_t pairs_before = stats_.encounter(white, black).pairs.pairs();
    stats_.add(white, black, score, pair);
    ++games_;
    output::StatusSnapshot s = snapshot(white, black);
    s.last = last;
    // -scoreinterval counts finished games, as fastchess does; the last game always has its line.
    const int every = score_interval_;
    s.score_due = last || (every > 0 && games_ % every == 0);
    if (s.score_due) last_score_games_ = games_;
    // -ratinginterval counts games, or (fastchess with pentanomial statistics) a pair's number
    // once that pair is complete (its pairs are numbered from 1).
    const int n = rating_interval_;
    s.games_interval_due = n > 0 && games_ % n == 0;
    s.pairs_interval_due = n > 0 && s.encounter->pairs.pairs() != pairs_before && (pair + 1) % n == 0;
    if (s.games_interval_due) last_interval_games_ = games_;
    if (settings_.sprt && verdict_ == SprtStatus::running) {
        verdict_ = current_status(*s.encounter, settings_);
        s.verdict = verdict_;
    }
    return s;
}

output::StatusSnapshot LiveStatus::unterminated(int white, int black) const { return snapshot(white, black); }

}  // namespace drawproxy::tournament
