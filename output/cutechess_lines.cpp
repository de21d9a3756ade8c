#include "output/cutechess_lines.h"

#include <fmt/format.h>

#include "output/knockout_text.h"
#include "output/pgn.h"
#include "output/status_lines.h"

namespace drawproxy::output {

OutcomeTally::OutcomeTally(std::vector<std::string> names)
    : names_(std::move(names)), counts_(names_.size()) {}

void OutcomeTally::add(int white, int black, const GameRecord& g, rules::Wording wording) {
    if (white < 0 || black < 0 || std::size_t(white) >= counts_.size() ||
        std::size_t(black) >= counts_.size())
        return;
    const std::string reason = runner_reason_text(g, wording);
    const rules::Score s = g.outcome.score;
    if (g.outcome.unterminated() || s == rules::Score::Draw) {
        ++counts_[std::size_t(white)][reason];
        ++counts_[std::size_t(black)][reason];
        return;
    }
    const bool white_won = s == rules::Score::WhiteWins;
    ++counts_[std::size_t(white_won ? white : black)]["Win: " + reason];
    ++counts_[std::size_t(white_won ? black : white)]["Loss: " + reason];
}

std::string OutcomeTally::text() const {
    std::string out;
    for (std::size_t i = 0; i < names_.size(); ++i) {
        out += "\nPlayer: " + names_[i];
        for (const auto& [reason, n] : counts_[i]) out += fmt::format("\n   \"{}\": {}", reason, n);
    }
    return out;
}

namespace {

std::vector<std::string> names_of(const std::vector<RankedPlayer>& players) {
    std::vector<std::string> names;
    for (const RankedPlayer& p : players) names.push_back(p.name);
    return names;
}

}  // namespace

CutechessLines::CutechessLines(Console live, Console out, const PgnFile* crc, rules::Wording wording,
                               std::vector<RankedPlayer> players, int outcome_interval, CutechessTable table,
                               bool openings_random)
    : StatusSink(live, out, crc, wording),
      openings_random_(openings_random),
      outcomes_(names_of(players)),
      standings_(std::move(players)),
      table_(std::move(table)),
      outcome_interval_(outcome_interval) {}

void CutechessLines::count(int white, int black, const GameRecord& g) {
    if (!lists_outcomes()) return;
    outcomes_.add(white, black, g, wording_);
    standings_.add(white, black, g);
}

void CutechessLines::match_started(const MatchStarted& ev) {
    // cutechess-cli says so as it reads its options, fastchess as it loads the book
    if (openings_random_) live_.line("Indexing opening suite...");
    StatusSink::match_started(ev);
    for (const GameRecord& g : ev.carried) {
        count(g.players[0], g.players[1], g);
        ++finished_;
    }
}

std::string CutechessLines::status_block(const StatusSnapshot& s) const {
    std::string out;
    if (s.score_due && !ranks(s.engines)) out += cutechess_score_line(*s.encounter) + "\n";
    if (s.games_interval_due && s.knockout)
        out += cutechess_knockout_text(*s.knockout, outcomes_.names()) + "\n";
    else if (s.games_interval_due && s.engines == 2)
        out += cutechess_results(*s.encounter, *s.settings) + "\n";
    else if (s.games_interval_due && ranks(s.engines))
        out += cutechess_ranking(standings_, table_.format, table_.gauntlet_seeds, *s.settings) + "\n";
    return out;
}

void CutechessLines::after_finished(const GameFinished& ev) {
    count(ev.status.white, ev.status.black, ev.record);
    ++finished_;
    if (!ev.record.outcome.unterminated()) {
        live_block(status_block(ev.status));
    } else if (ev.status.engines == 2) {
        unterminated_line_at_ = ev.status.games;  // cutechess-cli prints its score line after it too
        live_.line(cutechess_score_line(*ev.status.encounter));
    }
    if (lists_outcomes() && outcome_interval_ > 0 && finished_ % outcome_interval_ == 0)
        live_.line(outcomes_.text());
}

std::string CutechessLines::final_block(const MatchEnded& ev) const {
    std::string out;
    if (ev.names.size() == 2) {
        const HeadToHead& h = ev.stats.encounter(0, 1);
        // A match that ended before its planned last game (an SPRT verdict) closes with the score
        // line -scoreinterval left out. Without a game (an engine that did not start, an
        // interruption) cutechess-cli still prints its results block, of "nan" figures.
        const bool scored = ev.score_due_at_end || unterminated_line_at_ == ev.games_counted;
        if (ev.games_counted > 0 && !scored) out += cutechess_score_line(h) + "\n";
        if (!ev.interval_at_end && !ev.knockout) out += cutechess_results(h, ev.settings) + "\n";
    }
    if (!ev.interval_at_end && ev.knockout)
        out += cutechess_knockout_text(*ev.knockout, ev.names) + "\n";
    else if (ranks(int(ev.names.size())) && !ev.interval_at_end)
        out += cutechess_ranking(standings_, table_.format, table_.gauntlet_seeds, ev.settings) + "\n";
    if (lists_outcomes() && (outcome_interval_ == 0 || finished_ % outcome_interval_ != 0))
        out += outcomes_.text() + "\n";
    return out;
}

void CutechessLines::match_ended(const MatchEnded& ev) {
    if (!out_.on()) return;
    out_.text(final_block(ev));
    out_.line("Finished match");
}

}  // namespace drawproxy::output
