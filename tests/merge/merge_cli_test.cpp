// `drawproxy merge` as a user meets it: parts of a sharded match with their PGN files, the
// merged PGN in game order, the exit status of an SPRT, bad input refused with exit 2.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <regex>

#include "rules/pgn.h"
#include "support/match_helpers.h"

using namespace drawproxy;
using drawproxy::test::TempFile;

namespace {

using Run = test::CommandRun;
using test::slurp;

Run drawproxy_cmd(const std::string& args) { return test::run_drawproxy(args); }

// STRONG mates in every game (see match_sprt_shard_test.cpp), WEAK helps it.
std::string engines() {
    return "-engine " + test::fake_cmd("moves=e2e4,e7e5,d2d4,d8h4,d1h5") + " name=A -engine " +
           test::fake_cmd("moves=f2f3,f7f6,g2g4,g7g5") +
           " name=B -each nodes=1 -games 2 -rounds 6 -repeat -seed 5";
}

}  // namespace

TEST_CASE("merge: parts with their PGNs, in any order, give the whole match", "[match][merge][engine]") {
    TempFile p1(".pgn"), p2(".pgn"), p3(".pgn"), j1(".json"), j2(".json"), j3(".json");
    TempFile whole_pgn(".pgn"), whole_json(".json");
    const std::string pgns[] = {p1.path, p2.path, p3.path}, jsons[] = {j1.path, j2.path, j3.path};
    REQUIRE(drawproxy_cmd("match " + engines() + " -quiet -pgnout " + whole_pgn.path + " -jsonout " +
                          whole_json.path)
                .status == 0);
    for (int k = 0; k < 3; ++k) {
        const Run r = drawproxy_cmd("match " + engines() + " -quiet -shard " + std::to_string(k + 1) +
                                    "/3 -pgnout " + pgns[k] + " -jsonout " + jsons[k]);
        REQUIRE(r.status == 0);
    }
    TempFile merged_pgn(".pgn"), merged_json(".json"), again_json(".json");
    Run r = drawproxy_cmd("merge --pgn " + merged_pgn.path + " --jsonout " + merged_json.path + " " +
                          j2.path + " " + j3.path + " " + j1.path);
    INFO(r.err);
    REQUIRE(r.status == 0);
    CHECK(r.out.find("Merged 3 of 3 parts, 12 games") != std::string::npos);
    CHECK(r.out.find("Score of A vs B: 12 - 0 - 0") != std::string::npos);
    CHECK(r.out.find("Ptnml(0-2): [0, 0, 0, 0, 6]") != std::string::npos);
    // The merged PGN holds the whole match's games in game order, move for move (the move
    // times in the comments are the only difference).
    const auto untimed = [](const std::string& pgn) {
        return std::regex_replace(pgn, std::regex(R"([0-9]+\.[0-9]+s\})"), "s}");
    };
    CHECK(untimed(slurp(merged_pgn.path)) == untimed(slurp(whole_pgn.path)));
    CHECK(untimed(slurp(merged_pgn.path)).find("[Round \"6\"]") != std::string::npos);
    r = drawproxy_cmd("merge --jsonout " + again_json.path + " " + j1.path + " " + j3.path + " " + j2.path);
    REQUIRE(r.status == 0);
    CHECK(slurp(again_json.path) == slurp(merged_json.path));
    // An SPRT on the merged counts: all wins, H1 (exit 4).
    r = drawproxy_cmd("merge --sprt elo0=0 elo1=400 model=logistic " + j1.path + " " + j2.path + " " +
                      j3.path);
    CHECK(r.status == 4);
    CHECK(r.out.find("H1 accepted") != std::string::npos);
    r = drawproxy_cmd("merge --sprt elo0=0 elo1=5 " + j1.path + " " + j2.path);
    CHECK(r.status == 0);  // two games per pair and only 4 pairs: the test goes on
    CHECK(r.out.find("partial: missing 3") != std::string::npos);
    // Engines of equal strength (White mates in every game): H0 (exit 3).
    TempFile even(".json");
    const std::string white_mates = test::fake_cmd("moves=e2e4,f7f6,d2d4,g7g5,d1h5");
    REQUIRE(drawproxy_cmd(
                "match -engine " + white_mates + " name=A -engine " + white_mates +
                " name=B -each nodes=1 -games 2 -rounds 60 -repeat -seed 1 -quiet -shard 1/1 -jsonout " +
                even.path)
                .status == 0);
    r = drawproxy_cmd("merge --sprt elo0=0 elo1=300 model=logistic " + even.path);
    INFO(r.out << r.err);
    CHECK(r.status == 3);
    CHECK(r.out.find("H0 accepted") != std::string::npos);
    // A part that lost a game record: its counts are no longer its games.
    nlohmann::json damaged = nlohmann::json::parse(slurp(j2.path));
    REQUIRE(damaged["games"].size() == 4);
    damaged["games"].erase(1);
    TempFile lost(".json", damaged.dump(2) + "\n");
    r = drawproxy_cmd("merge " + j1.path + " " + lost.path);
    CHECK(r.err.find("lists 3 games but counts 4 by reason") != std::string::npos);
    // Bad input: one line on stderr, exit 2.
    for (const std::string& bad :
         {"merge " + j1.path + " " + j1.path, "merge " + whole_json.path,
          "merge " + j1.path + " " + lost.path, std::string("merge /nonexistent.json"),
          "merge --sprt elo0=5 elo1=0 " + j1.path, std::string("merge")}) {
        INFO(bad);
        r = drawproxy_cmd(bad);
        CHECK(r.status == 2);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    }
}
