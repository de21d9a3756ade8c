#include "html/game_section.h"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>

#include "html/board.h"
#include "html/chart.h"
#include "html/escape.h"
#include "html/explain.h"
#include "html/page.h"
#include "rules/game.h"
#include "rules/notation.h"

namespace drawproxy::html {

namespace {

bool is_claim_note(std::string_view note) { return note.starts_with("claim "); }
bool is_incorrect(std::string_view note) { return note.find(": incorrect") != std::string_view::npos; }

int white_view(const GameView& g, int ply) {
    const PlyView& p = g.plies[ply];
    const bool white_moved = (int(g.start.side_to_move()) + ply) % 2 == 0;
    return white_moved ? p.score : -p.score;
}

std::string score_text(const GameView& g, int ply) {
    const PlyView& p = g.plies[ply];
    if (p.book) return "book";
    if (!p.has_score) return "";
    const int v = white_view(g, ply);
    if (p.mate) return fmt::format("#{}", v);
    return fmt::format("{:+.2f}", v / 100.0);
}

// "12." / "12..." and the SAN of the move from `pos`.
std::string move_label(const rules::Position& pos, rules::Move m) {
    return fmt::format("{}{} {}", pos.fullmove_number(), pos.side_to_move() == rules::WHITE ? "." : "...",
                       rules::to_san(pos, m));
}

const char* side_name(rules::Color c) { return c == rules::WHITE ? "White" : "Black"; }

// The squares a move left and reached (for castling, the king's: the move is king-takes-rook).
BoardMarks last_move(const rules::Position& before, rules::Move m, std::string_view caption) {
    BoardMarks marks{caption};
    marks.from = m.from();
    marks.to = m.to();
    if (m.kind() == rules::Move::CASTLING)
        marks.to = rules::castling_king_to(
            rules::castling_index(before.side_to_move(), rules::file_of(m.to()) > rules::file_of(m.from())));
    return marks;
}

void figure(std::string& out, const rules::Position& pos, const BoardMarks& marks, std::string_view caption) {
    out += "<figure>";
    append_board(out, pos, marks);
    out += "<figcaption>";
    append_escaped(out, caption);
    out += "</figcaption></figure>";
}

// The game replayed; the moves came from a legal record, but a reader may hand anything.
bool replay(const GameView& g, rules::Game& game) {
    game.reset(g.start);
    for (const PlyView& p : g.plies) {
        if (!game.position().is_legal(p.move)) return false;
        game.play(p.move);
    }
    return true;
}

}  // namespace

bool is_notable(const GameView& g) {
    if (g.carried) return false;  // no moves: nothing to draw
    if (g.claimed || g.incorrect_claims[0] || g.incorrect_claims[1]) return true;
    using rules::Termination;
    for (Termination automatic : {Termination::Fivefold, Termination::SeventyFiveMoves,
                                  Termination::DeadPosition, Termination::Stalemate})
        if (g.termination == automatic) return true;
    for (const PlyView& p : g.plies)
        for (const std::string& n : p.notes)
            if (is_claim_note(n)) return true;
    return false;
}

std::vector<double> white_scores(const GameView& g) {
    std::vector<double> v(g.plies.size(), NAN);
    for (std::size_t i = 0; i < g.plies.size(); ++i) {
        const PlyView& p = g.plies[i];
        if (!p.has_score || p.book) continue;
        const int s = white_view(g, int(i));
        v[i] = p.mate ? (s > 0 ? 5.0 : -5.0) : std::clamp(s / 100.0, -5.0, 5.0);
    }
    return v;
}

namespace {

// repetition_plies() of a game already replayed (the page replays each game once).
std::vector<int> repetition_plies_in(const GameView& g, rules::Game& game) {
    std::vector<int> plies;
    if (g.termination != rules::Termination::Threefold && g.termination != rules::Termination::Fivefold)
        return plies;
    if (!g.move.empty()) {
        const rules::Move m = rules::parse_uci_move(game.position(), g.move);
        if (!m) return plies;
        game.play(m);
    }
    const rules::Position& last = game.position();
    for (int ply = 0; ply <= game.ply_count(); ++ply)
        if (game.position_at(ply).same_position(last)) plies.push_back(ply);
    if (!g.move.empty()) game.truncate(game.ply_count() - 1);
    return plies;
}

}  // namespace

std::vector<int> repetition_plies(const GameView& g) {
    rules::Game game;
    if (!replay(g, game)) return {};
    return repetition_plies_in(g, game);
}

void append_game_section(std::string& out, const GameView& g, std::string_view meaning, bool full) {
    rules::Game game;
    const bool legal = replay(g, game);
    fmt::format_to(std::back_inserter(out), "<section class=\"game\" id=\"g{}\"><h3>Game {}: ", g.number,
                   g.number);
    append_escaped(out, g.white);
    out += " – ";
    append_escaped(out, g.black);
    out += ", ";
    append_escaped(out, g.result);
    out += "</h3><p class=\"why\"><b>";
    append_escaped(out, g.reason);
    if (!g.article.empty()) out += ' ', append_escaped(out, g.article);
    if (!g.move.empty()) out += " move ", append_escaped(out, g.move);
    out += "</b>";
    if (!meaning.empty()) out += ": ", append_escaped(out, meaning);
    out += "</p>";
    if (!legal) {
        out += "<p class=\"note\">The moves of this game could not be replayed; no boards.</p></section>\n";
        return;
    }
    const std::vector<int> reps = repetition_plies_in(g, game);
    if (reps.size() > 1) {
        out += "<p class=\"why\">The repeated position: ";
        for (std::size_t i = 0; i < reps.size(); ++i) {
            if (i) out += i + 1 == reps.size() ? " and " : ", ";
            out += reps[i] == 0 ? "the start" : fmt::format("after ply {}", reps[i]);
        }
        out += fmt::format(" ({} times{}).</p>", reps.size(), full ? "; marked in the moves" : "");
    }

    out += "<div class=\"boards\">";
    if (full) figure(out, game.start(), {"Start"}, "Start");
    for (int i = 0; i < game.ply_count(); ++i) {
        const PlyView& p = g.plies[i];
        const rules::Position& before = game.position_at(i);
        for (const std::string& note : p.notes) {
            if (!is_claim_note(note)) continue;
            BoardMarks marks{is_incorrect(note) ? "Incorrect claim" : "Claim"};
            if (note.find(" move ") != std::string::npos)
                marks.marked = rules::square_bb(p.move.from()) | rules::square_bb(p.move.to());
            const std::string caption = fmt::format(
                "{} by {} before {}: {}.{}", is_incorrect(note) ? "Incorrect claim" : "Claim",
                side_name(before.side_to_move()), move_label(before, p.move), note,
                is_incorrect(note) ? std::string(" ") + std::string(INCORRECT_CLAIM_MEANING) : "");
            figure(out, before, marks, caption);
        }
        if (p.offered_draw && !(i >= 2 && g.plies[i - 2].offered_draw)) {
            BoardMarks marks = last_move(before, p.move, "Draw offered");
            const std::string caption =
                fmt::format("Draw offered by {} with {}. {}", side_name(before.side_to_move()),
                            move_label(before, p.move), OFFER_MEANING);
            figure(out, game.position_at(i + 1), marks, caption);
        }
    }
    {
        const rules::Position& end = game.position();
        BoardMarks marks{"End"};
        if (game.ply_count())
            marks = last_move(game.position_at(game.ply_count() - 1), g.plies.back().move, "End");
        std::string caption = fmt::format("End after {} plies: {} {}", game.ply_count(), g.result, g.reason);
        for (const std::string& n : g.final_notes) caption += "; " + n;
        figure(out, end, marks, caption);
        if (!g.move.empty()) {
            if (const rules::Move m = rules::parse_uci_move(end, g.move)) {
                rules::Position after = end;
                after.play(m);
                BoardMarks claimed{"The claimed move"};
                claimed.marked = rules::square_bb(m.from()) | rules::square_bb(m.to());
                const std::string c2 = fmt::format(
                    "The claimed move {} (dashed squares), written down and not played", move_label(end, m));
                figure(out, after, claimed, c2);
            }
        }
    }
    out += "</div>";
    if (!full) {
        // The moves and the score graph come from the row's codes, drawn by the script.
        // (the page's note says where to read them without script).
        fmt::format_to(std::back_inserter(out), "<div class=\"more\" data-for=\"{}\"></div></section>\n",
                       g.number);
        return;
    }

    if (!g.plies.empty()) {
        LineChart chart;
        chart.title = fmt::format("Game {}: score by ply, White's side (pawns, capped at 5)", g.number);
        chart.x_label = "ply";
        chart.y_label = "score (White's side)";
        chart.height = 170;
        chart.has_reference = true;
        for (std::size_t i = 0; i < g.plies.size(); ++i) chart.x.push_back(double(i + 1));
        chart.series.push_back({"score", white_scores(g), "s1"});
        out += "<div class=\"small\">";
        append_line_chart(out, chart);
        out += "</div>";
    }

    out += "<p class=\"moves\">";
    for (int i = 0; i < game.ply_count(); ++i) {
        const rules::Position& pos = game.position_at(i);
        const bool white = pos.side_to_move() == rules::WHITE;
        if (white)
            fmt::format_to(std::back_inserter(out), "{}.", pos.fullmove_number());
        else if (i == 0)
            fmt::format_to(std::back_inserter(out), "{}...", pos.fullmove_number());
        bool claim = false;
        for (const std::string& n : g.plies[i].notes) claim = claim || is_claim_note(n);
        const bool rep = std::find(reps.begin(), reps.end(), i + 1) != reps.end();
        out += "<span class=\"mv";
        if (rep) out += " rep";
        if (claim) out += " cl";
        out += "\">";
        append_escaped(out, rules::to_san(pos, g.plies[i].move));
        out += "</span><span class=\"sc\">";
        out += score_text(g, i);
        out += "</span> ";
    }
    out += "</p></section>\n";
}

rules::Bitboard move_candidates(const rules::Position& pos, rules::Square to) {
    using namespace rules;
    const Color us = pos.side_to_move();
    const Bitboard pawns = pos.pieces(us, PAWN);
    Bitboard c = pos.attackers_to(to, pos.pieces()) & pos.pieces(us) & ~pawns;
    const int d = pawn_push(us), rank = relative_rank(us, rank_of(to));
    if (pos.piece_on(to) != NO_PIECE) return c | (pawn_attacks(~us, to) & pawns);
    const Square behind = Square(to - d);
    if (rank >= 1 && (pawns & square_bb(behind))) c |= square_bb(behind);
    if (rank == 3 && pos.piece_on(behind) == NO_PIECE) c |= pawns & square_bb(Square(to - 2 * d));
    if (rank == 5 && pos.piece_on(behind) == make_piece(~us, PAWN)) c |= pawn_attacks(~us, to) & pawns;
    return c;
}

void append_game_codes(std::string& out, const GameView& g) {
    out += " data-m=\"";
    rules::Position pos = g.start;
    for (const PlyView& p : g.plies) {
        const rules::Move m = p.move;
        const rules::Bitboard candidates = move_candidates(pos, m.to());
        if (m.kind() != rules::Move::CASTLING && (candidates & rules::square_bb(m.from()))) {
            out += SQUARE_CODES[m.to()];
            if (candidates & (candidates - 1))  // which one: its rank among them by square
                out += SQUARE_CODES[__builtin_popcountll(candidates & (rules::square_bb(m.from()) - 1))];
        } else {
            out += '!';
            out += SQUARE_CODES[m.from()];
            out += SQUARE_CODES[m.to()];
        }
        if (m.kind() == rules::Move::PROMOTION) {
            out += '.';
            out += "nbrq"[m.promotion() - rules::KNIGHT];
        }
        pos.play(m);
    }
    out += "\" data-s=\"";
    ScoreCodes scores;
    for (std::size_t i = 0; i < g.plies.size(); ++i) {
        const PlyView& p = g.plies[i];
        scores.append(out, p.has_score && !p.book, p.mate, white_view(g, int(i)));
    }
    out += '"';
    if (!(g.start.same_position(rules::Position()) && g.start.fullmove_number() == 1)) {
        out += " data-f=\"";
        append_escaped(out, rules::to_fen(g.start));
        out += '"';
    }
    std::string offers;
    for (std::size_t i = 0; i < g.plies.size(); ++i)
        if (g.plies[i].offered_draw) offers += fmt::format("{},", i + 1);
    if (!offers.empty()) {
        offers.pop_back();
        out += " data-o=\"" + offers + '"';
    }
    if (g.termination == rules::Termination::Checkmate) out += " data-mate=\"1\"";
}

}  // namespace drawproxy::html
