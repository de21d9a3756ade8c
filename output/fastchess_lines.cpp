#include "output/fastchess_lines.h"

#include <fmt/format.h>

#include "output/status_lines.h"

namespace drawproxy::output {

using game::EngineConfig;
using game::TimeControl;

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

std::optional<std::string> configured(const EngineConfig& e, std::string_view name) {
    for (const auto& [key, value] : e.options)
        if (key == name) return value;
    return std::nullopt;
}

std::string held_text(const EngineConfig& e, const HeldOptionsByEngine& held, bool threads) {
    const auto it = held.find(e.name);
    const std::optional<std::string> value = it == held.end() ? configured(e, threads ? "Threads" : "Hash")
                                             : threads        ? it->second.threads
                                                              : it->second.hash;
    return value ? *value + (threads ? "t" : "MB") : "NULL";
}

std::string both(const std::string& a, const std::string& b) { return a == b ? a : a + " - " + b; }

}  // namespace

std::string fastchess_matchup_of(const std::vector<EngineConfig>& engines, const std::string& openings_file,
                                 const HeldOptionsByEngine& held) {
    if (engines.size() < 2) return "";
    const EngineConfig &a = engines[0], &b = engines[1];
    const auto slash = openings_file.find_last_of("/\\");
    const std::string book = slash == std::string::npos ? openings_file : openings_file.substr(slash + 1);
    return fastchess_matchup(both(fastchess_time(a), fastchess_time(b)),
                             both(held_text(a, held, true), held_text(b, held, true)),
                             both(held_text(a, held, false), held_text(b, held, false)), book);
}

void FastchessLines::engine_declared(const EngineConfig& engine,
                                     const std::vector<game::OptionSpec>& declared) {
    held_[engine.name] = {game::fastchess_held_value(declared, "Threads", configured(engine, "Threads")),
                          game::fastchess_held_value(declared, "Hash", configured(engine, "Hash"))};
    matchup_ = fastchess_matchup_of(engines_, openings_file_, held_);
}

std::string FastchessLines::interval_block(const StatusSnapshot& s) const {
    if (s.engines > 2) {
        const std::string rule = std::string(FASTCHESS_RULE) + "\n";
        return rule + fastchess_rank_table(*s.all, s.settings->penta, true) + rule;
    }
    if (!s.settings->penta) return fastchess_interval(*s.encounter, *s.settings, matchup_) + "\n";
    // fastchess counts a game in its block once its pair is complete: Games is twice the pairs
    // (fishtest's worker asserts it), Wins/Losses/Draws are theirs.
    HeadToHead shown = *s.encounter;
    shown.games = s.encounter->paired;
    return fastchess_interval(shown, *s.settings, matchup_) + "\n";
}

// fastchess's cutechess format (output_cutechess.hpp): the score line every -scoreinterval
// games, the Elo line and SPRT line every -ratinginterval games (single games: that format has
// no pairs), both after the last game; at a verdict both, then "Tournament finished".
std::string FastchessLines::cutechess_block(const StatusSnapshot& s) const {
    const std::string score = fastchess_score_line(*s.encounter) + "\n";
    // More than two engines: the table of all of them (games only) for the Elo line.
    const std::string elo = s.engines > 2 ? fastchess_rank_table(*s.all, false, false)
                                          : fastchess_cutechess_elo(*s.encounter, *s.settings);
    std::string out = s.score_due || s.last ? score : "";
    if (s.games_interval_due || s.last) out += elo;
    if (s.verdict != SprtStatus::running) out += score + elo + "Tournament finished\n";
    return out;
}

std::string FastchessLines::status_block(const StatusSnapshot& s) const {
    if (s.engines < 2 || (s.engines > 2 && !s.all)) return "";
    if (cutechess_blocks_) return cutechess_block(s);
    // With pentanomial statistics -ratinginterval counts a pair's number once that pair is
    // complete; the block follows the match's last game whatever the interval.
    const bool interval = s.settings->penta ? s.pairs_interval_due : s.games_interval_due;
    std::string out = interval || s.last ? interval_block(s) : "";
    // The block again, then the verdict; no more games start.
    if (s.verdict != SprtStatus::running)
        out += interval_block(s) + fastchess_sprt_completed(*s.settings->sprt, s.verdict) + "\n";
    return out;
}

void FastchessLines::after_finished(const GameFinished& ev) {
    if (!ev.record.outcome.unterminated()) live_block(status_block(ev.status));
}

void FastchessLines::match_started(const MatchStarted& ev) {
    // fastchess says so as it shuffles a book with order=random, before the first game
    if (openings_random_) live_.line("Indexing opening suite...");
    StatusSink::match_started(ev);
}

void FastchessLines::match_ended(const MatchEnded& ev) {
    if (!out_.on()) return;
    // fastchess prints its blocks only as games finish: a match stopped early (a crash without
    // -recover, an interruption) closes without one.
    out_.text(Report::fastchess_forfeits(ev.games, ev.names, ev.stopping_game));
    if (ev.ended_early)
        out_.line(ev.state_file.empty()
                      ? std::string("Tournament was interrupted.")
                      : fmt::format("Tournament was interrupted. To resume the tournament, run: {} "
                                    "-config file={}",
                                    ev.program, ev.state_file));
    out_.line("Finished match");
    // fastchess's last lines: the match's wall time, then an empty line.
    const long long s = ev.seconds;
    out_.line(fmt::format("Total Time: {:02}:{:02}:{:02} (hours:minutes:seconds)\n", s / 3600, s / 60 % 60,
                          s % 60));
}

}  // namespace drawproxy::output
