// The event's adjudication rules (-draw, -resign, -maxmoves): each fires at the exact move
// cutechess-cli's counting gives, captures and pawn moves restart the draw count, and the
// Laws win when they end the game at the same move.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "app/match_options.h"
#include "game/adjudicator.h"
#include "support/match_helpers.h"

using namespace drawproxy;
using namespace drawproxy::test;

namespace {

game::PlyRecord scored(int cp, bool mate = false) {
    game::PlyRecord p;
    p.has_score = true;
    p.mate = mate;
    p.score = cp;
    p.depth = 10;
    return p;
}

rules::Color mover_of(int ply) { return ply % 2 == 0 ? rules::WHITE : rules::BLACK; }

// Feeds scores by ply (halfmove clock from `clocks`, default reversible moves) and returns the
// number of plies played when a rule fired (0: never) and its outcome.
std::pair<int, game::Outcome> feed(const game::AdjudicationOptions& rules, const std::vector<int>& cps,
                                   const std::vector<int>& zero_clock_plies = {}) {
    game::Adjudicator a(rules);
    int clock = 0;
    for (int i = 0; i < int(cps.size()); ++i) {
        const bool reset =
            std::find(zero_clock_plies.begin(), zero_clock_plies.end(), i) != zero_clock_plies.end();
        clock = reset ? 0 : clock + 1;
        if (auto o = a.after_move(mover_of(i), scored(cps[i]), i + 1, clock)) return {i + 1, *o};
    }
    return {0, {}};
}

}  // namespace

TEST_CASE("draw adjudication fires after movecount moves of each side within the score",
          "[match][adjudication]") {
    game::AdjudicationOptions r;
    r.draw_movenumber = 0, r.draw_movecount = 3, r.draw_score = 10;
    auto [at, o] = feed(r, std::vector<int>(20, 5));
    CHECK(at == 6);  // 3 moves each
    CHECK(o.score == rules::Score::Draw);
    CHECK(o.rule_text() == "adjudication draw-score");
    // A score outside the band restarts the count; exactly +-score is inside.
    std::vector<int> cps(20, -10);
    cps[3] = 11;
    CHECK(feed(r, cps).first == 10);
    // A capture or pawn move at ply index 4 restarts the count; that move's score counts as one.
    CHECK(feed(r, std::vector<int>(20, 0), {4}).first == 10);
    CHECK(feed(r, std::vector<int>(20, 0), {4, 7}).first == 13);
    // Not before full move movenumber.
    r.draw_movenumber = 5;
    CHECK(feed(r, std::vector<int>(20, 0)).first == 10);
    r.draw_movenumber = 0;
    // A mate score is outside any band.
    game::Adjudicator a(r);
    for (int i = 0; i < 5; ++i) CHECK_FALSE(a.after_move(mover_of(i), scored(0), i + 1, i + 1));
    CHECK_FALSE(a.after_move(mover_of(5), scored(3, true), 6, 6));
    // A book move (no search) restarts it too.
    game::Adjudicator b(r);
    for (int i = 0; i < 5; ++i) {
        game::PlyRecord p = scored(0);
        p.book = i == 2;
        CHECK_FALSE(b.after_move(mover_of(i), p, i + 1, i + 1));
    }
}

TEST_CASE("resign adjudication: movecount own moves at -score or worse, twosided asks the winner too",
          "[match][adjudication]") {
    game::AdjudicationOptions r;
    r.resign_movecount = 3, r.resign_score = 600;
    // White (even plies) reports -600 from ply index 2 on; Black stays level.
    std::vector<int> cps(20, 0);
    for (int i = 2; i < 20; i += 2) cps[i] = -600;
    auto [at, o] = feed(r, cps);
    CHECK(at == 7);  // White's third losing score is ply index 6
    CHECK(o.score == rules::Score::BlackWins);
    CHECK(o.rule_text() == "adjudication resign-score");
    // A better score in between restarts the count; a capture does not.
    cps[4] = -599;
    CHECK(feed(r, cps).first == 11);
    CHECK(feed(r, cps, {6, 8}).first == 11);
    // Two-sided: Black must also see +600 for three of its own moves.
    r.resign_twosided = true;
    CHECK(feed(r, cps).first == 0);
    for (int i = 5; i < 20; i += 2) cps[i] = 700;  // Black from ply index 5 on
    CHECK(feed(r, cps).first == 11);               // White's 3rd at 10 and Black's 3rd (9) before it
    // Mate against the mover counts.
    r = {};
    r.resign_movecount = 1, r.resign_score = 600;
    game::Adjudicator m(r);
    auto got = m.after_move(rules::BLACK, scored(-4, true), 2, 2);
    REQUIRE(got);
    CHECK(got->score == rules::Score::WhiteWins);
}

TEST_CASE("maxmoves adjudicates a draw once N full moves are played", "[match][adjudication]") {
    game::AdjudicationOptions r;
    r.max_moves = 3;
    auto [at, o] = feed(r, std::vector<int>(20, 900));
    CHECK(at == 6);
    CHECK(o.rule_text() == "adjudication max-moves");
}

namespace {

// Knights out and back: no capture, no pawn move; the start position comes back every 4 plies
// (claim=never keeps the Laws' draws away until the fivefold at ply 16).
const std::string KNIGHTS_W = "moves=g1f3,,f3g1,,g1f3,,f3g1,,g1f3,,f3g1,,g1f3,,f3g1";
const std::string KNIGHTS_B = "moves=,g8f6,,f6g8,,g8f6,,f6g8,,g8f6,,f6g8,,g8f6,,f6g8";

tournament::MatchSummary play(const std::string& white, const std::string& black, const std::string& extra) {
    return run_match_words(words("-engine " + fake_cmd(white) + " name=W -engine " + fake_cmd(black) +
                                 " name=B -each nodes=1 claim=never " + extra));
}

}  // namespace

TEST_CASE("event rules end real games at the exact move, named in PGN, table and JSON",
          "[match][adjudication][engine]") {
    TempFile pgn(".pgn"), json(".json");
    const std::string out = " -pgnout " + pgn.path + " -jsonout " + json.path;
    SECTION("draw-score, restarted by a score outside the band") {
        auto s = play(KNIGHTS_W + ";score=0", KNIGHTS_B + ";score=0;cp=3:50",
                      "-draw movenumber=0 movecount=3 score=10" + out);
        REQUIRE(s.games.size() == 1);
        CHECK(s.games[0].plies.size() == 10);
        CHECK(s.games[0].outcome.rule_text() == "adjudication draw-score");
        const std::string text = slurp(pgn.path);
        CHECK(text.find("[ResultRule \"adjudication draw-score\"]") != std::string::npos);
        CHECK(text.find("[Termination \"adjudication\"]") != std::string::npos);
        const std::string table = s.report.reason_table();
        CHECK(table.find("  by event rule:\n  draw-score") != std::string::npos);
        CHECK(slurp(json.path).find("\"by_event_rule\": {\n    \"draw-score\": 1") != std::string::npos);
    }
    SECTION("draw-score, restarted by a pawn move") {
        const std::string w = "moves=g1f3,,f3g1,,e2e3,,g1f3,,f3g1,,g1f3";
        auto s =
            play(w + ";score=0", KNIGHTS_B + ";score=0", "-draw movenumber=0 movecount=3 score=10" + out);
        REQUIRE(s.games.size() == 1);
        CHECK(s.games[0].plies.size() == 10);
        CHECK(s.games[0].outcome.article == "draw-score");
    }
    SECTION("resign-score") {
        auto s = play(KNIGHTS_W + ";score=0;cp=2:-600;cp=4:-650;cp=6:-900", KNIGHTS_B + ";score=0",
                      "-resign movecount=3 score=600" + out);
        REQUIRE(s.games.size() == 1);
        CHECK(s.games[0].plies.size() == 7);
        CHECK(s.games[0].outcome.score == rules::Score::BlackWins);
        CHECK(slurp(pgn.path).find("[ResultRule \"adjudication resign-score\"]") != std::string::npos);
    }
    SECTION("max-moves") {
        auto s = play(KNIGHTS_W, KNIGHTS_B, "-maxmoves 3" + out);
        REQUIRE(s.games.size() == 1);
        CHECK(s.games[0].plies.size() == 6);
        CHECK(s.games[0].outcome.rule_text() == "adjudication max-moves");
    }
    SECTION("the Laws win when both end the game at one move") {
        // Fool's mate on ply 4, the move -maxmoves 2 would end the game too.
        auto s = play("moves=f2f3,,g2g4", "moves=,e7e5,,d8h4",
                      "-maxmoves 2 -draw movenumber=0 movecount=2 score=5" + out);
        REQUIRE(s.games.size() == 1);
        CHECK(s.games[0].plies.size() == 4);
        CHECK(s.games[0].outcome.termination == rules::Termination::Checkmate);
        CHECK(s.games[0].outcome.score == rules::Score::BlackWins);
        // The fivefold at ply 16, where -maxmoves 8 would end the game too.
        auto f = play(KNIGHTS_W, KNIGHTS_B, "-maxmoves 8");
        CHECK(f.games[0].outcome.termination == rules::Termination::Fivefold);
        CHECK(f.games[0].plies.size() == 16);
    }
}
