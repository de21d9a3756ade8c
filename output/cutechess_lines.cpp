#include "output/cutechess_lines.h"

#include "output/status_lines.h"

namespace drawproxy::output {

std::string CutechessLines::status_block(const StatusSnapshot& s) {
    std::string out;
    if (s.score_due) out += cutechess_score_line(*s.encounter) + "\n";
    if (s.games_interval_due && s.engines == 2) out += cutechess_results(*s.encounter, *s.settings) + "\n";
    return out;
}

void CutechessLines::after_finished(const GameFinished& ev) {
    if (!ev.record.outcome.unterminated()) return live_block(status_block(ev.status));
    if (ev.status.engines != 2) return;
    unterminated_line_at_ = ev.status.games;  // cutechess-cli prints its score line after it too
    live_.line(cutechess_score_line(*ev.status.encounter));
}

std::string CutechessLines::final_block(const MatchEnded& ev) const {
    if (ev.names.size() != 2) return "";
    const HeadToHead& h = ev.stats.encounter(0, 1);
    // A match that ended before its planned last game (an SPRT verdict) closes with the score
    // line -scoreinterval left out. Without a game (an engine that did not start, an
    // interruption) cutechess-cli still prints its results block, of "nan" figures.
    const bool scored = ev.score_due_at_end || unterminated_line_at_ == ev.games_counted;
    std::string out = ev.games_counted == 0 || scored ? "" : cutechess_score_line(h) + "\n";
    return out + (ev.interval_at_end ? "" : cutechess_results(h, ev.settings) + "\n");
}

void CutechessLines::match_ended(const MatchEnded& ev) {
    if (!out_.on()) return;
    out_.text(final_block(ev));
    out_.line("Finished match");
}

}  // namespace drawproxy::output
