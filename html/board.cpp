#include "html/board.h"

#include "html/escape.h"
#include "rules/notation.h"

namespace drawproxy::html {

namespace {

// Piece outlines in a 100 x 100 square (base at the bottom), drawn for this project.
// Each has a body and detail strokes drawn in the contrasting colour.
struct Shape {
    char letter;
    const char* body;
    const char* detail;  // strokes, may be ""
};

constexpr Shape SHAPES[] = {
    {'P', "M26 90h48v-6q0-6-8-6h-3l-5-24a15 15 0 1 0-16 0l-5 24h-3q-8 0-8 6z", ""},
    {'N',
     "M28 90h50q4-34-8-52q-8-12-22-16l-2-10l-8 12q-12 8-16 22l-6 12q-2 8 6 10q6 0 10-6l10-4"
     "q4 12-10 24q-6 6-4 8z",
     "M38 38a2.5 2.5 0 1 0 0.1 0M32 84h42"},
    {'B',
     "M26 90h48v-6q0-6-8-6h-4q10-10 10-24q0-14-22-30a6 6 0 1 0-0.2 0q-22 16-22 30q0 14 10 24h-4"
     "q-8 0-8 6z",
     "M50 46l9-11M38 78h24"},
    {'R', "M24 90h52v-8h-6l-4-34h6v-16h-8v7h-7v-7h-14v7h-7v-7h-8v16h6l-4 34h-6z", "M30 82h40M34 48h32"},
    {'Q', "M26 90h48v-8l-4-6l10-40l-10 22l-5-30l-8 26l-7-30l-7 30l-8-26l-5 30l-10-22l10 40l-4 6z",
     "M30 76h40M20 32a4 4 0 1 0 0.1 0M35 24a4 4 0 1 0 0.1 0M50 20a4 4 0 1 0 0.1 0M65 24a4 4 0 1 0 0.1 0"
     "M80 32a4 4 0 1 0 0.1 0"},
    {'K',
     "M26 90h48v-8l-4-6q12-14 6-28q-6-10-20-4q-4 2-6 8q-2-6-6-8q-14-6-20 4q-6 14 6 28l-4 6z"
     "M46 8h8v8h8v8h-8v12h-8v-12h-8v-8h8z",
     "M30 76h40M50 52v22"},
};

constexpr const char* FILES = "abcdefgh";

}  // namespace

char board_piece_letter(rules::Piece p) { return rules::piece_char(p); }

void append_board_defs(std::string& out) {
    for (const Shape& s : SHAPES) {
        for (int black = 0; black < 2; ++black) {
            const char id = black ? char(s.letter - 'A' + 'a') : s.letter;
            out += "<g id=\"p";
            out += id;
            out += black ? "\" class=\"pb\"" : "\" class=\"pw\"";
            out += " transform=\"scale(.01)\"><path class=\"body\" d=\"";
            out += s.body;
            out += "\"/>";
            if (*s.detail) {
                out += "<path class=\"detail\" d=\"";
                out += s.detail;
                out += "\"/>";
            }
            out += "</g>";
        }
    }
    // The empty board: light squares as the background, the dark ones as one path, then the
    // file and rank labels in the margin.
    out += "<g id=\"bd\"><rect class=\"sl\" width=\"8\" height=\"8\"/><path class=\"sd\" d=\"";
    for (int row = 0; row < 8; ++row)
        for (int file = 0; file < 8; ++file)
            if ((row + file) % 2 == 1)
                out += "M" + std::to_string(file) + " " + std::to_string(row) + "h1v1h-1z";
    out += "\"/>";
    for (int file = 0; file < 8; ++file)
        out +=
            "<text class=\"co\" x=\"" + std::to_string(file) + ".5\" y=\"8.32\">" + FILES[file] + "</text>";
    for (int row = 0; row < 8; ++row)
        out += "<text class=\"co\" x=\"-.22\" y=\"" + std::to_string(row) + ".62\">" + char('8' - row) +
               "</text>";
    out += "</g>";
}

void append_board(std::string& out, const rules::Position& pos, const BoardMarks& marks) {
    const std::string fen = rules::to_fen(pos);
    out += "<svg class=\"board\" viewBox=\"-.4 0 8.4 8.4\" role=\"img\"><title>";
    if (!marks.caption.empty()) {
        append_escaped(out, marks.caption);
        out += ": ";
    }
    append_escaped(out, fen);
    out += "</title><use href=\"#bd\"/>";
    auto square_rect = [&](rules::Square s, const char* cls) {
        out += "<rect class=\"";
        out += cls;
        out += "\" x=\"" + std::to_string(rules::file_of(s)) + "\" y=\"" +
               std::to_string(7 - rules::rank_of(s)) + "\" width=\"1\" height=\"1\"/>";
    };
    if (marks.from != rules::SQ_NONE) square_rect(marks.from, "lm");
    if (marks.to != rules::SQ_NONE) square_rect(marks.to, "lm");
    for (rules::Bitboard b = marks.marked; b; b &= b - 1)
        square_rect(rules::Square(__builtin_ctzll(b)), "mk");
    for (int s = 0; s < 64; ++s) {
        const rules::Piece p = pos.piece_on(rules::Square(s));
        if (p == rules::NO_PIECE) continue;
        out += "<use href=\"#p";
        out += board_piece_letter(p);
        out += "\" x=\"" + std::to_string(rules::file_of(rules::Square(s))) + "\" y=\"" +
               std::to_string(7 - rules::rank_of(rules::Square(s))) + "\"/>";
    }
    out += "</svg>";
}

}  // namespace drawproxy::html
