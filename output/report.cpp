#include "output/report.h"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>

#include "output/pgn.h"
#include "output/status_lines.h"
#include "rules/notation.h"

namespace drawproxy::output {

using game::GameRecord;
using game::Outcome;
using game::outcome_category;
using game::PlyRecord;

namespace {

// The rows always in the results table, in print order (the automatic threefold and fifty
// moves only when counted: they exist only under the computer rules); others follow them.
struct Row {
    rules::Termination termination;
    bool claimed = false, drawn = false;
    bool always = true;
};
constexpr Row ROWS[] = {{rules::Termination::Checkmate},
                        {rules::Termination::Stalemate},
                        {rules::Termination::Threefold, true},
                        {rules::Termination::FiftyMoves, true},
                        {rules::Termination::Fivefold},
                        {rules::Termination::SeventyFiveMoves},
                        {rules::Termination::DeadPosition},
                        {rules::Termination::Agreement},
                        {rules::Termination::TimeForfeit},
                        {rules::Termination::TimeForfeit, false, true},
                        {rules::Termination::Threefold, false, false, false},
                        {rules::Termination::FiftyMoves, false, false, false}};

}  // namespace

Report::Report(std::vector<std::string> engine_names, std::string rules)
    : names_(std::move(engine_names)),
      rules_(std::move(rules)),
      results_(names_.size() * names_.size()),
      incorrect_claims_(names_.size(), 0) {}

int Report::index_of(const std::string& name) const {
    auto it = std::find(names_.begin(), names_.end(), name);
    return it == names_.end() ? -1 : int(it - names_.begin());
}

void Report::add(const GameRecord& g) {
    GameSummary s{g.number,
                  g.players[0] >= 0 ? g.players[0] : index_of(g.white),
                  g.players[1] >= 0 ? g.players[1] : index_of(g.black),
                  g.outcome,
                  int(g.plies.size()),
                  {g.incorrect_claims[0], g.incorrect_claims[1]},
                  rules::to_fen(g.start),
                  {},
                  g.time_control,
                  g.wall_ms,
                  {0, 0}};
    rules::Position pos = g.start;
    for (const PlyRecord& p : g.plies) {
        if (!p.move) break;  // a game taken from a resume state: its length is known, not its moves
        if (p.book)
            s.book.push_back(rules::to_uci(pos, p.move));
        else
            s.time_used_ms[pos.side_to_move()] += p.time_ms;
        pos.play(p.move);
    }
    if (!g.outcome.unterminated()) {
        if (s.white >= 0) incorrect_claims_[s.white] += g.incorrect_claims[0];
        if (s.black >= 0) incorrect_claims_[s.black] += g.incorrect_claims[1];
        if (s.white >= 0 && s.black >= 0 && s.white != s.black) {
            using stats::PlayerResult;
            const rules::Score score = g.outcome.score;
            const PlayerResult white = score == rules::Score::Draw        ? PlayerResult::draw
                                       : score == rules::Score::WhiteWins ? PlayerResult::win
                                                                          : PlayerResult::loss;
            const std::size_t n = names_.size(), w = std::size_t(s.white), b = std::size_t(s.black);
            results_[w * n + b].add(white);
            results_[b * n + w].add(PlayerResult(2 - int(white)));
        }
    }
    games_.push_back(std::move(s));
}

std::string Report::started_line(const GameRecord& g, int total) {
    return fmt::format("Started game {} of {} ({} vs {})", g.number, total, g.white, g.black);
}

std::string Report::finished_line(const GameRecord& g) {
    const Outcome& o = g.outcome;
    std::string who;
    if (o.claimed) {
        // The claimant is the side to move after the last ply.
        who = fmt::format(", claimed by {}", g.to_move() == rules::WHITE ? g.white : g.black);
    } else if (!o.loser_name.empty() && o.termination != rules::Termination::Checkmate) {
        who = fmt::format(", {} loses", o.loser_name);
    }
    return fmt::format("Finished game {} ({} vs {}): {} {{{}{}}}", g.number, g.white, g.black,
                       o.result_text(), o.rule_text(), who);
}

std::string Report::runner_finished_line(const GameRecord& g, rules::Wording wording) {
    return fmt::format("Finished game {} ({} vs {}): {} {{{}}}", g.number, g.white, g.black,
                       g.outcome.result_text(), runner_reason_text(g, wording));
}

std::string Report::fastchess_warnings(const GameRecord& g) {
    if (g.outcome.termination != rules::Termination::IllegalMove) return "";
    // The side to move after the last legal ply made it.
    const std::string& name = g.to_move() == rules::WHITE ? g.white : g.black;
    const std::string move = g.outcome.move.empty() ? "<none>" : g.outcome.move;
    std::string out;
    // fastchess's isUciMove: four or five characters, lowercase squares and promotion.
    const auto uci_shape = [](const std::string& m) {
        if (m.size() != 4 && m.size() != 5) return false;
        for (std::size_t i = 0; i < 4; ++i)
            if (i % 2 ? (m[i] < '1' || m[i] > '8') : (m[i] < 'a' || m[i] > 'h')) return false;
        return m.size() == 4 || std::string_view("qrbn").find(m[4]) != std::string_view::npos;
    };
    if (!g.outcome.move.empty() && !uci_shape(move))
        out = fmt::format(
            "Warning; Move does not match uci move format, lowercase and 4/5 chars. Move {} played by {}\n",
            move, name);
    return out + fmt::format("Warning; Illegal move {} played by {}", move, name);
}

std::string Report::fastchess_forfeits(const std::vector<GameRecord>& games,
                                       const std::vector<std::string>& names, int uncounted) {
    std::vector<std::pair<int, int>> counts(names.size());  // timeouts, crashes
    for (const GameRecord& g : games) {
        const rules::Termination t = g.outcome.termination;
        if (g.outcome.score == rules::Score::Draw || g.number == uncounted) continue;  // a loser only
        const std::string& loser = g.outcome.score == rules::Score::WhiteWins ? g.black : g.white;
        const auto at = std::find(names.begin(), names.end(), loser);
        if (at == names.end()) continue;
        auto& [timeouts, crashes] = counts[std::size_t(at - names.begin())];
        if (t == rules::Termination::TimeForfeit) ++timeouts;
        if (t == rules::Termination::Crash || t == rules::Termination::Stall) ++crashes;
    }
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i)
        if (counts[i].first || counts[i].second)
            out += fmt::format("Player: {}\n  Timeouts: {}\n  Crashed: {}\n", names[i], counts[i].first,
                               counts[i].second);
    return out.empty() ? out : "\n" + out + "\n";
}

stats::Trinomial Report::tally(int a, int b) const {
    const std::size_t n = names_.size();
    return a < 0 || b < 0 ? stats::Trinomial{} : results_[std::size_t(a) * n + std::size_t(b)];
}

std::string Report::score_line(int a, int b) const {
    const stats::Trinomial t = tally(a, b);
    const int n = t.wins + t.losses + t.draws;
    const double pct = n ? (t.wins + 0.5 * t.draws) / n : 0.0;
    return fmt::format("Score of {} vs {}: {} - {} - {} [{:.3f}] {}", names_[a], names_[b], t.wins, t.losses,
                       t.draws, pct, n);
}

std::string Report::elo_line(int a, int b) const {
    const stats::EloStats e = drawproxy_elo(tally(a, b));
    return fmt::format("Elo difference: {}, DrawRatio: {:.1f} %", estimate_text(e.elo, e.elo_error),
                       e.draw_ratio * 100);
}

std::string Report::reason_table() const {
    std::vector<std::pair<std::string, bool>> order;  // row, shown when zero
    for (const Row& r : ROWS)
        order.emplace_back(rules::ending_category(r.termination, {}, {}, {r.claimed, false, r.drawn}),
                           r.always);
    std::map<std::string, int[3]> counts;  // 1-0, 0-1, 1/2
    // The event's rules (cutechess-cli's adjudication) in a block of their own, under the Laws'.
    std::map<std::string, int[3]> event_rules;  // by rule
    int scored = 0;
    for (const GameSummary& g : games_) {
        if (g.outcome.unterminated()) continue;
        ++scored;
        if (g.outcome.termination == rules::Termination::Adjudication) {
            event_rules[g.outcome.article][int(g.outcome.score)]++;
            continue;
        }
        std::string c = outcome_category(g.outcome);
        if (std::none_of(order.begin(), order.end(), [&](const auto& row) { return row.first == c; }))
            order.emplace_back(c, true);
        counts[c][int(g.outcome.score)]++;
    }
    std::string out = fmt::format("Results by reason ({} games, rules {}):\n", scored, rules_);
    out += fmt::format("  {:<26}{:>6}{:>6}{:>6}{:>6}\n", "reason", "games", "1-0", "0-1", "1/2");
    auto row = [&](const std::string& label, const int* n) {
        out += fmt::format("  {:<26}{:>6}{:>6}{:>6}{:>6}\n", label, n[0] + n[1] + n[2], n[0], n[1], n[2]);
    };
    for (const auto& [c, always] : order) {
        auto it = counts.find(c);
        if (it != counts.end())
            row(c, it->second);
        else if (always)
            out += fmt::format("  {:<26}{:>6}{:>6}{:>6}{:>6}\n", c, 0, 0, 0, 0);
    }
    if (!event_rules.empty()) {
        out += "  by event rule:\n";
        for (const auto& [rule, n] : event_rules) row(rule, n);
    }
    return out;
}

std::string Report::claims_table() const {
    std::string out = "Incorrect claims (9.5) by engine:\n";
    for (std::size_t i = 0; i < names_.size(); ++i)
        out += fmt::format("  {:<26}{:>6}\n", names_[i], incorrect_claims_[i]);
    return out;
}

std::string Report::crosstable() const {
    const int n = int(names_.size());
    std::vector<double> points(n, 0);
    std::vector<int> played(n, 0);
    for (const GameSummary& g : games_) {
        if (g.white < 0 || g.black < 0 || g.outcome.unterminated()) continue;
        played[g.white]++, played[g.black]++;
        double w = g.outcome.score == rules::Score::WhiteWins ? 1
                   : g.outcome.score == rules::Score::Draw    ? 0.5
                                                              : 0;
        points[g.white] += w;
        points[g.black] += 1 - w;
    }
    std::vector<int> rank(n);
    for (int i = 0; i < n; ++i) rank[i] = i;
    std::stable_sort(rank.begin(), rank.end(), [&](int a, int b) { return points[a] > points[b]; });
    std::string out = fmt::format("{:<4}{:<20}{:>8}{:>7}", "#", "engine", "points", "games");
    for (int j : rank) out += fmt::format("{:>10.10}", names_[j]);
    out += '\n';
    for (int r = 0; r < n; ++r) {
        int i = rank[r];
        out += fmt::format("{:<4}{:<20.20}{:>8.1f}{:>7}", r + 1, names_[i], points[i], played[i]);
        for (int j : rank) {
            if (i == j) {
                out += fmt::format("{:>10}", "-");
                continue;
            }
            const stats::Trinomial t = tally(i, j);
            out += t.wins + t.losses + t.draws
                       ? fmt::format("{:>10}", fmt::format("{}-{}-{}", t.wins, t.losses, t.draws))
                       : fmt::format("{:>10}", ".");
        }
        out += '\n';
    }
    return out;
}

nlohmann::json Report::json() const {
    nlohmann::json j;
    j["rules"] = rules_;
    j["engines"] = names_;
    std::vector<const GameSummary*> order;
    order.reserve(games_.size());
    for (const GameSummary& g : games_) order.push_back(&g);
    std::stable_sort(order.begin(), order.end(),
                     [](const GameSummary* a, const GameSummary* b) { return a->number < b->number; });
    nlohmann::json games = nlohmann::json::array();
    nlohmann::json finish_order = nlohmann::json::array();
    for (const GameSummary& g : games_) finish_order.push_back(g.number);
    std::map<std::string, int> by_reason;      // the ResultRule reason -> scored games
    std::map<std::string, int> by_event_rule;  // adjudication rule -> games
    for (const GameSummary* gp : order) {
        const GameSummary& g = *gp;
        nlohmann::json o;
        o["game"] = g.number;
        o["white"] = g.white >= 0 ? names_[g.white] : "";
        o["black"] = g.black >= 0 ? names_[g.black] : "";
        o["result"] = g.outcome.result_text();
        o["reason"] = g.outcome.word();
        o["article"] = g.outcome.article;
        o["claimed"] = g.outcome.claimed;
        if (!g.outcome.move.empty()) o["move"] = g.outcome.move;
        o["result_rule"] = g.outcome.rule_text();
        o["opening"] = {{"fen", g.start_fen}, {"moves", g.book}};
        o["time_control"] = g.time_control;
        o["plies"] = g.plies;
        o["wall_time_ms"] = g.wall_ms;
        o["time_used_ms"] = {{"white", g.time_used_ms[0]}, {"black", g.time_used_ms[1]}};
        o["incorrect_claims"] = {{"white", g.incorrect_claims[0]}, {"black", g.incorrect_claims[1]}};
        games.push_back(std::move(o));
        if (g.outcome.unterminated()) continue;
        by_reason[std::string(g.outcome.word())]++;
        if (g.outcome.termination == rules::Termination::Adjudication) by_event_rule[g.outcome.article]++;
    }
    j["games"] = std::move(games);
    // The order the games finished in, which is the order they were appended to the PGN file.
    j["finish_order"] = std::move(finish_order);
    j["by_reason"] = by_reason;
    j["by_event_rule"] = by_event_rule;
    nlohmann::json pairs = nlohmann::json::array();
    for (std::size_t a = 0; a < names_.size(); ++a) {
        for (std::size_t b = a + 1; b < names_.size(); ++b) {
            const stats::Trinomial t = tally(int(a), int(b));
            if (t.wins + t.losses + t.draws == 0) continue;
            const stats::EloStats e = drawproxy_elo(t);
            nlohmann::json p = {{"a", names_[a]},     {"b", names_[b]},   {"wins", t.wins},
                                {"losses", t.losses}, {"draws", t.draws}, {"score", e.score}};
            put_number(p, "elo", e.elo);
            // As the text: no interval where the counts give none (see estimate_text).
            if (std::isfinite(e.elo) && std::isfinite(e.elo_error) && e.elo_error > 0) {
                put_number(p, "elo_error", e.elo_error);
                put_number(p, "elo_lower", e.elo - e.elo_error);
                put_number(p, "elo_upper", e.elo + e.elo_error);
            }
            pairs.push_back(std::move(p));
        }
    }
    j["pairs"] = std::move(pairs);
    nlohmann::json claims;
    for (std::size_t i = 0; i < names_.size(); ++i) claims[names_[i]] = incorrect_claims_[i];
    j["incorrect_claims"] = claims;
    return j;
}

}  // namespace drawproxy::output
