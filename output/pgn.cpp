#include "output/pgn.h"

#include "output/cutechess_pgn.h"
#include "output/opening_names.h"
#include "output/pgn_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <utility>

#include "rules/dead_position.h"
#include "rules/notation.h"
#include "uci/utf8.h"

namespace drawproxy::output {

void append_pgn_comment(std::string& out, std::string_view text) {
    const std::size_t at = out.size();
    out += '{';
    if (uci::is_valid_utf8(text))  // nearly always: no copy
        out += text;
    else
        out += uci::strip_invalid_utf8(text);
    std::replace(out.begin() + std::ptrdiff_t(at), out.end(), '}', ')');
    out += '}';
}

std::string pgn_comment(const std::string& text) {
    std::string s;
    append_pgn_comment(s, text);
    return s;
}

std::string pgn_tag(const char* name, const std::string& value) {
    std::string v;
    for (char ch : uci::strip_invalid_utf8(value)) {
        if (ch == '"' || ch == '\\') v += '\\';
        v += ch;
    }
    return fmt::format("[{} \"{}\"]\n", name, v);
}

std::string pgn_roster(const game::GameRecord& g, const std::string& result, bool unknown_as_question) {
    std::string out;
    for (const auto& [name, value] : {std::pair{"Event", g.event},
                                      {"Site", g.site},
                                      {"Date", g.date},
                                      {"Round", std::to_string(g.round)},
                                      {"White", g.white},
                                      {"Black", g.black},
                                      {"Result", result}})
        out += pgn_tag(name, value.empty() && unknown_as_question ? "?" : value);
    return out;
}

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

const auto& comment = pgn_comment;
const auto& tag = pgn_tag;

// fastchess's move comment (pgn_builder.cpp), appended to `s`: "score/depth time" (a zero score
// unsigned, a mate in plies, no score: nothing before the '/'), then the keys asked, in its order.
void append_fastchess_comment(std::string& s, const PlyRecord& ply, const game::FastchessOutputSettings& k) {
    if (ply.book) {
        s += "book";
        return;
    }
    const auto out = std::back_inserter(s);
    const auto seconds = [](std::int64_t ms) { return double(ms) / 1000.0; };
    if (ply.has_score && ply.mate)  // fastchess counts a mate in plies: mate 7 is +M13, mate -8 -M16
        fmt::format_to(out, "{}M{}", ply.score > 0 ? "+" : "-",
                       ply.score > 0 ? 2 * ply.score - 1 : -2 * ply.score);
    else if (ply.has_score && ply.score == 0)
        s += "0.00";
    else if (ply.has_score)
        fmt::format_to(out, "{:+.2f}", double(ply.score) / 100.0);
    fmt::format_to(out, "/{} {:.3f}s", ply.depth, seconds(ply.time_ms));
    if (k.timeleft) fmt::format_to(out, ", tl={:.3f}s", seconds(ply.timeleft_ms));
    if (k.latency) fmt::format_to(out, ", latency={:.3f}s", seconds(ply.latency_ms));
    if (k.nodes) fmt::format_to(out, ", n={}", ply.nodes);
    if (k.seldepth) fmt::format_to(out, ", sd={}", ply.seldepth);
    if (k.nps) fmt::format_to(out, ", nps={}", ply.nps);
    if (k.hashfull) fmt::format_to(out, ", hashfull={}", ply.hashfull);
    if (k.tbhits) fmt::format_to(out, ", tbhits={}", ply.tbhits);
    if (k.pv) fmt::format_to(out, ", pv=\"{}\"", ply.pv);
    for (const std::string& line : ply.lines) fmt::format_to(out, ", line=\"{}\"", line);
}

// fastchess's long algebraic notation: the piece letter (none for a pawn), from, 'x' on a
// capture, to, "=Q", and SAN's check sign; castling as in SAN.
std::string to_lan(const rules::Position& pos, rules::Move m) {
    const std::string san = rules::to_san(pos, m);
    if (m.kind() == rules::Move::CASTLING) return san;
    std::string out;
    const rules::PieceType pt = rules::type_of(pos.piece_on(m.from()));
    if (pt != rules::PAWN) out += "PNBRQK"[pt - rules::PAWN];
    out += rules::square_name(m.from());
    if (pos.is_capture(m)) out += 'x';
    out += rules::square_name(m.to());
    if (m.kind() == rules::Move::PROMOTION) out += std::string("=") + "PNBRQK"[m.promotion() - rules::PAWN];
    if (!san.empty() && (san.back() == '+' || san.back() == '#')) out += san.back();
    return out;
}

std::string move_text(const rules::Position& pos, rules::Move m, const game::FastchessOutputSettings* k) {
    using N = game::FastchessOutputSettings::Notation;
    if (!k || k->notation == N::san) return rules::to_san(pos, m);
    return k->notation == N::lan ? to_lan(pos, m) : rules::to_uci(pos, m);
}

// The sentence cutechess writes before the result, in the Laws' words (rules/ending.h).
std::string ending_text(const Outcome& o, const std::string& white, const std::string& black) {
    const std::string_view sentence = rules::closing_sentence(o.termination, o.facts());
    const bool white_won = o.score == rules::Score::WhiteWins;
    std::string out, rule;  // the ResultRule text, made only where the sentence has it
    rules::fill_fields(sentence, out, [&](std::string_view field) -> std::string_view {
        if (field == "winner") return white_won ? "White" : "Black";
        if (field == "loser") return white_won ? black : white;
        if (field == "result")
            return o.score == rules::Score::Draw ? "Draw" : white_won ? "White wins" : "Black wins";
        if (field == "article") return o.article;
        if (field == "rule") return rule = o.rule_text();
        return {};
    });
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

// fastchess's movetext (pgn_gen.hpp): each move with its number and comment one unit, wrapped
// before a unit that would pass 80 columns; the reason in the last move's comment (a game of
// no move has it alone); the Laws' notes of a move after its keys.
std::string fastchess_movetext(const GameRecord& g, const std::string& result, bool minimal,
                               const game::FastchessOutputSettings& keys) {
    std::string out, unit, said;  // a move's unit and its comment's text, reused from move to move
    out.reserve(g.plies.size() * (minimal ? 8 : 40));
    std::size_t column = 0;
    const auto append = [&](const std::string& text) {
        if (column > 0 && column + text.size() + 1 > 80) out += '\n', column = 0;
        if (column > 0) out += ' ', ++column;
        out += text;
        column += text.size();
    };
    rules::Position pos = g.start;
    for (std::size_t i = 0; i < g.plies.size(); ++i) {
        const PlyRecord& ply = g.plies[i];
        unit.clear();
        if (pos.side_to_move() == rules::WHITE)
            fmt::format_to(std::back_inserter(unit), "{}. ", pos.fullmove_number());
        else if (i == 0)
            fmt::format_to(std::back_inserter(unit), "{}... ", pos.fullmove_number());
        unit += move_text(pos, ply.move, &keys);
        if (!minimal) {
            said.clear();
            append_fastchess_comment(said, ply, keys);
            for (const std::string& note : ply.notes) said.append(", ").append(note);
            if (i + 1 == g.plies.size()) {
                for (const std::string& note : g.final_notes) said.append(", ").append(note);
                if (!ply.book) said.append(", ").append(runner_reason_text(g, rules::Wording::fastchess));
            }
            unit += ' ';
            append_pgn_comment(unit, said);
        }
        append(unit);
        pos.play(ply.move);
    }
    if (g.plies.empty() && !minimal) append(comment(runner_reason_text(g, rules::Wording::fastchess)));
    append(result);
    return out + "\n\n";
}

// fastchess's times: local time as "2024-05-01T12:00:00 +0200", a duration as "HH:MM:SS".
std::string local_time_text(std::int64_t unix_seconds) {
    const std::time_t t = unix_seconds;
    std::tm tm{};
    localtime_r(&t, &tm);
    const long offset = tm.tm_gmtoff / 60;
    return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02} {}{:02}{:02}", tm.tm_year + 1900, tm.tm_mon + 1,
                       tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, offset < 0 ? '-' : '+',
                       std::abs(offset) / 60, std::abs(offset) % 60);
}

std::string duration_text(std::int64_t ms) {
    const std::int64_t s = ms / 1000;  // whole seconds, as fastchess truncates
    return fmt::format("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
}

// fastchess's opening: the last position of the game, its start included, that has a name.
const OpeningName* opening_of(const GameRecord& g) {
    if (g.start.chess960()) return nullptr;
    const OpeningNames& names = OpeningNames::builtin();
    rules::Position pos = g.start;
    const OpeningName* found = names.find(pos);
    for (const PlyRecord& ply : g.plies) {
        pos.play(ply.move);
        if (const OpeningName* n = names.find(pos)) found = n;
    }
    return found;
}

// fastchess's tags in its order (pgn_builder.cpp at the version drawproxy names itself): the
// roster, SetUp/FEN (Chess960 castling rights as rook files)/Variant, its times, PlyCount, Termination, the
// time control(s). Then the Laws' ResultRule and Rules, which PGN readers pass over as any unknown tag.
std::string fastchess_tags(const GameRecord& g, bool minimal, const std::string& result) {
    std::string out = pgn_roster(g, result);
    if (g.from_fen || g.start.chess960()) {
        out += tag("SetUp", "1");
        out += tag("FEN", rules::to_fen(g.start, rules::FenStyle{.rook_files_in_chess960 = true}));
    }
    if (g.start.chess960()) out += tag("Variant", "Chess960");
    if (!minimal) {
        out += tag("GameDuration", duration_text(g.play_ms));
        out += tag("GameStartTime", local_time_text(g.started_at_ms / 1000));
        out += tag("GameEndTime", local_time_text(g.ended_at_ms / 1000));
        out += tag("PlyCount", std::to_string(g.plies.size()));
        out += tag("Termination",
                   std::string(rules::pgn_termination(g.outcome.termination, rules::Wording::fastchess)));
        const std::string white_tc = g.tc[rules::WHITE].fastchess_text();
        const std::string black_tc = g.tc[rules::BLACK].fastchess_text();
        if (white_tc == black_tc) {
            out += tag("TimeControl", white_tc);
        } else {
            out += tag("WhiteTimeControl", white_tc);
            out += tag("BlackTimeControl", black_tc);
        }
        if (const OpeningName* opening = opening_of(g)) {
            out += tag("ECO", std::string(opening->eco));
            out += tag("Opening", std::string(opening->name));
        }
    }
    out += tag("ResultRule", g.outcome.rule_text());
    if (!minimal) out += tag("Rules", g.rules);
    return out + '\n';
}

}  // namespace

std::string final_position_line(const GameRecord& g, rules::Wording wording) {
    rules::Position pos = g.start;
    for (const PlyRecord& ply : g.plies) pos.play(ply.move);
    if (wording != rules::Wording::fastchess) return rules::to_fen(pos);
    // fastchess's EPD line: Chess960 castling as rook files, the counters as EPD operations.
    const std::string epd =
        rules::to_fen(pos, rules::FenStyle{.rook_files_in_chess960 = true, .counters = false});
    return fmt::format("{} hmvc {}; fmvn {};", epd, pos.halfmove_clock(), pos.fullmove_number());
}

std::string runner_reason_text(const GameRecord& g, rules::Wording wording) {
    const game::Outcome& o = g.outcome;
    rules::EndingFacts facts = o.facts();
    if (o.termination == rules::Termination::DeadPosition) {
        rules::Position end = g.start;
        for (const PlyRecord& ply : g.plies) end.play(ply.move);
        facts.insufficient_material = rules::is_insufficient_material(end);
    }
    const std::string_view text = wording == rules::Wording::cutechess
                                      ? rules::cutechess_reason(o.termination, facts)
                                      : rules::fastchess_reason(o.termination, facts);
    const bool white_won = o.score == rules::Score::WhiteWins;
    // fastchess names the side to move as it checks both engines before the game, whichever lost.
    const bool white_lost =
        g.lost_before_play && wording == rules::Wording::fastchess ? g.to_move() == rules::WHITE : !white_won;
    const bool tablebase = o.article == rules::event_rule_word(rules::EventRule::Tablebase);
    const std::string overrun = std::to_string(std::max<std::int64_t>(0, o.overrun_ms));
    const std::string move = o.move.empty() ? "" : ": " + o.move;
    std::string reason;
    rules::fill_fields(text, reason, [&](std::string_view field) -> std::string_view {
        if (field == "winner") return white_won ? "White" : "Black";
        if (field == "overrun") return overrun;
        if (field == "loser") return white_lost ? "White" : "Black";
        if (field == "article") return o.article;
        if (field == "move") return move;
        if (field == "tablebase") return tablebase ? ": SyzygyTB" : "";
        if (field == "adjudication") {
            if (tablebase) return ": SyzygyTB";
            if (o.article == rules::event_rule_word(rules::EventRule::MaxMoves))
                return ": maximal game length";
        }
        return {};
    });
    return reason;
}

std::string write_pgn(const GameRecord& g, bool minimal, rules::Wording wording,
                      const game::FastchessOutputSettings* keys) {
    if (wording != rules::Wording::fastchess) keys = nullptr;
    const std::string result = g.outcome.result_text();
    if (keys) return fastchess_tags(g, minimal, result) + fastchess_movetext(g, result, minimal, *keys);
    if (wording == rules::Wording::cutechess) return write_cutechess_pgn(g, minimal);
    std::string out;
    out.reserve(2048 + g.plies.size() * 40);
    out += pgn_roster(g, result);
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
