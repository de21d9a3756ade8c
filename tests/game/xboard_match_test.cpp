// The runner with xboard (CECP v2) engines: fake_player's proto=xboard side against its UCI
// side. The handshake and the turn's commands, claims (9.2, 9.5) and offers (9.1) from an
// xboard engine's own words, resignations and announced results, and the features it asks for.
#include <catch2/catch.hpp>

#include "support/match_helpers.h"

using namespace drawproxy;
using drawproxy::test::fake_cmd;
using drawproxy::test::play_one;
using drawproxy::test::TempFile;
using drawproxy::test::words;

namespace {

// Knights out and back: the start position appears for the third time after ply 8.
const std::string SHUFFLE = "moves=g1f3,g8f6,f3g1,f6g8,g1f3,g8f6,f3g1,f6g8,g1f3";
const char* const XB = "proto=xboard;";

}  // namespace

TEST_CASE("an xboard engine is readied with protover 2 and its features, and told each turn",
          "[match][xboard][engine]") {
    TempFile log(".log", "");
    auto g = play_one(std::string(XB) + "log=" + log.path + " proto=xboard option.Level=3", "crash=3",
                      "-each tc=10+0.1 -games 1");
    CHECK(g.outcome.termination == rules::Termination::Crash);
    CHECK(g.plies.size() == 3);
    const std::string sent = test::slurp(log.path);
    for (const char* line :
         {"xboard\nprotover 2\n", "accepted setboard\n", "accepted ping\n", "option Level=3\n",
          "new\nping 1\n", "force\nlevel 0 0:10 0.1\n", "time 1010\notim 1010\ngo\n", "force\nusermove "})
        CHECK(sent.find(line) != std::string::npos);
}

TEST_CASE("an xboard engine stalled at its start until lines arrive is woken by pings (GNU Chess 6)",
          "[match][xboard][engine]") {
    // It says nothing until its 50th line, then answers them all, features after its first pong
    // as GNU Chess's come. A ping every 0.1 s wakes it about 4.6 s after the first: within 6 s,
    // or the second process's 18 s on a loaded machine; a ping every 0.5 s would take 23 s.
    auto g = play_one(std::string(XB) + "stall=50;late=1 proto=xboard", "crash=3",
                      "-each nodes=1 startup=6 -games 1");
    CHECK(g.outcome.termination == rules::Termination::Crash);
    CHECK(g.plies.size() == 3);
}

TEST_CASE("an xboard engine's 1/2-1/2 is a claim of the position now, judged by the Laws",
          "[match][xboard][engine]") {
    SECTION("a correct claim ends the game (9.2.2)") {
        auto g = play_one(std::string(XB) + SHUFFLE + ";xclaim=8:Draw_by_repetition proto=xboard claim=never",
                          SHUFFLE + " claim=never", "-each nodes=1 -games 1");
        CHECK(g.outcome.rule_text() == "threefold 9.2.2");
        CHECK(g.outcome.claimed);
        CHECK(g.plies.size() == 8);
    }
    SECTION("an incorrect claim costs 9.5 time and the game goes on, the engine asked again") {
        auto g = play_one(std::string(XB) + "xclaim=0:Draw_by_repetition proto=xboard claim=never", "crash=3",
                          "-each tc=60+0 -games 1");
        REQUIRE(g.plies.size() == 3);
        CHECK(g.outcome.termination == rules::Termination::Crash);
        CHECK(g.incorrect_claims[rules::WHITE] == 1);
        REQUIRE(g.plies[0].notes.size() == 1);
        CHECK(g.plies[0].notes[0] == "claim threefold 9.2.2: incorrect, 9.5.3, opponent +60s");
    }
}

TEST_CASE("an xboard engine's offer draw before its move claims on that move, else offers (9.1)",
          "[match][xboard][engine]") {
    SECTION("the move repeats the position a third time: a claim on it (9.2.1)") {
        auto g = play_one(SHUFFLE + " claim=never",
                          std::string(XB) + SHUFFLE + ";offer=7 proto=xboard claim=never",
                          "-each nodes=1 -games 1");
        CHECK(g.outcome.rule_text() == "threefold 9.2.1 move f6g8");
        CHECK(g.plies.size() == 7);
    }
    SECTION("no claim is open: a draw offer made with the move") {
        auto g = play_one(std::string(XB) + "offer=0 proto=xboard", "crash=3", "-each nodes=1 -games 1");
        REQUIRE(g.plies.size() == 3);
        CHECK(g.plies[0].offered_draw);
        CHECK_FALSE(g.plies[2].offered_draw);
        CHECK(g.incorrect_claims[rules::WHITE] == 0);
    }
}

TEST_CASE("an xboard engine's resign and announced loss end the game, an announced win does not",
          "[match][xboard][engine]") {
    SECTION("resign") {
        auto g = play_one("score=0", std::string(XB) + "resign=3 proto=xboard", "-each nodes=1 -games 1");
        CHECK(g.outcome.termination == rules::Termination::Resignation);
        CHECK(g.outcome.score == rules::Score::WhiteWins);
        CHECK(g.plies.size() == 3);
    }
    SECTION("White announces 0-1: it resigns") {
        auto g =
            play_one(std::string(XB) + "announce=2:0-1 proto=xboard", "score=0", "-each nodes=1 -games 1");
        CHECK(g.outcome.termination == rules::Termination::Resignation);
        CHECK(g.outcome.score == rules::Score::BlackWins);
    }
    SECTION("White announces 1-0: noted, not trusted, the game goes on") {
        auto g =
            play_one(std::string(XB) + "announce=2:1-0 proto=xboard", "crash=5", "-each nodes=1 -games 1");
        CHECK(g.outcome.termination == rules::Termination::Crash);
        CHECK(g.plies.size() == 5);
        REQUIRE_FALSE(g.plies[1].notes.empty());
        CHECK(g.plies[1].notes[0] == "W announces 1-0 {announced}: not so, the game goes on");
    }
}

TEST_CASE("a game that ends while an xboard engine thinks: result, and a pong before its next game",
          "[match][xboard][engine]") {
    // White's claimant claims the threefold at its `go` of ply 8 (9.2.2): the engine is thinking
    // then. Its process plays the second game too.
    TempFile log(".log", "");
    auto summary = test::run_match_words(words(
        "-engine " + fake_cmd(std::string(XB) + SHUFFLE + ";log=" + log.path) + " name=W proto=xboard " +
        "-engine " + fake_cmd(SHUFFLE) + " name=B claim=never -each nodes=1 -games 2"));
    REQUIRE(summary.games.size() == 2);
    CHECK(summary.games[0].outcome.rule_text() == "threefold 9.2.2");
    const std::string sent = test::slurp(log.path);
    CHECK(sent.find("result 1/2-1/2 {threefold}\nforce\nping 2\n") != std::string::npos);
    CHECK(sent.find("xboard\n") == sent.rfind("xboard\n"));  // one process for both games
}

TEST_CASE("an xboard engine that refuses a legal move forfeits", "[match][xboard][engine]") {
    auto g = play_one("score=0", std::string(XB) + "refuse=2 proto=xboard", "-each nodes=1 -games 1");
    CHECK(g.outcome.termination == rules::Termination::Crash);
    CHECK(g.outcome.score == rules::Score::WhiteWins);
    CHECK(g.crash.find("refused a legal move") != std::string::npos);
}

TEST_CASE("an xboard engine's features: SAN, no ping, no done, a position to set up",
          "[match][xboard][engine]") {
    SECTION("san=1: moves both ways in SAN") {
        auto g = play_one(std::string(XB) + "san=1 proto=xboard",
                          std::string(XB) + "san=1;crash=5 proto=xboard", "-each nodes=1 -games 1");
        CHECK(g.outcome.termination == rules::Termination::Crash);
        CHECK(g.plies.size() == 5);
    }
    SECTION("ping=0 and no done=1: played after the protocol's 2 s, ready without pong") {
        auto g =
            play_one(std::string(XB) + "ping=0;nodone=1 proto=xboard", "crash=3", "-each nodes=1 -games 1");
        CHECK(g.outcome.termination == rules::Termination::Crash);
        CHECK(g.plies.size() == 3);
    }
    SECTION("features after the first pong (GNU Chess): taken before the game, setboard used") {
        TempFile epd(".epd", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n");
        TempFile log(".log", "");
        auto g = play_one(std::string(XB) + "late=1;moves=e2e4;log=" + log.path + " proto=xboard", "crash=1",
                          "-each nodes=1 -games 1 -openings file=" + epd.path);
        CHECK(g.outcome.termination == rules::Termination::Crash);
        REQUIRE(g.plies.size() == 1);
        const std::string sent = test::slurp(log.path);
        CHECK(sent.find("setboard 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n") != std::string::npos);
        CHECK(sent.find("edit\n") == std::string::npos);
        CHECK(sent.find("usermove") != std::string::npos);
    }
    SECTION("setboard=0: the position placed in edit mode, Black to move") {
        TempFile epd(".epd", "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\n");
        auto g = play_one("crash=3", std::string(XB) + "setboard=0;moves=e8d8,,d8e8 proto=xboard",
                          "-each nodes=1 -games 1 -openings file=" + epd.path);
        CHECK(g.outcome.termination == rules::Termination::Crash);
        CHECK(g.plies.size() == 3);  // the fake's own board took e8d8 and d8e8: it has the position
    }
    SECTION("setboard with Black to move") {
        TempFile epd(".epd", "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\n");
        auto g = play_one("crash=1", std::string(XB) + "score=0 proto=xboard",
                          "-each nodes=1 -games 1 -openings file=" + epd.path);
        CHECK(g.outcome.termination == rules::Termination::Crash);
        CHECK(g.plies.size() == 1);
    }
}
