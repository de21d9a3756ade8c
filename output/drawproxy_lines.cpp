#include "output/drawproxy_lines.h"

#include <fmt/format.h>

#include <algorithm>

#include "output/knockout_text.h"
#include "output/status_lines.h"

namespace drawproxy::output {

void DrawproxyLines::seed_notice(std::uint64_t seed) const {
    out_.line(fmt::format("Seed {} from the clock (-srand {} plays these openings and book moves again)",
                          seed, seed));
}

std::string DrawproxyLines::status_block(const StatusSnapshot& s) {
    std::string out;
    if (s.games_interval_due && s.engines == 2)
        out += drawproxy_elo_line(elo_stats(s.encounter->games)) + "\n" +
               drawproxy_stats_lines(*s.encounter, *s.settings);
    if (s.verdict != SprtStatus::running)
        out += fmt::format("SPRT: {} accepted after {} games; the games still running finish\n",
                           to_string(s.verdict), s.games);
    return out;
}

void DrawproxyLines::after_finished(const GameFinished& ev) {
    if (ev.record.outcome.unterminated()) return;
    const StatusSnapshot& s = ev.status;
    if (s.score_due) live_.line(ev.report.score_line(std::min(s.white, s.black), std::max(s.white, s.black)));
    live_block(status_block(s));
}

void DrawproxyLines::match_ended(const MatchEnded& ev) {
    if (!out_.on()) return;
    live_.line("");
    const int n = int(ev.names.size());
    for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; ++b) {
            if (ev.report.tally(a, b).games() == 0) continue;
            out_.line(ev.report.score_line(a, b));
            out_.line(ev.report.elo_line(a, b));
            out_.text(drawproxy_stats_lines(ev.stats.encounter(a, b), ev.settings));
        }
    if (n > 2) live_.text(ev.report.crosstable());
    if (ev.knockout) live_.text("Knockout:\n" + cutechess_knockout_text(*ev.knockout, ev.names) + "\n");
    live_.text(ev.report.reason_table());
    live_.text(ev.report.claims_table());
    out_.line("Finished match");
}

}  // namespace drawproxy::output
