// drawproxy winnable [--nodes N] [--witness]: FENs on stdin, "XY FEN" per line on stdout.
#include <fmt/core.h>
#include <CLI/CLI.hpp>
#include <iostream>
#include <string>

#include "app/commands.h"
#include "rules/material_legality.h"
#include "rules/notation.h"
#include "rules/winnability/winnability.h"

namespace drawproxy {
namespace {

namespace wb = rules::winnability;

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

// Drops an optional two-character label ("WB", "-B", ...) before the FEN: a FEN's first
// field always holds a '/', so a two-character first word cannot be part of it.
std::string_view strip_label(std::string_view line) {
    if (line.size() > 3 && line[2] == ' ' && line.substr(0, 2).find('/') == std::string_view::npos)
        return trim(line.substr(3));
    return line;
}

std::string witness_text(const rules::Position& start, const std::vector<rules::Move>& line) {
    std::string text;
    rules::Position pos = start;
    for (rules::Move m : line) {
        text += ' ';
        rules::append_uci(pos, m, text);
        pos.play(m);
    }
    return text;
}

}  // namespace

int run_winnable(const Args& args) {
    CLI::App app{
        "Reads FENs on stdin, one a line (an optional two-character label and a space before the FEN\n"
        "are ignored; blank lines and lines starting with '#' are skipped) and prints 'XY FEN' per\n"
        "position, in order: X is W if White can still checkmate by some series of legal moves, '-' if\n"
        "it provably cannot, '?' if undecided within the node budget; Y likewise for Black with B.\n"
        "A line that is not a valid FEN, or whose material no legal game reaches (more than 8 pawns a\n"
        "side, more promoted pieces than missing pawns), gets a message naming its line number on\n"
        "stderr and no output line; the others are still answered, and the exit status is then 2 (0\n"
        "when all were valid).",
        "drawproxy winnable"};
    std::uint64_t nodes = wb::Budget{}.nodes;
    bool witness = false;
    app.add_option("--nodes", nodes,
                   "search budget per side and position (positions visited; default 1000000)")
        ->check(CLI::Range(std::uint64_t(1), std::uint64_t(1) << 32));
    app.add_flag("--witness", witness, "after each W or B, print '  W: <uci moves>' ending in that mate");
    if (int status = parse_command_line(app, args, "winnable"); status >= 0) return status;

    bool bad_input = false;
    std::string line, error;
    rules::Position pos(rules::Position::Uninitialised{});
    for (long number = 1; std::getline(std::cin, line); ++number) {
        std::string_view text = trim(line);
        if (text.empty() || text.front() == '#') continue;
        text = strip_label(text);
        if (!rules::parse_fen(text, false, pos, error)) {
            fmt::print(stderr, "drawproxy: winnable: line {}: bad FEN: {}\n", number, error);
            bad_input = true;
            continue;
        }
        // The FEN reader takes any material (composed positions, analysis); the question
        // "can a side still mate" is about games, and no game reaches these.
        if (const std::string fault = rules::material_fault(pos); !fault.empty()) {
            fmt::print(stderr, "drawproxy: winnable: line {}: no legal game reaches this position: {}\n",
                       number, fault);
            bad_input = true;
            continue;
        }
        wb::Budget budget{nodes, witness};
        const wb::Result white = wb::can_checkmate(pos, rules::WHITE, budget);
        const wb::Result black = wb::can_checkmate(pos, rules::BLACK, budget);
        auto mark = [](const wb::Result& r, char yes) {
            return r.outcome == wb::Outcome::Winnable     ? yes
                   : r.outcome == wb::Outcome::Unwinnable ? '-'
                                                          : '?';
        };
        std::string out = fmt::format("{}{} {}\n", mark(white, 'W'), mark(black, 'B'), text);
        if (witness) {
            if (white.outcome == wb::Outcome::Winnable)
                out += "  W:" + witness_text(pos, white.witness) + '\n';
            if (black.outcome == wb::Outcome::Winnable)
                out += "  B:" + witness_text(pos, black.witness) + '\n';
        }
        std::fwrite(out.data(), 1, out.size(), stdout);
        std::fflush(stdout);
    }
    return bad_input ? 2 : 0;
}

}  // namespace drawproxy
