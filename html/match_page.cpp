#include "html/match_page.h"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include "html/chart.h"
#include "html/escape.h"
#include "html/explain.h"
#include "html/game_section.h"
#include "html/page.h"

namespace drawproxy::html {

namespace {

// The opening cell of a game carried over from a resume state file (GameView::carried).
constexpr std::string_view CARRIED_NOTE =
    "played before the match was resumed: result from the state file, moves not in this report";

void headline(std::string& out, const MatchView& m) {
    out += "<dl class=\"headline\">";
    for (const auto& [label, value] : m.headline) {
        out += "<div><dt>";
        append_escaped(out, label);
        out += "</dt><dd>";
        append_escaped(out, value);
        out += "</dd></div>";
    }
    out += "</dl>\n";
}

void charts(std::string& out, const MatchView& m) {
    if (m.progress.empty() || m.engines.empty()) return;
    const std::string first = m.engines[0];
    out += "<h2>Score and Elo over the games</h2><div class=\"charts\">";
    LineChart score;
    score.title = fmt::format("Score of {} after each game, percent", first);
    score.x_label = "games";
    score.y_label = fmt::format("score of {} (%)", first);
    score.has_reference = true;
    score.reference_y = 50;
    LineChart elo;
    elo.title = fmt::format("Elo of {} after each game, with its 95% interval", first);
    elo.x_label = "games";
    elo.y_label = fmt::format("Elo of {}", first);
    elo.has_reference = true;
    elo.y_min_limit = -600, elo.y_max_limit = 600;  // a 100% score has infinite Elo
    LineSeries s{"score", {}, "s1"}, e{"Elo", {}, "s1"};
    for (std::size_t i = 0; i < m.progress.size(); ++i) {
        const ProgressPoint& p = m.progress[i];
        score.x.push_back(double(i + 1));
        elo.x.push_back(double(i + 1));
        s.y.push_back(p.score_pct);
        e.y.push_back(p.elo);
        elo.band_lo.push_back(p.elo_lo);
        elo.band_hi.push_back(p.elo_hi);
    }
    score.series.push_back(std::move(s));
    elo.series.push_back(std::move(e));
    append_line_chart(out, score);
    append_line_chart(out, elo);
    out += "</div>\n";
}

void reasons(std::string& out, const MatchView& m) {
    if (m.reasons.empty()) return;
    out += "<h2>Results by reason</h2>";
    append_result_bars(out, "Results by reason, split 1-0 / 0-1 / 1/2", m.reasons);
    // The same numbers as a table, for screen readers and for copying.
    out +=
        "<div class=\"scroll\"><table class=\"reasons\"><thead><tr><th>reason</th><th class=\"n\">games</th>"
        "<th class=\"n\">1-0</th><th class=\"n\">0-1</th><th class=\"n\">1/2</th></tr></thead><tbody>";
    for (const BarBlock& b : m.reasons) {
        out += "<tr><th colspan=\"5\">";
        append_escaped(out, b.title);
        out += "</th></tr>";
        for (const ResultBar& r : b.bars) {
            out += "<tr><td>";
            append_escaped(out, r.label);
            fmt::format_to(std::back_inserter(out),
                           "</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td "
                           "class=\"n\">{}</td></tr>",
                           r.total(), r.white_wins, r.black_wins, r.draws);
        }
    }
    out += "</tbody></table></div>\n";
}

void claims(std::string& out, const MatchView& m) {
    if (m.incorrect_claims.size() != m.engines.size()) return;
    out +=
        "<h2>Incorrect claims (9.5)</h2><table class=\"claims\"><thead><tr><th>engine</th><th "
        "class=\"n\">incorrect claims</th></tr></thead><tbody>";
    for (std::size_t i = 0; i < m.engines.size(); ++i) {
        out += "<tr><td>";
        append_escaped(out, m.engines[i]);
        fmt::format_to(std::back_inserter(out), "</td><td class=\"n\">{}</td></tr>", m.incorrect_claims[i]);
    }
    out += "</tbody></table>\n";
}

void crosstable(std::string& out, const MatchView& m) {
    const int n = int(m.engines.size());
    if (n < 3) return;
    std::map<std::string, int> index;
    for (int i = 0; i < n; ++i) index[m.engines[i]] = i;
    std::vector<double> points(n, 0);
    std::vector<int> played(n, 0);
    std::vector<std::array<int, 3>> wld(std::size_t(n) * n,
                                        {0, 0, 0});  // [i*n+j]: i's wins, losses, draws vs j
    for (const GameView& g : m.games) {
        auto w = index.find(g.white), b = index.find(g.black);
        if (w == index.end() || b == index.end() || g.result == "*") continue;
        const int wi = w->second, bi = b->second;
        const double ws = g.result == "1-0" ? 1 : g.result == "0-1" ? 0 : 0.5;
        points[wi] += ws, points[bi] += 1 - ws;
        played[wi]++, played[bi]++;
        const int k = ws == 1 ? 0 : ws == 0 ? 1 : 2;
        wld[wi * n + bi][k]++;
        wld[bi * n + wi][k == 2 ? 2 : 1 - k]++;
    }
    std::vector<int> rank(n);
    for (int i = 0; i < n; ++i) rank[i] = i;
    std::stable_sort(rank.begin(), rank.end(), [&](int a, int b) { return points[a] > points[b]; });
    out +=
        "<h2>Crosstable</h2><div class=\"scroll\"><table "
        "class=\"crosstable\"><thead><tr><th>#</th><th>engine</th>"
        "<th class=\"n\">points</th><th class=\"n\">games</th>";
    for (int j : rank) {
        out += "<th class=\"n\">";
        append_escaped(out, m.engines[j]);
        out += "</th>";
    }
    out += "</tr></thead><tbody>";
    for (int r = 0; r < n; ++r) {
        const int i = rank[r];
        fmt::format_to(std::back_inserter(out), "<tr><td>{}</td><td>", r + 1);
        append_escaped(out, m.engines[i]);
        fmt::format_to(std::back_inserter(out), "</td><td class=\"n\">{:.1f}</td><td class=\"n\">{}</td>",
                       points[i], played[i]);
        for (int j : rank) {
            const auto& t = wld[i * n + j];
            if (i == j)
                out += "<td class=\"n\">–</td>";
            else if (t[0] + t[1] + t[2] == 0)
                out += "<td class=\"n\">.</td>";
            else
                fmt::format_to(std::back_inserter(out),
                               "<td class=\"n\" title=\"wins-losses-draws\">{}-{}-{}</td>", t[0], t[1], t[2]);
        }
        out += "</tr>";
    }
    out += "</tbody></table></div>\n";
}

}  // namespace

void append_match_page(std::string& out, const MatchView& m) {
    out.reserve(out.size() + 4096 + m.games.size() * 700);
    append_page_start(out, m.title);
    out += "<header><h1>";
    append_escaped(out, m.title);
    out += "</h1>";
    headline(out, m);
    out += "</header>\n";
    charts(out, m);
    reasons(out, m);
    claims(out, m);
    crosstable(out, m);

    // The meanings of the endings in this match, each once: the sections and the rows the
    // script draws point at them.
    using Key = std::tuple<std::string, std::string, std::string, bool, bool>;
    std::map<Key, int> meaning_index;
    std::vector<std::pair<std::string, std::string_view>> meanings;  // label, meaning
    std::vector<int> meaning_of(m.games.size());
    for (std::size_t i = 0; i < m.games.size(); ++i) {
        const GameView& g = m.games[i];
        Key k{g.reason, g.article, g.result, g.claimed, !g.move.empty()};
        auto [it, added] = meaning_index.emplace(k, int(meanings.size()));
        if (added) {
            std::string label = g.reason + (g.article.empty() ? "" : " " + g.article) + ", " + g.result;
            if (!g.move.empty()) label += ", with the intended move";
            meanings.emplace_back(std::move(label),
                                  rules::ending_meaning(g.termination, rules::parse_event_rule(g.article),
                                                        {g.claimed, !g.move.empty(), g.result == "1/2-1/2"}));
        }
        meaning_of[i] = it->second;
    }

    const bool all_full = int(m.games.size()) <= m.full_sections_up_to;

    fmt::format_to(std::back_inserter(out), "<h2>Games ({})</h2>", m.games.size());
    out +=
        "<input id=\"filter\" type=\"search\" placeholder=\"Filter games (engine, result, reason...)\" "
        "aria-label=\"Filter games\" hidden>";
    if (!all_full)
        out +=
            "<p class=\"note\" id=\"nojs\">Games with a claim or an ending of the Laws other than checkmate "
            "have "
            "their boards below; the page's script draws the other games, and every game's moves, when its "
            "number is chosen (JavaScript is off: read them in the PGN).</p>";
    // A large report's rows and sections are inside <noscript>: a browser without script reads
    // them as they are; with script they are one text node, which opens fast, and the script
    // shows them a chunk at a time (page_script.inc reads the rows line by line, from <tbody>).
    // A large table's rows are laid out as grids the browser may skip until they are scrolled
    // to (a table is laid out whole), with the same columns.
    out += all_full
               ? "<div class=\"scroll\"><table id=\"games\" class=\"gl\">"
               : "<noscript id=\"game-rows\">\n<div class=\"scroll\"><table id=\"games\" class=\"gl big\">";
    out +=
        "<thead><tr><th class=\"n\">#</th><th>opening</th>"
        "<th>white</th><th>black</th><th>result</th><th>reason</th><th class=\"n\">plies</th><th "
        "class=\"n\">time (s)</th></tr></thead><tbody>\n";
    for (std::size_t i = 0; i < m.games.size(); ++i) {
        const GameView& g = m.games[i];
        fmt::format_to(std::back_inserter(out), "<tr data-n=\"{}\" data-w=\"{}\"", g.number, meaning_of[i]);
        if (!all_full && !g.carried) append_game_codes(out, g);
        // The script reads the cells by position: 2 white, 3 black, 4 result, 5 reason.
        // Lean rows (10,000 of them in a long match): the numeric columns are right-aligned by
        // the style sheet, not by a class on every cell.
        if (g.carried)  // no section to open
            fmt::format_to(std::back_inserter(out), " class=\"carried\"><td>{}</td><td>{}", g.number,
                           CARRIED_NOTE);
        else
            fmt::format_to(std::back_inserter(out), "><td><a href=\"#g{}\">{}</a></td><td>", g.number,
                           g.number);
        append_escaped(out, g.opening);
        out += "</td><td>";
        append_escaped(out, g.white);
        out += "</td><td>";
        append_escaped(out, g.black);
        out += "</td><td>";
        append_escaped(out, g.result);
        out += "</td><td>";
        append_escaped(out, g.reason);
        if (!g.article.empty()) out += ' ', append_escaped(out, g.article);
        if (g.incorrect_claims[0] + g.incorrect_claims[1])
            fmt::format_to(std::back_inserter(out), " (incorrect claims: {})",
                           g.incorrect_claims[0] + g.incorrect_claims[1]);
        fmt::format_to(std::back_inserter(out), "</td><td>{}</td><td>", g.ply_count());
        if (g.duration_ms >= 0) fmt::format_to(std::back_inserter(out), "{:.1f}", g.duration_ms / 1000.0);
        out += "</td></tr>\n";
    }
    out += "</tbody></table></div>\n";
    if (!all_full) out += "</noscript>\n";

    out += "<h2>What the endings mean</h2><dl class=\"glossary\">";
    for (std::size_t k = 0; k < meanings.size(); ++k) {
        out += "<dt>";
        append_escaped(out, meanings[k].first);
        fmt::format_to(std::back_inserter(out), "</dt><dd id=\"why-{}\">", k);
        append_escaped(out, meanings[k].second);
        out += "</dd>";
    }
    out += "</dl>\n<h2>Game sections</h2>\n";
    if (!all_full) out += "<noscript id=\"game-sections\">\n";
    // A large report writes only the notable games' boards; the meaning is in the list above.
    for (std::size_t i = 0; i < m.games.size(); ++i)
        if ((all_full && !m.games[i].carried) || is_notable(m.games[i]))
            append_game_section(out, m.games[i],
                                all_full ? meanings[meaning_of[i]].second : std::string_view(), all_full);
    if (!all_full) out += "</noscript><div id=\"sections\"></div>\n";
    out += "<div id=\"viewer\"></div>\n";
    append_page_end(out);
}

}  // namespace drawproxy::html
