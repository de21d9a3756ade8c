// The relay through real processes: options, own setoptions, long lines, odd bytes, log.
#include <catch2/catch.hpp>
#include <fstream>
#include <random>
#include <regex>
#include <sstream>

#include "support/child_session.h"
#include "support/text_file.h"

using drawproxy::test::binary_path;
using drawproxy::test::ChildSession;
using drawproxy::test::fake_engine_binary;
using drawproxy::test::proxy_binary;
using drawproxy::test::read_lines;

namespace {

using Args = std::vector<std::string>;

std::string build_temp_file(const std::string& name) { return binary_path("tests/tmp_proxy_" + name); }

}  // namespace

TEST_CASE("uci: our options come right before uciok, and our setoptions stay with us", "[engine]") {
    std::string record = build_temp_file("options.txt");
    ChildSession s(proxy_binary(), {"--claim", "score:-30", "--setoption", "Hash=64", "--setoption",
                                    "Threads=1", "--", fake_engine_binary(), "--record", record});
    s.send("uci");
    REQUIRE(s.wait_line("uciok"));
    auto& l = s.lines();
    REQUIRE(l.size() == 7);
    CHECK(l[0] == "id name FakeEngine");
    CHECK(l[2] == "option name Hash type spin default 16 min 1 max 1024");
    CHECK(l[3] == "option name DrawProxy Claim type combo default score var always var never var score");
    CHECK(l[4] == "option name DrawProxy ClaimScore type spin default -30 min -100000 max 100000");
    CHECK(l[5].rfind("option name DrawProxy Rules type combo default fide-2023 var ", 0) == 0);
    CHECK(l[5].find(" var fide-2014") != std::string::npos);
    CHECK(l[6] == "uciok");
    s.send("setoption name DrawProxy Claim value never");
    s.send("setoption name drawproxy rules value fide-2014");
    s.send("setoption name Hash value 32");
    s.send("isready");
    REQUIRE(s.wait_line("readyok"));
    s.send("quit");
    REQUIRE(s.wait_exit());
    CHECK(read_lines(record) == std::vector<std::string>{"uci", "setoption name Hash value 64",
                                                         "setoption name Threads value 1",
                                                         "setoption name Hash value 32", "isready", "quit"});
}

TEST_CASE("the DrawProxy options change the policy and the edition", "[engine]") {
    Args engine = {"--", fake_engine_binary(), "--on", "go=info depth 1 score cp 0;bestmove e2e4"};
    ChildSession s(proxy_binary(), engine);
    const std::string pos = "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8";
    s.send("setoption name DrawProxy Rules value fide-2014");
    s.send(pos);
    s.send("go depth 1");
    REQUIRE(s.wait_line("bestmove e2e4"));
    s.send("setoption name DrawProxy Claim value never");
    s.send(pos);
    s.send("go depth 1");
    REQUIRE(s.wait_line("bestmove e2e4"));
    s.send("setoption name DrawProxy Claim value score");
    s.send("setoption name DrawProxy ClaimScore value -1");
    s.send(pos);
    s.send("go depth 1");
    REQUIRE(s.wait_line("bestmove e2e4"));
    s.send("setoption name DrawProxy ClaimScore value 0");
    s.send(pos);
    s.send("go depth 1");
    REQUIRE(s.wait_line("bestmove e2e4"));
    s.send("quit");
    REQUIRE(s.wait_exit());
    std::vector<std::string> expected = {
        "info string drawproxy claim threefold 9.2b",
        "info depth 1 score cp 0",
        "bestmove e2e4",  // always
        "info depth 1 score cp 0",
        "bestmove e2e4",  // never
        "info depth 1 score cp 0",
        "bestmove e2e4",  // score:-1
        "info depth 1 score cp 0",
        "info string drawproxy claim threefold 9.2b",
        "bestmove e2e4",  // score:0
    };
    CHECK(s.lines() == expected);
}

TEST_CASE("lines of any length and any bytes pass intact both ways", "[engine]") {
    std::string record = build_temp_file("bytes.txt");
    ChildSession s(proxy_binary(), {"--", fake_engine_binary(), "--record", record, "--on",
                                    "isready=@big 3000000;readyok", "--on", "echo=@echo"});
    std::mt19937 rng(7);
    std::string odd = "echo ";
    for (int c = 0; c < 256; ++c)
        if (c != '\n') odd.push_back(char(c));
    std::string huge(1 << 20, 'm');
    for (auto& ch : huge) ch = char('a' + rng() % 26);
    huge = "echo " + huge;
    s.send(odd);
    s.send(huge);
    s.send("isready");
    REQUIRE(s.wait_line("readyok"));
    s.send("quit");
    REQUIRE(s.wait_exit());
    REQUIRE(s.lines().size() == 4);
    CHECK(s.lines()[0] == odd);
    CHECK(s.lines()[1] == huge);
    CHECK(s.lines()[2] == "info string " + std::string(3000000, 'x'));
    CHECK(read_lines(record) == std::vector<std::string>{odd, huge, "isready", "quit"});
}

TEST_CASE("the --log file holds every line both ways with a microsecond timestamp and direction",
          "[engine]") {
    std::string log = build_temp_file("log.txt");
    ChildSession s(proxy_binary(), {"--log", log, "--", fake_engine_binary()});
    s.send("isready");
    REQUIRE(s.wait_line("readyok"));
    s.send("position startpos moves e2e5");
    REQUIRE(s.wait_line("info string drawproxy cannot follow:", true));
    s.send("quit");
    REQUIRE(s.wait_exit());
    auto lines = read_lines(log);
    REQUIRE(lines.size() == 5);
    std::regex stamp(R"(^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z (\S+) (.*)$)");
    std::vector<std::string> seen;
    for (const auto& l : lines) {
        std::smatch m;
        REQUIRE(std::regex_match(l, m, stamp));
        seen.push_back(m[1].str() + " " + m[2].str());
    }
    CHECK(seen == std::vector<std::string>{"gui->engine isready", "engine->gui readyok",
                                           "gui->engine position startpos moves e2e5",
                                           "proxy->gui info string drawproxy cannot follow: ply 1: 'e2e5' is "
                                           "illegal in this position",
                                           "gui->engine quit"});
}

TEST_CASE("usage errors exit 2 with one line", "[engine]") {
    for (Args args :
         {Args{"--claim", "maybe", "--", "/bin/cat"}, Args{"--rules", "fide-1900", "--", "/bin/cat"},
          Args{"--setoption", "novalue", "--", "/bin/cat"}, Args{"--bogus", "--", "/bin/cat"},
          Args{"--claim", "never", "--"}}) {
        std::string cmd = proxy_binary();
        for (const auto& a : args) cmd += " '" + a + "'";
        ChildSession s("/bin/sh", {"-c", cmd + " 2>&1 </dev/null"});
        REQUIRE(s.wait_exit());
        CHECK(*s.status() == 2);
        REQUIRE(s.lines().size() == 1);
        CHECK(s.lines()[0].rfind("drawproxy: ", 0) == 0);
    }
}
