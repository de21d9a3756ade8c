#include "tournament/live_status.h"

#include <fmt/format.h>

namespace drawproxy::tournament {

using namespace output;

using game::EngineConfig;
using game::TimeControl;
using stats::current_status;
using stats::elo_stats;
using stats::EloStats;
using stats::HeadToHead;
using stats::SprtStatus;

namespace {

// fastchess's time control text: [moves/]seconds[+increment], "T/move", "N nodes".
std::string fastchess_time(const EngineConfig& e) {
    const TimeControl& tc = e.tc;
    if (!tc.infinite && tc.movetime_ms == 0 && tc.base_ms + tc.increment_ms > 0) {
        const std::string moves = tc.moves > 0 ? fmt::format("{}/", tc.moves) : "";
        const std::string inc = tc.increment_ms > 0 ? fmt::format("+{:.2g}", tc.increment_ms / 1000.0) : "";
        return fmt::format("{}{}{}", moves, tc.base_ms / 1000.0, inc);
    }
    if (!tc.infinite && tc.movetime_ms > 0) return fmt::format("{}/move", tc.movetime_ms / 1000.0);
    if (e.nodes > 0) return fmt::format("{} nodes", e.nodes);
    return "";
}

std::string option_or_null(const EngineConfig& e, const char* name, const char* unit) {
    for (const auto& [key, value] : e.options)
        if (key == name) return value + unit;
    return "NULL";
}

std::string both(const std::string& a, const std::string& b) { return a == b ? a : a + " - " + b; }

}  // namespace

LiveStatus::LiveStatus(const MatchOptions& opts, int pair_count)
    : opts_(opts),
      stats_(
          [&] {
              std::vector<std::string> names;
              for (const auto& e : opts.engines) names.push_back(e.name);
              return names;
          }(),
          pair_count),
      settings_{opts.report_penta && pair_count > 0, opts.sprt} {
    if (opts.engines.size() >= 2) {
        const EngineConfig &a = opts.engines[0], &b = opts.engines[1];
        std::string book;
        if (opts.openings) {
            const auto slash = opts.openings->file.find_last_of("/\\");
            book = slash == std::string::npos ? opts.openings->file : opts.openings->file.substr(slash + 1);
        }
        matchup_ =
            fastchess_matchup(both(fastchess_time(a), fastchess_time(b)),
                              both(option_or_null(a, "Threads", "t"), option_or_null(b, "Threads", "t")),
                              both(option_or_null(a, "Hash", "MB"), option_or_null(b, "Hash", "MB")), book);
    }
}

std::string LiveStatus::interval_block(const HeadToHead& h) const {
    switch (opts_.output) {
        case OutputFormat::cutechess:
            return cutechess_results(h, settings_) + "\n";
        case OutputFormat::fastchess: {
            if (!settings_.penta) return fastchess_interval(h, settings_, matchup_) + "\n";
            // fastchess counts a game in its block once its pair is complete: Games is twice
            // the pairs (fishtest's worker asserts it), Wins/Losses/Draws are theirs.
            HeadToHead shown = h;
            shown.games = h.paired;
            return fastchess_interval(shown, settings_, matchup_) + "\n";
        }
        default:
            return drawproxy_elo_line(elo_stats(h.games)) + "\n" + drawproxy_stats_lines(h, settings_);
    }
}

std::string LiveStatus::game_finished(int white, int black, rules::Score score, int pair, bool last) {
    const std::int64_t pairs_before = stats_.encounter(white, black).pairs.pairs();
    stats_.add(white, black, score, pair);
    ++games_;
    const HeadToHead& h = stats_.encounter(white, black);
    std::string out;
    // -scoreinterval counts finished games, as fastchess does; the last game always has its line.
    const int every = opts_.score_interval;
    if (last || (every > 0 && games_ % every == 0)) {
        last_score_games_ = games_;
        if (opts_.output == OutputFormat::cutechess) out += cutechess_score_line(h) + "\n";
    }
    // -ratinginterval counts games; fastchess's with pentanomial statistics a pair's number once
    // that pair is complete (its pairs are numbered from 1), and it prints the block after the
    // match's last game whatever the interval.
    const int n = opts_.rating_interval;
    const bool fastchess = opts_.output == OutputFormat::fastchess;
    bool interval = false;
    if (n > 0) {
        if (settings_.penta && fastchess)
            interval = h.pairs.pairs() != pairs_before && (pair + 1) % n == 0;
        else
            interval = games_ % n == 0;
    }
    if ((interval || (last && fastchess)) && opts_.engines.size() == 2) {
        out += interval_block(h);
        last_interval_games_ = games_;
    }
    if (settings_.sprt && verdict_ == SprtStatus::running) {
        verdict_ = current_status(h, settings_);
        if (verdict_ != SprtStatus::running) {
            // fastchess prints the block again, then the verdict, and starts no more games.
            if (fastchess && opts_.engines.size() == 2)
                out += interval_block(h) + fastchess_sprt_completed(*settings_.sprt, verdict_) + "\n";
            else if (opts_.output == OutputFormat::drawproxy)
                out += fmt::format("SPRT: {} accepted after {} games; the games still running finish\n",
                                   to_string(verdict_), games_);
        }
    }
    return out;
}

std::string LiveStatus::game_unterminated(int white, int black) {
    if (opts_.output != OutputFormat::cutechess || opts_.engines.size() != 2) return "";
    last_score_games_ = games_;  // cutechess-cli prints its score line after an unfinished game too
    return cutechess_score_line(stats_.encounter(white, black)) + "\n";
}

std::string LiveStatus::final_block() const {
    if (opts_.engines.size() != 2) return "";
    const HeadToHead& h = stats_.encounter(0, 1);
    switch (opts_.output) {
        case OutputFormat::cutechess: {
            // A match that ended before its planned last game (an SPRT verdict) closes with the
            // score line -scoreinterval left out. Without a game (an engine that did not start,
            // an interruption) cutechess-cli still prints its results block, of "nan" figures.
            std::string out =
                games_ == 0 || last_score_games_ == games_ ? "" : cutechess_score_line(h) + "\n";
            return out + (last_interval_games_ == games_ ? "" : cutechess_results(h, settings_) + "\n");
        }
        case OutputFormat::fastchess:
            // fastchess prints its blocks only as games finish (game_finished's lines): a match
            // stopped early (a crash without -recover, an interruption) closes without one.
            return "";
        default:
            return "";
    }
}

std::string LiveStatus::drawproxy_lines(int a, int b) const {
    return drawproxy_stats_lines(stats_.encounter(a, b), settings_);
}

}  // namespace drawproxy::tournament
