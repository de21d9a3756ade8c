// fastchess's warnings about an engine's search, word for word as fastchess 58072f23 prints them
// (its reference runs with fake engines: warn-badpv, warn-matepv, warn-longmatepv, warn-mismatch,
// warn-noscore; and match.cpp verifyPvLines for the rest).
#include <catch2/catch.hpp>

#include "game/pv_check.h"
#include "rules/notation.h"

using namespace drawproxy;
using namespace drawproxy::game;

namespace {

rules::Game game_from(const char* fen, std::initializer_list<const char*> moves = {}) {
    rules::Game g(rules::Position::from_fen(fen));
    for (const char* m : moves) g.play(rules::parse_uci_move(g.position(), m));
    return g;
}

std::vector<std::string> warnings_of(const FastchessOutputSettings& s, const rules::Game& g,
                                     std::initializer_list<const char*> lines, const char* best,
                                     bool legal = true) {
    PvCheck check;
    check.configure(&s);
    check.reset();
    std::vector<std::string> out;
    for (const char* l : lines) {
        check.line(l, g, "E");
        CHECK(out.empty());  // said at the bestmove, not before
    }
    check.bestmove(best, legal, g, "E", out);
    return out;
}

const char* START = rules::Position::START_FEN.data();

}  // namespace

TEST_CASE("PV checks: an illegal PV move, with fastchess's context lines", "[game][output]") {
    FastchessOutputSettings s;
    const char* info = "info depth 1 seldepth 2 multipv 1 score cp 0 nodes 101 nps 1000 time 1 pv a2a3 a2a3";
    CHECK(warnings_of(s, game_from(START), {info}, "a2a3") ==
          std::vector<std::string>{std::string("Warning; Illegal PV move - move a2a3 from E\nInfo; ") + info +
                                   "\nPosition; startpos\nMoves; "});
    // -testEnv: one line; a game with moves from a FEN.
    s.test_env = true;
    const auto g = game_from("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", {"g1f1", "g8f8"});
    const char* bad = "info depth 3 score cp 10 pv d1d8 d1d2";
    CHECK(warnings_of(s, g, {bad}, "d1d8") ==
          std::vector<std::string>{
              std::string("Warning; Illegal PV move - move d1d2 from E :: Info; ") + bad +
              " :: Position; fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1 :: Moves; g1f1 g8f8"});
}

TEST_CASE("PV checks: play past the game's end", "[game][output]") {
    FastchessOutputSettings s;
    // After the mate the next pv move is "illegal" (no legal move), as fastchess says.
    const auto mate = game_from("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    auto w = warnings_of(s, mate, {"info depth 2 score mate 1 pv d1d8 g8h8"}, "d1d8");
    REQUIRE(w.size() == 1);
    CHECK(w[0].rfind("Warning; Illegal PV move - move g8h8 from E\n", 0) == 0);
    // The fifty-move rule reached inside the pv (the clock at 99), then a legal move.
    const auto fifty = game_from("8/8/4k3/8/8/3K4/8/R7 w - - 99 80");
    w = warnings_of(s, fifty, {"info depth 2 score cp 500 pv a1a2 e6e5"}, "a1a2");
    REQUIRE(w.size() == 1);
    CHECK(w[0].rfind("Warning; PV continues after fifty-move rule - move e6e5 from E\n", 0) == 0);
    // A threefold repetition with the game's own history.
    const auto rep = game_from(START, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"});
    w = warnings_of(s, rep, {"info depth 2 score cp 0 pv f6g8 b1c3"}, "f6g8");
    REQUIRE(w.size() == 1);
    CHECK(w[0].rfind("Warning; PV continues after threefold repetition - move b1c3 from E\n", 0) == 0);
    // A pv that ends with the mate is fine.
    CHECK(warnings_of(s, mate, {"info depth 2 score mate 1 pv d1d8"}, "d1d8").empty());
}

TEST_CASE("PV checks: one checker follows a game as it grows, then another game", "[game][output]") {
    FastchessOutputSettings s;
    PvCheck check;
    check.configure(&s);
    std::vector<std::string> out;
    // The knights go out and back: before each move the pv is that move and the next, walked
    // from the game as it stands then (not from an earlier search's pv). The only warning: the
    // pv from ply 7, whose first move repeats the start position a third time.
    const char* moves[] = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8", "b1c3"};
    rules::Game g;
    for (int ply = 0; ply < 8; ++ply) {
        check.reset();
        check.line(std::string("info depth 2 score cp 0 pv ") + moves[ply] + " " + moves[ply + 1], g, "E");
        check.bestmove(moves[ply], true, g, "E", out);
        CHECK(out.size() == (ply < 7 ? 0u : 1u));
        g.play(rules::parse_uci_move(g.position(), moves[ply]));
    }
    REQUIRE(out.size() == 1);
    CHECK(out[0].rfind("Warning; PV continues after threefold repetition - move b1c3 from E\n", 0) == 0);
    // Another game (another start) is not taken for a continuation of the first.
    out.clear();
    const auto fifty = game_from("8/8/4k3/8/8/3K4/8/R7 w - - 99 80");
    check.reset();
    check.line("info depth 2 score cp 500 pv a1a2 e6e5", fifty, "E");
    check.bestmove("a1a2", true, fifty, "E", out);
    REQUIRE(out.size() == 1);
    CHECK(out[0].rfind("Warning; PV continues after fifty-move rule - move e6e5 from E\n", 0) == 0);
}

TEST_CASE("PV checks: mate lengths only with -check-mate-pvs, bounds skipped", "[game][output]") {
    FastchessOutputSettings s;
    const char* incomplete = "info depth 1 seldepth 2 multipv 1 score mate 3 nodes 101 pv a2a3";
    const char* too_long = "info depth 1 score mate 1 pv a2a3 a7a5 a1a2";
    const char* no_mate = "info depth 1 score mate 1 pv a2a3";
    const char* lost = "info depth 1 score mate -1 pv a2a3 a7a5";
    CHECK(warnings_of(s, game_from(START), {incomplete}, "a2a3").empty());
    s.check_mate_pvs = true;
    CHECK(warnings_of(s, game_from(START), {incomplete}, "a2a3") ==
          std::vector<std::string>{std::string("Warning; Incomplete mating PV - from E\nInfo; ") +
                                   incomplete + "\nPosition; startpos\nMoves; "});
    auto w = warnings_of(s, game_from(START), {too_long}, "a2a3");
    REQUIRE(w.size() == 1);
    CHECK(w[0].rfind("Warning; Too long mating PV - from E\n", 0) == 0);
    w = warnings_of(s, game_from(START), {no_mate}, "a2a3");
    REQUIRE(w.size() == 1);
    CHECK(w[0].rfind("Warning; Mating PV does not end with checkmate - from E\n", 0) == 0);
    w = warnings_of(s, game_from(START), {lost}, "a2a3");  // -1: two plies, no mate at the end
    REQUIRE(w.size() == 1);
    CHECK(w[0].rfind("Warning; Mating PV does not end with checkmate - from E\n", 0) == 0);
    CHECK(warnings_of(s, game_from(START), {"info depth 1 score mate 3 lowerbound pv a2a3"}, "a2a3").empty());
}

TEST_CASE("PV checks: bestmove against the last pv, and a search without a scored line", "[game][output]") {
    FastchessOutputSettings s;
    const char* last = "info depth 1 seldepth 2 multipv 1 score cp 0 nodes 101 nps 1000 time 1 pv a2a4";
    CHECK(
        warnings_of(s, game_from(START), {"info depth 1 score cp 3 pv a2a3", last}, "a2a3") ==
        std::vector<std::string>{
            std::string("Warning; Bestmove does not match beginning of last PV - move a2a3 from E\nInfo; ") +
            last + "\nPosition; startpos\nMoves; "});
    // The multipv 2 line and a bound line do not count; an illegal bestmove ("") is not checked.
    CHECK(warnings_of(
              s, game_from(START),
              {"info depth 1 multipv 1 score cp 3 pv a2a3", "info depth 1 multipv 2 score cp 1 pv h2h3"},
              "a2a3")
              .empty());
    CHECK(warnings_of(s, game_from(START), {"info depth 1 score cp 3 pv a2a3"}, "a2a5", false).empty());
    CHECK(warnings_of(s, game_from(START), {"info depth 1 nodes 5"}, "a2a3") ==
          std::vector<std::string>{"Warning; No info line available to extract score from engine E"});
    CHECK(warnings_of(s, game_from(START), {}, "a2a3").empty());  // nothing but bestmove: no warning
}

TEST_CASE("PV checks: a bare bestmove, as fastchess 58072f23 answers it", "[game][output]") {
    // Its warning alone: the pv's illegal move and the missing score are not checked, as
    // fastchess checks nothing of a search whose bestmove it cannot read. An illegal move is
    // checked all the same, but not against the pv.
    FastchessOutputSettings s;
    const char* bad = "info depth 1 score cp 0 pv a2a3 a2a3";
    CHECK(warnings_of(s, game_from(START), {bad, "info depth 1 nodes 5"}, "") ==
          std::vector<std::string>{"Warning; No bestmove found from E because: Element 'bestmove' not found. "
                                   "Last line was: bestmove"});
    const auto illegal = warnings_of(s, game_from(START), {bad}, "a2a5", false);
    REQUIRE(illegal.size() == 1);
    CHECK(illegal[0].rfind("Warning; Illegal PV move - move a2a3 from E\n", 0) == 0);
    // fastchess's order: the score's warnings, then the pv's.
    const auto both = warnings_of(s, game_from(START), {"info depth 1 score cp abc pv a2a3 a2a3"}, "a2a3");
    REQUIRE(both.size() == 2);
    CHECK(both[0].rfind("Warning; Could not extract score from engine E", 0) == 0);
    CHECK(both[1].rfind("Warning; Illegal PV move - move a2a3 from E\n", 0) == 0);
}

TEST_CASE("PV checks: fastchess's Could not extract score, from the line it reads the score of",
          "[game][output][fastchess]") {
    FastchessOutputSettings s;
    const auto one = [&](std::initializer_list<const char*> lines) {
        return warnings_of(s, game_from(START), lines, "a2a3");
    };
    CHECK(one({"info depth 1 score cp abc nodes 1 pv a2a3"}) ==
          std::vector<std::string>{"Warning; Could not extract score from engine E: Error converting element "
                                   "'abc' to target type: stoll"});
    CHECK(one({"info depth 1 score wdl 1 pv a2a3"}) ==
          std::vector<std::string>{"Warning; Could not extract score from engine E: Unexpected score type: "
                                   "info depth 1 score wdl 1 pv a2a3"});
    CHECK(one({"info depth 1 score cp"}) ==
          std::vector<std::string>{"Warning; Could not extract score from engine E: Element 'cp' not found"});
    // std::stoll's reading: a sign, digits, anything after them ignored
    CHECK(one({"info depth 1 score cp +12 pv a2a3", "info depth 2 score mate -3x pv a2a3"}).empty());
    // the last exact line is read, a bound line only when there is none
    CHECK(one({"info depth 1 score cp zz pv a2a3", "info depth 2 score cp 5 lowerbound pv a2a3"}).size() ==
          1);
    CHECK(one({"info depth 1 score cp 5 pv a2a3", "info depth 2 score cp zz lowerbound pv a2a3"}).empty());
}

TEST_CASE("PV checks: none outside fastchess's format", "[game][output]") {
    PvCheck check;
    check.configure(nullptr);
    check.reset();
    std::vector<std::string> out;
    check.line("info depth 1 score mate 3 pv a2a3 a2a3", game_from(START), "E");
    check.bestmove("h2h3", true, game_from(START), "E", out);
    check.bestmove("", false, game_from(START), "E", out);
    CHECK(out.empty());
}

TEST_CASE("PV checks: both sides claiming a mate of one sign", "[game][output]") {
    // fastchess's reference (warn-signmismatch): two engines that both report "score mate 5".
    FastchessOutputSettings s;
    s.test_env = true;
    PvCheck check;
    check.configure(&s);
    const auto g = game_from(START, {"a2a3", "a7a5"});
    std::vector<PlyRecord> plies(2);
    for (PlyRecord& p : plies) p.has_score = p.mate = true, p.score = 5;
    const char* a =
        "info depth 1 seldepth 2 multipv 1 score mate 5 nodes 101 nps 1000 hashfull 7 tbhits 0 time 1 pv "
        "a2a3";
    const char* b =
        "info depth 1 seldepth 2 multipv 1 score mate 5 nodes 101 nps 1000 hashfull 7 tbhits 0 time 1 pv "
        "a7a5";
    std::vector<std::string> out;
    check.mate_signs(plies, g, "mateclaim", a, "mateclaim-2", b, out);
    CHECK(out == std::vector<std::string>{
                     std::string("Warning; Sign mismatch in mate scores 5 and 5 from mateclaim (White) and "
                                 "mateclaim-2 (Black) :: Infos; ") +
                     a + " ; " + b + " :: Position; startpos :: Moves; a2a3 a7a5"});
    // Opposite signs (one mates, the other is mated), a cp score, or a book move before: nothing.
    out.clear();
    plies[1].score = -5;
    check.mate_signs(plies, g, "x", a, "y", b, out);
    plies[1].score = 5;
    plies[0].mate = false;
    check.mate_signs(plies, g, "x", a, "y", b, out);
    plies[0].mate = true;
    plies[0].book = true;
    check.mate_signs(plies, g, "x", a, "y", b, out);
    CHECK(out.empty());
}
