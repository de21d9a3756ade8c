#include "output/html_page.h"

#include <fmt/format.h>
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>

#include "html/match_page.h"
#include "output/status_lines.h"
#include "rules/notation.h"

namespace drawproxy::output {

using game::GameRecord;
using game::Outcome;
using game::PlyRecord;

namespace {

rules::Score score_of(const std::string& result) {
    return result == "1-0"   ? rules::Score::WhiteWins
           : result == "0-1" ? rules::Score::BlackWins
                             : rules::Score::Draw;
}

// Reason categories of the event's rules (and forfeits), shown apart from the Laws'.
bool is_event_rule(const html::GameView& g) {
    return g.termination && rules::is_event_ending(*g.termination);
}

std::string category(const html::GameView& g) {
    return rules::ending_category(g.termination, g.reason, g.article,
                                  {g.claimed, false, score_of(g.result) == rules::Score::Draw});
}

// The claim notes in a PGN comment text (comments of one move are joined by spaces).
std::vector<std::string> claim_notes(std::string_view text) {
    std::vector<std::string> notes;
    std::size_t at = text.find("claim ");
    while (at != std::string_view::npos) {
        std::size_t end = text.size();
        for (std::string_view stop : {" claim ", " (=)", " agreement refused", " Draw"})
            end = std::min(end, text.find(stop, at + 1));
        notes.emplace_back(text.substr(at, end - at));
        at = text.find("claim ", end);
    }
    return notes;
}

std::string json_string(const nlohmann::json& j, const char* key) {
    auto it = j.find(key);
    if (it == j.end()) return "";
    if (it->is_string()) return it->get<std::string>();
    if (it->is_number()) return it->dump();
    return "";
}

std::string fixed(double v, int decimals) {
    if (!std::isfinite(v)) return v > 0 ? "inf" : "-inf";
    if (std::abs(v) < 0.5 * std::pow(10.0, -decimals)) v = 0;
    return fmt::format("{:.{}f}", v, decimals);
}

}  // namespace

html::GameView game_view(const GameRecord& g) {
    html::GameView v;
    v.number = g.number;
    v.white = g.white;
    v.black = g.black;
    v.start = g.start;
    if (g.from_fen) v.opening = rules::to_fen(g.start);
    v.result = std::string(rules::score_text(g.outcome.score));
    v.reason = g.outcome.word();
    v.termination = g.outcome.termination;
    v.article = g.outcome.article;
    v.move = g.outcome.move;
    v.claimed = g.outcome.claimed;
    v.final_notes = g.final_notes;
    v.incorrect_claims[0] = g.incorrect_claims[0];
    v.incorrect_claims[1] = g.incorrect_claims[1];
    if (std::any_of(g.plies.begin(), g.plies.end(), [](const PlyRecord& p) { return !p.move; })) {
        // Taken from a resume state (match_state.h, record_of): its length, not its moves.
        v.carried = true;
        v.carried_plies = int(g.plies.size());
        return v;
    }
    v.plies.reserve(g.plies.size());
    std::int64_t total = 0;
    for (const PlyRecord& p : g.plies) {
        html::PlyView pv;
        pv.move = p.move;
        pv.book = p.book;
        pv.has_score = p.has_score;
        pv.mate = p.mate;
        pv.score = p.score;
        pv.time_ms = int(p.time_ms);
        pv.offered_draw = p.offered_draw;
        pv.notes = p.notes;
        total += p.time_ms;
        v.plies.push_back(std::move(pv));
    }
    v.duration_ms = total;
    return v;
}

html::GameView game_view(const rules::PgnGame& g) {
    html::GameView v;
    v.number = g.number;
    v.white = std::string(g.tag("White"));
    v.black = std::string(g.tag("Black"));
    v.start = g.start;
    if (!g.tag("Opening").empty())
        v.opening = std::string(g.tag("Opening"));
    else if (!g.tag("ECO").empty())
        v.opening = std::string(g.tag("ECO"));
    else if (!g.tag("FEN").empty())
        v.opening = std::string(g.tag("FEN"));
    v.result = g.result.empty() ? std::string(g.tag("Result")) : g.result;
    // [ResultRule "<reason> <article>[ move <uci>]"]
    const std::string_view rule = g.tag("ResultRule");
    const std::size_t space = rule.find(' ');
    v.reason = std::string(rule.substr(0, space));
    if (space != std::string_view::npos) {
        std::string_view rest = rule.substr(space + 1);
        const std::size_t mv = rest.find(" move ");
        v.article = std::string(rest.substr(0, mv));
        if (mv != std::string_view::npos) v.move = std::string(rest.substr(mv + 6));
    }
    v.termination = rules::parse_termination(v.reason);
    const bool computer = g.tag("Rules") == "computer";
    v.claimed = !computer && (v.termination == rules::Termination::Threefold ||
                              v.termination == rules::Termination::FiftyMoves);
    std::int64_t total = 0;
    bool times = false;
    for (int i = 0; i < g.ply_count(); ++i) {
        const rules::PgnMoveNote& n = g.notes[i];
        html::PlyView p;
        p.move = g.moves[i];
        p.book = n.book;
        if (n.mate) {
            p.has_score = p.mate = true;
            p.score = *n.mate;
        } else if (n.score_cp) {
            p.has_score = true;
            p.score = *n.score_cp;
        }
        if (n.elapsed_ms) {
            p.time_ms = *n.elapsed_ms;
            total += *n.elapsed_ms;
            times = true;
        }
        const std::string_view text = g.comment(i);
        p.offered_draw = text.find("(=)") != std::string_view::npos;
        for (std::string& note : claim_notes(text)) {
            // A right claim ended the game: it is noted after the last move, not at it.
            if (note.ends_with(": correct")) {
                v.final_notes.push_back(std::move(note));
                continue;
            }
            if (note.find(": incorrect") != std::string::npos) {
                const bool white_moved = (int(g.start.side_to_move()) + i) % 2 == 0;
                v.incorrect_claims[white_moved ? 0 : 1]++;
            }
            p.notes.push_back(std::move(note));
        }
        v.plies.push_back(std::move(p));
    }
    if (times) v.duration_ms = total;
    return v;
}

void add_summary_fields(html::GameView& g, const nlohmann::json& j) {
    if (!j.is_object()) return;
    if (auto it = j.find("opening"); it != j.end()) {
        if (it->is_string())
            g.opening = it->get<std::string>();
        else if (it->is_object())
            for (const char* key : {"name", "eco", "fen", "id"})
                if (std::string s = json_string(*it, key); !s.empty()) {
                    g.opening = s;
                    break;
                }
    }
    for (const char* key : {"duration_ms", "time_ms"})
        if (auto it = j.find(key); it != j.end() && it->is_number()) g.duration_ms = it->get<std::int64_t>();
    if (auto it = j.find("duration"); it != j.end() && it->is_number())
        g.duration_ms = std::int64_t(it->get<double>() * 1000);
}

std::vector<html::GameView> game_views(const nlohmann::json& summary) {
    std::vector<html::GameView> games;
    auto list = summary.find("games");
    if (list == summary.end() || !list->is_array()) return games;
    for (const nlohmann::json& j : *list) {
        if (!j.is_object()) continue;
        html::GameView g;
        if (auto n = j.find("game"); n != j.end() && n->is_number_integer()) g.number = n->get<int>();
        g.white = json_string(j, "white");
        g.black = json_string(j, "black");
        g.result = json_string(j, "result");
        g.reason = json_string(j, "reason");
        g.termination = rules::parse_termination(g.reason);
        g.article = json_string(j, "article");
        g.move = json_string(j, "move");
        if (auto c = j.find("claimed"); c != j.end() && c->is_boolean()) g.claimed = c->get<bool>();
        if (auto c = j.find("incorrect_claims"); c != j.end() && c->is_object()) {
            if (auto w = c->find("white"); w != c->end() && w->is_number_integer())
                g.incorrect_claims[0] = w->get<int>();
            if (auto b = c->find("black"); b != c->end() && b->is_number_integer())
                g.incorrect_claims[1] = b->get<int>();
        }
        add_summary_fields(g, j);
        games.push_back(std::move(g));
    }
    return games;
}

namespace {

using Headline = std::vector<std::pair<std::string, std::string>>;

void add_line(Headline& h, std::string label, std::string value) {
    if (!value.empty()) h.emplace_back(std::move(label), std::move(value));
}

// The engines, from the summary or else in order of appearance, and a title from them.
void complete_engines_and_title(html::MatchView& m, const nlohmann::json* summary) {
    if (m.engines.empty()) {
        if (summary && summary->contains("engines") && (*summary)["engines"].is_array())
            for (const auto& e : (*summary)["engines"])
                if (e.is_string()) m.engines.push_back(e.get<std::string>());
        for (const html::GameView& g : m.games)
            for (const std::string* name : {&g.white, &g.black})
                if (std::find(m.engines.begin(), m.engines.end(), *name) == m.engines.end())
                    m.engines.push_back(*name);
    }
    if (m.title.empty()) {
        m.title = m.engines.size() == 2 ? m.engines[0] + " vs " + m.engines[1] : "Tournament";
        if (m.engines.size() > 2) m.title += " of " + std::to_string(m.engines.size()) + " engines";
    }
}

// The first engine's score and Elo after each game; returns its counts over all of them.
stats::Trinomial complete_progress(html::MatchView& m) {
    stats::Trinomial counts;
    const std::string first = m.engines.empty() ? "" : m.engines[0];
    m.progress.clear();
    for (const html::GameView& g : m.games) {
        const int side = g.white == first ? 1 : g.black == first ? -1 : 0;
        if (side && g.result != "*") {
            using stats::PlayerResult;
            counts.add(g.result == "1/2-1/2"                ? PlayerResult::draw
                       : (g.result == "1-0") == (side == 1) ? PlayerResult::win
                                                            : PlayerResult::loss);
        }
        const stats::EloStats e = drawproxy_elo(counts);
        html::ProgressPoint p;
        p.score_pct = 100 * e.score;
        p.elo = e.elo;
        p.elo_lo = std::isfinite(e.elo_error) ? e.elo - e.elo_error : -INFINITY;
        p.elo_hi = std::isfinite(e.elo_error) ? e.elo + e.elo_error : INFINITY;
        m.progress.push_back(p);
    }

    return counts;
}

// Statistics the summary may carry for the first pair, read as found: nElo, LOS, the
// pentanomial counts and the SPRT.
void add_pair_statistics(Headline& h, const nlohmann::json& summary) {
    auto add = [&h](std::string label, std::string value) {
        add_line(h, std::move(label), std::move(value));
    };
    const nlohmann::json* pair = nullptr;
    if (auto it = summary.find("pairs"); it != summary.end() && it->is_array() && !it->empty())
        pair = &(*it)[0];
    if (pair) {
        const nlohmann::json& p = *pair;
        if (auto it = p.find("nelo"); it != p.end() && it->is_number()) {
            double error = 0;  // none: no interval
            if (auto e = p.find("nelo_error"); e != p.end() && e->is_number()) error = e->get<double>();
            add("nElo (95%)", estimate_text(it->get<double>(), error, "±"));
        }
        if (auto it = p.find("los"); it != p.end() && it->is_number())
            add("LOS", fixed(it->get<double>() * (it->get<double>() <= 1 ? 100 : 1), 1) + " %");
        if (auto it = p.find("pentanomial"); it != p.end() && it->is_array()) {
            std::string v;
            for (const auto& x : *it) v += (v.empty() ? "[" : ", ") + x.dump();
            if (!v.empty()) add("pentanomial [LL, LD, WL+DD, WD, WW]", v + "]");
        }
    }
    const nlohmann::json* sprt = nullptr;
    if (auto it = summary.find("sprt"); it != summary.end() && it->is_object()) sprt = &*it;
    if (pair)
        if (auto it = pair->find("sprt"); it != pair->end() && it->is_object()) sprt = &*it;
    if (!sprt) return;
    std::string v;
    for (const char* key : {"state", "result", "status"})
        if (std::string s = json_string(*sprt, key); !s.empty() && v.empty()) v = s;
    for (const char* key : {"llr", "LLR"})
        if (auto it = sprt->find(key); it != sprt->end() && it->is_number())
            v += fmt::format("{}LLR {:.2f}", v.empty() ? "" : ", ", it->get<double>());
    auto lo = sprt->find("lower_bound"), hi = sprt->find("upper_bound");
    if (lo != sprt->end() && hi != sprt->end() && lo->is_number() && hi->is_number())
        v += fmt::format(" ({:.2f}, {:.2f})", lo->get<double>(), hi->get<double>());
    add("SPRT", v);
}

void complete_headline(html::MatchView& m, const nlohmann::json* summary, const stats::Trinomial& counts) {
    const std::string first = m.engines.empty() ? "" : m.engines[0];
    auto add = [&m](std::string label, std::string value) {
        add_line(m.headline, std::move(label), std::move(value));
    };
    std::string rules;
    if (summary) rules = json_string(*summary, "rules");
    add("engines", [&] {
        std::string s;
        for (const std::string& e : m.engines) s += (s.empty() ? "" : ", ") + e;
        return s;
    }());
    add("rules", rules);
    if (summary) {
        add("time control", json_string(*summary, "time_control"));
        if (summary->contains("tc")) add("time control", json_string(*summary, "tc"));
    }
    add("games", std::to_string(m.games.size()));
    if (summary) add("status", json_string(*summary, "status"));  // a running match's live page
    if (!first.empty()) {
        const std::int64_t n = counts.games();
        const stats::EloStats e = drawproxy_elo(counts);
        add(fmt::format("score of {} (W - L - D)", first),
            fmt::format("{} - {} - {} [{:.3f}] {}", counts.wins, counts.losses, counts.draws,
                        n ? e.score : 0.0, n));
        if (n) add("Elo (95%)", estimate_text(e.elo, e.elo_error, "±"));
    }
    if (summary) add_pair_statistics(m.headline, *summary);
}

// Results by reason: the Laws, then the event's rules; and each engine's incorrect claims.
void complete_reasons(html::MatchView& m) {
    std::map<std::string, html::ResultBar> laws, event;
    for (const html::GameView& g : m.games) {
        if (g.result == "*") continue;
        const std::string c = category(g);
        html::ResultBar& bar = (is_event_rule(g) ? event : laws)[c];
        bar.label = c;
        (g.result == "1-0" ? bar.white_wins : g.result == "0-1" ? bar.black_wins : bar.draws)++;
    }
    auto block = [](std::string title, const std::map<std::string, html::ResultBar>& bars) {
        html::BarBlock b{std::move(title), {}};
        for (const auto& [_, bar] : bars) b.bars.push_back(bar);
        std::stable_sort(b.bars.begin(), b.bars.end(),
                         [](const auto& x, const auto& y) { return x.total() > y.total(); });
        return b;
    };
    m.reasons.clear();
    if (!laws.empty()) m.reasons.push_back(block("The Laws of Chess", laws));
    if (!event.empty()) m.reasons.push_back(block("Event rules and forfeits", event));

    m.incorrect_claims.assign(m.engines.size(), 0);
    for (const html::GameView& g : m.games)
        for (int c = 0; c < 2; ++c) {
            auto it = std::find(m.engines.begin(), m.engines.end(), c == 0 ? g.white : g.black);
            if (it != m.engines.end()) m.incorrect_claims[it - m.engines.begin()] += g.incorrect_claims[c];
        }
}

}  // namespace

void complete_match_view(html::MatchView& m, const nlohmann::json* summary) {
    complete_engines_and_title(m, summary);
    const stats::Trinomial counts = complete_progress(m);
    complete_headline(m, summary, counts);
    complete_reasons(m);
}

std::string match_html(const std::vector<GameRecord>& games, const std::vector<std::string>& engines,
                       const std::string& rules, const nlohmann::json* summary) {
    html::MatchView m;
    m.engines = engines;
    m.games.reserve(games.size());
    for (const GameRecord& g : games) m.games.push_back(game_view(g));
    std::sort(m.games.begin(), m.games.end(),
              [](const auto& a, const auto& b) { return a.number < b.number; });
    // The live report has no summary yet: the rules and time control are all it adds.
    nlohmann::json own = summary ? *summary : nlohmann::json::object();
    if (!own.contains("rules")) own["rules"] = rules;
    if (!own.contains("time_control") && !games.empty()) own["time_control"] = games.front().time_control;
    complete_match_view(m, &own);
    std::string out;
    html::append_match_page(out, m);
    return out;
}

bool write_file_atomically(const std::string& path, const std::string& text, std::string& error) {
    const std::string temp = path + ".tmp";
    std::FILE* f = std::fopen(temp.c_str(), "wb");
    if (!f) {
        error = fmt::format("cannot write {}: {}", temp, std::strerror(errno));
        return false;
    }
    const bool written = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    if (std::fclose(f) != 0 || !written) {
        error = fmt::format("cannot write {}: {}", temp, std::strerror(errno));
        std::remove(temp.c_str());
        return false;
    }
    if (std::rename(temp.c_str(), path.c_str()) != 0) {
        error = fmt::format("cannot write {}: {}", path, std::strerror(errno));
        std::remove(temp.c_str());
        return false;
    }
    return true;
}

}  // namespace drawproxy::output
