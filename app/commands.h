#pragma once
// The subcommands of the drawproxy executable. Each takes the arguments after its name
// and returns the process exit status (2 for usage errors and bad input).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
}
namespace drawproxy::tournament {
enum class Dialect : std::uint8_t;  // tournament/settings.h
}

namespace drawproxy {

using Args = std::vector<std::string>;

int run_proxy(const Args& args);     // drawproxy [options] -- ENGINE [ARGS...]
int run_perft(const Args& args);     // drawproxy perft
int run_analyze(const Args& args);   // drawproxy analyze
int run_winnable(const Args& args);  // drawproxy winnable
// drawproxy match (drawproxy's dialect), or the runner run as fastchess or cutechess-cli
// `program`: how it was run (argv[0], and `match` in drawproxy's own dialect).
int run_match(const Args& args, tournament::Dialect dialect, const std::string& program);
int run_audit(const Args& args);   // drawproxy audit (audit/)
int run_check(const Args& args);   // drawproxy check (check/)
int run_report(const Args& args);  // drawproxy report (html/)
int run_merge(const Args& args);   // drawproxy merge (the parts of a sharded match)
// fastchess --compliance ENGINE [ARGS]: `args` from that option on (ENGINE at least)
int run_compliance(const Args& args);

// Prints "drawproxy: <message>" on stderr and returns 2.
int usage_error(const std::string& message);

// Parses a subcommand's arguments with CLI11. Returns -1 to go on, 0 after printing --help
// (with `help_footer` appended), or 2 after a usage error printed as "<name>: <why>".
int parse_command_line(CLI::App& app, const Args& args, std::string_view name,
                       std::string_view help_footer = {});

}  // namespace drawproxy
