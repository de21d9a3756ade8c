// The status blocks as cutechess-cli and fastchess write them. Expected lines: the runners'
// format strings (cutechess projects/cli/src/enginematch.cpp and projects/lib/src/tournament.cpp;
// fastchess app/src/matchmaking/output/output_{fastchess,cutechess}.hpp), filled with figures
// computed once in Python from their formulas and from fishtest's LLRcalc.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "output/status_lines.h"

using namespace drawproxy::stats;
using namespace drawproxy::output;
using Catch::Detail::Approx;

namespace {

// 36,168 pairs: 39 LL, 2226 LD, 1000 WL, 30451 DD, 2412 WD, 40 WW; 72,336 games.
HeadToHead sample() {
    HeadToHead h;
    h.first = "Alpha";
    h.second = "Beta";
    h.pairs = Pentanomial{39, 2226, 1000, 30451, 2412, 40};
    h.games = Trinomial{3492, 3304, 65540};
    h.first_white = Trinomial{1800, 1600, 32770};
    h.first_black = Trinomial{1692, 1704, 32770};
    return h;
}

const SprtParams SPRT_0_2{0, 2, 0.05, 0.05, SprtModel::normalized};

}  // namespace

TEST_CASE("cutechess-cli status lines", "[match][stats]") {
    const HeadToHead h = sample();
    CHECK(cutechess_score_line(h) == "Score of Alpha vs Beta: 3492 - 3304 - 65540  [0.501] 72336");
    const std::string sides =
        "...      Alpha playing White: 1800 - 1600 - 32770  [0.503] 36170\n"
        "...      Alpha playing Black: 1692 - 1704 - 32770  [0.500] 36166\n"
        "...      White vs Black: 3504 - 3292 - 65540  [0.501] 72336\n"
        "Elo difference: 0.9 +/- 0.8, LOS: 98.9 %, DrawRatio: 90.6 %\n";
    // Without -sprt cutechess-cli's test has no bounds, and it prints them anyway.
    CHECK(cutechess_results(h, {false, std::nullopt}) ==
          sides + "SPRT: llr 0 (0.0%), lbound -inf, ubound inf");
    // The LLR is the match's (here pentanomial, normalized); cutechess's format around it.
    CHECK(cutechess_results(h, {true, SPRT_0_2}) ==
          sides + "SPRT: llr 2.94 (99.7%), lbound -2.94, ubound 2.94");
}

namespace {

// An encounter of A and B from its counts: games with A White, games with A Black, and pairs.
HeadToHead encounter(Trinomial first_white, Trinomial first_black, Pentanomial pairs = {}) {
    HeadToHead h;
    h.first = "A";
    h.second = "B";
    h.first_white = first_white;
    h.first_black = first_black;
    h.games = first_white;
    h.games += first_black;
    h.pairs = pairs;
    return h;
}

// The degenerate matches, as played with both runners (tests/data has none: they are counts).
// All draws: four pairs of two draws. Every pair 1-1: A wins with White, loses with Black. All
// won, all lost: four pairs with -noswap, A White. 10-1-1: twelve single games, A White.
const HeadToHead ALL_DRAWS = encounter({0, 0, 4}, {0, 0, 4}, Pentanomial{0, 0, 0, 4, 0, 0});
const HeadToHead PAIRS_1_1 = encounter({4, 0, 0}, {0, 4, 0}, Pentanomial{0, 0, 4, 0, 0, 0});
const HeadToHead ALL_WON = encounter({8, 0, 0}, {}, Pentanomial{0, 0, 0, 0, 0, 4});
const HeadToHead ALL_LOST = encounter({0, 8, 0}, {}, Pentanomial{4, 0, 0, 0, 0, 0});
const HeadToHead TEN_ONE_ONE = encounter({10, 1, 1}, {});
const HeadToHead NO_GAME = encounter({}, {});
const std::string NO_SPRT = "SPRT: llr 0 (0.0%), lbound -inf, ubound inf";

}  // namespace

TEST_CASE("cutechess-cli's results block where its figures are undefined", "[match][stats]") {
    // The lines cutechess-cli 1.5.1 printed for these matches (Stockfish from mate-in-one and
    // bare-king openings), Qt's "nan" and "inf" included: a parser of its output sees the same.
    const StatsSettings plain{false, std::nullopt};
    CHECK(cutechess_results(ALL_DRAWS, plain) ==
          "...      A playing White: 0 - 0 - 4  [0.500] 4\n"
          "...      A playing Black: 0 - 0 - 4  [0.500] 4\n"
          "...      White vs Black: 0 - 0 - 8  [0.500] 8\n"
          "Elo difference: 0.0 +/- 0.0, LOS: nan %, DrawRatio: 100.0 %\n" +
              NO_SPRT);
    CHECK(cutechess_results(PAIRS_1_1, plain) ==
          "...      A playing White: 4 - 0 - 0  [1.000] 4\n"
          "...      A playing Black: 0 - 4 - 0  [0.000] 4\n"
          "...      White vs Black: 8 - 0 - 0  [1.000] 8\n"
          "Elo difference: 0.0 +/- 295.9, LOS: 50.0 %, DrawRatio: 0.0 %\n" +
              NO_SPRT);
    CHECK(cutechess_results(ALL_WON, plain) ==
          "...      A playing White: 8 - 0 - 0  [1.000] 8\n"
          "...      White vs Black: 8 - 0 - 0  [1.000] 8\n"
          "Elo difference: inf +/- nan, LOS: 99.8 %, DrawRatio: 0.0 %\n" +
              NO_SPRT);
    CHECK(cutechess_results(ALL_LOST, plain) ==
          "...      A playing White: 0 - 8 - 0  [0.000] 8\n"
          "...      White vs Black: 0 - 8 - 0  [0.000] 8\n"
          "Elo difference: -inf +/- nan, LOS: 0.2 %, DrawRatio: 0.0 %\n" +
              NO_SPRT);
    CHECK(cutechess_results(TEN_ONE_ONE, plain) ==
          "...      A playing White: 10 - 1 - 1  [0.875] 12\n"
          "...      White vs Black: 10 - 1 - 1  [0.875] 12\n"
          "Elo difference: 338.0 +/- nan, LOS: 99.7 %, DrawRatio: 8.3 %\n" +
              NO_SPRT);
    // No game finished (an engine that did not start; an interrupted first game).
    CHECK(cutechess_results(NO_GAME, plain) ==
          "Elo difference: nan +/- nan, LOS: nan %, DrawRatio: nan %\n" + NO_SPRT);
    CHECK(cutechess_score_line(NO_GAME) == "Score of A vs B: 0 - 0 - 0  [nan] 0");
    // With -sprt the bounds are numbers; an LLR near 0 is Qt's "g" of it, never "-0".
    const std::string sprt = cutechess_results(ALL_DRAWS, {true, SprtParams{0, 5}});
    CHECK(sprt.substr(sprt.rfind('\n') + 1) == "SPRT: llr -0.000942 (-0.0%), lbound -2.94, ubound 2.94");
}

TEST_CASE("fastchess's block where its figures are undefined", "[match][stats]") {
    // The blocks fastchess (the commit fishtest pins, 58072f23; its Elo and output code is the
    // same on master) printed for these matches, its "nan", "-nan" and "inf" included.
    const std::string dashes = "--------------------------------------------------\n";
    const std::string head = dashes + "Results of A vs B (1000 nodes, 1t, 16MB, draws.epd):\n";
    const StatsSettings sprt{true, SprtParams{0, 5}};
    CHECK(fastchess_interval(ALL_DRAWS, sprt, "1000 nodes, 1t, 16MB, draws.epd") + "\n" ==
          head +
              "Elo: -0.00 +/- 0.00, nElo: -nan +/- -nan\n"
              "LOS: -nan %, DrawRatio: 100.00 %, PairsRatio: -nan\n"
              "Games: 8, Wins: 0, Losses: 0, Draws: 8, Points: 4.0 (50.00 %)\n"
              "Ptnml(0-2): [0, 0, 4, 0, 0], WL/DD Ratio: 0.00\n"
              "LLR: -0.00 (-0.0%) (-2.94, 2.94) [0.00, 5.00]\n" +
              dashes);
    CHECK(fastchess_interval(PAIRS_1_1, sprt, "1000 nodes, 1t, 16MB, draws.epd") + "\n" ==
          head +
              "Elo: -0.00 +/- 0.00, nElo: -nan +/- -nan\n"
              "LOS: -nan %, DrawRatio: 100.00 %, PairsRatio: -nan\n"
              "Games: 8, Wins: 4, Losses: 4, Draws: 0, Points: 4.0 (50.00 %)\n"
              "Ptnml(0-2): [0, 0, 4, 0, 0], WL/DD Ratio: inf\n"
              "LLR: -0.00 (-0.0%) (-2.94, 2.94) [0.00, 5.00]\n" +
              dashes);
    CHECK(fastchess_interval(ALL_WON, sprt, "1000 nodes, 1t, 16MB, draws.epd") + "\n" ==
          head +
              "Elo: inf +/- -nan, nElo: inf +/- -nan\n"
              "LOS: 100.00 %, DrawRatio: 0.00 %, PairsRatio: inf\n"
              "Games: 8, Wins: 8, Losses: 0, Draws: 0, Points: 8.0 (100.00 %)\n"
              "Ptnml(0-2): [0, 0, 0, 0, 4], WL/DD Ratio: -nan\n"
              "LLR: 0.08 (2.7%) (-2.94, 2.94) [0.00, 5.00]\n" +
              dashes);
    CHECK(fastchess_interval(ALL_LOST, {true, std::nullopt}, "1000 nodes, 1t, 16MB, draws.epd") + "\n" ==
          head +
              "Elo: -inf +/- -nan, nElo: -inf +/- -nan\n"
              "LOS: 0.00 %, DrawRatio: 0.00 %, PairsRatio: 0.00\n"
              "Games: 8, Wins: 0, Losses: 8, Draws: 0, Points: 0.0 (0.00 %)\n"
              "Ptnml(0-2): [4, 0, 0, 0, 0], WL/DD Ratio: -nan\n" +
              dashes);
    // Single games (-games 1): no pentanomial.
    CHECK(fastchess_interval(TEN_ONE_ONE, {false, std::nullopt}, "1000 nodes, 1t, 16MB, draws.epd") + "\n" ==
          head +
              "Elo: 338.04 +/- nan, nElo: 437.86 +/- 196.58\n"
              "LOS: 100.00 %, DrawRatio: 8.33 %\n"
              "Games: 12, Wins: 10, Losses: 1, Draws: 1, Points: 10.5 (87.50 %)\n" +
              dashes);
}

TEST_CASE("drawproxy's own statistics say \"not enough games\" where the counts bound nothing",
          "[match][stats]") {
    // An interval the counts give, a point without an interval, nothing at all.
    CHECK(estimate_text(12.34, 5.67) == "12.3 +/- 5.7");
    CHECK(estimate_text(-0.01, 5.67, "±") == "0.0 ± 5.7");
    CHECK(estimate_text(338.04, std::nan("")) == "338.0 (interval: not enough games)");
    CHECK(estimate_text(0.0, 0.0) == "0.0 (interval: not enough games)");
    CHECK(estimate_text(HUGE_VAL, std::nan("")) == "not enough games");
    CHECK(estimate_text(std::nan(""), std::nan("")) == "not enough games");
    const StatsSettings penta{true, std::nullopt};
    CHECK(drawproxy_stats_lines(ALL_DRAWS, penta) ==
          "Ptnml(0-2): [0, 0, 4, 0, 0], 4 pairs, nElo: not enough games, LOS: not enough games\n");
    CHECK(drawproxy_stats_lines(PAIRS_1_1, penta) ==
          "Ptnml(0-2): [0, 0, 4, 0, 0], 4 pairs, nElo: not enough games, LOS: not enough games\n");
    CHECK(drawproxy_stats_lines(ALL_WON, penta) ==
          "Ptnml(0-2): [0, 0, 0, 0, 4], 4 pairs, nElo: not enough games, LOS: not enough games\n");
    CHECK(drawproxy_elo_line(elo_stats(ALL_DRAWS.games)) ==
          "Elo difference: 0.0 (interval: not enough games), LOS: not enough games, DrawRatio: 100.0 %");
    CHECK(drawproxy_elo_line(elo_stats(PAIRS_1_1.games)) ==
          "Elo difference: 0.0 +/- 296.6, LOS: 50.0 %, DrawRatio: 0.0 %");
    CHECK(drawproxy_elo_line(elo_stats(ALL_WON.games)) ==
          "Elo difference: not enough games, LOS: not enough games, DrawRatio: 0.0 %");
    CHECK(drawproxy_elo_line(elo_stats(ALL_LOST.games)) ==
          "Elo difference: not enough games, LOS: not enough games, DrawRatio: 0.0 %");
    CHECK(drawproxy_elo_line(elo_stats(TEN_ONE_ONE.games)) ==
          "Elo difference: 338.0 (interval: not enough games), LOS: 100.0 %, DrawRatio: 8.3 %");
    // The SPRT line: fishtest's LLR is finite on any counts (empty cells count 1e-3).
    const StatsSettings sprt{true, SprtParams{0, 5}};
    for (const HeadToHead* h : {&ALL_DRAWS, &PAIRS_1_1, &ALL_WON, &ALL_LOST, &NO_GAME}) {
        const std::string lines = drawproxy_stats_lines(*h, sprt);
        CHECK(lines.find("SPRT (normalized elo0=0 elo1=5 alpha=0.05 beta=0.05, pentanomial): LLR ") !=
              std::string::npos);
        CHECK(lines.find("nan") == std::string::npos);
        CHECK(lines.find("inf") == std::string::npos);
    }
    CHECK(drawproxy_stats_lines(ALL_DRAWS, sprt).find("LLR 0.00 [-2.94, 2.94] continue") !=
          std::string::npos);
}

TEST_CASE("the JSON statistics hold a number or nothing, as the text says", "[match][stats]") {
    // nlohmann writes a NaN or an infinity as null: none may appear.
    for (const HeadToHead* h : {&ALL_DRAWS, &PAIRS_1_1, &ALL_WON, &ALL_LOST, &TEN_ONE_ONE, &NO_GAME})
        for (bool penta : {true, false}) {
            const std::string text = stats_json(*h, {penta, SprtParams{0, 5}}).dump();
            INFO(text);
            CHECK(text.find("null") == std::string::npos);
        }
    // All draws: Elo 0 but no interval of no width, no nElo or LOS without spread.
    nlohmann::json j = stats_json(ALL_DRAWS, {true, std::nullopt});
    CHECK(j["elo"] == 0.0);
    for (const char* key : {"elo_error", "elo_lower", "elo_upper", "nelo", "nelo_error", "los"})
        CHECK_FALSE(j.contains(key));
    // All won: no Elo at all, no LOS; the score and counts are there.
    j = stats_json(ALL_WON, {true, std::nullopt});
    CHECK(j["score"] == 1.0);
    for (const char* key : {"elo", "elo_error", "elo_lower", "elo_upper", "nelo", "los"})
        CHECK_FALSE(j.contains(key));
    // 10-1-1: the Elo, nElo and LOS, but no Elo interval (it would pass a 100% score).
    j = stats_json(TEN_ONE_ONE, {false, std::nullopt});
    CHECK(j["elo"].get<double>() == Approx(338.04).margin(0.005));
    CHECK(j["nelo"].get<double>() == Approx(437.86).margin(0.005));
    CHECK(j.contains("los"));
    CHECK_FALSE(j.contains("elo_error"));
    CHECK_FALSE(j.contains("elo_upper"));
}

TEST_CASE("fastchess status block", "[match][stats]") {
    const HeadToHead h = sample();
    const std::string matchup = fastchess_matchup("10+0.1", "1t", "16MB", "UHO.epd");
    CHECK(matchup == "10+0.1, 1t, 16MB, UHO.epd");
    CHECK(fastchess_matchup("10", "NULL", "NULL", "") == "10, NULL, NULL");
    CHECK(fastchess_interval(h, {true, SPRT_0_2}, matchup) ==
          "--------------------------------------------------\n"
          "Results of Alpha vs Beta (10+0.1, 1t, 16MB, UHO.epd):\n"
          "Elo: 0.90 +/- 0.66, nElo: 3.45 +/- 2.53\n"
          "LOS: 99.62 %, DrawRatio: 86.96 %, PairsRatio: 1.08\n"
          "Games: 72336, Wins: 3492, Losses: 3304, Draws: 65540, Points: 36262.0 (50.13 %)\n"
          "Ptnml(0-2): [39, 2226, 31451, 2412, 40], WL/DD Ratio: 0.03\n"
          "LLR: 2.94 (99.7%) (-2.94, 2.94) [0.00, 2.00]\n"
          "--------------------------------------------------");
    // -report penta=false: game statistics, trinomial LLR, no pentanomial line.
    CHECK(fastchess_interval(h, {false, SPRT_0_2}, matchup) ==
          "--------------------------------------------------\n"
          "Results of Alpha vs Beta (10+0.1, 1t, 16MB, UHO.epd):\n"
          "Elo: 0.90 +/- 0.78, nElo: 2.95 +/- 2.53\n"
          "LOS: 98.87 %, DrawRatio: 90.60 %\n"
          "Games: 72336, Wins: 3492, Losses: 3304, Draws: 65540, Points: 36262.0 (50.13 %)\n"
          "LLR: 2.33 (79.2%) (-2.94, 2.94) [0.00, 2.00]\n"
          "--------------------------------------------------");
    CHECK(fastchess_sprt_completed(SprtParams{0, 5}, SprtStatus::h1) ==
          "SPRT ([0.00, 5.00]) completed - H1 was accepted");
    CHECK(fastchess_sprt_completed(SprtParams{-1.5, 0.5}, SprtStatus::h0) ==
          "SPRT ([-1.50, 0.50]) completed - H0 was accepted");
}

TEST_CASE("SPRT verdicts in the status lines and JSON", "[match][stats]") {
    HeadToHead h;
    h.first = "A";
    h.second = "B";
    h.pairs = Pentanomial{0, 0, 0, 0, 0, 1000};
    h.games = Trinomial{2000, 0, 0};
    h.first_white = Trinomial{1000, 0, 0};
    h.first_black = Trinomial{1000, 0, 0};
    const StatsSettings s{true, SprtParams{0, 5, 0.05, 0.05, SprtModel::logistic}};
    CHECK(current_status(h, s) == SprtStatus::h1);
    const std::string results = cutechess_results(h, s);
    CHECK(results.substr(results.size() - 18) == " - H1 was accepted");
    CHECK(drawproxy_stats_lines(h, s).find("H1 accepted") != std::string::npos);
    const nlohmann::json j = stats_json(h, s);
    CHECK(j["sprt"]["status"] == "H1");
    CHECK(j["pentanomial"] == nlohmann::json::array({0, 0, 0, 0, 1000}));
    CHECK_FALSE(j.contains("elo"));  // 100%: an infinite Elo is left out (never null)
    CHECK(j["sprt"]["llr"].get<double>() > s.sprt->upper_bound());
    // Losses: H0.
    std::swap(h.pairs.ll, h.pairs.ww);
    std::swap(h.games.wins, h.games.losses);
    CHECK(current_status(h, s) == SprtStatus::h0);
    CHECK(stats_json(h, s)["sprt"]["status"] == "H0");
    // Without -sprt: no LLR anywhere.
    CHECK(current_llr(h, {true, std::nullopt}) == 0);
    CHECK_FALSE(stats_json(h, {true, std::nullopt}).contains("sprt"));
    CHECK(parse_output_format("fastchess") == OutputFormat::fastchess);
    CHECK(parse_output_format("cutechess") == OutputFormat::cutechess);
    CHECK_FALSE(parse_output_format("cute"));
}

TEST_CASE("cutechess-cli's Elo line", "[match][output]") {
    // cutechess projects/lib/src/elo.cpp: the interval with its approximate normal quantile
    // (1.95716...), LOS from wins and losses; computed once with those formulas in Python.
    CutechessElo e = cutechess_elo(Trinomial{136, 96, 111});
    CHECK(e.diff == Approx(40.702458186527075));
    CHECK(e.error == Approx(30.38348634562372));
    CHECK(e.los_percent == Approx(99.56818916198402));
    CHECK(e.draw_percent == Approx(32.36151603498542));
    e = cutechess_elo(Trinomial{10, 0, 5});
    CHECK(e.diff == Approx(279.5880017344074));
    CHECK(e.error == Approx(180.7619434987244));
    CHECK(e.los_percent == Approx(99.92172988709987));
}

TEST_CASE("the SPRT's words in the lines and the JSON", "[match][output]") {
    CHECK(to_string(SprtStatus::running) == "continue");
    CHECK(to_string(SprtStatus::h0) == "H0");
    CHECK(to_string(SprtStatus::h1) == "H1");
    CHECK(parse_sprt_model("logistic") == SprtModel::logistic);
    CHECK(parse_sprt_model("normalized") == SprtModel::normalized);
    CHECK(parse_sprt_model("bayesian") == SprtModel::bayesian);
    CHECK(parse_sprt_model("bayeselo") == SprtModel::bayeselo);
    for (SprtModel m : {SprtModel::normalized, SprtModel::logistic, SprtModel::bayesian, SprtModel::bayeselo})
        CHECK(parse_sprt_model(to_string(m)) == m);
    CHECK_FALSE(parse_sprt_model("Bayesian"));
}

TEST_CASE("drawproxy's Elo figures: the one Elo, with no game even and an interval past the range unbounded",
          "[match][output]") {
    auto e = drawproxy_elo(Trinomial{10, 10, 5});
    CHECK(e.elo == Approx(0).margin(1e-9));
    e = drawproxy_elo(Trinomial{3, 1, 0});
    CHECK(e.score == Approx(0.75));
    CHECK(e.elo == Approx(-400 * std::log10(1 / 0.75 - 1)));
    CHECK(drawproxy_elo(Trinomial{30, 10, 0}).elo_error == elo_stats(Trinomial{30, 10, 0}).elo_error);
    // More games with the same score: a smaller error.
    CHECK(drawproxy_elo(Trinomial{30, 10, 0}).elo_error < e.elo_error);
    CHECK(std::isinf(drawproxy_elo(Trinomial{2, 0, 0}).elo));
    // 10-1-1: the 95% interval passes 100%; fastchess's formula has no number for it.
    CHECK(std::isnan(elo_stats(Trinomial{10, 1, 1}).elo_error));
    CHECK(drawproxy_elo(Trinomial{10, 1, 1}).elo_error == std::numeric_limits<double>::infinity());
    e = drawproxy_elo(Trinomial{});
    CHECK(e.score == 0.5);
    CHECK(e.elo == 0);
    CHECK(e.elo_error == 0);
}

TEST_CASE("fastchess's table of more than two engines, as fastchess 58072f23 printed it", "[match][stats]") {
    using drawproxy::rules::Score;
    // Its own format with pairs, after the first pair of a round robin of three (two draws): the
    // engine without a completed pair is last, its figures not a number.
    EncounterStats drawn({"A", "B", "C"}, 3);
    drawn.add(0, 1, Score::Draw, 0);
    drawn.add(1, 0, Score::Draw, 0);
    CHECK(fastchess_rank_table(drawn, true, true) ==
          "Rank Name                             Elo        +/-       nElo        +/-      Games      Score  "
          "     "
          "Draw           Ptnml(0-2)\n"
          "   1 A                              -0.00       0.00       -nan       -nan          2      50.0%  "
          "   "
          "100.0%      [0, 0, 1, 0, 0]\n"
          "   2 B                              -0.00       0.00       -nan       -nan          2      50.0%  "
          "   "
          "100.0%      [0, 0, 1, 0, 0]\n"
          "   3 C                               -nan       -nan       -nan       -nan          0      -nan%  "
          "    "
          "-nan%      [0, 0, 0, 0, 0]\n");
    // Its cutechess format (games only), with a pair still open: every game counts.
    EncounterStats decisive({"A", "B", "Cee"}, 3);
    decisive.add(0, 1, Score::WhiteWins, 0);
    decisive.add(1, 0, Score::WhiteWins, 0);
    decisive.add(0, 2, Score::BlackWins, 1);
    CHECK(fastchess_rank_table(decisive, false, false) ==
          "Rank Name                             Elo        +/-       nElo        +/-      Games      Score  "
          "     "
          "Draw\n"
          "   1 Cee                              inf       -nan        inf       -nan          1     100.0%  "
          "     "
          "0.0%\n"
          "   2 B                              -0.00        nan       0.00     481.51          2      50.0%  "
          "     "
          "0.0%\n"
          "   3 A                            -120.41        nan    -122.84     393.15          3      33.3%  "
          "     "
          "0.0%\n");
    // With pairs, the open pair's game is not counted yet.
    const std::string pairs_only = fastchess_rank_table(decisive, true, true);
    CHECK(pairs_only.find("   3 Cee                             -nan") != std::string::npos);
}
