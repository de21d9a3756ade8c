// cutechess-cli's engine set-ups in `drawproxy match`: -engine conf=NAME from engines.json
// (looked up as cutechess-cli does), stderr=FILE, initstr=TEXT, whitepov, tscale=X; the
// errors for a missing file, bad JSON and an unknown name; and a real Stockfish from conf=.
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "support/match_helpers.h"

using namespace drawproxy;
using test::slurp;
using test::TempFile;

namespace {

// fake_cmd() for a command line that goes through the shell: the spec's ';' quoted.
std::string shell_fake(const std::string& spec) {
    return "cmd=" + test::binary_path("bin/test_tournament") + " arg=drawproxy-fake-engine 'arg=" + spec +
           "'";
}

namespace fs = std::filesystem;

using test::TempDir;

// drawproxy match run in `dir` with HOME=`home` (and no XDG_CONFIG_HOME), output captured.
test::CommandRun run_in(const std::string& dir, const std::string& home, const std::string& args) {
    TempFile out(".out"), err(".err");
    const std::string cmd = "cd " + dir + " && env -u XDG_CONFIG_HOME HOME=" + home + " " +
                            test::binary_path("bin/drawproxy") + " match " + args + " >" + out.path + " 2>" +
                            err.path + " </dev/null";
    test::CommandRun r;
    const int st = std::system(cmd.c_str());
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    r.out = slurp(out.path);
    r.err = slurp(err.path);
    return r;
}

const std::string FAKE = test::binary_path("bin/test_tournament");

// An engines.json in cutechess-cli's format (as its GUI saves it) with two engines.
std::string engines_json(const std::string& stderr_file) {
    return R"([
  {
    "command": ")" +
           FAKE + R"(",
    "name": "Alpha",
    "protocol": "uci",
    "stderrFile": ")" +
           stderr_file + R"(",
    "timeoutScaleFactor": 2,
    "workingDirectory": "",
    "initStrings": ["hello alpha", "second line"],
    "restart": "on",
    "options": [
      {"name": "Hash", "type": "spin", "value": 16, "default": 16, "min": 1, "max": 1024},
      {"name": "Ponder", "type": "check", "value": false, "default": false},
      {"name": "Clear Hash", "type": "button"},
      {"name": "Style", "type": "combo", "value": "Solid", "default": "Normal", "choices": ["Solid", "Normal"]}
    ]
  },
  {
    "command": ")" +
           FAKE + R"(",
    "name": "Beta",
    "protocol": "uci",
    "whitepov": true
  }
]
)";
}

}  // namespace

TEST_CASE("conf=NAME takes the engine from ./engines.json as cutechess-cli does", "[match][setups][engine]") {
    TempDir dir, home;
    const std::string alpha_err = dir.file("alpha.err");
    std::ofstream(dir.file("engines.json")) << engines_json(alpha_err);
    const std::string log_a = dir.file("a.log"), log_b = dir.file("b.log"), pgn = dir.file("g.pgn");
    const auto r = run_in(
        dir.path, home.path,
        "-engine conf=Alpha arg=drawproxy-fake-engine 'arg=score=0;err=alpha_says_hi;log=" + log_a +
            "' option.Style=Wild -engine conf=Beta arg=drawproxy-fake-engine 'arg=score=0;log=" + log_b +
            "' -each nodes=1 -games 2 -pgnout " + pgn);
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    const auto games = test::read_pgn_file(pgn);
    REQUIRE(games.size() == 2);
    CHECK(games[0].tag("White") == "Alpha");
    CHECK(games[0].tag("Black") == "Beta");
    CHECK(games[1].tag("White") == "Beta");

    const std::string a = slurp(log_a);
    // initStrings before "uci"; options after uciok in the file's order; the button is not set;
    // the command line's option.Style replaces the file's value
    CHECK(a.rfind("hello alpha\nsecond line\nuci\n", 0) == 0);
    CHECK(a.find("setoption name Hash value 16\nsetoption name Ponder value false\n"
                 "setoption name Style value Wild\n") != std::string::npos);
    CHECK(a.find("Clear Hash") == std::string::npos);
    CHECK(a.find("Solid") == std::string::npos);
    // restart "on": a process per game, so the init strings came twice
    std::size_t hello = 0;
    for (std::size_t at = 0; (at = a.find("hello alpha", at)) != std::string::npos; ++at) ++hello;
    CHECK(hello == 2);
    // stderrFile: the engine's stderr is appended there (twice: two processes), not ours
    CHECK(slurp(alpha_err) == "alpha says hi\nalpha says hi\n");
    CHECK(r.err.find("alpha says hi") == std::string::npos);
    // Beta has neither: its first line is uci
    CHECK(slurp(log_b).rfind("uci\n", 0) == 0);
}

TEST_CASE("conf= reads ~/.config/cutechess/engines.json when there is no ./engines.json",
          "[match][setups][engine]") {
    TempDir dir, home;
    fs::create_directories(home.file(".config/cutechess"));
    std::ofstream(home.file(".config/cutechess/engines.json")) << engines_json(dir.file("e.txt"));
    const std::string pgn = dir.file("g.pgn");
    const auto r =
        run_in(dir.path, home.path,
               "-engine conf=Beta arg=drawproxy-fake-engine arg=score=0 name=B2 -engine conf=Alpha "
               "arg=drawproxy-fake-engine arg=score=0 -each nodes=1 -pgnout " +
                   pgn);
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    const auto games = test::read_pgn_file(pgn);
    REQUIRE(games.size() == 1);
    CHECK(games[0].tag("White") == "B2");  // name= after conf= renames it
    CHECK(games[0].tag("Black") == "Alpha");
}

TEST_CASE("conf= errors: no file, bad JSON, unknown name, other protocol: one line, exit 2",
          "[match][setups][engine]") {
    TempDir dir, home;
    const std::string tail = " -engine cmd=x -each nodes=1";
    auto check_error = [&](const std::string& what) {
        const auto r = run_in(dir.path, home.path, "-engine conf=Alpha" + tail);
        INFO(r.err);
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK(r.err.find(what) != std::string::npos);
    };
    check_error("no engines.json");
    std::ofstream(dir.file("engines.json")) << "[ {\"name\": \"Alpha\", ";
    check_error("is not valid JSON");
    std::ofstream(dir.file("engines.json")) << "[ {\"name\": \"Gamma\", \"command\": \"x\"} ]";
    check_error("no engine named 'Alpha'");
    std::ofstream(dir.file("engines.json"))
        << "[ {\"name\": \"Alpha\", \"command\": \"x\", \"protocol\": \"winboard\"} ]";
    check_error("protocol 'winboard' is not supported");
    std::ofstream(dir.file("engines.json")) << "{\"name\": \"Alpha\"}";
    check_error("is not a JSON array");
    // conf= belongs on -engine: -each conf= is refused by name
    const auto r = run_in(dir.path, home.path, "-engine cmd=x -engine cmd=y -each nodes=1 conf=Alpha");
    CHECK(r.status == 2);
    CHECK(r.err.find("conf=") != std::string::npos);
}

TEST_CASE("stderr=FILE appends the engine's stderr, and initstr= lines go before uci",
          "[match][setups][engine]") {
    TempFile err_file(".err"), log(".log"), pgn(".pgn");
    const auto r = test::run_drawproxy(
        "match -engine " + shell_fake("score=0;err=from_the_engine") + " name=A stderr=" + err_file.path +
        " 'initstr=setoption name X value 1\\nping' -engine " + shell_fake("score=0;log=" + log.path) +
        " name=B initstr=first initstr=second -each nodes=1 -games 1");
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    CHECK(slurp(err_file.path) == "from the engine\n");
    CHECK(r.err.find("from the engine") == std::string::npos);
    CHECK(slurp(log.path).rfind("first\nsecond\nuci\n", 0) == 0);
    // A stderr file that cannot be opened: the engine does not start, said on one line
    const auto bad = test::run_drawproxy("match -engine " + test::fake_cmd("score=0") +
                                         " name=A stderr=/nonexistent/dir/e.txt -engine " +
                                         test::fake_cmd("score=0") + " name=B -each nodes=1");
    CHECK(bad.status != 0);
    CHECK(bad.err.find("/nonexistent/dir/e.txt") != std::string::npos);
}

TEST_CASE("initstr= turns \\n into new lines, as cutechess-cli does", "[match][setups]") {
    const auto o =
        app::parse_match_options(test::words("-engine cmd=a initstr=a\\nb -engine cmd=b -each nodes=1"));
    REQUIRE(o.engines[0].init_strings.size() == 1);
    CHECK(o.engines[0].init_strings[0] == "a\nb");
}

TEST_CASE("whitepov: a White-side score becomes the mover's for adjudication and records",
          "[match][setups][engine]") {
    // Both engines print +50 on every move. As the mover's score that is level; from White's
    // side it says Black stands 0.5 worse, and -resign score=40 movecount=2 makes Black resign.
    const std::string base =
        "-engine " + test::fake_cmd("score=50") + " name=W -engine " + test::fake_cmd("score=50") + " name=B";
    const std::string tail = " -each nodes=1 -noswap -resign movecount=2 score=40 -maxmoves 10";
    const auto plain = test::run_match_words(test::words(base + tail));
    REQUIRE(plain.games.size() == 1);
    CHECK(plain.games[0].outcome.rule_text() == "adjudication max-moves");
    CHECK(plain.games[0].plies[1].score == 50);

    const auto pov = test::run_match_words(test::words(base + " whitepov" + tail));
    REQUIRE(pov.games.size() == 1);
    const auto& g = pov.games[0];
    CHECK(g.outcome.rule_text() == "adjudication resign-score");
    CHECK(g.outcome.score == rules::Score::WhiteWins);
    CHECK(g.plies[0].score == 50);   // White's own moves are unchanged
    CHECK(g.plies[1].score == -50);  // Black's are turned
    // The second bad score of Black's, not one earlier or later: ply 4 (Black's 2nd move)
    CHECK(g.plies.size() == 4);
}

TEST_CASE("tscale=X scales the stall and start-up times, not the clock", "[match][setups]") {
    const auto o = app::parse_match_options(test::words(
        "-engine cmd=a tscale=2.5 tc=10+0.1 -engine cmd=b stall=4 startup=2 tscale=0.5 -each nodes=1"));
    CHECK(o.engines[0].stall_ms == 150000);
    CHECK(o.engines[0].startup_ms == 25000);
    CHECK(o.engines[0].tc.base_ms == 10000);
    CHECK(o.engines[1].stall_ms == 2000);
    CHECK(o.engines[1].startup_ms == 1000);
    CHECK_THROWS_AS(
        app::parse_match_options(test::words("-engine cmd=a tscale=0 -engine cmd=b -each nodes=1")),
        game::OptionError);
}

TEST_CASE("conf= with a real Stockfish from engines.json plays and reads back",
          "[match][setups][stockfish][e2e]") {
    const char* sf = "/usr/games/stockfish";
    if (::access(sf, X_OK) != 0) FAIL("needs /usr/games/stockfish");
    TempDir dir, home;
    std::ofstream(dir.file("engines.json"))
        << R"([{"name": "SF", "command": ")" << sf << R"(", "protocol": "uci", "stderrFile": "sf.err",
        "options": [{"name": "Hash", "type": "spin", "value": 8, "default": 16, "min": 1, "max": 33554432},
                    {"name": "Threads", "value": "1"}]}])";
    const std::string pgn = dir.file("g.pgn"), log = dir.file("log.txt");
    const auto r = run_in(dir.path, home.path,
                          "-engine conf=SF -engine conf=SF name=SF2 option.Hash=4 -each nodes=2000 -games 2 "
                          "-log file=" +
                              log + " -pgnout " + pgn);
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    const auto games = test::read_pgn_file(pgn);
    REQUIRE(games.size() == 2);
    for (const auto& g : games) CHECK(g.ok());
    const std::string lines = slurp(log);
    CHECK(lines.find(">SF(0): setoption name Hash value 8") != std::string::npos);
    CHECK(lines.find(">SF2(1): setoption name Hash value 4") != std::string::npos);
    CHECK(r.err.find("warning") == std::string::npos);  // both options are Stockfish's
    CHECK(fs::exists(dir.file("sf.err")));
}

TEST_CASE("debug (and -debug all) sends debug on before each game, as cutechess-cli",
          "[match][setups][engine]") {
    TempFile log_a(".log"), log_b(".log");
    const auto r = test::run_drawproxy("match -engine " + shell_fake("score=0;log=" + log_a.path) +
                                       " name=A debug -engine " + shell_fake("score=0;log=" + log_b.path) +
                                       " name=B -each nodes=1 -games 2 -maxmoves 2");
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    const std::string a = slurp(log_a.path), b = slurp(log_b.path);
    std::size_t games = 0;
    for (auto at = a.find("debug on\nucinewgame\n"); at != std::string::npos;
         at = a.find("debug on\nucinewgame\n", at + 1))
        ++games;
    CHECK(games >= 1);
    CHECK(a.find("ucinewgame") != std::string::npos);
    CHECK(b.find("debug on") == std::string::npos);
    // -debug all: every engine, and the engine lines on standard output
    TempFile log_c(".log");
    const auto all = test::run_drawproxy("match -engine " + shell_fake("score=0;log=" + log_c.path) +
                                         " name=A -engine " + test::fake_cmd("score=0") +
                                         " name=B -each nodes=1 -games 1 -maxmoves 2 -debug all");
    INFO(all.out << all.err);
    REQUIRE(all.status == 0);
    CHECK(slurp(log_c.path).find("debug on\nucinewgame\n") != std::string::npos);
    CHECK(all.out.find(">B(") != std::string::npos);
    CHECK(test::run_drawproxy("match -engine cmd=a -engine cmd=b -each nodes=1 -debug some").status == 2);
    const auto fastchess =
        test::run_drawproxy("match -dialect fastchess -engine cmd=a debug -engine cmd=b -each nodes=1");
    CHECK(fastchess.status == 2);
    CHECK(fastchess.err.find("debug is not supported") != std::string::npos);
}
