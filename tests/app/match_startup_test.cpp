// Engine start-up under load, as a user runs `drawproxy match`: many engines starting at once
// on few cores, slow steps, a first process that is stuck. A slow start is not a broken engine:
// the match goes on; an engine that never answers still stops it, saying what it did.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <string>

#include "support/match_helpers.h"

using namespace drawproxy;
using test::TempFile;

namespace {

// Every game of the match was played and scored: exit 0, `games` games in the PGN.
void check_all_played(const test::CommandRun& r, const std::string& pgn, int games) {
    INFO(r.err);
    CHECK_FALSE(r.signalled);
    CHECK(r.status == 0);
    CHECK(r.err.find("match stopped") == std::string::npos);
    CHECK(int(test::read_pgn_file(pgn).size()) == games);
}

}  // namespace

TEST_CASE("128 engines starting at once on few cores, each using CPU to start, all start",
          "[match][startup][engine][alone]") {
    // 128 starts of 100 ms of CPU each are 6.4 s of both cores of a two-core machine: started
    // all at once, every engine waits for all the others and none has answered within 4 s.
    TempFile pgn(".pgn");
    const std::string engine = test::fake_cmd_quoted("burn=100;banner=fake_engine_by_nobody");
    const auto r = test::run_drawproxy("match -engine " + engine + " name=A -engine " + engine +
                                       " name=B -each nodes=1 startup=4 -maxmoves 2 -games 2 -rounds 64 "
                                       "-repeat -concurrency 64 -pgnout " +
                                       pgn.path);
    check_all_played(r, pgn.path, 128);
}

TEST_CASE("startup= counts for each step from its own start: uciok from the process's, readyok from isready",
          "[match][startup][engine]") {
    // 2 s to uciok and 2 s more to readyok: each within 3.5 s (1.5 s to spare for a loaded
    // machine), together not.
    TempFile pgn(".pgn");
    const std::string engine = test::fake_cmd_quoted("startsleep=2000;readysleep=2000");
    const auto r =
        test::run_drawproxy("match -engine " + engine + " name=A -engine " + engine +
                            " name=B -each nodes=1 startup=3.5 -maxmoves 2 -games 2 -pgnout " + pgn.path);
    check_all_played(r, pgn.path, 2);
}

TEST_CASE("an engine process that does not start is replaced once before the match stops",
          "[match][startup][engine]") {
    test::TempDir dir;
    TempFile pgn(".pgn");
    const std::string first = dir.file("first-start");
    const auto r =
        test::run_drawproxy("match -engine " + test::fake_cmd("hangfirst=" + first) + " name=A -engine " +
                            test::fake_cmd("score=0") +
                            " name=B -each nodes=1 startup=2 -maxmoves 2 -games 2 -pgnout " + pgn.path);
    check_all_played(r, pgn.path, 2);
    CHECK(::access(first.c_str(), F_OK) == 0);  // the first process was the stuck one
}
