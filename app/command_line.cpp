// Command-line parsing shared by the subcommands.
#include <fmt/core.h>
#include <CLI/CLI.hpp>

#include "app/commands.h"

namespace drawproxy {

int usage_error(const std::string& message) {
    fmt::print(stderr, "drawproxy: {}\n", message);
    return 2;
}

int parse_command_line(CLI::App& app, const Args& args, std::string_view name, std::string_view help_footer) {
    try {
        std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 takes them reversed
        app.parse(reversed);
    } catch (const CLI::CallForHelp&) {
        fmt::print("{}{}", app.help(), help_footer);
        return 0;
    } catch (const CLI::ParseError& e) {
        return usage_error(name.empty() ? std::string(e.what()) : std::string(name) + ": " + e.what());
    }
    return -1;
}

}  // namespace drawproxy
