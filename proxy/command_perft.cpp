// drawproxy perft [--chess960] [--divide] FEN DEPTH
#include <CLI/CLI.hpp>
#include <chrono>
#include <fmt/core.h>

#include "proxy/commands.h"
#include "rules/notation.h"
#include "rules/perft.h"

namespace drawproxy {

int usage_error(const std::string& message) {
    fmt::print(stderr, "drawproxy: {}\n", message);
    return 2;
}

int run_perft(const Args& args) {
    CLI::App app{"Counts the leaf nodes of the legal move tree.", "drawproxy perft"};
    bool chess960 = false, divide = false;
    std::string fen;
    int depth = 0;
    app.add_flag("--chess960", chess960, "Chess960 castling (king takes rook in move text)");
    app.add_flag("--divide", divide, "print the count below each root move first");
    app.add_option("FEN", fen, "the position (\"startpos\" for the start position)")->required();
    app.add_option("DEPTH", depth, "plies")->required()->check(CLI::Range(0, 20));
    try {
        std::vector<std::string> reversed(args.rbegin(), args.rend());
        app.parse(reversed);
    } catch (const CLI::CallForHelp&) {
        fmt::print("{}", app.help());
        return 0;
    } catch (const CLI::ParseError& e) {
        return usage_error(std::string("perft: ") + e.what());
    }
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
