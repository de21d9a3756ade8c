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
    CHECK(cutechess_results(h, {false, std::nullopt}) ==
          "...      Alpha playing White: 1800 - 1600 - 32770  [0.503] 36170\n"
          "...      Alpha playing Black: 1692 - 1704 - 32770  [0.500] 36166\n"
          "...      White vs Black: 3504 - 3292 - 65540  [0.501] 72336\n"
          "Elo difference: 0.9 +/- 0.8, LOS: 98.9 %, DrawRatio: 90.6 %");
    // The LLR is the match's (here pentanomial, normalized); cutechess's format around it.
    CHECK(cutechess_results(h, {true, SPRT_0_2}).substr(cutechess_results(h, {false, std::nullopt}).size()) ==
          "\nSPRT: llr 2.94 (99.7%), lbound -2.94, ubound 2.94");
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
    CHECK_FALSE(parse_sprt_model("bayesian"));
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
