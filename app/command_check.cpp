// drawproxy check [--json] [--probe NAME]... [--nodes N|--depth N|--movetime MS] -- ENGINE [ARGS...]
// Runs the draw-handling probes (check/) on ENGINE and prints the report card.
#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <algorithm>

#include "app/commands.h"
#include "check/card.h"
#include "check/runner.h"
#include "engine/engine_process.h"

namespace drawproxy {

int run_check(const Args& args) {
    auto dash = std::find(args.begin(), args.end(), "--");
    Args options(args.begin(), dash), command;
    if (dash != args.end()) command.assign(dash + 1, args.end());

    CLI::App app{
        "Runs draw-handling probes (repetition, fifty moves, dead and finished positions, "
        "Chess960, claims) on a UCI engine and prints a report card.",
        "drawproxy check"};
    bool json = false;
    std::vector<std::string> names;
    long long nodes = 0, depth = 0, movetime = 0;
    app.add_flag("--json", json, "print the card as one JSON object");
    app.add_option("--probe", names, "run only this probe (repeatable)");
    auto* o_nodes = app.add_option("--nodes", nodes, "search limit: go nodes N")->check(CLI::PositiveNumber);
    auto* o_depth =
        app.add_option("--depth", depth, "search limit: go depth N (default 10)")->check(CLI::PositiveNumber);
    auto* o_time =
        app.add_option("--movetime", movetime, "search limit: go movetime MS")->check(CLI::PositiveNumber);
    o_nodes->excludes(o_depth)->excludes(o_time);
    o_depth->excludes(o_time);
    std::string footer = "\nProbes:\n";
    for (const check::Probe& p : check::probes()) footer += fmt::format("  {:<23} {}\n", p.name, p.summary);
    if (int rc = parse_command_line(app, options, "check", footer); rc >= 0) return rc;
    if (command.empty())
        return usage_error("check: no engine given: drawproxy check [options] -- ENGINE [ARGS...]");

    check::RunOptions run;
    run.program = command[0];
    run.args.assign(command.begin() + 1, command.end());
    if (nodes) run.limit = {check::Limit::Nodes, nodes};
    if (depth) run.limit = {check::Limit::Depth, depth};
    if (movetime) run.limit = {check::Limit::MoveTime, movetime};
    for (const std::string& n : names) {
        const check::Probe* p = check::find_probe(n);
        if (!p) return usage_error("check: --probe: no probe named '" + n + "' (see drawproxy check --help)");
        run.probes.push_back(p);
    }
    check::Card card;
    try {
        card = check::run_check(run);
    } catch (const engine::EngineStartError& e) {
        return usage_error("check: cannot start '" + run.program + "': " + e.what());
    } catch (const check::NotUciEngine& e) {
        return usage_error("check: '" + run.program + "' is not a UCI engine: " + e.what());
    }
    if (json)
        fmt::print("{}\n", check::card_json(card));
    else
        fmt::print("{}", check::card_text(card));
    return card.count(check::Outcome::Fail) > 0 ? 1 : 0;
}

}  // namespace drawproxy
