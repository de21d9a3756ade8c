// Shards and their merge: the split by game pairs, the match id, and a merge that gives the
// one-run summary whatever the order of the parts.
#include <catch2/catch.hpp>
#include <random>

#include "game/hash.h"
#include "merge/summaries.h"
#include "output/status_lines.h"
#include "tournament/shard.h"

using namespace drawproxy::tournament;
using namespace drawproxy::merge;
using namespace drawproxy::stats;
using namespace drawproxy::output;
using namespace drawproxy::game;
using drawproxy::rules::Score;

TEST_CASE("shards: -shard K/N", "[match][shard]") {
    auto s = parse_shard("3/7");
    REQUIRE(s);
    CHECK(s->index == 3);
    CHECK(s->count == 7);
    CHECK(parse_shard("1/1"));
    for (const char* bad : {"0/3", "4/3", "3", "/3", "3/", "a/b", "1/0", "-1/3", "1/3x", "1 /3"})
        CHECK_FALSE(parse_shard(bad));
    // Every unit in exactly one part.
    for (int n = 1; n <= 7; ++n)
        for (int u = 0; u < 50; ++u) {
            int parts = 0;
            for (int k = 1; k <= n; ++k) parts += unit_in_shard(u, {k, n});
            CHECK(parts == 1);
        }
    CHECK(hex_id(fnv1a("")) == "cbf29ce484222325");   // FNV-1a's offset basis
    CHECK(hex_id(fnv1a("a")) == "af63dc4c8601ec8c");  // the published FNV-1a 64 test vector
    CHECK(fnv1a("match a") != fnv1a("match b"));
}

TEST_CASE("encounter statistics pair the two games of an opening", "[match][shard]") {
    EncounterStats s({"A", "B", "C"}, 3);
    s.add(0, 1, Score::WhiteWins, 0);  // A wins with White
    CHECK(s.encounter(0, 1).games == Trinomial{1, 0, 0});
    CHECK(s.encounter(0, 1).pairs.pairs() == 0);  // the pair is not complete yet
    s.add(1, 0, Score::WhiteWins, 0);             // B wins with White: A lost
    CHECK(s.encounter(0, 1).pairs == Pentanomial{0, 0, 1, 0, 0, 0});
    CHECK(s.encounter(0, 1).first_white == Trinomial{1, 0, 0});
    CHECK(s.encounter(0, 1).first_black == Trinomial{0, 1, 0});
    s.add(2, 1, Score::Draw, 1);
    s.add(1, 2, Score::WhiteWins, 1);  // B beats C: from B's side a draw and a win
    CHECK(s.encounter(1, 2).pairs == Pentanomial{0, 0, 0, 0, 1, 0});
    CHECK(s.encounter(2, 1).first == "B");
    s.add(0, 2, Score::BlackWins, -1);  // unpaired: only the game counts
    CHECK(s.encounter(0, 2).games == Trinomial{0, 1, 0});
    CHECK(s.encounter(0, 2).pairs.pairs() == 0);
}

namespace {

struct Played {
    int number, white, black, pair;
    Score score;
};

// A summary as the runner writes it, from some of the games.
nlohmann::json summary(const std::vector<Played>& games, int pairs, const StatsSettings& settings,
                       std::optional<ShardSpec> shard) {
    const std::vector<std::string> names{"A", "B", "C"};
    EncounterStats stats(names, pairs);
    nlohmann::json j;
    j["engines"] = names;
    j["match_id"] = "0123456789abcdef";
    if (shard) j["shard"] = {{"index", shard->index}, {"count", shard->count}};
    j["games"] = nlohmann::json::array();
    std::map<std::string, int> by_reason;
    for (const Played& g : games) {
        stats.add(g.white, g.black, g.score, g.pair);
        j["games"].push_back({{"game", g.number}, {"white", names[std::size_t(g.white)]}});
        by_reason[g.score == Score::Draw ? "draw" : "win"]++;
    }
    j["by_reason"] = by_reason;
    j["incorrect_claims"] = {{"A", 0}, {"B", 0}, {"C", 0}};
    put_statistics(j, stats.all(), settings);
    return j;
}

}  // namespace

TEST_CASE("merged parts equal the whole match, in any order", "[match][shard]") {
    // A round robin of 3 engines, 40 openings per encounter played as pairs, results drawn at
    // random with a seed; one game unpaired per encounter at the end.
    std::mt19937 rng(15);
    std::vector<Played> whole;
    std::vector<int> unit_of;  // per game
    int pair = 0, unit = 0;
    for (int a = 0; a < 3; ++a)
        for (int b = a + 1; b < 3; ++b) {
            for (int p = 0; p < 40; ++p, ++pair, ++unit)
                for (int g = 0; g < 2; ++g) {
                    whole.push_back({int(whole.size()) + 1, g ? b : a, g ? a : b, pair, Score(rng() % 3)});
                    unit_of.push_back(unit);
                }
            whole.push_back({int(whole.size()) + 1, a, b, -1, Score(rng() % 3)});
            unit_of.push_back(unit++);
        }
    const StatsSettings settings{true, SprtParams{0, 5, 0.05, 0.05, SprtModel::normalized}};
    const nlohmann::json one_run = summary(whole, pair, settings, std::nullopt);
    for (int n = 1; n <= 7; ++n) {
        INFO("parts: " << n);
        std::vector<nlohmann::json> parts;
        std::size_t played = 0;
        for (int k = 1; k <= n; ++k) {
            std::vector<Played> mine;
            for (std::size_t i = 0; i < whole.size(); ++i)
                if (unit_in_shard(unit_of[i], {k, n})) mine.push_back(whole[i]);
            played += mine.size();
            parts.push_back(summary(mine, pair, settings, ShardSpec{k, n}));
        }
        CHECK(played == whole.size());
        const MergeResult m = merge_summaries(parts, std::nullopt);
        CHECK(m.missing.empty());
        CHECK(m.summary["partial"] == false);
        CHECK(m.summary["pairs"] == one_run["pairs"]);
        CHECK(m.summary["games"] == one_run["games"]);
        CHECK(m.summary["by_reason"] == one_run["by_reason"]);
        CHECK(m.summary["statistics"] == one_run["statistics"]);
        const std::string bytes = m.summary.dump(2);
        std::shuffle(parts.begin(), parts.end(), rng);
        CHECK(merge_summaries(parts, std::nullopt).summary.dump(2) == bytes);
        std::reverse(parts.begin(), parts.end());
        CHECK(merge_summaries(parts, std::nullopt).summary.dump(2) == bytes);
        if (n >= 3) {
            // A lost part: the rest is merged, marked partial, the missing part named.
            std::vector<nlohmann::json> some;
            for (const auto& p : parts)
                if (p["shard"]["index"] != 2) some.push_back(p);
            const MergeResult partial = merge_summaries(some, std::nullopt);
            CHECK(partial.missing == std::vector<int>{2});
            CHECK(partial.summary["partial"] == true);
            CHECK(partial.summary["games"].size() < whole.size());
            // Duplicates and parts of another match are refused.
            some.push_back(some.front());
            CHECK_THROWS_WITH(merge_summaries(some, std::nullopt), Catch::Contains("given twice"));
            some.pop_back();
            some.back()["match_id"] = "fedcba9876543210";
            CHECK_THROWS_WITH(merge_summaries(some, std::nullopt), Catch::Contains("different matches"));
        }
    }
    CHECK_THROWS(merge_summaries({one_run}, std::nullopt));  // not a part
}

TEST_CASE("merge with --sprt decides on the merged counts", "[match][shard]") {
    std::vector<Played> games;
    for (int p = 0; p < 600; ++p) {
        games.push_back({2 * p + 1, 0, 1, p, Score::WhiteWins});
        games.push_back({2 * p + 2, 1, 0, p, p % 3 ? Score::Draw : Score::BlackWins});
    }
    const StatsSettings plain{true, std::nullopt};
    std::vector<nlohmann::json> parts;
    for (int k = 1; k <= 2; ++k) {
        std::vector<Played> mine;
        for (const Played& g : games)
            if (unit_in_shard(g.pair, {k, 2})) mine.push_back(g);
        parts.push_back(summary(mine, 600, plain, ShardSpec{k, 2}));
    }
    CHECK(merge_summaries(parts, std::nullopt).status == SprtStatus::running);
    const SprtParams h1{0, 5, 0.05, 0.05, SprtModel::logistic};
    const MergeResult m = merge_summaries(parts, h1);
    CHECK(m.status == SprtStatus::h1);
    CHECK(m.summary["pairs"][0]["sprt"]["status"] == "H1");
    const SprtParams h0{400, 405, 0.05, 0.05, SprtModel::logistic};  // A scores 0.83 (280 Elo)
    CHECK(merge_summaries(parts, h0).status == SprtStatus::h0);
}
