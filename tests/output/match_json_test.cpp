// The -jsonout summary: games by number whatever order they finished in, one
// reason vocabulary (the ResultRule reasons, in `by_reason` as in each game), the per-game facts
// (opening, time control, plies, wall time, each side's time), and Elo as a number or absent.
#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>
#include <set>

#include "support/match_helpers.h"

using namespace drawproxy;
using test::fake_cmd;
using test::run_match_words;
using test::TempFile;
using test::words;

namespace {

const std::string KNIGHTS = "moves=g1f3,g8f6,f3g1,f6g8,g1f3,g8f6,f3g1,f6g8";
const std::string START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const std::string BARE_KINGS = "8/8/8/4k3/8/8/8/4K3 w - - 0 1";

// Elo figures are numbers or absent: never null, never -0.0.
void check_elo_fields(const nlohmann::json& pair) {
    for (const char* key : {"elo", "elo_error", "elo_lower", "elo_upper", "nelo", "nelo_error"}) {
        INFO(key << " in " << pair.dump());
        if (!pair.contains(key)) continue;
        REQUIRE(pair[key].is_number());
        CHECK(std::isfinite(pair[key].get<double>()));
        const double v = pair[key].get<double>();
        CHECK_FALSE((v == 0 && std::signbit(v)));
    }
    CHECK(pair.dump().find("null") == std::string::npos);
    CHECK(pair.dump().find("-0.0") == std::string::npos);
}

}  // namespace

TEST_CASE("match -jsonout lists the games by number, with the ResultRule reasons and each game's facts",
          "[match][json][engine]") {
    // Game 1 (A white) thinks 0.6 s at its first move; games 2 and 3 start dead and end at once,
    // so with three at a time game 1 finishes last.
    TempFile epd(".epd", START + "\n" + BARE_KINGS + "\n" + BARE_KINGS + "\n"), json(".json"), pgn(".pgn");
    const auto summary = run_match_words(
        words("-engine " + fake_cmd(KNIGHTS + ";sleep=0:600") + " name=A -engine " + fake_cmd(KNIGHTS) +
              " name=B -each tc=60+0.5 -games 3 -concurrency 3 -openings file=" + epd.path + " -pgnout " +
              pgn.path + " -jsonout " + json.path));
    REQUIRE(summary.games.size() == 3);
    REQUIRE(summary.games.back().number == 1);  // the finish order this test is about

    const nlohmann::json j = nlohmann::json::parse(test::slurp(json.path));
    REQUIRE(j["games"].size() == 3);
    for (int i = 0; i < 3; ++i) CHECK(j["games"][i]["game"] == i + 1);
    CHECK(j["finish_order"].back() == 1);  // the PGN's order, for `drawproxy report`

    // One vocabulary: every by_reason key is a reason some game has; the counts add up.
    std::set<std::string> reasons;
    for (const auto& g : j["games"]) reasons.insert(g["reason"].get<std::string>());
    int counted = 0;
    for (const auto& [reason, n] : j["by_reason"].items()) {
        CHECK(reasons.count(reason) == 1);
        counted += n.get<int>();
    }
    CHECK(counted == 3);
    CHECK(j["by_reason"] == nlohmann::json{{"dead-position", 2}, {"threefold", 1}});

    const nlohmann::json& first = j["games"][0];
    CHECK(first["reason"] == "threefold");
    CHECK(first["result_rule"].get<std::string>().rfind("threefold 9.2", 0) == 0);
    CHECK(first["opening"]["fen"] == START);
    CHECK(first["opening"]["moves"] == nlohmann::json::array());
    CHECK(first["time_control"] == "60+0.5");
    CHECK(first["plies"].get<int>() >= 7);
    CHECK(first["time_used_ms"]["white"].get<std::int64_t>() >= 600);  // A's slow first move
    CHECK(first["time_used_ms"]["black"].get<std::int64_t>() >= 0);
    CHECK(first["wall_time_ms"].get<std::int64_t>() >= first["time_used_ms"]["white"].get<std::int64_t>());
    for (int i = 1; i < 3; ++i) {
        const nlohmann::json& g = j["games"][i];
        CHECK(g["reason"] == "dead-position");
        CHECK(g["opening"]["fen"] == BARE_KINGS);
        CHECK(g["plies"] == 0);
        CHECK(g["time_used_ms"]["white"] == 0);
        CHECK(g["time_used_ms"]["black"] == 0);
        CHECK(g["wall_time_ms"].is_number_integer());
    }

    // `drawproxy report` pairs the PGN (finish order) with the summary (by number) through
    // finish_order, so it keeps the summary's per-game fields.
    TempFile html(".html");
    const test::CommandRun r =
        test::run_drawproxy("report -o " + html.path + " " + json.path + " " + pgn.path);
    CHECK(r.status == 0);
    CHECK(r.err.find("different games") == std::string::npos);

    // Three draws: Elo 0 (not -0.0), no null anywhere in the encounter.
    REQUIRE(j["pairs"].size() == 1);
    CHECK(j["pairs"][0]["draws"] == 3);
    check_elo_fields(j["pairs"][0]);
}

TEST_CASE("match -jsonout gives an opening's book moves in UCI", "[match][json][engine]") {
    TempFile book(".pgn", "[Event \"?\"]\n[Result \"*\"]\n\n1. Nf3 Nf6 *\n\n"), json(".json");
    run_match_words(words("-engine " + fake_cmd(KNIGHTS) + " name=A -engine " + fake_cmd(KNIGHTS) +
                          " name=B -each nodes=1 -games 1 -openings file=" + book.path +
                          " format=pgn -jsonout " + json.path));
    const nlohmann::json j = nlohmann::json::parse(test::slurp(json.path));
    REQUIRE(j["games"].size() == 1);
    CHECK(j["games"][0]["opening"]["fen"] == START);
    CHECK(j["games"][0]["opening"]["moves"] == nlohmann::json{"g1f3", "g8f6"});
    CHECK(j["games"][0]["reason"] == "threefold");
}

TEST_CASE("match -jsonout of a 1-game match: an infinite Elo is absent, never null",
          "[match][json][engine]") {
    TempFile json(".json");
    run_match_words(words("-engine " + fake_cmd("illegal=0") + " name=A -engine " + fake_cmd("score=0") +
                          " name=B -each nodes=1 -games 1 -jsonout " + json.path));
    const nlohmann::json j = nlohmann::json::parse(test::slurp(json.path));
    REQUIRE(j["pairs"].size() == 1);
    const nlohmann::json& p = j["pairs"][0];
    CHECK(p["losses"] == 1);
    CHECK_FALSE(p.contains("elo"));  // A lost its only game: -inf
    check_elo_fields(p);
    CHECK(j["by_reason"] == nlohmann::json{{"illegal-move", 1}});
    CHECK(j["games"][0]["reason"] == "illegal-move");
}
