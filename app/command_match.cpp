// The match runner: engine-vs-engine games judged by the Laws, in one of its dialects
// (`drawproxy match`, or the program run as fastchess or cutechess-cli).
#include <fmt/format.h>

#include <cstdio>

#include "app/commands.h"
#include "app/edition_loader.h"
#include "app/match_options.h"
#include "output/cutechess_table.h"
#include "tournament/engine_name.h"
#include "tournament/scheduler.h"

namespace drawproxy {

namespace {

// What the workers of fishtest and OpenBench check before they use a fastchess: the version of
// the commit fishtest pins (its worker matches the hash), at least 1.8.1 (OpenBench). The
// second line is read by neither (fishtest matches each line to the end, OpenBench takes the
// first version number of the output).
void print_version(tournament::Dialect d) {
    if (d == tournament::Dialect::fastchess)
        std::printf("fastchess alpha 1.8.1 20260606-58072f23\ndrawproxy %s, in fastchess' dialect\n",
                    DRAWPROXY_VERSION);
    else if (d == tournament::Dialect::cutechess)
        std::printf("cutechess-cli 1.5.1\ndrawproxy %s, in cutechess-cli's dialect\n", DRAWPROXY_VERSION);
    else
        std::printf("drawproxy %s\n", DRAWPROXY_VERSION);
}

}  // namespace

int run_match(const Args& args, tournament::Dialect dialect, const std::string& program) {
    // fastchess reads --compliance ENGINE before any other option, and only as its first
    if (dialect == tournament::Dialect::fastchess && args.size() >= 2 && args[0] == app::names::compliance)
        return run_compliance(args);
    const bool subcommand = dialect == tournament::Dialect::drawproxy;  // `drawproxy match`
    // -dialect decides what -h and -version print too
    for (std::size_t i = 0; i + 1 < args.size(); ++i)
        if (args[i] == app::names::dialect || args[i] == app::names::dialect_long)
            if (auto d = app::parse_dialect(args[i + 1])) dialect = *d;
    // fastchess prints its help when given nothing
    const bool help_alone = args.empty() && dialect == tournament::Dialect::fastchess;
    if (help_alone) {
        std::fputs(app::usage_text(dialect).c_str(), stdout);
        return 0;
    }
    for (const std::string& a : args) {
        const app::OptionSpec* spec = app::find_option(a, dialect);
        if (!spec || spec->kind != app::Kind::command) continue;
        if (a.find("help") != std::string::npos || a == app::names::help_short) {
            std::fputs(app::usage_text(dialect).c_str(), stdout);
            return 0;
        }
        print_version(dialect);
        return 0;
    }
    // cutechess-cli's -resultformat help: its list of formats and fields, then exit 1 as it
    // does (0 in drawproxy's dialect, as -h).
    for (std::size_t i = 0; i + 1 < args.size(); ++i)
        if (args[i] == app::names::result_format && args[i + 1] == "help") {
            const app::OptionSpec* spec = app::find_option(args[i], dialect);
            if (!spec || spec->kind != app::Kind::taken) break;
            std::fputs(output::result_format_help().c_str(), stdout);
            return dialect == tournament::Dialect::cutechess ? 1 : 0;
        }
    try {
        tournament::MatchOptions opts = app::parse_match_options(args, dialect);
        // drawproxy's own command names the dialect it was given: the resume line repeats it.
        opts.program = program;
        opts.summary_keeps_details = false;  // nothing here reads them after the match
        if (subcommand && opts.dialect == tournament::Dialect::fastchess)
            opts.program += fmt::format(" {} fastchess", app::names::dialect);
        tournament::name_engines_by_id(opts.engines);
        // cutechess-cli keeps two engines of one name (two builds of one engine, named by their
        // id name, are the common case); fastchess renames them without a word.
        if (dialect != tournament::Dialect::cutechess)
            for (const std::string& s : tournament::make_names_unique(opts.engines))
                if (dialect != tournament::Dialect::fastchess)
                    std::fprintf(stderr, "drawproxy: %s\n", s.c_str());
        if (opts.concurrency_adjusted)  // fastchess's words, as it parses its options
            std::printf("Info: Adjusted concurrency to %d based on number of available hardware threads.\n",
                        opts.concurrency);
        if (opts.bayesian_penta_warning)
            std::printf(
                "Warning; Bayesian SPRT model not available with pentanomial statistics. Disabling "
                "pentanomial reports...\n");
        if (opts.dialect == tournament::Dialect::fastchess && !opts.openings)  // its next two checks
            std::printf(
                "Warning: No opening book specified! Consider using one, otherwise all games will be "
                "played from the starting position.\n"
                "Warning: Unknown opening format, 2. All games will be played from the starting position.\n");
        rules::Edition edition =
            app::load_edition(opts.rules.empty() ? std::string(rules::Edition::DEFAULT_NAME) : opts.rules);
        tournament::Scheduler scheduler(opts, std::move(edition), stdout);
        const tournament::MatchSummary summary = scheduler.run();
        // Interrupted: 130 for SIGINT (Ctrl-C), 143 for SIGTERM, as a shell reports a process
        // the signal killed, everything written first; 1 in fastchess's dialect, as fastchess.
        if (summary.interrupted)
            return opts.dialect == tournament::Dialect::fastchess ? 1 : 128 + summary.interrupted;
        if (!summary.stopped.empty()) {
            std::fprintf(stderr, "drawproxy: match stopped: %s\n", summary.stopped.c_str());
            // cutechess-cli ends a tournament that an engine stopped (a crash, a stall, a player
            // it cannot initialize) with status 0
            return dialect == tournament::Dialect::cutechess ? 0 : 1;
        }
        return 0;
    } catch (const game::OptionError& e) {
        return usage_error(e.what());
    } catch (const rules::EditionError& e) {
        return usage_error(e.what());
    }
}

}  // namespace drawproxy
