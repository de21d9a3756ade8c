// `drawproxy match` run as a user runs it, with engines that fail: dead pipes, engines that
// never become ready, crashes mid-match, signals. Checked on exit status, stderr and output files.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "support/match_helpers.h"

using namespace drawproxy;
using drawproxy::test::TempFile;

namespace {

using Run = test::CommandRun;
using test::slurp;

Run run_match_cli(const std::string& args) { return test::run_drawproxy("match " + args); }

}  // namespace

TEST_CASE("match survives writing to an engine that closed its input (no SIGPIPE)",
          "[match][failures][engine]") {
    TempFile pgn(".pgn");
    const Run r =
        run_match_cli("-engine " + test::fake_cmd("closein=1") + " name=closer -engine " +
                      test::fake_cmd("score=0") + " name=B -each nodes=1 -games 1 -pgnout " + pgn.path);
    INFO(r.out << r.err);
    CHECK_FALSE(r.signalled);
    const auto games = test::read_pgn_file(pgn.path);
    REQUIRE(games.size() == 1);
    CHECK(games[0].tag("Result") == "0-1");  // the closer's process is gone: it lost by crash
}

namespace {

std::string fake_engine(const std::string& args) {
    return "cmd=" + test::binary_path("bin/fake_engine") + " " + args;
}

// The match stopped before any game was scored: exit 1, one stderr line naming the engine and
// saying `what`, no game in the PGN.
void check_not_started(const Run& r, const std::string& pgn_path, const std::string& what) {
    INFO(r.out << r.err);
    CHECK_FALSE(r.signalled);
    CHECK(r.status == 1);
    CHECK(r.err.find("engine 'broken'") != std::string::npos);
    CHECK(r.err.find(what) != std::string::npos);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(test::read_pgn_file(pgn_path).empty());
}

}  // namespace

TEST_CASE("an engine that is not UCI stops the match before a game is scored", "[match][failures][engine]") {
    TempFile pgn(".pgn");
    const std::string rest = " name=broken -engine " + test::fake_cmd("score=0") + " name=B -each nodes=1 ";
    const std::string tail = rest + "startup=0.5 -games 2 -pgnout " + pgn.path;
    SECTION("it echoes what it is sent (cat)") {
        check_not_started(run_match_cli("-engine cmd=/bin/cat" + tail), pgn.path,
                          "sent no uciok within 0.5 s of its start; a second process sent no uciok within "
                          "1.5 s of its start either (its last line: \"uci\")");
    }
    SECTION("it exits at once") {
        check_not_started(run_match_cli("-engine " + fake_engine("'arg=--start' 'arg=@exit 3'") + tail),
                          pgn.path, "exited with status 3 before uciok");
    }
    SECTION("it says nothing") {
        check_not_started(run_match_cli("-engine cmd=/bin/sleep arg=20" + tail), pgn.path,
                          "sent no uciok within 0.5 s of its start; a second process sent no uciok within "
                          "1.5 s of its start either (it sent nothing)");
    }
    SECTION("it prints a banner and nothing more: the banner is no answer") {
        const Run r = run_match_cli(
            "-engine " + test::fake_cmd_quoted("banner=Fake_1.0_by_nobody;startsleep=60000") + tail);
        check_not_started(r, pgn.path,
                          "sent no uciok within 0.5 s of its start; a second process sent no uciok within "
                          "1.5 s of its start either (its last line: \"Fake 1.0 by nobody\")");
        CHECK(r.err.find("instead of") == std::string::npos);
    }
    SECTION("it answers uci but never isready") {
        // Its uciok must come within the allowance: a loaded machine may take over 0.5 s to
        // start a process, so it has 2 s here.
        check_not_started(run_match_cli("-engine " + fake_engine("'arg=--on' 'arg=isready=@hang'") + rest +
                                        "startup=2 -games 2 -pgnout " + pgn.path),
                          pgn.path,
                          "sent no readyok within 2 s of isready; a second process sent no readyok within "
                          "6 s of isready either (its last line: \"uciok\")");
    }
}

TEST_CASE("the start-up time defaults to 10 s", "[match][failures]") {
    const tournament::MatchOptions o =
        app::parse_match_options(test::words("-each nodes=1 -engine cmd=a -engine cmd=b startup=2.5"));
    CHECK(o.engines[0].startup_ms == 10000);
    CHECK(o.engines[1].startup_ms == 2500);
}

TEST_CASE("an engine crashing mid-match stops it after the game, and -recover restarts it",
          "[match][failures][engine]") {
    TempFile pgn(".pgn");
    const std::string engines = "-engine " + test::fake_cmd("crash=2") + " name=C -engine " +
                                test::fake_cmd("score=0") + " name=B -each nodes=1 -rounds 3 -pgnout " +
                                pgn.path;
    SECTION("by default the match stops, keeps the game, exit 1") {
        const Run r = run_match_cli(engines);
        INFO(r.out << r.err);
        CHECK(r.status == 1);
        CHECK(r.err.find("engine 'C' exited with status") != std::string::npos);
        CHECK(r.err.find("in game 1") != std::string::npos);
        const auto games = test::read_pgn_file(pgn.path);
        REQUIRE(games.size() == 1);
        CHECK(games[0].tag("ResultRule") == "crash forfeit");
        CHECK(r.out.find("Finished match") != std::string::npos);
    }
    SECTION("-recover: every game is played, exit 0") {
        const Run r = run_match_cli(engines + " -recover");
        INFO(r.out << r.err);
        CHECK(r.status == 0);
        CHECK(test::read_pgn_file(pgn.path).size() == 3);
    }
}

TEST_CASE("match -quiet keeps the final score and Elo lines, drops per-game lines and tables",
          "[match][failures][engine]") {
    const Run r = run_match_cli("-engine " + test::fake_cmd("score=0") + " name=W -engine " +
                                test::fake_cmd("score=0") + " name=B -each nodes=1 -games 2 -quiet");
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    CHECK(r.out.find("Score of W vs B: ") != std::string::npos);
    CHECK(r.out.find("Elo difference: ") != std::string::npos);
    CHECK(r.out.find("Started game") == std::string::npos);
    CHECK(r.out.find("Finished game") == std::string::npos);
    CHECK(r.out.find("Results by reason") == std::string::npos);
    CHECK(std::count(r.out.begin(), r.out.end(), '\n') <= 3);
}

TEST_CASE("an option.NAME the engine does not list is warned about once per engine, and sent",
          "[match][failures][engine]") {
    TempFile log(".log");
    // The fake lists no option: Hash is unknown to it. Two games, one engine process kept.
    const Run r = run_match_cli("-engine cmd=" + test::binary_path("bin/test_tournament") +
                                " arg=drawproxy-fake-engine 'arg=score=0;log=" + log.path + "'" +
                                " name=W option.Hash=16 -engine " + test::fake_cmd("score=0") +
                                " name=B -each nodes=1 restart=on -games 2");
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    const std::string warning = "warning: engine 'W' has no option 'Hash'\n";
    const auto first = r.err.find(warning);
    CHECK(first != std::string::npos);
    CHECK(r.err.find(warning, first + 1) == std::string::npos);
    CHECK(r.err.find("engine 'B'") == std::string::npos);
    CHECK(slurp(log.path).find("setoption name Hash value 16") != std::string::npos);
}
