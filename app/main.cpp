// drawproxy: dispatches to the subcommands; with none, runs the UCI proxy.
#include <cstdio>
#include <exception>
#include <string>
#include <string_view>

#include "app/commands.h"
#include "app/option_table.h"

namespace {

constexpr std::string_view USAGE =
    "usage: drawproxy [--xboard] [--rules NAME|FILE] [--claim POLICY] [--log FILE] [--setoption "
    "NAME=VALUE]... -- "
    "ENGINE [ARGS...]\n"
    "       drawproxy perft [--chess960] [--divide] FEN DEPTH\n"
    "       drawproxy analyze [--rules NAME|FILE] [--chess960] [--pretty] startpos|fen <FEN> [moves M...]\n"
    "       drawproxy winnable [--nodes N] [--witness]   (FENs on stdin)\n"
    "       drawproxy match -engine cmd=... -engine cmd=... [-each ...] [-games N] ...\n"
    "       drawproxy audit [--rules NAME] [--json] [--rewrite OUT.pgn] [--html OUT.html] FILE.pgn...\n"
    "       drawproxy report [-o OUT.html] MATCH.json|MATCH.pgn...\n"
    "       drawproxy check [--json] [--probe NAME] [--nodes N|--depth N|--movetime MS] -- ENGINE [ARGS...]\n"
    "       drawproxy merge [--sprt elo0=E0 elo1=E1 ...] [--pgn OUT.pgn] [--jsonout OUT.json] PART.json...\n";

}  // namespace

int main(int argc, char** argv) {
    drawproxy::Args args(argv + 1, argv + argc);
    try {
        // Run as fastchess, fastchess-ob or cutechess-cli (a link or a copy): that runner's
        // whole command line, without the match subcommand.
        if (auto dialect = drawproxy::app::dialect_of_program(argc > 0 ? argv[0] : ""))
            return drawproxy::run_match(args, *dialect, argv[0]);
        if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
            std::fputs(USAGE.data(), args.empty() ? stderr : stdout);
            return args.empty() ? 2 : 0;
        }
        const std::string cmd = args[0];
        drawproxy::Args rest(args.begin() + 1, args.end());
        if (cmd == "perft") return drawproxy::run_perft(rest);
        if (cmd == "analyze") return drawproxy::run_analyze(rest);
        if (cmd == "winnable") return drawproxy::run_winnable(rest);
        if (cmd == "match")
            return drawproxy::run_match(rest, drawproxy::tournament::Dialect::drawproxy,
                                        std::string(argc > 0 ? argv[0] : "drawproxy") + " match");
        if (cmd == "audit") return drawproxy::run_audit(rest);
        if (cmd == "check") return drawproxy::run_check(rest);
        if (cmd == "report") return drawproxy::run_report(rest);
        if (cmd == "merge") return drawproxy::run_merge(rest);
        return drawproxy::run_proxy(args);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "drawproxy: %s\n", e.what());
        return 2;
    }
}
