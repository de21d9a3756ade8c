#include "html/audit_page.h"

#include <fmt/format.h>
#include <algorithm>
#include <map>

#include "html/board.h"
#include "html/chart.h"
#include "html/escape.h"
#include "html/explain.h"
#include "html/page.h"
#include "rules/notation.h"

namespace drawproxy::html {

namespace {

void text(std::string& out, std::string_view s) { append_escaped(out, s); }

std::string row_id(const AuditRow& r, std::size_t index) { return fmt::format("d{}-{}", index, r.game); }

void disagreement(std::string& out, const AuditRow& r, const std::string& id) {
    out += "<section class=\"game\" id=\"" + id + "\"><h3>";
    text(out, r.file);
    fmt::format_to(std::back_inserter(out), ", game {}: ", r.game);
    text(out, r.white);
    out += " – ";
    text(out, r.black);
    out += "</h3><p class=\"why\">Recorded <b>";
    text(out, r.recorded);
    if (!r.recorded_end.empty()) out += " (", text(out, r.recorded_end), out += ")";
    out += "</b>, by the Laws <b>";
    text(out, r.lawful);
    if (!r.result_rule.empty()) out += " (", text(out, r.result_rule), out += ")";
    out += "</b>: ";
    text(out, r.why);
    out += "</p>";
    if (!r.end_reason.empty()) {
        out += "<p class=\"why\"><b>";
        text(out, r.end_reason + " " + r.end_article);
        out += "</b>: ";
        text(out, rules::ending_meaning(r.end, std::nullopt,
                                        {false, false, r.lawful == rules::score_text(rules::Score::Draw)}));
        out += "</p>";
    }
    // Replay to the end the Laws give (or the first open claim), then list what followed.
    rules::Position pos = r.start;
    const int stop = r.end_ply >= 0 ? r.end_ply : r.claim_ply >= 0 ? r.claim_ply : int(r.moves.size());
    rules::Move last;
    int ply = 0;
    for (; ply < stop && ply < int(r.moves.size()); ++ply) {
        if (!pos.is_legal(r.moves[ply])) break;
        last = r.moves[ply];
        pos.play(last);
    }
    out += "<div class=\"boards\">";
    {
        BoardMarks marks;
        if (last) marks.from = last.from(), marks.to = last.to();
        const std::string caption =
            r.end_ply >= 0     ? fmt::format("Where the Laws ended the game, after ply {}: {} {}", ply,
                                             r.end_reason, r.end_article)
            : r.claim_ply >= 0 ? fmt::format("Where a claim was first open, after ply {}: {} {}", ply,
                                             r.claim_reason, r.claim_article)
                               : fmt::format("The final position, after ply {}", ply);
        marks.caption = caption;
        out += "<figure>";
        append_board(out, pos, marks);
        out += "<figcaption>";
        text(out, caption);
        out += "</figcaption></figure>";
    }
    out += "</div>";
    if (ply < int(r.moves.size())) {
        fmt::format_to(std::back_inserter(out),
                       "<p class=\"why\">{} plies were played after that:</p><p class=\"moves\">",
                       int(r.moves.size()) - ply);
        bool first = true;
        for (; ply < int(r.moves.size()); ++ply) {
            const rules::Move m = r.moves[ply];
            if (!pos.is_legal(m)) break;
            const bool white = pos.side_to_move() == rules::WHITE;
            if (white)
                fmt::format_to(std::back_inserter(out), "{}.", pos.fullmove_number());
            else if (first)
                fmt::format_to(std::back_inserter(out), "{}...", pos.fullmove_number());
            first = false;
            out += "<span class=\"mv\">";
            text(out, rules::to_san(pos, m));
            out += "</span> ";
            pos.play(m);
        }
        out += "</p>";
    }
    out += "</section>\n";
}

}  // namespace

void append_audit_page(std::string& out, const AuditView& a) {
    append_page_start(out, a.title);
    int differs = 0;
    for (const AuditRow& r : a.rows) differs += !r.agrees;
    out += "<header><h1>";
    text(out, a.title);
    out += "</h1><dl class=\"headline\">";
    auto item = [&](std::string_view label, const std::string& value) {
        out += "<div><dt>";
        text(out, label);
        out += "</dt><dd>";
        text(out, value);
        out += "</dd></div>";
    };
    std::string files;
    for (const std::string& f : a.files) files += (files.empty() ? "" : ", ") + f;
    item("files", files);
    item("rules", a.rules);
    item("games", std::to_string(a.rows.size() + a.broken.size()));
    item("agree", std::to_string(a.rows.size() - differs));
    item("differ", std::to_string(differs));
    item("broken", std::to_string(a.broken.size()));
    out += "</dl></header>\n";

    // Endings the Laws give, by reason, split by the lawful result.
    std::map<std::string, ResultBar> ends;
    for (const AuditRow& r : a.rows) {
        if (r.end_reason.empty()) continue;
        ResultBar& b = ends[r.end_reason + " " + r.end_article];
        b.label = r.end_reason + " " + r.end_article;
        (r.lawful == "1-0" ? b.white_wins : r.lawful == "0-1" ? b.black_wins : b.draws)++;
    }
    if (!ends.empty()) {
        BarBlock block{"The Laws of Chess", {}};
        for (const auto& [_, b] : ends) block.bars.push_back(b);
        out += "<h2>Where the Laws ended the games</h2>";
        append_result_bars(out, "Endings under the Laws, split 1-0 / 0-1 / 1/2", {block});
    }

    // Disagreements first, then the file order.
    std::vector<std::size_t> order(a.rows.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t x, std::size_t y) { return !a.rows[x].agrees && a.rows[y].agrees; });

    fmt::format_to(std::back_inserter(out), "<h2>Verdicts ({} games, {} differ)</h2>", a.rows.size(),
                   differs);
    out +=
        "<input id=\"filter\" type=\"search\" placeholder=\"Filter (engine, verdict, reason...)\" "
        "aria-label=\"Filter "
        "games\" hidden><div class=\"scroll\"><table "
        "id=\"games\"><thead><tr><th>verdict</th><th>file</th><th "
        "class=\"n\">#</th><th>white</th><th>black</th><th>recorded</th><th>by the Laws</th><th>ended by the "
        "Laws</th><th>first claim</th><th class=\"n\">plies</th><th>why</th></tr></thead><tbody>\n";
    for (std::size_t i : order) {
        const AuditRow& r = a.rows[i];
        out += r.agrees ? "<tr><td>agrees</td><td>"
                        : "<tr class=\"differs\"><td><a href=\"#" + row_id(r, i) + "\">differs</a></td><td>";
        text(out, r.file);
        fmt::format_to(std::back_inserter(out), "</td><td class=\"n\" data-v=\"{}\">{}</td><td>", r.game,
                       r.game);
        text(out, r.white);
        out += "</td><td>";
        text(out, r.black);
        out += "</td><td>";
        text(out, r.recorded);
        if (!r.recorded_end.empty()) out += " ", text(out, r.recorded_end);
        out += "</td><td>";
        text(out, r.lawful);
        out += "</td><td>";
        if (r.end_ply >= 0) text(out, fmt::format("{} {} at ply {}", r.end_reason, r.end_article, r.end_ply));
        out += "</td><td>";
        if (r.claim_ply >= 0)
            text(out, fmt::format("{} {} at ply {}", r.claim_reason, r.claim_article, r.claim_ply));
        fmt::format_to(std::back_inserter(out), "</td><td class=\"n\">{}</td><td>", r.plies);
        text(out, r.why);
        out += "</td></tr>\n";
    }
    out += "</tbody></table></div>\n";
    if (!a.broken.empty()) {
        out += "<h2>Broken games</h2><ul>";
        for (const AuditBroken& b : a.broken) {
            out += "<li>";
            text(out, fmt::format("{}, game {}, ply {}: {}", b.file, b.game, b.ply, b.why));
            out += "</li>";
        }
        out += "</ul>\n";
    }
    if (differs) {
        out += "<h2>Disagreements</h2>\n";
        for (std::size_t i : order)
            if (!a.rows[i].agrees) disagreement(out, a.rows[i], row_id(a.rows[i], i));
    }
    append_page_end(out);
}

}  // namespace drawproxy::html
