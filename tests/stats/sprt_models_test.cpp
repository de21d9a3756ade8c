// The SPRT models of the two runners: cutechess-cli 1.5's BayesElo test and fastchess's
// "bayesian" GSPRT, against the LLRs the real programs printed for the same counts, and the
// pair counts left aside by both.
#include <catch2/catch.hpp>

#include "stats/encounters.h"
#include "stats/sprt.h"

using namespace drawproxy::stats;
using Catch::Detail::Approx;

TEST_CASE("cutechess-cli's SPRT: the LLR it prints for a match's counts", "[stats][sprt]") {
    // cutechess-cli 1.5.1, -sprt elo0=0 elo1=10 alpha=0.05 beta=0.05, after 8 - 10 - 2 (W - L - D):
    // "SPRT: llr -0.0753 (-2.6%), lbound -2.94, ubound 2.94".
    CHECK(llr_bayeselo(0, 10, {10, 2, 8}) == Approx(-0.0753).margin(5e-5));
    // No game: the prior alone, half a game in each class: next to no evidence, a little
    // against H1 (an even score is H0's).
    const double prior = llr_bayeselo(0, 10, {0, 0, 0});
    CHECK(prior < 0);
    CHECK(prior > -0.01);
    // More wins than losses favour H1; the LLR grows with the games.
    CHECK(llr_bayeselo(0, 10, {10, 30, 20}) > 0);
    CHECK(llr_bayeselo(0, 10, {100, 300, 200}) > llr_bayeselo(0, 10, {10, 30, 20}));
}

TEST_CASE("fastchess's bayesian SPRT: the LLR it prints, and none without a win and a loss",
          "[stats][sprt]") {
    // fastchess 74deac23, -sprt elo0=0 elo1=10 model=bayesian, after Wins 8, Losses 10, Draws 2:
    // "LLR: -0.07 (-2.5%) (-2.94, 2.94) [0.00, 10.00]" (-2.5% of the lower bound -2.944).
    const double l = llr_bayesian(0, 10, {10, 2, 8});
    CHECK(l == Approx(-0.07).margin(0.005));
    CHECK(l / -2.944 * 100 == Approx(2.5).margin(0.05));
    CHECK(llr_bayesian(0, 10, {0, 5, 8}) == 0);
    CHECK(llr_bayesian(0, 10, {3, 5, 0}) == 0);
}

TEST_CASE("the games-only models test single games even when pairs are counted", "[stats][sprt]") {
    HeadToHead h;
    StatsSettings s;
    s.sprt = SprtParams{};
    SprtParams& sp = *s.sprt;
    sp.elo0 = 0, sp.elo1 = 10;
    s.penta = true;
    for (int i = 0; i < 3; ++i) {
        h.games.add(PlayerResult::win);
        h.games.add(PlayerResult::loss);
        h.games.add(PlayerResult::win);
    }
    h.pairs.add(PlayerResult::win, PlayerResult::win);
    for (SprtModel m : {SprtModel::bayesian, SprtModel::bayeselo}) {
        sp.model = m;
        CHECK(tests_games_only(m));
        CHECK(current_llr(h, s) == llr(sp, h.games));
    }
    sp.model = SprtModel::normalized;
    CHECK_FALSE(tests_games_only(sp.model));
    CHECK(current_llr(h, s) == llr(sp, h.pairs));
}
