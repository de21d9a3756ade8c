// drawproxy perft [--chess960] [--divide] FEN DEPTH
#include <fmt/core.h>
#include <CLI/CLI.hpp>
#include <charconv>

#include "app/commands.h"
#include "rules/notation.h"
#include "rules/perft.h"

namespace drawproxy {

int run_perft(const Args& args) {
    CLI::App app{"Counts the leaf nodes of the legal move tree.", "drawproxy perft"};
    bool chess960 = false, divide = false;
    std::vector<std::string> words;
    app.add_flag("--chess960", chess960, "Chess960 castling (king takes rook in move text)");
    app.add_flag("--divide", divide, "print the count below each root move first");
    // The FEN may come as one quoted argument or as its separate words: DEPTH is the last.
    app.add_option("FEN...DEPTH", words,
                   "the FEN, quoted or as separate words (\"startpos\": the start position), then the plies")
        ->required()
        ->expected(2, 8);
    if (int status = parse_command_line(app, args, "perft"); status >= 0) return status;
    int depth = -1;
    const std::string& depth_text = words.back();
    auto [end, ec] = std::from_chars(depth_text.data(), depth_text.data() + depth_text.size(), depth);
    if (ec != std::errc() || end != depth_text.data() + depth_text.size() || depth < 0 || depth > 20)
        return usage_error("perft: DEPTH must be a number from 0 to 20, not '" + depth_text + "'");
    std::string fen;
    for (std::size_t i = 0; i + 1 < words.size(); ++i) fen += (i ? " " : "") + words[i];
    rules::Position pos(rules::Position::Uninitialised{});
    std::string error;
    if (fen == "startpos") fen = std::string(rules::Position::START_FEN);
    if (!rules::parse_fen(fen, chess960, pos, error)) return usage_error("perft: bad FEN: " + error);
    std::uint64_t total = 0;
    if (divide && depth > 0) {
        for (rules::Move m : pos.legal_moves()) {
            rules::Position child = pos;
            child.play(m);
            std::uint64_t n = rules::perft(child, depth - 1);
            fmt::print("{}: {}\n", rules::to_uci(pos, m), n);
            total += n;
        }
    } else {
        total = rules::perft(pos, depth);
    }
    fmt::print("nodes {}\n", total);
    return 0;
}

}  // namespace drawproxy
