#include "output/status_sink.h"

#include <fmt/format.h>

namespace drawproxy::output {

void StatusSink::match_started(const MatchStarted& ev) {
    if (ev.resumed)
        live_.line(fmt::format("Resuming match from {}: {} games played, {} to play", ev.resumed->state_file,
                               ev.resumed->played, ev.resumed->to_play));
    if (ev.clock_seed && out_.on()) seed_notice(*ev.clock_seed);
}

void StatusSink::seed_notice(std::uint64_t seed) const {
    // The runners' formats are theirs: the note goes beside them.
    notice(fmt::format("drawproxy: seed {} from the clock (-srand {} repeats the match)", seed, seed));
}

void StatusSink::game_started(const GameStarted& ev) {
    GameRecord head;
    head.number = ev.number;
    head.white = ev.white;
    head.black = ev.black;
    live_.line(Report::started_line(head, ev.total));
}

void StatusSink::game_finished(const GameFinished& ev) {
    const GameRecord& g = ev.record;
    // (the warnings about its search were said as they arose: engine_warning)
    if (!g.outcome.unterminated())
        if (const std::string w = warnings(g); !w.empty()) live_.line(w);
    // The PGN file has the game before its finished line, as fastchess writes it.
    if (crc_)
        if (const std::string c = crc_->crc_line(); !c.empty()) live_.line(c);
    live_.line(finished_line(g));
    after_finished(ev);
}

void StatusSink::unknown_options(const game::EngineConfig& e, const std::vector<std::string>& unknown) {
    if (!warned_.insert(&e).second) return;
    for (const std::string& name : unknown)
        notice(fmt::format("warning: engine '{}' has no option '{}'", e.name, name));
}

std::string StatusSink::warnings(const GameRecord& g) const {
    return wording_ == rules::Wording::fastchess ? Report::fastchess_warnings(g) : "";
}

std::string StatusSink::finished_line(const GameRecord& g) const {
    if (wording_ == rules::Wording::drawproxy) return Report::finished_line(g);
    return Report::runner_finished_line(g, wording_);
}

void StatusSink::engine_warning(const std::string& line) {
    if (wording_ != rules::Wording::fastchess || !out_.on()) return;
    out_.line(line);
    out_.flush();
}

void StatusSink::live_block(const std::string& block) const {
    if (!block.empty()) live_.line(block.substr(0, block.size() - 1));
}

}  // namespace drawproxy::output
