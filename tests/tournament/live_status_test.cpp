// The lines a running match prints in fastchess's format, as fishtest's worker reads them: a
// results block per completed game pair, counting completed pairs only, at the pair numbers
// -ratinginterval names and after the last game (fastchess 58072f23, roundrobin.cpp).
#include <catch2/catch.hpp>
#include <cstdio>
#include <regex>

#include "output/fastchess_lines.h"
#include "tournament/live_status.h"

using namespace drawproxy::tournament;
using drawproxy::output::Console;
using drawproxy::output::FastchessLines;
using drawproxy::rules::Score;

namespace {

MatchOptions two_engines(int rating_interval) {
    MatchOptions o;
    o.engines.resize(2);
    o.engines[0].name = "A";
    o.engines[1].name = "B";
    o.games = 2;
    o.rounds = 3;
    o.rating_interval = rating_interval;
    o.report_penta = true;
    return o;
}

struct Finish {
    int white, black;
    Score score;
    int pair;
};

// Three pairs finishing out of order, as at concurrency 2: game 1 (pair 1), games 3 and 4
// (pair 2 complete), game 2 (pair 1 complete), games 5 and 6 (pair 3, the last).
const Finish ORDER[] = {{0, 1, Score::WhiteWins, 0}, {0, 1, Score::Draw, 1},      {1, 0, Score::WhiteWins, 1},
                        {1, 0, Score::BlackWins, 0}, {0, 1, Score::BlackWins, 2}, {1, 0, Score::Draw, 2}};

// fishtest's worker: every block's Games must be twice the sum of its Ptnml.
void check_as_fishtest(const std::string& lines) {
    static const std::regex games(R"(Games: ([0-9]+), Wins: ([0-9]+), Losses: ([0-9]+), Draws: ([0-9]+), )");
    static const std::regex ptnml(R"(Ptnml\(0-2\): \[([0-9]+), ([0-9]+), ([0-9]+), ([0-9]+), ([0-9]+)\])");
    std::smatch g, p;
    REQUIRE(std::regex_search(lines, g, games));
    REQUIRE(std::regex_search(lines, p, ptnml));
    int sum = 0;
    for (int i = 1; i <= 5; ++i) sum += std::stoi(p[i]);
    CHECK(std::stoi(g[1]) == 2 * sum);
    CHECK(std::stoi(g[2]) + std::stoi(g[3]) + std::stoi(g[4]) == std::stoi(g[1]));
}

// The runner's counts (LiveStatus) in fastchess's words (output/fastchess_lines.h).
std::vector<std::string> blocks_of(const MatchOptions& opts, LiveStatus& live) {
    const FastchessLines lines(Console::muted(), Console::muted(), nullptr, opts.engines, "");
    std::vector<std::string> out;
    for (std::size_t i = 0; i < std::size(ORDER); ++i) {
        const Finish& f = ORDER[i];
        out.push_back(lines.status_block(
            live.game_finished(f.white, f.black, f.score, f.pair, i + 1 == std::size(ORDER))));
    }
    return out;
}

// What fastchess prints at the match's end, from `live`'s counts.
std::string match_end_of(const LiveStatus& live) {
    char* buf = nullptr;
    std::size_t size = 0;
    std::FILE* f = open_memstream(&buf, &size);
    REQUIRE(f);
    {
        const std::vector<drawproxy::game::EngineConfig> engines;
        FastchessLines lines(Console::muted(), Console(f), nullptr, engines, "");
        const std::vector<std::string> names{"A", "B"};
        const drawproxy::output::Report report(names);
        const std::vector<drawproxy::game::GameRecord> games;
        lines.match_ended({report,
                           games,
                           names,
                           live.stats(),
                           live.settings(),
                           live.games(),
                           live.score_due_at_end(),
                           live.interval_at_end(),
                           "",
                           "id",
                           1,
                           {},
                           0});
    }
    std::fclose(f);
    std::string text(buf, size);
    std::free(buf);
    return text;
}

std::string counts_of(const std::string& lines) {
    const auto at = lines.find("Games: ");
    return lines.substr(at, lines.find("], WL/DD") + 1 - at);
}

}  // namespace

TEST_CASE("fastchess's block: completed pairs only, after each pair -ratinginterval names",
          "[match][output]") {
    const MatchOptions opts = two_engines(1);
    LiveStatus live(opts, 3);
    const std::vector<std::string> out = blocks_of(opts, live);
    // No block while a pair is open: after games 1, 3 and 5.
    CHECK(out[0].empty());
    CHECK(out[1].empty());
    CHECK(out[4].empty());
    for (int i : {2, 3, 5}) check_as_fishtest(out[std::size_t(i)]);
    CHECK(counts_of(out[2]) ==
          "Games: 2, Wins: 0, Losses: 1, Draws: 1, Points: 0.5 (25.00 %)\n"
          "Ptnml(0-2): [0, 1, 0, 0, 0]");
    CHECK(counts_of(out[3]) ==
          "Games: 4, Wins: 2, Losses: 1, Draws: 1, Points: 2.5 (62.50 %)\n"
          "Ptnml(0-2): [0, 1, 0, 0, 1]");
    CHECK(counts_of(out[5]) ==
          "Games: 6, Wins: 2, Losses: 2, Draws: 2, Points: 3.0 (50.00 %)\n"
          "Ptnml(0-2): [0, 2, 0, 0, 1]");
    // One block per completed pair: the last game's is not printed twice, and nothing follows
    // but "Finished match".
    CHECK(out[5].find("Results of") == out[5].rfind("Results of"));
    const std::string end = match_end_of(live);
    CHECK(end.find("Results of") == std::string::npos);
    CHECK(end.rfind("Finished match\n", 0) == 0);
}

TEST_CASE("fastchess's -ratinginterval counts pair numbers, and the last game always has its block",
          "[match][output]") {
    const MatchOptions opts = two_engines(2);
    LiveStatus live(opts, 3);
    const std::vector<std::string> out = blocks_of(opts, live);
    // Pair 2 completes first (game 4): (2 % 2 == 0) its block; pair 1 (game 2) has none though
    // it is the second pair completed; the last game (pair 3) has one.
    CHECK(!out[2].empty());
    CHECK(out[3].empty());
    CHECK(!out[5].empty());
    for (int i : {0, 1, 4}) CHECK(out[std::size_t(i)].empty());
    CHECK(counts_of(out[2]).rfind("Games: 2,", 0) == 0);
    check_as_fishtest(out[5]);
}
