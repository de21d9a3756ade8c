// `fastchess --compliance ENGINE [ARGS]` (drawproxy run as fastchess): fastchess' lines, byte
// for byte, on standard output and error, and its exit status; Stockfish passes. In the other
// dialects the option is what cutechess-cli (unknown) and drawproxy match (refused) make of it.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <filesystem>

#include "support/match_helpers.h"

using namespace drawproxy;
using test::CommandRun;
using test::TempDir;
using test::TempFile;

namespace {

// The binary under `name` (a link in a fresh folder), run through the shell with `args`.
CommandRun run_named(const std::string& name, const std::string& args) {
    TempDir dir;
    std::filesystem::create_symlink(test::binary_path("bin/drawproxy"), dir.file(name));
    TempFile out(".out"), err(".err");
    const int st = std::system(
        (dir.file(name) + " " + args + " >" + out.path + " 2>" + err.path + " </dev/null").c_str());
    CommandRun r;
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    r.out = test::slurp(out.path);
    r.err = test::slurp(err.path);
    return r;
}

// fastchess --compliance FAKE_ENGINE 'ARGS' (ARGS one shell word, as fastchess takes them).
CommandRun fastchess_compliance(const std::string& engine_args) {
    std::string args = "--compliance " + test::binary_path("bin/fake_engine");
    if (!engine_args.empty()) args += " '" + engine_args + "'";
    return run_named("fastchess", args);
}

std::string passed_line(int n, const std::string& what) {
    return "Step " + std::to_string(n) + ": " + what + "...\r\033[1;32m Passed\033[0m Step " +
           std::to_string(n) + ": " + what + "\n";
}
std::string failed_lines(int n, const std::string& what, const std::string& engine_lines) {
    return "\r\033[1;31m Failed\033[0m Step " + std::to_string(n) + ": " + what +
           "\n\033[1;33m Your engine's stdout output was:\033[0m\n" + engine_lines;
}
const std::string FIRST_FOUR_STEPS = passed_line(1, "Start the engine") +
                                     passed_line(2, "Check if engine is ready") +
                                     passed_line(3, "Check id name") + passed_line(4, "Check id author");
std::size_t occurrences(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("fastchess --compliance: a compliant engine passes, exit 0", "[compliance][cli][engine]") {
    const CommandRun r = fastchess_compliance(
        "--on \"go=info depth 1 seldepth 1 score cp 13 nodes 20 nps 2000 time 10 pv e2e4;bestmove e2e4\"");
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK(r.out.rfind(FIRST_FOUR_STEPS, 0) == 0);
    CHECK(occurrences(r.out, "\033[1;32m Passed\033[0m Step ") == 40);
    const std::string last =
        passed_line(40, "Verify info line format is valid after position startpos moves e2e4 e7e5") +
        "Engine passed all compliance checks.\n";
    CHECK(r.out.size() > last.size());
    CHECK(r.out.substr(r.out.size() - last.size()) == last);
}

TEST_CASE("fastchess --compliance: a missing id author fails step 4, exit 1", "[compliance][cli][engine]") {
    const CommandRun r = fastchess_compliance("--on \"uci=id name X;uciok\"");
    CHECK(r.status == 1);
    CHECK(r.out == passed_line(1, "Start the engine") + passed_line(2, "Check if engine is ready") +
                       passed_line(3, "Check id name") + "Step 4: Check id author...");
    CHECK(r.err == failed_lines(4, "Check id author", " id name X\n uciok\n"));
}

TEST_CASE("fastchess --compliance: an info line's decimal time fails step 13, exit 1",
          "[compliance][cli][engine]") {
    const CommandRun r = fastchess_compliance("--on \"go=info depth 1 time 1.5 score cp 10;bestmove e2e4\"");
    CHECK(r.status == 1);
    CHECK(r.out.rfind(FIRST_FOUR_STEPS, 0) == 0);
    CHECK(occurrences(r.out, "Passed") == 12);
    CHECK(r.out.substr(r.out.rfind('\n') + 1) == "Step 13: Verify info line format is valid...");
    CHECK(r.err == "\r\nTime/NPS/Score value is not an integer: 1.5\n" +
                       failed_lines(13, "Verify info line format is valid",
                                    " info depth 1 time 1.5 score cp 10\n bestmove e2e4\n"));
}

TEST_CASE("fastchess --compliance: a bestmove without a move fails step 35 with fastchess' warning",
          "[compliance][cli][engine]") {
    const CommandRun r = fastchess_compliance("--on \"go=info depth 1 score cp 3;bestmove\"");
    CHECK(r.status == 1);
    CHECK(occurrences(r.out, "Passed") == 34);
    CHECK(r.out.substr(r.out.rfind("Step 35")) ==
          "Step 35: Read bestmove after go wtime 100 btime 100...Warning; No bestmove found from  because: "
          "Element 'bestmove' not found. Last line was: bestmove\n");
    CHECK(r.err == failed_lines(35, "Read bestmove after go wtime 100 btime 100",
                                " info depth 1 score cp 3\n bestmove\n"));
}

TEST_CASE("fastchess --compliance: an engine that cannot start fails step 1", "[compliance][cli][engine]") {
    const CommandRun r = run_named("fastchess", "--compliance /nonexistent/engine");
    CHECK(r.status == 1);
    CHECK(r.out == "Step 1: Start the engine...");
    CHECK(r.err == failed_lines(1, "Start the engine", ""));
}

TEST_CASE("fastchess --compliance elsewhere than first, and in the other dialects",
          "[compliance][cli][engine]") {
    // fastchess takes it first only: elsewhere it is one line naming it
    const CommandRun later =
        run_named("fastchess", "-concurrency 1 --compliance " + test::binary_path("bin/fake_engine"));
    CHECK(later.status == 2);
    CHECK(later.out.empty());
    CHECK(later.err.find("--compliance") != std::string::npos);
    CHECK(occurrences(later.err, "\n") == 1);
    const CommandRun alone = run_named("fastchess", "--compliance");
    CHECK(alone.status == 2);
    CHECK(alone.err.find("--compliance") != std::string::npos);
    // cutechess-cli has no such option; drawproxy match refuses it
    const CommandRun cc = run_named("cutechess-cli", "--compliance " + test::binary_path("bin/fake_engine"));
    CHECK(cc.status == 2);
    CHECK(cc.err.find("unknown option '--compliance'") != std::string::npos);
    const CommandRun dp = test::run_drawproxy("match --compliance " + test::binary_path("bin/fake_engine"));
    CHECK(dp.status == 2);
    CHECK(dp.err.find("--compliance is not supported") != std::string::npos);
}

TEST_CASE("fastchess --compliance: Stockfish passes every step", "[compliance][cli][e2e]") {
    const CommandRun r = run_named("fastchess", std::string("--compliance ") + test::STOCKFISH);
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    CHECK(r.out.rfind(FIRST_FOUR_STEPS, 0) == 0);
    CHECK(occurrences(r.out, "\033[1;32m Passed\033[0m Step ") == 40);
    CHECK(occurrences(r.out, "Failed") == 0);
    CHECK(r.out.substr(r.out.rfind('\n', r.out.size() - 2) + 1) == "Engine passed all compliance checks.\n");
}
