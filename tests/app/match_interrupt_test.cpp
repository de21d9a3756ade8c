// Ctrl-C during `drawproxy match`: the real executable is started in the
// background and signalled once some games are written. The first SIGINT/SIGTERM must leave
// every output written (finished games, running ones as `*` "unterminated", tables, JSON) and
// no engine process; a second one must exit at once, still leaving no engine.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <thread>

#include "support/background_run.h"

using namespace drawproxy;
using namespace std::chrono_literals;
using test::BackgroundRun;
using test::ProcInfo;
using test::TempFile;

namespace {

using test::STOCKFISH;
// Both players shuffle their knights: a threefold repetition claimed after 8 plies.
const std::string KNIGHTS = "moves=g1f3,g8f6,f3g1,f6g8,g1f3,g8f6,f3g1,f6g8";

// A gauntlet of A against B (games 1, 2: quick) and against C (games 3, 4), where C, Black in
// game 3, thinks 60 s at its second move and does not read `stop` meanwhile. C logs what it
// receives to `log`.
std::vector<std::string> gauntlet(const std::string& pgn, const std::string& json, const std::string& log) {
    return test::words("match -tournament gauntlet -engine " + test::fake_cmd(KNIGHTS) + " name=A -engine " +
                       test::fake_cmd(KNIGHTS) + " name=B -engine " +
                       test::fake_cmd(KNIGHTS + ";sleep=3:60000;log=" + log) +
                       " name=C -each nodes=1 stall=120 -games 2 -pgnout " + pgn + " -jsonout " + json);
}

// Waits until games 1 and 2 are written and C thinks in game 3 (its second `go`).
bool wait_for_game_3(const std::string& pgn, const std::string& log) {
    return test::wait_until(
        [&] {
            const std::string received = test::slurp(log);
            int gos = 0;
            for (auto at = received.find("\ngo"); at != std::string::npos; at = received.find("\ngo", at + 1))
                ++gos;
            return test::pgn_game_count(pgn) >= 2 && gos >= 2;
        },
        60s);
}

// The engines (group leaders) and reapers the match runs now, once its engines for the
// running games have started.
std::vector<ProcInfo> engines_of(BackgroundRun& run, std::size_t at_least) {
    std::vector<ProcInfo> kids;
    test::wait_until(
        [&] {
            kids = run.children();
            return kids.size() >= at_least;
        },
        30s);
    return kids;
}

// Nothing the match started runs any more: no child, no one in an engine's process group.
void check_no_engine_left(const std::vector<ProcInfo>& kids) {
    std::vector<int> groups;
    for (const ProcInfo& p : kids)
        if (p.pgrp == p.pid) groups.push_back(p.pgrp);  // an engine leads its own group
    CHECK(!groups.empty());
    const bool gone = test::wait_until(
        [&] {
            for (const ProcInfo& p : kids)
                if (test::still_running(p)) return false;
            return test::running_in_groups(groups).empty();
        },
        10s);
    for (const ProcInfo& p : kids)
        if (test::still_running(p)) UNSCOPED_INFO("pid " << p.pid << " (group " << p.pgrp << ") still runs");
    CHECK(gone);
}

int count(const std::string& text, const std::string& what) {
    int n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("first SIGINT: running games end unterminated, everything is written, exit 130",
          "[match][interrupt][engine]") {
    TempFile pgn(".pgn"), json(".json"), log(".log");
    BackgroundRun run(gauntlet(pgn.path, json.path, log.path));
    REQUIRE(run.pid() > 0);
    REQUIRE(wait_for_game_3(pgn.path, log.path));
    // A, B (idle) and C, each with its reaper.
    const std::vector<ProcInfo> kids = engines_of(run, 4);
    run.signal(SIGINT);
    REQUIRE(run.wait(30s));
    CHECK_FALSE(run.signalled());
    CHECK(run.status() == 130);
    const std::string out = run.out(), err = run.err();
    INFO("stdout:\n" << out << "\nstderr:\n" << err);

    // The PGN: the two finished games, then game 3 unterminated; game 4 never started.
    const std::string text = test::slurp(pgn.path);
    const auto games = test::read_pgn_file(pgn.path);
    REQUIRE(games.size() == 3);
    for (const auto& g : games) CHECK(g.ok());
    CHECK(games[0].tag("Result") == "1/2-1/2");
    CHECK(games[1].tag("Result") == "1/2-1/2");
    CHECK(games[2].tag("Result") == "*");
    CHECK(games[2].tag("Termination") == "unterminated");
    CHECK(games[2].tag("White") == "A");
    CHECK(games[2].tag("Black") == "C");
    CHECK(text.find("[Termination \"unterminated\"]") != std::string::npos);
    CHECK(count(text, "[Result \"*\"]") == 1);

    // The final tables count the finished games only.
    CHECK(out.find("Score of A vs B: 0 - 0 - 2 [0.500] 2") != std::string::npos);
    CHECK(out.find("Score of A vs C") == std::string::npos);
    CHECK(out.find("Results by reason (2 games") != std::string::npos);
    CHECK(out.find("Finished match") != std::string::npos);
    CHECK(out.find("Started game 4") == std::string::npos);
    CHECK(err.find("match interrupted by SIGINT: 2 games finished, 1 unterminated") != std::string::npos);

    // The JSON: written, parseable, the unterminated game listed but not counted.
    const nlohmann::json j = nlohmann::json::parse(test::slurp(json.path));
    CHECK(j["interrupted"] == "SIGINT");
    REQUIRE(j["games"].size() == 3);
    CHECK(j["games"][2]["result"] == "*");
    CHECK(j["games"][2]["reason"] == "unterminated");
    CHECK(j["by_reason"] == nlohmann::json{{"threefold", 2}});
    REQUIRE(j["pairs"].size() == 1);
    CHECK(j["pairs"][0]["draws"] == 2);

    check_no_engine_left(kids);
}

TEST_CASE("SIGTERM ends the match the same way, with status 143", "[match][interrupt][engine]") {
    TempFile pgn(".pgn"), json(".json"), log(".log");
    BackgroundRun run(gauntlet(pgn.path, json.path, log.path));
    REQUIRE(wait_for_game_3(pgn.path, log.path));
    const std::vector<ProcInfo> kids = engines_of(run, 4);
    run.signal(SIGTERM);
    REQUIRE(run.wait(30s));
    CHECK(run.status() == 143);
    CHECK(test::pgn_game_count(pgn.path) == 3);
    CHECK(nlohmann::json::parse(test::slurp(json.path))["interrupted"] == "SIGTERM");
    check_no_engine_left(kids);
}

TEST_CASE("a second SIGINT exits at once and leaves no engine running", "[match][interrupt][engine]") {
    TempFile pgn(".pgn"), json(".json"), log(".log");
    BackgroundRun run(gauntlet(pgn.path, json.path, log.path));
    REQUIRE(wait_for_game_3(pgn.path, log.path));
    const std::vector<ProcInfo> kids = engines_of(run, 4);
    run.signal(SIGINT);
    // C does not answer `stop`: the orderly end needs the drain second and the quit escalation,
    // so the second signal comes while it runs.
    std::this_thread::sleep_for(100ms);
    run.signal(SIGINT);
    REQUIRE(run.wait(30s));
    CHECK(run.status() == 130);
    INFO("stderr:\n" << run.err());
    CHECK(run.err().find("second signal: exiting at once") != std::string::npos);
    check_no_engine_left(kids);
}

TEST_CASE("SIGINT while the engines quit after the last game still writes the summary and JSON",
          "[match][interrupt][engine]") {
    // B ignores quit and SIGTERM: after the last game the runner needs 600 ms to end it, and
    // the signal comes then. Before, a signal at that point exited at once, without the tables
    // and the JSON.
    TempFile pgn(".pgn"), json(".json");
    BackgroundRun run(test::words("match -engine " + test::fake_cmd(KNIGHTS) + " name=A -engine " +
                                  test::fake_cmd(KNIGHTS + ";noquit=1") +
                                  " name=B -each nodes=1 -games 2 -pgnout " + pgn.path + " -jsonout " +
                                  json.path));
    REQUIRE(run.pid() > 0);
    const std::vector<ProcInfo> kids = engines_of(run, 2);
    REQUIRE(test::wait_until([&] { return test::pgn_game_count(pgn.path) >= 2; }, 60s));
    run.signal(SIGINT);
    REQUIRE(run.wait(30s));
    const std::string out = run.out(), err = run.err();
    INFO("stdout:\n" << out << "\nstderr:\n" << err);
    CHECK(run.status() == 130);
    CHECK(err.find("second signal: exiting at once") == std::string::npos);
    CHECK(err.find("no game is running; ending the engines") != std::string::npos);
    CHECK(err.find("match interrupted by SIGINT: 2 games finished, 0 unterminated") != std::string::npos);
    CHECK(out.find("Score of A vs B: 0 - 0 - 2 [0.500] 2") != std::string::npos);
    CHECK(out.find("Finished match") != std::string::npos);
    const nlohmann::json j = nlohmann::json::parse(test::slurp(json.path));
    CHECK(j["interrupted"] == "SIGINT");
    CHECK(j["games"].size() == 2);
    CHECK(j["by_reason"] == nlohmann::json{{"threefold", 2}});
    check_no_engine_left(kids);
}

TEST_CASE("output cutechess: interrupted before any game ends, the lines cutechess-cli prints then",
          "[match][interrupt][runners]") {
    // A thinks a minute on its first move. cutechess-cli 1.5.1, interrupted so, printed the score
    // line of no game and its results block of "nan" figures, then its outcome list, where the
    // stopped game counts as "No result" for both.
    TempFile log(".log");
    BackgroundRun run(test::words("match -engine " + test::fake_cmd("sleep=0:60000;log=" + log.path) +
                                  " name=A -engine " + test::fake_cmd(KNIGHTS) +
                                  " name=B -each nodes=1 stall=120 -games 2 -output cutechess"));
    REQUIRE(run.pid() > 0);
    REQUIRE(test::wait_until([&] { return test::slurp(log.path).find("\ngo") != std::string::npos; }, 60s));
    const std::vector<ProcInfo> kids = engines_of(run, 2);
    run.signal(SIGINT);
    REQUIRE(run.wait(30s));
    const std::string out = run.out();
    INFO("stdout:\n" << out << "\nstderr:\n" << run.err());
    CHECK(run.status() == 130);
    CHECK(out.find("Score of A vs B: 0 - 0 - 0  [nan] 0\n"
                   "Elo difference: nan +/- nan, LOS: nan %, DrawRatio: nan %\n"
                   "SPRT: llr 0 (0.0%), lbound -inf, ubound inf\n"
                   "\n"
                   "Player: A\n"
                   "   \"No result\": 1\n"
                   "Player: B\n"
                   "   \"No result\": 1\n"
                   "Finished match\n") != std::string::npos);
    check_no_engine_left(kids);
}

TEST_CASE("fastchess's dialect: the games Ctrl-C stops leave no line and no PGN entry, status 1",
          "[match][interrupt][runners]") {
    // B, Black in game 1, thinks a minute at ply 5; game 2 (B White) ends at once. fastchess
    // 58072f23, interrupted so, printed no Finished line for a stopped game, wrote nothing of it,
    // said how to resume, and ended with status 1.
    TempFile pgn(".pgn"), log(".log");
    BackgroundRun run(
        test::words("match -dialect fastchess -engine " + test::fake_cmd(KNIGHTS) + " name=A -engine " +
                    test::fake_cmd(KNIGHTS + ";sleep=5:60000;log=" + log.path) +
                    " name=B -each nodes=1 -games 2 -rounds 1 -concurrency 2 -pgnout file=" + pgn.path));
    REQUIRE(run.pid() > 0);
    REQUIRE(test::wait_until([&] { return test::pgn_game_count(pgn.path) >= 1; }, 60s));
    const std::vector<ProcInfo> kids = engines_of(run, 2);
    run.signal(SIGINT);
    REQUIRE(run.wait(30s));
    const std::string out = run.out();
    INFO("stdout:\n" << out << "\nstderr:\n" << run.err());
    CHECK(run.status() == 1);
    CHECK(out.find("Finished game 2 (B vs A): 1/2-1/2 {Draw by 3-fold repetition") != std::string::npos);
    CHECK(out.find("Finished game 1") == std::string::npos);
    CHECK(out.find("*") == std::string::npos);
    CHECK(out.find("Tournament was interrupted. To resume the tournament, run: " +
                   test::binary_path("bin/drawproxy") + " match -dialect fastchess -config file=" + pgn.path +
                   ".state.json\nFinished match\n") != std::string::npos);
    const auto games = test::read_pgn_file(pgn.path);
    REQUIRE(games.size() == 1);
    CHECK(games[0].tag("Result") == "1/2-1/2");
    CHECK(games[0].tag("White") == "B");
    CHECK(std::filesystem::exists(pgn.path + ".state.json"));
    std::filesystem::remove(pgn.path + ".state.json");
    check_no_engine_left(kids);
}

TEST_CASE("Ctrl-C during a Stockfish match keeps every finished game and the summary",
          "[match][interrupt][stockfish][e2e]") {
    if (::access(STOCKFISH, X_OK) != 0) FAIL("needs /usr/games/stockfish");
    TempFile pgn(".pgn"), json(".json");
    const std::string sf = std::string("cmd=") + STOCKFISH + " option.Hash=8 option.Threads=1";
    BackgroundRun run(test::words("match -engine " + sf + " name=sf1 -engine " + sf +
                                  " name=sf2 -each nodes=3000 -games 40 -concurrency 2 -pgnout " + pgn.path +
                                  " -jsonout " + json.path));
    REQUIRE(test::wait_until([&] { return test::pgn_game_count(pgn.path) >= 2; }, 120s));
    const std::vector<ProcInfo> kids = engines_of(run, 4);  // two games: four engines and their reapers
    run.signal(SIGINT);
    REQUIRE(run.wait(60s));
    CHECK(run.status() == 130);
    const std::string out = run.out();
    INFO("stdout:\n" << out << "\nstderr:\n" << run.err());

    const auto games = test::read_pgn_file(pgn.path);
    int finished = 0, unterminated = 0;
    for (const auto& g : games) {
        REQUIRE(g.ok());
        if (g.tag("Result") == "*") {
            ++unterminated;
            CHECK(g.tag("Termination") == "unterminated");
        } else {
            ++finished;
            CHECK(g.tag("Termination") != "unterminated");
        }
    }
    // The signal came while two games ran; one of them may have ended by itself meanwhile.
    CHECK(finished >= 2);
    CHECK(unterminated >= 1);
    CHECK(unterminated <= 2);
    CHECK(int(games.size()) < 40);

    const nlohmann::json j = nlohmann::json::parse(test::slurp(json.path));
    CHECK(int(j["games"].size()) == finished + unterminated);
    int by_reason = 0;
    for (const auto& [reason, n] : j["by_reason"].items()) by_reason += n.get<int>();
    CHECK(by_reason == finished);
    REQUIRE(j["pairs"].size() == 1);
    CHECK(j["pairs"][0]["games"] == finished);
    const std::regex score("Score of sf1 vs sf2: (\\d+) - (\\d+) - (\\d+) \\[[0-9.]+\\] (\\d+)\n");
    // The last score line is the final one.
    std::string last;
    for (auto it = std::sregex_iterator(out.begin(), out.end(), score); it != std::sregex_iterator(); ++it)
        last = (*it)[4];
    CHECK(last == std::to_string(finished));
    CHECK(out.find("Elo difference: ") != std::string::npos);
    check_no_engine_left(kids);
}
