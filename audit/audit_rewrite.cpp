#include "audit/audit_rewrite.h"

#include <fmt/core.h>

#include "rules/notation.h"

namespace drawproxy::audit {

namespace {

constexpr std::size_t LINE_LENGTH = 80;

void append_tag(std::string& out, std::string_view name, std::string_view value) {
    out += '[';
    out += name;
    out += " \"";
    for (char c : value) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    out += "\"]\n";
}

// Adds a word to the movetext, wrapping lines before LINE_LENGTH.
void append_word(std::string& out, std::size_t& line, std::string_view word) {
    if (line > 0 && line + 1 + word.size() > LINE_LENGTH) {
        out += '\n';
        line = 0;
    } else if (line > 0) {
        out += ' ';
        ++line;
    }
    out += word;
    line += word.size();
}

}  // namespace

void append_corrected_pgn(const rules::PgnGame& game, const GameAudit& audit, std::string& out) {
    const int kept = audit.kept_plies;
    for (const rules::PgnTag& t : game.tags) {
        if (t.name == "ResultRule") continue;
        if (t.name == "Result")
            append_tag(out, t.name, audit.corrected);
        else if (t.name == "PlyCount")
            append_tag(out, t.name, std::to_string(kept));
        else
            append_tag(out, t.name, t.value);
    }
    if (game.tag("Result").empty()) append_tag(out, "Result", audit.corrected);
    if (!audit.result_rule.empty()) append_tag(out, "ResultRule", audit.result_rule);
    out += '\n';

    rules::Position pos = game.start;
    std::size_t line = 0;
    for (int ply = 0; ply < kept; ++ply) {
        const rules::Move m = game.moves[ply];
        if (pos.side_to_move() == rules::WHITE || ply == 0)
            append_word(
                out, line,
                fmt::format("{}{}", pos.fullmove_number(), pos.side_to_move() == rules::WHITE ? "." : "..."));
        append_word(out, line, rules::to_san(pos, m));
        if (std::string_view c = game.comment(ply); !c.empty())
            append_word(out, line, fmt::format("{{{}}}", c));
        pos.play(m);
    }
    if (kept < game.ply_count())
        append_word(
            out, line,
            fmt::format(
                "{{drawproxy: the game ended at ply {} by {}; the {} plies played after it are dropped}}",
                kept, audit.result_rule, game.ply_count() - kept));
    append_word(out, line, audit.corrected);
    out += "\n\n";
}

}  // namespace drawproxy::audit
