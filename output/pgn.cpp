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

std::string termination(const Outcome& o) {
    if (o.unterminated()) return "unterminated";  // as cutechess-cli writes a game it stopped
    if (o.reason == "time-forfeit") return "time forfeit";
    if (o.reason == "adjudication") return "adjudication";
    if (o.reason == "illegal-move" || o.reason == "crash" || o.reason == "stall") return "rules infraction";
    return "normal";
}

// The sentence cutechess writes before the result, in the Laws' words.
std::string ending_text(const Outcome& o, const std::string& white, const std::string& black) {
    const std::string& loser = o.score == rules::Score::WhiteWins ? black : white;
    if (o.unterminated()) return "Unterminated: the match was interrupted";
    if (o.reason == "checkmate")
        return fmt::format("{} mates", o.score == rules::Score::WhiteWins ? "White" : "Black");
    if (o.reason == "time-forfeit")
        return o.score == rules::Score::Draw ? "Flag fell, opponent cannot checkmate"
                                             : loser + " loses on time";
    if (o.reason == "illegal-move")
        return o.score == rules::Score::Draw ? "Illegal move, opponent cannot checkmate"
                                             : loser + " makes an illegal move";
    if (o.reason == "crash") return loser + " disconnects";
    if (o.reason == "stall") return loser + "'s connection stalls";
    if (o.reason == "agreement") return "Draw by agreement";
    if (o.reason == "adjudication")
        return fmt::format("{} by adjudication: {}",
                           o.score == rules::Score::Draw        ? "Draw"
                           : o.score == rules::Score::WhiteWins ? "White wins"
                                                                : "Black wins",
                           o.article);
    if (o.claimed) return "Draw claimed: " + o.rule_text();
    return "Draw: " + o.rule_text();
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

std::string write_pgn(const GameRecord& g, bool minimal) {
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
    out += tag("Termination", termination(g.outcome));
    out += tag("TimeControl", g.time_control);
    out += '\n';
    return out + movetext(g, result, false);
}

}  // namespace drawproxy::output
