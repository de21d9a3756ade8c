// The statistics in a real run: the SPRT stops a match with scripted engines of known
// strength at the game an offline computation predicts, and the parts of a sharded match
// play, between them, exactly the games of the whole match, with the same statistics.
#include <catch2/catch.hpp>
#include <fstream>
#include <set>

#include "merge/summaries.h"
#include "output/status_lines.h"
#include "support/match_helpers.h"
#include "tournament/shard.h"

using namespace drawproxy;
using drawproxy::test::fake_cmd;
using drawproxy::test::words;

namespace {

// Scripts by ply from the start position. STRONG mates in every game: as White 1.e4 f6 2.d4 g5
// 3.Qh5#, as Black 1.f3 e5 2.g4 Qh4#; WEAK plays the losing moves of both games.
const std::string STRONG = "moves=e2e4,e7e5,d2d4,d8h4,d1h5";
const std::string WEAK = "moves=f2f3,f7f6,g2g4,g7g5";
// Both engines play the first game's five moves whatever their colour: White mates in every
// game, so every pair is one win and one loss: no difference in strength.
const std::string WHITE_MATES = "moves=e2e4,f7f6,d2d4,g7g5,d1h5";

// The game after which the SPRT stops, computed from the results alone: one pair after
// another with the given pair outcome.
int offline_stop(const stats::SprtParams& sprt, stats::PlayerResult first, stats::PlayerResult second) {
    stats::Pentanomial p;
    for (int pair = 1; pair < 10000; ++pair) {
        p.add(first, second);
        if (stats::sprt_status(sprt, stats::llr(sprt, p)) != stats::SprtStatus::running) return 2 * pair;
    }
    return -1;
}

tournament::MatchSummary run(const std::string& a, const std::string& b, const std::string& extra) {
    return test::run_match_words(words("-engine " + fake_cmd(a) + " name=A -engine " + fake_cmd(b) +
                                       " name=B " + "-each nodes=1 " + extra));
}

}  // namespace

TEST_CASE("SPRT stops a match with a real difference at H1", "[match][sprt][engine]") {
    const stats::SprtParams sprt{0, 300, 0.05, 0.05, stats::SprtModel::logistic};
    const int expected = offline_stop(sprt, stats::PlayerResult::win, stats::PlayerResult::win);
    REQUIRE(expected > 2);
    REQUIRE(expected < 100);
    test::TempFile json(".json");
    const tournament::MatchSummary s =
        run(STRONG, WEAK,
            "-games 2 -rounds 100 -repeat -sprt elo0=0 elo1=300 model=logistic -jsonout " + json.path);
    CHECK(int(s.games.size()) == expected);
    nlohmann::json j;
    std::ifstream(json.path) >> j;
    CHECK(j["pairs"][0]["sprt"]["status"] == "H1");
    CHECK(j["pairs"][0]["pentanomial"] == nlohmann::json::array({0, 0, 0, 0, expected / 2}));
}

TEST_CASE("SPRT stops a match without a difference at H0", "[match][sprt][engine]") {
    const stats::SprtParams sprt{0, 300, 0.05, 0.05, stats::SprtModel::logistic};
    const int expected = offline_stop(sprt, stats::PlayerResult::win, stats::PlayerResult::loss);
    REQUIRE(expected > 2);
    REQUIRE(expected < 100);
    test::TempFile json(".json");
    const tournament::MatchSummary s =
        run(WHITE_MATES, WHITE_MATES,
            "-games 2 -rounds 100 -repeat -sprt elo0=0 elo1=300 model=logistic -jsonout " + json.path);
    CHECK(int(s.games.size()) == expected);
    nlohmann::json j;
    std::ifstream(json.path) >> j;
    CHECK(j["pairs"][0]["sprt"]["status"] == "H0");
    CHECK(j["pairs"][0]["wl"] == expected / 2);
}

TEST_CASE("shards: the parts play the whole match's games, merged statistics equal",
          "[match][shard][engine]") {
    const std::string openings = test::source_path("configs/openings/classical.epd");
    for (const std::string& shape :
         {std::string("-games 2 -rounds 5 -repeat"), std::string("-games 3 -rounds 2 -repeat"),
          std::string("-games 1 -rounds 7"),
          "-games 2 -rounds 3 -repeat -openings file=" + openings + " order=random"}) {
        INFO(shape);
        test::TempFile whole_json(".json");
        const tournament::MatchSummary whole =
            run(STRONG, WEAK, shape + " -seed 7 -jsonout " + whole_json.path);
        nlohmann::json whole_j;
        std::ifstream(whole_json.path) >> whole_j;
        for (int n : {1, 2, 3, 7}) {
            INFO("parts " << n);
            std::vector<nlohmann::json> parts;
            std::multiset<int> numbers;
            for (int k = 1; k <= n; ++k) {
                test::TempFile js(".json");
                const tournament::MatchSummary part =
                    run(STRONG, WEAK,
                        shape + " -seed 7 -shard " + std::to_string(k) + "/" + std::to_string(n) +
                            " -jsonout " + js.path);
                for (const auto& g : part.games) numbers.insert(g.number);
                nlohmann::json j;
                std::ifstream(js.path) >> j;
                parts.push_back(j);
            }
            std::multiset<int> all;
            for (const auto& g : whole.games) all.insert(g.number);
            CHECK(numbers == all);  // every game once, numbered as in the whole match
            const merge::MergeResult m = merge::merge_summaries(parts, std::nullopt);
            CHECK(m.missing.empty());
            CHECK(m.summary["pairs"] == whole_j["pairs"]);
            CHECK(m.summary["by_reason"] == whole_j["by_reason"]);
            CHECK(m.summary["games"].size() == whole_j["games"].size());
        }
    }
}

TEST_CASE("shards: -shard needs a seed, and bad -sprt values are refused", "[match][shard]") {
    const std::string engines = "-engine cmd=a -engine cmd=b -each nodes=1 ";
    CHECK_THROWS_WITH(app::parse_match_options(words(engines + "-shard 1/2")), Catch::Contains("-seed"));
    CHECK_NOTHROW(app::parse_match_options(words(engines + "-shard 1/2 -seed 3")));
    CHECK_THROWS(app::parse_match_options(words(engines + "-shard 3/2 -seed 3")));
    CHECK_THROWS(app::parse_match_options(words(engines + "-sprt elo0=5 elo1=0")));
    CHECK_THROWS(app::parse_match_options(words(engines + "-sprt elo0=0")));
    CHECK_THROWS(app::parse_match_options(words(engines + "-sprt elo0=0 elo1=5 model=bayes")));
    CHECK_THROWS(app::parse_match_options(words(engines + "-report penta=maybe")));
    CHECK_THROWS(app::parse_match_options(words(engines + "-output xboard")));
    CHECK_THROWS(app::parse_match_options(words(engines + "-engine cmd=c -sprt elo0=0 elo1=5")));
    const auto o = app::parse_match_options(
        words(engines +
              "-sprt elo0=-1.5 elo1=0.5 alpha=0.1 model=logistic -report penta=false -ratinginterval 10 "
              "-output fastchess"));
    REQUIRE(o.sprt);
    CHECK(o.sprt->elo0 == -1.5);
    CHECK(o.sprt->alpha == 0.1);
    CHECK(o.sprt->beta == 0.05);
    CHECK(o.sprt->model == stats::SprtModel::logistic);
    CHECK_FALSE(o.report_penta);
    CHECK(o.rating_interval == 10);
    CHECK(o.output == output::OutputFormat::fastchess);
}
