// fastchess' compliance test (check/compliance.h): how it reads info and bestmove lines, and
// its steps on the scriptable fake engine, compliant and not, with short timeouts so that a
// silent engine fails its step in a moment (and is killed and reaped before the run returns).
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cerrno>
#include <cstdio>
#include <string>
#include <vector>

#include "check/compliance.h"
#include "support/paths.h"
#include "support/text_file.h"

using namespace drawproxy::check;
using drawproxy::test::binary_path;
using namespace std::chrono_literals;

namespace {

struct Recorded : ComplianceReport {
    std::vector<std::string> events;
    std::vector<std::string> failed_lines;
    int passed = 0, failed_step = 0;
    void step_begun(int n, std::string_view what) override {
        events.push_back("begin " + std::to_string(n) + " " + std::string(what));
    }
    void step_passed(int, std::string_view) override { ++passed; }
    void step_failed(int n, std::string_view, const std::vector<std::string>& lines) override {
        failed_step = n;
        failed_lines = lines;
    }
    void warning(std::string_view text) override { events.push_back("warning " + std::string(text)); }
    void info_line_fault(std::string_view text) override { events.push_back("fault " + std::string(text)); }
    bool said(const std::string& e) const {
        return std::find(events.begin(), events.end(), e) != events.end();
    }
};

// One run on fake_engine with `args`; timeouts short enough for a test.
Recorded run_fake(const std::vector<std::string>& args, bool* all_passed = nullptr) {
    ComplianceOptions o;
    o.program = binary_path("bin/fake_engine");
    o.args = args;
    o.startup = o.ping = o.ucinewgame = 1500ms;
    o.quit_grace = 200ms;
    Recorded r;
    const bool ok = run_compliance(o, r);
    if (all_passed) *all_passed = ok;
    CHECK(ok == (r.failed_step == 0));
    return r;
}

const std::string GOOD_GO =
    "go=info depth 1 seldepth 1 score cp 13 nodes 20 nps 2000 time 10 pv e2e4;bestmove e2e4";

}  // namespace

TEST_CASE("compliance: the info line fastchess reads is the last with a score, exact before bound",
          "[compliance]") {
    CHECK(last_info_line({"info depth 1 score cp 1", "info depth 2 score cp 2", "bestmove e2e4"}) ==
          "info depth 2 score cp 2");
    CHECK(last_info_line({"info depth 1 score cp 1", "info depth 2 score cp 2 lowerbound", "bestmove a"}) ==
          "info depth 1 score cp 1");
    CHECK(last_info_line({"info depth 2 score cp 2 upperbound", "info depth 3 score cp 3 lowerbound"}) ==
          "info depth 3 score cp 3 lowerbound");
    CHECK(last_info_line({"info depth 1 score cp 1", "info string score cp 9", "info depth 3 nodes 5"}) ==
          "info depth 1 score cp 1");
    CHECK(last_info_line({"info depth 1 multipv 1 score cp 1", "info depth 1 multipv 2 score cp 0"}) ==
          "info depth 1 multipv 1 score cp 1");
    CHECK(last_info_line({"bestmove e2e4"}).empty());
    CHECK(last_info_line({}).empty());
}

TEST_CASE("compliance: an info line's faults in fastchess' words", "[compliance]") {
    CHECK_FALSE(info_line_fault("info depth 3 score cp 20 time 5 nps 100 pv e2e4"));
    CHECK_FALSE(info_line_fault("info\tdepth 3 score mate -2"));
    CHECK(info_line_fault("") == "Invalid info line format: ");
    CHECK(info_line_fault("xinfo depth 1 score cp 1") ==
          "Invalid info line format: xinfo depth 1 score cp 1");
    CHECK(info_line_fault("info depth 1 score cp 1 time 1.5") ==
          "Time/NPS/Score value is not an integer: 1.5");
    CHECK(info_line_fault("info score cp 1 nps 2.0e3") == "Time/NPS/Score value is not an integer: 2.0e3");
    CHECK(info_line_fault("info depth 1 score cp 1 time") == "No value after token: time");
    // the word after score is its kind: a decimal value passes, as in fastchess
    CHECK_FALSE(info_line_fault("info score cp 1.5"));
}

TEST_CASE("compliance: a bestmove line without a move is named in fastchess' words", "[compliance]") {
    std::string why;
    CHECK(bestmove_of({"info depth 1 score cp 1", "bestmove e2e4 ponder e7e5"}, why) == "e2e4");
    CHECK(bestmove_of({"bestmove  0000"}, why) == "0000");
    CHECK_FALSE(bestmove_of({"bestmove"}, why));
    CHECK(why ==
          "Warning; No bestmove found from  because: Element 'bestmove' not found. Last line was: bestmove");
    CHECK_FALSE(bestmove_of({"bestmovee2e4"}, why));
    CHECK(why.find("Element 'bestmove' not found") != std::string::npos);
    CHECK_FALSE(bestmove_of({"info depth 1"}, why));
    CHECK(why.find("Line does not start with 'bestmove'. Last line was: info depth 1") != std::string::npos);
    CHECK_FALSE(bestmove_of({}, why));
    CHECK(why == "Warning; No output from ");
}

TEST_CASE("compliance: a compliant engine passes the 40 steps in fastchess' order", "[compliance][engine]") {
    bool ok = false;
    const std::string record = "/tmp/drawproxy_compliance_" + std::to_string(::getpid()) + ".txt";
    const Recorded r = run_fake({"--record", record, "--on", GOOD_GO}, &ok);
    // what fastchess sends a fake engine (its --record), stop and quit included
    const std::vector<std::string> sent = drawproxy::test::read_lines(record);
    std::remove(record.c_str());
    CHECK(sent == std::vector<std::string>{
                      "uci",
                      "isready",
                      "ucinewgame",
                      "isready",
                      "position startpos",
                      "isready",
                      "position fen 3r2k1/p5n1/1pq1p2p/2p3p1/2P1P1n1/1P1P2pP/PN1Q2K1/5R2 w - - 0 27",
                      "isready",
                      "go wtime 100",
                      "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                      "go btime 100",
                      "go wtime 100 winc 100 btime 100 binc 100",
                      "go btime 100 binc 100 wtime 100 winc 100",
                      "ucinewgame",
                      "isready",
                      "position startpos",
                      "go wtime 100 btime 100",
                      "position startpos moves e2e4 e7e5",
                      "go wtime 100 btime 100",
                      "stop",
                      "quit",
                  });
    CHECK(ok);
    CHECK(r.passed == 40);
    REQUIRE(r.events.size() == 40);
    CHECK(r.events.front() == "begin 1 Start the engine");
    CHECK(r.events[10] == "begin 11 Read bestmove");
    CHECK(r.events.back() ==
          "begin 40 Verify info line format is valid after position startpos moves e2e4 e7e5");
}

TEST_CASE("compliance: each kind of fault fails its own step", "[compliance][engine]") {
    SECTION("no id author") {
        const Recorded r = run_fake({"--on", "uci=id name X;uciok", "--on", GOOD_GO});
        CHECK(r.failed_step == 4);
        CHECK(r.failed_lines == std::vector<std::string>{"id name X", "uciok"});
    }
    SECTION("no info line before bestmove") {
        const Recorded r = run_fake({});
        CHECK(r.failed_step == 12);
        CHECK(r.failed_lines == std::vector<std::string>{"bestmove 0000"});
    }
    SECTION("a time with a decimal point") {
        const Recorded r = run_fake({"--on", "go=info depth 1 time 1.5 score cp 10;bestmove e2e4"});
        CHECK(r.failed_step == 13);
        CHECK(r.said("fault Time/NPS/Score value is not an integer: 1.5"));
    }
    SECTION("a bestmove without its move: the first game's search fails") {
        const Recorded r = run_fake({"--on", "go=info depth 1 score cp 3;bestmove"});
        CHECK(r.failed_step == 35);
        CHECK(
            r.said("warning Warning; No bestmove found from  because: Element 'bestmove' not found. Last "
                   "line was: bestmove"));
    }
    SECTION("a crash in the search") {
        const Recorded r = run_fake({"--on", "go=@crash"});
        CHECK(r.failed_step == 11);
    }
    SECTION("no readyok") {
        const Recorded r = run_fake({"--on", "isready=info string busy"});
        CHECK(r.failed_step == 2);
        CHECK(r.said("warning Warning; Engine  is not responsive"));
    }
    SECTION("no uciok") {
        const Recorded r = run_fake({"--on", "uci=id name X;id author Y"});
        CHECK(r.failed_step == 1);
        CHECK(r.failed_lines == std::vector<std::string>{"id name X", "id author Y"});
    }
}

TEST_CASE("compliance: an engine that hangs in its search fails by the deadline and is reaped",
          "[compliance][engine]") {
    const auto start = std::chrono::steady_clock::now();
    const Recorded r = run_fake({"--ignore-signals", "--on", "go=@pid;@hang"});
    CHECK(r.failed_step == 11);
    REQUIRE(r.failed_lines.size() == 1);
    const std::string pid_line = r.failed_lines[0];
    REQUIRE(pid_line.rfind("info string pid ", 0) == 0);
    const int pid = std::stoi(pid_line.substr(16));
    // gone, not a zombie: kill(pid, 0) would succeed on an unreaped child
    CHECK(::kill(pid, 0) == -1);
    CHECK(errno == ESRCH);
    CHECK(std::chrono::steady_clock::now() - start < 10s);
}

TEST_CASE("compliance: a program that cannot start fails the first step", "[compliance][engine]") {
    ComplianceOptions o;
    o.program = "/nonexistent/engine";
    Recorded r;
    CHECK_FALSE(run_compliance(o, r));
    CHECK(r.failed_step == 1);
    CHECK(r.failed_lines.empty());
}
