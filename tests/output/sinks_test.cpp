// The sinks of a match (output/sinks.h) driven by hand: -quiet mutes the per-game lines and
// drawproxy's long tables, never the final score and Elo; the PGN file holds a game before the
// status sink prints its CRC line, which is the file's.
#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>

#include "output/sinks.h"
#include "rules/notation.h"
#include "stats/encounters.h"
#include "support/match_helpers.h"

using namespace drawproxy;
using namespace drawproxy::output;

namespace {

GameRecord draw_of(int number) {
    GameRecord g;
    g.number = number;
    g.white = "A";
    g.black = "B";
    g.start = rules::Position::from_fen(rules::Position::START_FEN);
    g.outcome.termination = rules::Termination::Agreement;
    g.outcome.score = rules::Score::Draw;
    return g;
}

// What the sinks print to their stream for one drawn game between A and B, and the match's end.
std::string run_sinks(SinkSettings s, const game::FastchessOutputSettings& keys = {}) {
    std::vector<game::EngineConfig> engines(2);
    engines[0].name = "A";
    engines[1].name = "B";
    const std::vector<std::string> names{"A", "B"};
    char* buf = nullptr;
    std::size_t size = 0;
    s.out = open_memstream(&buf, &size);
    REQUIRE(s.out);
    s.engines = &engines;
    s.fastchess = &keys;
    {
        auto sinks = make_sinks(s);
        const std::vector<GameRecord> none;
        Report report(names);
        stats::EncounterStats counts(names, 0);
        const stats::StatsSettings settings;
        for (auto& k : sinks) k->open();
        for (auto& k : sinks) k->match_started({none, {}, {}});
        for (auto& k : sinks) k->game_started({1, 1, "A", "B"});
        const GameRecord g = draw_of(1);
        report.add(g);
        counts.add(0, 1, g.outcome.score, -1);
        StatusSnapshot snap{&counts.encounter(0, 1), &settings, 0, 1, 2, 1, true, true, true, false};
        for (auto& k : sinks) k->game_finished({g, -1, report, snap, 1, 1});
        const std::vector<GameRecord> games{g};
        for (auto& k : sinks)
            k->match_ended({report, games, names, counts, settings, 1, true, true, "", "id", 1, {}, 0});
    }
    std::fclose(s.out);
    std::string text(buf, size);
    std::free(buf);
    return text;
}

}  // namespace

TEST_CASE("quiet (-quiet): the per-game lines and drawproxy's tables muted, the final score and Elo kept",
          "[match][output]") {
    SinkSettings s;
    const std::string loud = run_sinks(s);
    s.quiet = true;
    const std::string quiet = run_sinks(s);
    CHECK(loud.find("Started game 1 of 1 (A vs B)\n") != std::string::npos);
    CHECK(loud.find("Finished game 1 (A vs B)") != std::string::npos);
    CHECK(quiet.find("Started game") == std::string::npos);
    CHECK(quiet.find("Finished game") == std::string::npos);
    // The closing part: the score line first, then the Elo line, ..., "Finished match".
    REQUIRE(quiet.rfind("Score of A vs B: ", 0) == 0);
    const std::string score = quiet.substr(0, quiet.find('\n') + 1);
    CHECK(quiet.find("Elo difference", score.size()) != std::string::npos);
    CHECK(quiet.substr(quiet.size() - 15) == "Finished match\n");
    // The loud text has it after the empty line -quiet drops, and the tables of reasons and
    // claims before "Finished match".
    CHECK(loud.find("\n\n" + score) != std::string::npos);
    CHECK(loud.size() > quiet.size() + 40);
}

TEST_CASE("quiet (-quiet) keeps a runner's closing lines: fastchess's are printed whatever -quiet says",
          "[match][output]") {
    SinkSettings s;
    s.format = OutputFormat::fastchess;
    s.quiet = true;
    const std::string quiet = run_sinks(s);
    CHECK(quiet.rfind("Finished match\nTotal Time: 00:00:00 (hours:minutes:seconds)\n\n", 0) == 0);
    s.quiet = false;
    CHECK(run_sinks(s).find("Finished game 1 (A vs B): 1/2-1/2") != std::string::npos);
}

TEST_CASE("the PGN file has each game before its lines: the CRC line is the file's, before Finished",
          "[match][output]") {
    test::TempFile pgn(".pgn");
    SinkSettings s;
    s.pgn = pgn.path;
    s.pgn_append = false;
    game::FastchessOutputSettings keys;
    keys.crc32_pgn = true;
    const std::string text = run_sinks(s, keys);
    const std::string head = "File " + pgn.path + " has CRC32: 0x";
    const auto at = text.find(head);
    REQUIRE(at != std::string::npos);
    CHECK(text.find("Finished game 1", at) != std::string::npos);
    CHECK(test::slurp(pgn.path).find("[White \"A\"]") != std::string::npos);
}
