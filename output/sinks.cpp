#include "output/sinks.h"

#include <fmt/format.h>

#include "output/console.h"
#include "output/cutechess_lines.h"
#include "output/drawproxy_lines.h"
#include "output/epd_file.h"
#include "output/fastchess_lines.h"
#include "output/html_file.h"
#include "output/json_file.h"
#include "output/pgn_file.h"

namespace drawproxy::output {

namespace {

std::vector<std::string> names_of(const std::vector<game::EngineConfig>& engines) {
    std::vector<std::string> names;
    for (const auto& e : engines) names.push_back(e.name);
    return names;
}

// Each engine as cutechess-cli's results table starts it: its name and time control.
std::vector<RankedPlayer> ranked_players(const std::vector<game::EngineConfig>& engines) {
    std::vector<RankedPlayer> players;
    for (const auto& e : engines) players.push_back({e.name, cutechess_tc_text(e.tc), {}, {}, {}});
    return players;
}

std::unique_ptr<Sink> status_sink(const SinkSettings& s, const PgnFile* pgn) {
    const Console out(s.out), live(s.quiet ? nullptr : s.out);
    switch (s.format) {
        case OutputFormat::cutechess:
            if (s.wording == rules::Wording::fastchess)  // fastchess's own cutechess format
                return std::make_unique<FastchessLines>(live, out, pgn, *s.engines, "", s.openings_random,
                                                        true);
            return std::make_unique<CutechessLines>(live, out, pgn, s.wording, ranked_players(*s.engines),
                                                    s.outcome_interval, s.cutechess_table, s.openings_random);
        case OutputFormat::fastchess:
            return std::make_unique<FastchessLines>(live, out, pgn, *s.engines, s.openings_file,
                                                    s.openings_random);
        default:
            return std::make_unique<DrawproxyLines>(live, out, pgn, s.wording);
    }
}

}  // namespace

std::vector<std::unique_ptr<Sink>> make_sinks(const SinkSettings& s) {
    std::vector<std::unique_ptr<Sink>> sinks;
    const PgnFile* pgn = nullptr;
    if (!s.pgn.empty()) {
        auto file = std::make_unique<PgnFile>(s.pgn, s.pgn_append, s.pgn_minimal, s.wording, *s.fastchess);
        pgn = file.get();
        sinks.push_back(std::move(file));
    }
    if (!s.epd.empty()) sinks.push_back(std::make_unique<EpdFile>(s.epd, s.epd_append, s.wording));
    sinks.push_back(status_sink(s, pgn));
    sinks.push_back(std::make_unique<InterruptNotice>());
    if (!s.json.empty()) sinks.push_back(std::make_unique<JsonFile>(s.json, s.pgn));
    if (!s.html.empty())
        sinks.push_back(std::make_unique<HtmlFile>(s.html, s.rating_interval, names_of(*s.engines), s.rules));
    return sinks;
}

void InterruptNotice::match_ended(const MatchEnded& ev) {
    if (ev.interrupted.empty()) return;
    int unterminated = 0;
    for (const GameRecord& g : ev.games) unterminated += g.outcome.unterminated();
    notice(fmt::format("drawproxy: match interrupted by {}: {} games finished, {} unterminated",
                       ev.interrupted, int(ev.games.size()) - unterminated, unterminated));
}

}  // namespace drawproxy::output
