// drawproxy match: engine-vs-engine games in cutechess-cli's option style, judged by the Laws.
#include <cstdio>

#include "app/commands.h"
#include "app/edition_loader.h"
#include "app/match_options.h"
#include "tournament/scheduler.h"

namespace drawproxy {

int run_match(const Args& args) {
    for (const std::string& a : args) {
        if (a == "-h" || a == "--help" || a == "-help") {
            std::fputs(app::match_usage(), stdout);
            return 0;
        }
        if (a == "-version" || a == "--version" || a == "-v") {  // cutechess-cli's and fastchess' spellings
            std::printf("drawproxy %s\n", DRAWPROXY_VERSION);
            return 0;
        }
    }
    try {
        const tournament::MatchOptions opts = app::parse_match_options(args);
        rules::Edition edition =
            app::load_edition(opts.rules.empty() ? std::string(rules::Edition::DEFAULT_NAME) : opts.rules);
        tournament::Scheduler scheduler(opts, std::move(edition), stdout);
        const tournament::MatchSummary summary = scheduler.run();
        // Interrupted: 130 for SIGINT (Ctrl-C), 143 for SIGTERM, as a shell reports a process
        // the signal killed; everything was written first.
        if (summary.interrupted) return 128 + summary.interrupted;
        if (!summary.stopped.empty()) {
            std::fprintf(stderr, "drawproxy: match stopped: %s\n", summary.stopped.c_str());
            return 1;
        }
        return 0;
    } catch (const game::OptionError& e) {
        return usage_error(e.what());
    } catch (const rules::EditionError& e) {
        return usage_error(e.what());
    }
}

}  // namespace drawproxy
