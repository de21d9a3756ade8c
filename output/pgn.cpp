#include "output/pgn.h"

#include <fmt/format.h>

#include "rules/notation.h"
#include "uci/utf8.h"

namespace drawproxy::output {

using game::GameRecord;
using game::Outcome;
using game::PlyRecord;

std::string pgn_result_text(rules::Score s) { return std::string(rules::score_text(s)); }

std::string move_comment(const PlyRecord& ply) {
    if (ply.book) return "book";
    std::string s;
    if (ply.has_score) {
        if (ply.mate)
            s = fmt::format("{}M{}", ply.score > 0 ? "+" : "-", std::abs(ply.score));
        else
            s = fmt::format("{:+.2f}", double(ply.score) / 100.0);
        s += fmt::format("/{} ", ply.depth);
    }
    s += fmt::format("{:.3f}s", double(ply.time_ms) / 1000.0);
    return s;
}

namespace {

// Comments may not contain '}' in PGN; bytes an engine sent that are not UTF-8 are dropped.
std::string comment(const std::string& text) {
    std::string s = uci::strip_invalid_utf8(text);
    for (char& ch : s)
        if (ch == '}') ch = ')';
    return "{" + s + "}";
}

std::string tag(const char* name, const std::string& value) {
    std::string v;
    for (char ch : uci::strip_invalid_utf8(value)) {
        if (ch == '"' || ch == '\\') v += '\\';
        v += ch;
    }
    return fmt::format("[{} \"{}\"]\n", name, v);
}

// The sentence cutechess writes before the result, in the Laws' words (rules/ending.h).
std::string ending_text(const Outcome& o, const std::string& white, const std::string& black) {
    const std::string_view sentence = rules::closing_sentence(o.termination, o.facts());
    const bool white_won = o.score == rules::Score::WhiteWins;
    std::string out;
    for (std::size_t at = 0; at < sentence.size();) {
        const std::size_t open = sentence.find('{', at);
        out += sentence.substr(at, open - at);
        if (open == std::string_view::npos) break;
        const std::size_t close = sentence.find('}', open);
        const std::string_view field = sentence.substr(open + 1, close - open - 1);
        if (field == "winner")
            out += white_won ? "White" : "Black";
        else if (field == "loser")
            out += white_won ? black : white;
        else if (field == "result")
            out += o.score == rules::Score::Draw ? "Draw" : white_won ? "White wins" : "Black wins";
        else if (field == "article")
            out += o.article;
        else if (field == "rule")
            out += o.rule_text();
        at = close + 1;
    }
    return out;
}

// The moves in SAN, with the search comments unless `minimal`, and the result.
std::string movetext(const GameRecord& g, const std::string& result, bool minimal) {
    std::string out;
    std::string line;
    auto emit = [&](const std::string& token) {
        if (!line.empty() && line.size() + 1 + token.size() > 79) {
            out += line;
            out += '\n';
            line.clear();
        }
        if (!line.empty()) line += ' ';
        line += token;
    };
    rules::Position pos = g.start;
    bool need_number = true;
    for (const PlyRecord& ply : g.plies) {
        const bool white = pos.side_to_move() == rules::WHITE;
        if (white)
            emit(fmt::format("{}.", pos.fullmove_number()));
        else if (need_number)
            emit(fmt::format("{}...", pos.fullmove_number()));
        emit(rules::to_san(pos, ply.move));
        if (minimal) {
            pos.play(ply.move);
            need_number = false;
            continue;
        }
        emit(comment(move_comment(ply)));
        for (const std::string& note : ply.notes) emit(comment(note));
        if (ply.offered_draw) emit("{(=)}");
        need_number = false;
        pos.play(ply.move);
        // A comment after Black's move needs no number, after a comment White's does.
        need_number = !ply.notes.empty() || ply.offered_draw;
        if (pos.side_to_move() == rules::WHITE) need_number = false;
    }
    if (!minimal) {
        for (const std::string& note : g.final_notes) emit(comment(note));
        emit(comment(ending_text(g.outcome, g.white, g.black)));
    }
    emit(result);
    out += line;
    out += "\n\n";
    return out;
}

}  // namespace

std::string final_position_line(const GameRecord& g) {
    rules::Position pos = g.start;
    for (const PlyRecord& ply : g.plies) pos.play(ply.move);
    return rules::to_fen(pos);
}

std::string write_pgn(const GameRecord& g, bool minimal, rules::Wording wording) {
    std::string out;
    out.reserve(2048 + g.plies.size() * 40);
    const std::string result = g.outcome.result_text();
    out += tag("Event", g.event);
    out += tag("Site", g.site);
    out += tag("Date", g.date);
    out += tag("Round", std::to_string(g.round));
    out += tag("White", g.white);
    out += tag("Black", g.black);
    out += tag("Result", result);
    if (g.start.chess960()) out += tag("Variant", "Chess960");
    if (g.from_fen || g.start.chess960()) {
        out += tag("SetUp", "1");
        out += tag("FEN", rules::to_fen(g.start));
    }
    if (!minimal) out += tag("PlyCount", std::to_string(g.plies.size()));
    out += tag("ResultRule", g.outcome.rule_text());
    if (minimal) {
        out += '\n';
        return out + movetext(g, result, true);
    }
    out += tag("Rules", g.rules);
    out += tag("Termination", std::string(rules::pgn_termination(g.outcome.termination, wording)));
    out += tag("TimeControl", g.time_control);
    out += '\n';
    return out + movetext(g, result, false);
}

}  // namespace drawproxy::output
