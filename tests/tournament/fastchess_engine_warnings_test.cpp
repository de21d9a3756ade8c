// fastchess's lines about engines, from real matches with fake engines: a flag fall's overrun in
// the Finished line, "Warning; Engine X is not responsive", an option value the engine does not
// allow, a score it cannot read, and -use-affinity's pinning read back from the engine's
// /proc/self/status.
#include <sched.h>
#include <unistd.h>
#include <catch2/catch.hpp>
#include <regex>
#include <sstream>
#include <thread>

#include "game/cpu_affinity.h"
#include "support/match_helpers.h"

using namespace drawproxy;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

std::size_t count_of(const std::vector<std::string>& lines, const std::string& line) {
    return std::size_t(std::count(lines.begin(), lines.end(), line));
}

}  // namespace

TEST_CASE("fastchess format: a flag fall says by how much, as fastchess does", "[match][output][engine]") {
    const test::CommandRun r = test::run_drawproxy(
        "match -dialect fastchess -engine " + test::fake_cmd_quoted("sleep=0:3000;sleep=1:3000") +
        " name=A -engine " + test::fake_cmd("score=0") + " name=B -each tc=0.3 -rounds 1 -games 1");
    INFO(r.out << r.err);
    const std::regex finished(
        R"(Finished game 1 \(A vs B\): 0-1 \{White loses on time \((\d+)ms overrun\)\})");
    std::smatch m;
    REQUIRE(std::regex_search(r.out, m, finished));
    // fastchess waits 100 ms past the time for the bestmove, then calls the flag: 100 ms over
    CHECK(std::stoi(m[1]) >= 100);
    CHECK(std::stoi(m[1]) < 2000);  // not at the bestmove, 2.7 s over
}

TEST_CASE("fastchess format: an engine that misses isready is not responsive", "[match][output][engine]") {
    const test::CommandRun r =
        // uciok within the 3 s allowance even on a loaded machine, readyok far outside it
        test::run_drawproxy("match -dialect fastchess -engine " + test::fake_cmd("readysleep=8000") +
                            " name=Slow startup=3 -engine " + test::fake_cmd("score=0") +
                            " name=B -each nodes=1 -rounds 1 -games 1");
    INFO(r.out << r.err);
    const auto lines = lines_of(r.out);
    CHECK(count_of(lines, "Warning; Engine Slow is not responsive") >= 1);
    CHECK(count_of(lines, "Warning; Engine B is not responsive") == 0);
}

TEST_CASE("fastchess format: a score it cannot read is warned about once per move",
          "[match][output][engine]") {
    const test::CommandRun r = test::run_drawproxy(
        "match -dialect fastchess -engine " + test::fake_cmd("cp=0:abc") + " name=X -engine " +
        test::fake_cmd("score=0") + " name=B -each nodes=1 -rounds 1 -games 1");
    INFO(r.out << r.err);
    const auto lines = lines_of(r.out);
    CHECK(
        count_of(
            lines,
            "Warning; Could not extract score from engine X: Error converting element 'abc' to target type: "
            "stoll") == 1);
    CHECK(r.out.find("Could not extract score from engine B") == std::string::npos);
}

TEST_CASE("fastchess format: an option value the engine does not allow, at each game's start",
          "[match][output][engine]") {
    REQUIRE(::access(test::STOCKFISH, X_OK) == 0);  // Stockfish declares its options as fastchess reads them
    const test::CommandRun r =
        test::run_drawproxy(std::string("match -dialect fastchess -engine cmd=") + test::STOCKFISH +
                            " name=sf option.Hash=0 option.Threads=one -engine " + test::fake_cmd("score=0") +
                            " name=B -each nodes=200 -rounds 1 -games 2 -concurrency 1");
    INFO(r.out << r.err);
    const auto lines = lines_of(r.out);
    CHECK(count_of(lines, "Warning; Invalid value for option Hash; 0") == 2);
    CHECK(count_of(lines, "Warning; Failed to set option Threads with value one for engine sf: stoi") == 2);
    // fastchess sets Threads first
    const auto threads =
        std::find(lines.begin(), lines.end(),
                  "Warning; Failed to set option Threads with value one for engine sf: stoi");
    const auto hash = std::find(lines.begin(), lines.end(), "Warning; Invalid value for option Hash; 0");
    CHECK(threads < hash);
}

TEST_CASE("fastchess -use-affinity: the engines run on the game's CPU", "[match][output][engine]") {
    const std::vector<int> cpus = game::machine_cpus();
    REQUIRE(!cpus.empty());
    const int cpu = cpus.back();
    test::TempFile log(".log");
    const test::CommandRun r = test::run_drawproxy(
        "match -dialect fastchess -engine " + test::fake_cmd("cpus=1") + " name=A -engine " +
        test::fake_cmd("cpus=1") + " name=B -each nodes=1 -rounds 1 -games 1 -use-affinity " +
        std::to_string(cpu) + " -log file=" + log.path + " engine=true");
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    const std::string text = test::slurp(log.path);
    INFO(text);
    CHECK(text.find("info string cpus " + std::to_string(cpu) + "\n") != std::string::npos);
    // no other list: both engines, every move
    const std::regex any(R"(info string cpus (\S+))");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), any); it != std::sregex_iterator(); ++it)
        CHECK((*it)[1] == std::to_string(cpu));
}

TEST_CASE("fastchess -concurrency 0: its Info line first", "[match][output][engine]") {
    const test::CommandRun r = test::run_drawproxy(
        "match -dialect fastchess -engine " + test::fake_cmd("score=0") + " name=A -engine " +
        test::fake_cmd("score=0") + " name=B -each nodes=1 -rounds 1 -games 1 -concurrency 0");
    INFO(r.out << r.err);
    const int threads = int(std::thread::hardware_concurrency());
    CHECK(r.out.rfind("Info: Adjusted concurrency to " + std::to_string(threads) +
                          " based on number of available hardware threads.\n",
                      0) == 0);
    const test::CommandRun given = test::run_drawproxy(
        "match -dialect fastchess -engine " + test::fake_cmd("score=0") + " name=A -engine " +
        test::fake_cmd("score=0") + " name=B -each nodes=1 -rounds 1 -games 1 -concurrency 1");
    CHECK(given.out.find("Adjusted concurrency") == std::string::npos);
}

TEST_CASE("fastchess format: a warning about a search is said as it arises, not when its game ends",
          "[match][output][engine]") {
    // Game 1: X's first search has a score fastchess cannot read, and its second takes 3 s;
    // game 2 (X Black) takes 1 s (B's second search) and ends long before game 1: the warning
    // stands before game 2's finished line, as fastchess prints it (a worker that stops at it
    // stops then). The margins hold on a loaded machine.
    const test::CommandRun r = test::run_drawproxy(
        "match -dialect fastchess -engine " + test::fake_cmd_quoted("cp=0:abc;sleep=2:3000") +
        " name=X -engine " + test::fake_cmd_quoted("score=0;sleep=2:1000") +
        " name=B -each tc=10+0.1 -maxmoves 3 -rounds 1 -games 2 -concurrency 2");
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    const auto warning = r.out.find("Warning; Could not extract score from engine X");
    const auto second = r.out.find("Finished game 2 (B vs X)");
    const auto first = r.out.find("Finished game 1 (X vs B)");
    REQUIRE(warning != std::string::npos);
    REQUIRE(second != std::string::npos);
    REQUIRE(first != std::string::npos);
    CHECK(second < first);  // the order this test is about
    CHECK(warning < second);
    CHECK(r.out.find("Warning; Could not extract score", warning + 1) == std::string::npos);  // said once
}
