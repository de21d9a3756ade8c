#include "output/cutechess_pgn.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <utility>
#include <vector>

#include "output/cutechess_table.h"
#include "output/pgn.h"
#include "output/pgn_text.h"
#include "rules/notation.h"

namespace drawproxy::output {

namespace {

// cutechess-cli's timestamp (Qt's "yyyy-MM-ddThh:mm:ss.zzz t"): local time with its
// milliseconds and the zone's abbreviation.
std::string timestamp(std::int64_t unix_ms) {
    const std::time_t t = unix_ms / 1000;
    std::tm tm{};
    localtime_r(&t, &tm);
    char zone[16] = "";
    std::strftime(zone, sizeof zone, "%Z", &tm);
    return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03} {}", tm.tm_year + 1900, tm.tm_mon + 1,
                       tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, unix_ms % 1000, zone);
}

std::string hh_mm_ss(std::int64_t seconds) {
    seconds = std::max<std::int64_t>(0, seconds);
    return fmt::format("{:02}:{:02}:{:02}", seconds / 3600, seconds / 60 % 60, seconds % 60);
}

using Tags = std::vector<std::pair<std::string, std::string>>;

// The tags after the roster, in cutechess-cli's (its tag map's) name order.
Tags other_tags(const GameRecord& g) {
    Tags t;
    if (g.from_fen || g.start.chess960()) {
        t.emplace_back("FEN", rules::to_fen(g.start));
        t.emplace_back("SetUp", "1");
    }
    if (g.start.chess960()) t.emplace_back("Variant", "fischerandom");
    // Qt's secsTo: whole seconds between the two times, truncated.
    t.emplace_back("GameDuration", hh_mm_ss((g.ended_at_ms - g.started_at_ms) / 1000));
    t.emplace_back("GameEndTime", timestamp(g.ended_at_ms));
    t.emplace_back("GameStartTime", timestamp(g.started_at_ms));
    t.emplace_back("PlyCount", std::to_string(g.plies.size()));
    if (const auto term = rules::pgn_termination(g.outcome.termination, rules::Wording::cutechess);
        !term.empty())
        t.emplace_back("Termination", std::string(term));
    if (!g.limits_differ) {
        t.emplace_back("TimeControl", cutechess_tc_text(g.tc[rules::WHITE]));
    } else {
        t.emplace_back("WhiteTimeControl", cutechess_tc_text(g.tc[rules::WHITE]));
        t.emplace_back("BlackTimeControl", cutechess_tc_text(g.tc[rules::BLACK]));
    }
    t.emplace_back("ResultRule", g.outcome.rule_text());
    t.emplace_back("Rules", g.rules);
    std::sort(t.begin(), t.end());
    return t;
}

// The moves as cutechess-cli wraps them: a unit (number, move, comment) starts a new line
// when the line would reach 80 columns; then the result. Its move numbers count from 1 even
// after a FEN of a later move.
std::string movetext(const GameRecord& g, const std::string& result, bool minimal) {
    std::string out;
    std::size_t column = 0;
    const auto unit = [&](const std::string& text) {
        if (column == 0 || column + text.size() >= 80) {
            out += '\n' + text;
            column = text.size();
        } else {
            out += ' ' + text;
            column += text.size() + 1;
        }
    };
    const std::string reason = runner_reason_text(g, rules::Wording::cutechess);
    if (g.plies.empty()) out += '\n' + pgn_comment(reason);
    rules::Position pos = g.start;
    int number = 0;  // cutechess-cli numbers the moves from 1 whatever the FEN's move number
    for (std::size_t i = 0; i < g.plies.size(); ++i) {
        const PlyRecord& ply = g.plies[i];
        const bool white = pos.side_to_move() == rules::WHITE;
        std::string text = white    ? fmt::format("{}. ", ++number)
                           : i == 0 ? fmt::format("{}... ", ++number)
                                    : "";
        text += rules::to_san(pos, ply.move);
        if (!minimal) {
            std::string c = cutechess_move_comment(ply);
            const auto add = [&c](const std::string& s) { c += (c.empty() ? "" : ", ") + s; };
            for (const std::string& note : ply.notes) add(note);
            if (ply.offered_draw) add("(=)");
            if (i + 1 == g.plies.size()) {
                for (const std::string& note : g.final_notes) add(note);
                add(reason);
            }
            if (!c.empty()) text += ' ' + pgn_comment(c);
        }
        unit(text);
        pos.play(ply.move);
    }
    out += (column + result.size() >= 80 ? "\n" : " ") + result + "\n\n";
    return out;
}

}  // namespace

std::string cutechess_move_comment(const PlyRecord& ply) {
    if (ply.book) return "book";
    if (!ply.has_score && ply.depth <= 0 && ply.time_ms == 0) return "";
    std::string s;
    if (ply.depth > 0 && ply.has_score) {
        if (ply.score > 0) s += '+';
        if (ply.mate)  // in plies, as cutechess-cli turns UCI's "mate N" into its score
            s += fmt::format("{}M{}", ply.score < 0 ? "-" : "",
                             ply.score > 0 ? 2 * ply.score - 1 : -2 * ply.score);
        else
            s += fmt::format("{:.2f}", double(ply.score) / 100.0);
    }
    if (ply.depth > 0) s += fmt::format("/{} ", ply.depth);
    const std::int64_t t = ply.time_ms;
    if (t == 0) return s + "0s";
    const int precision = t < 100 ? 3 : t < 1000 ? 2 : t < 10000 ? 1 : 0;
    return s + fmt::format("{:.{}f}s", double(t) / 1000.0, precision);
}

std::string write_cutechess_pgn(const GameRecord& g, bool minimal) {
    const std::string result = g.outcome.result_text();
    std::string out;
    out.reserve(2048 + g.plies.size() * 32);
    out += pgn_roster(g, result, true);
    if (minimal) {
        if (g.from_fen || g.start.chess960()) {
            out += pgn_tag("FEN", rules::to_fen(g.start));
            out += pgn_tag("SetUp", "1");
        }
        if (g.start.chess960()) out += pgn_tag("Variant", "fischerandom");
    } else {
        for (const auto& [name, value] : other_tags(g)) out += pgn_tag(name.c_str(), value);
    }
    return out + movetext(g, result, minimal);
}

}  // namespace drawproxy::output
