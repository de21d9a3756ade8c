// The runner against scripted faults: crash, illegal move, flag fall with and without mating
// material (6.9), an incorrect claim (9.5), draw offers and agreement restrictions (9.1).
#include <catch2/catch.hpp>
#include <cstdio>

#include "rules/pgn.h"
#include "support/match_helpers.h"

using namespace drawproxy;
using drawproxy::test::fake_cmd;
using drawproxy::test::play_one;
using drawproxy::test::TempFile;
using drawproxy::test::words;

namespace {

const char* const LIMIT = "-each nodes=1 stall=5 -games 1";

}  // namespace

TEST_CASE("a crashing engine loses with reason crash", "[match][faults][engine]") {
    auto g = play_one("crash=2", "score=0", LIMIT);
    CHECK(g.outcome.termination == rules::Termination::Crash);
    CHECK(g.outcome.score == rules::Score::BlackWins);
    CHECK(g.plies.size() == 2);
}

TEST_CASE("an illegal move loses (7.5.5) and is named", "[match][faults][engine]") {
    auto g = play_one("score=0", "illegal=1", LIMIT);
    CHECK(g.outcome.rule_text() == "illegal-move 7.5.5 move a1a1");
    CHECK(g.outcome.score == rules::Score::WhiteWins);
    CHECK(g.plies.size() == 1);
}

TEST_CASE("flag fall against a lone king is a draw, against mating material a loss (6.9)",
          "[match][faults][engine]") {
    TempFile epd(".epd", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1\n");
    const std::string opts = "-each tc=1+0 timemargin=50 -games 1 -openings file=" + epd.path;
    SECTION("the side with the queen flags: Black cannot mate, draw") {
        auto g = play_one("sleep=0:1400", "score=0", opts);
        CHECK(g.outcome.rule_text() == "time-forfeit 6.9");
        CHECK(g.outcome.score == rules::Score::Draw);
        CHECK(g.plies.empty());
    }
    SECTION("the lone king flags: White can mate, White wins") {
        auto g = play_one("score=0", "sleep=1:1400", opts);
        CHECK(g.outcome.rule_text() == "time-forfeit 6.9");
        CHECK(g.outcome.score == rules::Score::WhiteWins);
        CHECK(g.plies.size() == 1);
    }
}

TEST_CASE("the flag falls at the clock's deadline, which each increment moves later",
          "[match][faults][engine]") {
    // 0.5 s and 1 s a move: after three quick moves White's fourth (ply 6) has almost 3.5 s,
    // though its first move's deadline (1.5 s) passes while it thinks; 1.9 s to spare for the
    // quick moves of a loaded machine.
    const std::string opts = "-each tc=0.5+1 timemargin=50 -games 1";
    SECTION("within the banked time: no flag") {
        auto g = play_one("sleep=6:1600", "score=0;crash=9", opts);
        CHECK(g.outcome.termination == rules::Termination::Crash);
        CHECK(g.plies.size() == 9);
    }
    SECTION("past it: the flag falls then, not at an earlier move's deadline") {
        auto g = play_one("sleep=6:5000", "score=0", opts);
        CHECK(g.outcome.rule_text() == "time-forfeit 6.9");
        CHECK(g.plies.size() == 6);
        REQUIRE(g.final_notes.size() == 1);
        // "White's flag fell while thinking (no bestmove W ms after go, A ms allowed)"
        int waited = 0, allowed = 0;
        REQUIRE(std::sscanf(g.final_notes[0].c_str(),
                            "White's flag fell while thinking (no bestmove %d ms after go, %d ms allowed)",
                            &waited, &allowed) == 2);
        CHECK(allowed > 3000);
        CHECK(waited >= allowed);
    }
}

TEST_CASE("a silent engine without a clock loses as stalled", "[match][faults][engine]") {
    auto g = play_one("hang=0", "score=0", "-each nodes=1 stall=0.3 -games 1");
    CHECK(g.outcome.termination == rules::Termination::Stall);
    CHECK(g.outcome.score == rules::Score::BlackWins);
}

TEST_CASE("an incorrect claim costs 9.5 time, acts as an offer, and the game goes on",
          "[match][faults][engine]") {
    // White claims a threefold at move 1; Black (at +300 it never accepts) crashes at ply 3.
    auto g = play_one("claim=0:threefold_9.2.2 claim=engine", "score=300;crash=3",
                      "-each tc=60+0 -games 1 -draw-offers score=10 moves=50");
    REQUIRE(g.plies.size() == 3);
    CHECK(g.outcome.termination == rules::Termination::Crash);
    CHECK(g.incorrect_claims[rules::WHITE] == 1);
    CHECK(g.incorrect_claims[rules::BLACK] == 0);
    REQUIRE(g.plies[0].notes.size() == 1);
    // 60+0 is blitz: fide-2023 gives the opponent one minute.
    CHECK(g.plies[0].notes[0] == "claim threefold 9.2.2: incorrect, 9.5.3, opponent +60s");
    CHECK(g.plies[0].offered_draw);  // 9.1.2.3: a claim is also an offer
    CHECK_FALSE(g.plies[1].offered_draw);
}

TEST_CASE("an incorrect claim under fide-2001 is no offer and halves the claimant's time",
          "[match][faults][engine]") {
    auto g = play_one("claim=0:threefold_9.2.2 claim=engine", "score=0;crash=3",
                      "-each tc=60+0 -games 1 -rules fide-2001");
    REQUIRE(g.plies.size() == 3);
    REQUIRE(g.plies[0].notes.size() == 1);
    CHECK(g.plies[0].notes[0].rfind("claim threefold 9.2b: incorrect", 0) == 0);
    CHECK(g.plies[0].notes[0].find("opponent +180s, claimant -") != std::string::npos);
    CHECK_FALSE(g.plies[0].offered_draw);
}

TEST_CASE("a correct claim printed by the engine ends the game", "[match][faults][engine]") {
    // Knights out and back twice: after 1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1, Black's Ng8
    // would make the start position appear a third time (9.2.1).
    const std::string moves = "moves=g1f3,g8f6,f3g1,f6g8,g1f3,g8f6,f3g1,f6g8";
    auto g = play_one(moves + " claim=never", moves + ";claim=7:threefold_9.2.1_move_f6g8 claim=engine",
                      "-each nodes=1 -games 1");
    CHECK(g.outcome.rule_text() == "threefold 9.2.1 move f6g8");
    CHECK(g.outcome.claimed);
    CHECK(g.plies.size() == 7);
}

TEST_CASE("the claim policy claims for the engine as the proxy would", "[match][faults][engine]") {
    const std::string moves = "moves=g1f3,g8f6,f3g1,f6g8,g1f3,g8f6,f3g1,f6g8,g1f3";
    SECTION("always: Black claims with its intended move") {
        auto g = play_one(moves + " claim=never", moves, "-each nodes=1 -games 1");
        CHECK(g.outcome.rule_text() == "threefold 9.2.1 move f6g8");
        CHECK(g.plies.size() == 7);
    }
    SECTION("score:CP: the claim comes when the engine's own score is at most CP, else not") {
        auto g = play_one(moves + ";crash=10 claim=never", moves + ";score=-20",
                          "-each nodes=1 -games 1 -claim score:-20");
        CHECK(g.outcome.rule_text() == "threefold 9.2.1 move f6g8");
        auto h = play_one(moves + ";crash=10 claim=never", moves + ";score=-19",
                          "-each nodes=1 -games 1 -claim score:-20");
        CHECK(h.outcome.termination == rules::Termination::Crash);
        CHECK(h.plies.size() == 10);
    }
    SECTION("never: nobody claims, the game goes on past the threefold") {
        auto g = play_one(moves + ";crash=10", moves, "-each nodes=1 -games 1 -claim never");
        CHECK(g.outcome.termination == rules::Termination::Crash);
        CHECK(g.plies.size() == 10);
    }
}

TEST_CASE("in Chess960 the claim policy claims for the engine as the proxy would",
          "[match][faults][engine]") {
    // Knights in the corners, king on f1 (Shredder-FEN castling rights): the same shuffle as in
    // standard chess must bring Black's intended-move claim at ply 7 (the runner's
    // claimant, never told the game was Chess960, once claimed nothing).
    TempFile epd(".epd", "nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w GBgb - 0 1\n");
    const std::string moves = "moves=h1g3,h8g6,g3h1,g6h8,h1g3,h8g6,g3h1,g6h8,h1g3";
    const std::string opts = "-each nodes=1 -games 1 -variant fischerandom -openings file=" + epd.path;
    SECTION("always: Black claims with its intended move") {
        auto g = play_one(moves + ";crash=12 claim=never", moves, opts);
        CHECK(g.start.chess960());
        CHECK(g.outcome.rule_text() == "threefold 9.2.1 move g6h8");
        CHECK(g.plies.size() == 7);
    }
    SECTION("score:0 with a level score: the same claim") {
        auto g = play_one(moves + ";crash=12 claim=never", moves + ";score=0", opts + " -claim score:0");
        CHECK(g.outcome.rule_text() == "threefold 9.2.1 move g6h8");
    }
    SECTION("never: nobody claims, the game goes on past the threefold") {
        auto g = play_one(moves + ";crash=10", moves, opts + " -claim never");
        CHECK(g.outcome.termination == rules::Termination::Crash);
        CHECK(g.plies.size() == 10);
    }
}

TEST_CASE("draw offers are accepted when the opponent's score is level", "[match][faults][engine]") {
    auto g = play_one("score=0", "score=0", "-each nodes=1 -games 1 -draw-offers score=10 moves=2");
    // White's second move comes with an offer; Black, level, accepts instead of moving.
    CHECK(g.outcome.rule_text() == "agreement 9.1.2");
    CHECK(g.plies.size() == 3);
    CHECK(g.plies[2].offered_draw);
    CHECK_FALSE(g.plies[0].offered_draw);
}

TEST_CASE("draw offers are refused by a player that is not level", "[match][faults][engine]") {
    auto g = play_one("score=0", "score=-50;crash=7", "-each nodes=1 -games 1 -draw-offers score=10 moves=2");
    CHECK(g.outcome.termination == rules::Termination::Crash);
    REQUIRE(g.plies.size() == 7);
    CHECK(g.plies[2].offered_draw);
    CHECK(g.plies[4].offered_draw);
    CHECK_FALSE(g.plies[3].offered_draw);
}

TEST_CASE("agreement before the event's minimum move is refused", "[match][faults][engine]") {
    auto g = play_one("score=0", "score=0;crash=7",
                      "-each nodes=1 -games 1 -draw-offers score=10 moves=2 after=5");
    // Both sides are level and offer from their second move on; every acceptance before
    // move 5 is refused, so the game runs on to Black's crash.
    REQUIRE(g.plies.size() == 7);
    CHECK(g.outcome.termination == rules::Termination::Crash);
    REQUIRE(g.plies[3].notes.size() == 1);
    CHECK(g.plies[3].notes[0] == "agreement refused: not before move 5");
    CHECK(g.plies[6 - 1].notes.size() == 1);
}

TEST_CASE("the PGN of a faulty game reads back with its ResultRule", "[match][faults][pgn][engine]") {
    TempFile pgn(".pgn");
    auto summary = test::run_match_words(words("-engine " + fake_cmd("score=0;illegal=5") +
                                               " name=W -engine " + fake_cmd("score=0;illegal=5") +
                                               " name=B -each nodes=1 -games 2 -pgnout " + pgn.path));
    REQUIRE(summary.games.size() == 2);
    const auto games = test::read_pgn_file(pgn.path);
    CHECK(games.size() == 2);
    for (const rules::PgnGame& g : games) {
        REQUIRE(g.ok());
        CHECK(g.tag("ResultRule").rfind("illegal-move 7.5.5", 0) == 0);
        CHECK(g.ply_count() == 5);
    }
}
