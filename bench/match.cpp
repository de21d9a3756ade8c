// Runner overhead per move: everything between an engine's `bestmove` and the next `go` the
// runner sends (judging the move, claims, clocks, the next position command), at
// concurrency 2. Engines answer at once (Stockfish at depth 1) so games are many moves long.
//
//   bench_match [ENGINE] [GAMES] [OPENINGS.epd]   defaults: /usr/games/stockfish, 8, the shipped file
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "app/edition_loader.h"
#include "app/match_options.h"
#include "match/scheduler.h"

using namespace drawproxy;

int main(int argc, char** argv) {
    const std::string engine = argc > 1 ? argv[1] : "/usr/games/stockfish";
    const std::string games = argc > 2 ? argv[2] : "8";
    const std::string openings =
        std::string(DRAWPROXY_SHARED_DIR) + "/../main/configs/openings/classical.epd";
    std::vector<std::string> args = {"-engine", "cmd=" + engine, "name=e1", "-engine",   "cmd=" + engine,
                                     "name=e2", "-each",         "depth=1", "-games",    games,
                                     "-repeat", "-concurrency",  "2",       "-openings", "file=" + openings,
                                     "-rules",  "fide-2023"};
    match::MatchOptions opts = match::parse_match_options(args);
    match::Scheduler scheduler(opts, app::load_edition("fide-2023"), nullptr);
    const auto t0 = std::chrono::steady_clock::now();
    match::MatchSummary s = scheduler.run();
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::vector<std::int64_t> v = s.overhead;
    if (v.empty()) {
        std::puts("no samples");
        return 1;
    }
    std::sort(v.begin(), v.end());
    auto at = [&](double q) { return double(v[std::size_t(q * double(v.size() - 1))]) / 1000.0; };
    std::size_t plies = 0;
    for (const auto& g : s.games) plies += g.plies.size();
    std::printf(
        "games %zu, moves judged %zu, wall %.1f s, engine processes started %d (kept between games)\n",
        s.games.size(), plies, wall, s.engines_started);
    std::printf("runner overhead per move (bestmove -> next go), %zu samples, concurrency 2:\n", v.size());
    std::printf("  median %.1f us   p90 %.1f us   p99 %.1f us   worst %.1f us\n", at(0.5), at(0.9), at(0.99),
                double(v.back()) / 1000.0);
    return 0;
}
