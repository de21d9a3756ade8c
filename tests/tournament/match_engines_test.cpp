// Engine processes between games: kept and reused (ucinewgame + isready before each game),
// restarted only after a crash, a stall or an illegal move, or for every game with
// restart=on; one set per concurrent game; none left running when the match is over.
#include <dirent.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "support/match_helpers.h"

using namespace drawproxy;
using drawproxy::test::fake_cmd;
using drawproxy::test::TempFile;
using drawproxy::test::words;

namespace {

std::vector<std::string> lines_of(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

int count(const std::vector<std::string>& lines, const std::string& what) {
    return int(std::count(lines.begin(), lines.end(), what));
}

// Our children still in the process table (running or zombie).
int children() {
    int n = 0;
    DIR* proc = ::opendir("/proc");
    REQUIRE(proc);
    const std::string me = std::to_string(::getpid());
    while (dirent* e = ::readdir(proc)) {
        std::ifstream stat(std::string("/proc/") + e->d_name + "/stat");
        std::string text;
        if (!std::getline(stat, text)) continue;
        // pid (comm) state ppid ...: comm may hold spaces, so read after the last ')'.
        std::istringstream rest(text.substr(text.rfind(')') + 1));
        std::string state, ppid;
        rest >> state >> ppid;
        if (ppid == me) ++n;
    }
    ::closedir(proc);
    return n;
}

tournament::MatchSummary play(const std::string& white, const std::string& black, const std::string& extra) {
    return test::run_match_words(
        words("-engine " + fake_cmd(white) + " name=W -engine " + fake_cmd(black) + " name=B " + extra));
}

// Every game's commands start with ucinewgame and isready, before any position.
void check_new_game_handshakes(const std::vector<std::string>& log, int games) {
    CHECK(count(log, "ucinewgame") == games);
    bool fresh = false;  // since the last ucinewgame, an isready came
    bool in_game = false;
    for (const std::string& line : log) {
        if (line == "ucinewgame") {
            fresh = false;
            in_game = true;
        } else if (line == "isready") {
            fresh = true;
        } else if (line.rfind("position", 0) == 0) {
            CHECK(in_game);
            CHECK(fresh);
        }
    }
}

}  // namespace

TEST_CASE("engines are kept between games: one process each, ucinewgame and isready per game",
          "[match][engines-reuse][engine]") {
    TempFile wlog(".log"), blog(".log");
    auto summary = play("score=50;log=" + wlog.path, "score=50;log=" + blog.path,
                        "-each nodes=1 -games 2 -rounds 2 -quiet");
    REQUIRE(summary.games.size() == 4);
    CHECK(summary.engines_started == 2);
    for (const auto* log : {&wlog, &blog}) {
        const auto lines = lines_of(log->path);
        CHECK(count(lines, "uci") == 1);
        check_new_game_handshakes(lines, 4);
        CHECK(count(lines, "quit") == 1);  // ended once, after the last game
    }
    CHECK(children() == 0);
}

TEST_CASE("restart=on starts new engine processes for every game", "[match][engines-reuse][engine]") {
    TempFile wlog(".log");
    auto summary = play("score=50;log=" + wlog.path, "score=50", "-each nodes=1 restart=on -games 3");
    REQUIRE(summary.games.size() == 3);
    CHECK(summary.engines_started == 6);
    const auto lines = lines_of(wlog.path);
    CHECK(count(lines, "uci") == 3);
    check_new_game_handshakes(lines, 3);
    CHECK(children() == 0);
}

TEST_CASE("the command line's summary keeps results, not moves: a long match's memory stays flat",
          "[match][engines-reuse][engine]") {
    TempFile pgn(".pgn");
    tournament::MatchOptions opts = app::parse_match_options(
        words("-engine " + fake_cmd("score=50") + " name=W -engine " + fake_cmd("score=50") +
              " name=B -each nodes=1 -games 2 -rounds 2 -maxmoves 6 -pgnout " + pgn.path));
    opts.summary_keeps_details = false;
    const rules::Edition e = app::load_edition("fide-2023");
    const tournament::MatchSummary summary = tournament::Scheduler(opts, e, nullptr).run();
    REQUIRE(summary.games.size() == 4);
    for (const game::GameRecord& g : summary.games) {
        CHECK(g.outcome.score == rules::Score::Draw);  // -maxmoves
        CHECK(g.plies.capacity() == 0);                // freed, not only emptied
    }
    CHECK(summary.overhead.empty());
    // The outputs had the moves as each game ended.
    const std::string text = test::slurp(pgn.path);
    CHECK(std::count(text.begin(), text.end(), '\n') > 4 * 10);
    CHECK(text.find("1. ") != std::string::npos);
}

TEST_CASE("with -concurrency 2 each running game has its own processes", "[match][engines-reuse][engine]") {
    auto summary =
        play("score=50;sleep=0:200", "score=50", "-each nodes=1 -games 2 -rounds 3 -concurrency 2");
    REQUIRE(summary.games.size() == 6);
    // Two games at once: two processes per engine, reused for the later games.
    CHECK(summary.engines_started == 4);
    CHECK(children() == 0);
}

TEST_CASE("an engine that crashed, stalled or moved illegally is replaced for the next game",
          "[match][engines-reuse][engine]") {
    // -games 1 -rounds 2 -noswap: W has White in both games and fails at its first move each time.
    // (The uci/isready handshake has its own start-up time, 10 s: with the stall time of 0.3 s
    // it once had, a process slow to start on a loaded machine forfeited the game.)
    for (const char* fault : {"crash=0", "hang=0", "illegal=0"}) {
        INFO(fault);
        TempFile blog(".log");
        auto summary = play(fault, "score=0;log=" + blog.path,
                            "-each nodes=1 stall=0.3 -games 1 -rounds 2 -noswap -recover");
        REQUIRE(summary.games.size() == 2);
        for (const auto& g : summary.games) CHECK(g.outcome.score == rules::Score::BlackWins);
        CHECK(summary.engines_started == 3);  // W twice, B once
        const auto lines = lines_of(blog.path);
        CHECK(count(lines, "uci") == 1);
        check_new_game_handshakes(lines, 2);
        CHECK(children() == 0);
    }
}

TEST_CASE("an engine still thinking when its game ends is stopped, drained and reused",
          "[match][engines-reuse][engine]") {
    // W (White in both games: -noswap) has its flag fall while it sleeps; its late bestmove must
    // not leak into the next game.
    TempFile epd(".epd", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1\n");
    TempFile wlog(".log");
    auto summary = play("sleep=0:1300;log=" + wlog.path, "score=0",
                        "-each tc=1+0 timemargin=50 -games 1 -rounds 2 -noswap -openings file=" + epd.path);
    REQUIRE(summary.games.size() == 2);
    for (const auto& g : summary.games) {
        CHECK(g.outcome.rule_text() == "time-forfeit 6.9");
        CHECK(g.plies.empty());
    }
    CHECK(summary.engines_started == 2);
    const auto lines = lines_of(wlog.path);
    CHECK(count(lines, "stop") == 2);
    check_new_game_handshakes(lines, 2);
    CHECK(children() == 0);
}
