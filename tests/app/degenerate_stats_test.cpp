// Matches whose statistics the formulas leave undefined: every game drawn, every pair 1-1, one
// engine winning (nearly) everything, no game at all. drawproxy's own lines, its JSON, its HTML
// page and `merge` say "not enough games" (or leave the figure out) and never print nan or inf;
// -output cutechess prints what cutechess-cli 1.5.1 printed for the same matches.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <regex>

#include "support/match_helpers.h"

using namespace drawproxy;
using test::TempFile;

namespace {

// Bare kings: drawn at once. White mates in one with a1a8; Black mates in one with a8a1.
const char* const BARE_KINGS = "7k/8/8/8/8/8/8/K7 w - - 0 1\n";
const char* const WHITE_MATES = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\n";
const char* const BLACK_MATES = "r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1\n";

// A plays a1a8 and B a8a1 at the first ply: each mates where it can.
std::string engines() {
    return "-engine " + test::fake_cmd("moves=a1a8") + " name=A -engine " + test::fake_cmd("moves=a8a1") +
           " name=B -each nodes=1 ";
}

// "nan", "-nan", "inf" or "-inf" as a word (but the time control "inf", which the page names).
bool has_non_finite(std::string text) {
    for (const std::string tc : {"<dt>time control</dt><dd>inf</dd>"})
        for (auto at = text.find(tc); at != std::string::npos; at = text.find(tc)) text.erase(at, tc.size());
    static const std::regex word(R"((^|[^A-Za-z])-?(nan|inf)($|[^A-Za-z]))", std::regex::icase);
    return std::regex_search(text, word);
}

}  // namespace

TEST_CASE("all draws: drawproxy's lines and JSON have no interval of no width and no NaN",
          "[match][stats][engine]") {
    TempFile epd(".epd", BARE_KINGS), json(".json"), html(".html");
    const auto r =
        test::run_drawproxy("match " + engines() + "-games 2 -rounds 4 -repeat -openings file=" + epd.path +
                            " -jsonout " + json.path + " -htmlout " + html.path + " -sprt elo0=0 elo1=5");
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    CHECK(r.out.find("Elo difference: 0.0 (interval: not enough games), DrawRatio: 100.0 %") !=
          std::string::npos);
    CHECK(r.out.find("Ptnml(0-2): [0, 0, 4, 0, 0], 4 pairs, nElo: not enough games, LOS: not enough games") !=
          std::string::npos);
    CHECK(r.out.find("LLR 0.00 [-2.94, 2.94] continue") != std::string::npos);
    CHECK_FALSE(has_non_finite(r.out));
    const nlohmann::json j = nlohmann::json::parse(test::slurp(json.path));
    REQUIRE(j["pairs"].size() == 1);
    CHECK(j["pairs"][0]["elo"] == 0.0);
    for (const char* key : {"elo_error", "elo_lower", "elo_upper", "nelo", "nelo_error", "los"})
        CHECK_FALSE(j["pairs"][0].contains(key));
    CHECK_FALSE(has_non_finite(test::slurp(html.path)));
    CHECK(test::slurp(html.path).find("0.0 (interval: not enough games)") != std::string::npos);
}

TEST_CASE("10-1-1: the Elo without an interval that would pass 100%, in the lines, JSON and page",
          "[match][stats][engine]") {
    // Twelve games with A White (-noswap): ten mates by A, one by B, one bare-kings draw.
    std::string book;
    for (int i = 0; i < 10; ++i) book += WHITE_MATES;
    book += std::string(BLACK_MATES) + BARE_KINGS;
    TempFile epd(".epd", book), json(".json"), html(".html");
    const auto r = test::run_drawproxy(
        "match " + engines() + "-games 1 -rounds 12 -noswap -ratinginterval 12 " +
        "-openings file=" + epd.path + " -jsonout " + json.path + " -htmlout " + html.path);
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    CHECK(r.out.find("Score of A vs B: 10 - 1 - 1 [0.875] 12") != std::string::npos);
    CHECK(r.out.find("Elo difference: 338.0 (interval: not enough games), DrawRatio: 8.3 %") !=
          std::string::npos);
    // The -ratinginterval block: game statistics with LOS.
    CHECK(r.out.find("Elo difference: 338.0 (interval: not enough games), LOS: 100.0 %, DrawRatio: 8.3 %") !=
          std::string::npos);
    CHECK_FALSE(has_non_finite(r.out));
    const nlohmann::json j = nlohmann::json::parse(test::slurp(json.path));
    CHECK(j["pairs"][0]["elo"].get<double>() == Approx(338.04).margin(0.005));
    CHECK_FALSE(j["pairs"][0].contains("elo_error"));
    const std::string page = test::slurp(html.path);
    CHECK(page.find("338.0 (interval: not enough games)") != std::string::npos);
    CHECK_FALSE(has_non_finite(page));
}

TEST_CASE("all won: no Elo, nElo or LOS figure, and merge says the same", "[match][stats][engine]") {
    // A White in every game (-noswap), mating at once; the match in two shards, then merged.
    TempFile epd(".epd", WHITE_MATES), part1(".json"), part2(".json"), merged(".json");
    for (int k = 1; k <= 2; ++k) {
        const auto r =
            test::run_drawproxy("match " + engines() + "-games 2 -rounds 4 -repeat -noswap -seed 1 " +
                                "-openings file=" + epd.path + " -shard " + std::to_string(k) +
                                "/2 -jsonout " + (k == 1 ? part1.path : part2.path));
        INFO(r.out << r.err);
        REQUIRE(r.status == 0);
        CHECK_FALSE(has_non_finite(r.out));
    }
    const auto m =
        test::run_drawproxy("merge --jsonout " + merged.path + " " + part1.path + " " + part2.path);
    INFO(m.out << m.err);
    REQUIRE(m.status == 0);
    CHECK(m.out.find("Score of A vs B: 8 - 0 - 0 [1.000] 8") != std::string::npos);
    CHECK(m.out.find("Elo difference: not enough games, LOS: not enough games, DrawRatio: 0.0 %") !=
          std::string::npos);
    CHECK(m.out.find("Ptnml(0-2): [0, 0, 0, 0, 4], 4 pairs, nElo: not enough games, LOS: not enough games") !=
          std::string::npos);
    CHECK_FALSE(has_non_finite(m.out));
    const nlohmann::json j = nlohmann::json::parse(test::slurp(merged.path));
    for (const char* key : {"elo", "elo_error", "nelo", "los"}) CHECK_FALSE(j["pairs"][0].contains(key));
}

TEST_CASE("output cutechess (-output cutechess) prints cutechess-cli's nan and inf where it does",
          "[match][stats][runners][engine]") {
    // The lines cutechess-cli 1.5.1 printed for the same matches with Stockfish.
    TempFile draws(".epd", BARE_KINGS), mates(".epd", WHITE_MATES);
    auto run = [&](const std::string& epd, const std::string& schedule) {
        const auto r =
            test::run_drawproxy("match " + engines() + schedule + " -output cutechess -openings file=" + epd);
        INFO(r.out << r.err);
        REQUIRE(r.status == 0);
        return r.out;
    };
    const std::string drawn = run(draws.path, "-games 2 -rounds 4 -repeat");
    CHECK(drawn.find("Elo difference: 0.0 +/- 0.0, LOS: nan %, DrawRatio: 100.0 %\n"
                     "SPRT: llr 0 (0.0%), lbound -inf, ubound inf\n") != std::string::npos);
    const std::string won = run(mates.path, "-games 2 -rounds 4 -repeat -noswap");
    CHECK(won.find("...      A playing White: 8 - 0 - 0  [1.000] 8\n"
                   "...      White vs Black: 8 - 0 - 0  [1.000] 8\n"
                   "Elo difference: inf +/- nan, LOS: 99.8 %, DrawRatio: 0.0 %\n"
                   "SPRT: llr 0 (0.0%), lbound -inf, ubound inf\n") != std::string::npos);
}
