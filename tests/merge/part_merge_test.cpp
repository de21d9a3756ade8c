// merge's reading of part files (framed records, counts from each part's own tables) against
// the tree merge it replaced: the same bytes, for whole and partial sets of parts, parts laid out
// otherwise, and parts whose records are out of order.
#include <catch2/catch.hpp>
#include <map>

#include "merge/parts.h"
#include "support/match_helpers.h"

using namespace drawproxy::merge;
using namespace drawproxy::stats;
using namespace drawproxy::output;
using drawproxy::rules::Score;
using drawproxy::test::slurp;
using drawproxy::test::TempFile;
using nlohmann::json;

namespace {

// Part k of n of a two-engine match of `pairs` game pairs, its records with the fields the
// runner writes, listed in game order (or reversed).
json part(int k, int n, int pairs, bool reversed = false) {
    EncounterStats stats({"A", "B"}, pairs);
    json games = json::array();
    std::map<std::string, int> by_reason;
    for (int unit = k - 1; unit < pairs; unit += n)
        for (int g = 0; g < 2; ++g) {
            const auto score = Score((unit + g) % 3);
            stats.add(g, 1 - g, score, unit);
            const std::string reason = score == Score::Draw ? "threefold" : "checkmate";
            by_reason[reason]++;
            games.push_back({{"game", 2 * unit + g + 1},
                             {"white", g ? "B" : "A"},
                             {"black", g ? "A" : "B"},
                             {"reason", reason},
                             {"opening",
                              {{"fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
                               {"moves", {"e2e4", "e7e5"}}}},
                             {"time_used_ms", {{"white", 1000 + unit}, {"black", 900}}},
                             {"note", unit % 5 ? "plain" : "caf\u00e9 \"quoted\" }"}});
        }
    if (reversed) std::reverse(games.begin(), games.end());
    json j;
    j["engines"] = {"A", "B"};
    j["match_id"] = "0123456789abcdef";
    j["shard"] = {{"index", k}, {"count", n}};
    j["games"] = std::move(games);
    j["finish_order"] = json::array();
    j["pgn"] = {{"file", "part.pgn"}, {"order", json::array()}};
    j["by_reason"] = by_reason;
    j["incorrect_claims"] = {{"A", 0}, {"B", 0}};
    put_statistics(j, stats.all(), StatsSettings{true, std::nullopt});
    return j;
}

// What merge writes for the parts, and what the tree merge wrote.
std::pair<std::string, std::string> both(const std::vector<json>& parts, const std::vector<int>& indent) {
    std::vector<std::unique_ptr<TempFile>> files;
    std::vector<std::string> paths;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        files.push_back(std::make_unique<TempFile>(".json", parts[i].dump(indent[i]) + "\n"));
        paths.push_back(files.back()->path);
    }
    const MergedParts merged = merge_part_files(paths, std::nullopt);
    TempFile out(".json");
    REQUIRE(write_merged_json(out.path, merged));
    return {slurp(out.path), merge_summaries(parts, std::nullopt).summary.dump(2) + "\n"};
}

}  // namespace

TEST_CASE("part files: merged as the tree merge merged them, byte for byte", "[match][merge]") {
    const int n = 4, pairs = 23;
    std::vector<json> parts;
    for (int k = 1; k <= n; ++k) parts.push_back(part(k, n, pairs));
    SECTION("all parts, in two orders") {
        auto [fast, tree] = both(parts, {2, 2, 2, 2});
        CHECK(fast == tree);
        CHECK(json::parse(fast)["games"].size() == 2 * pairs);
        std::reverse(parts.begin(), parts.end());
        CHECK(both(parts, {2, 2, 2, 2}).first == fast);
    }
    SECTION("a lost part: the numbers are not dense") {
        parts.erase(parts.begin() + 1);
        auto [fast, tree] = both(parts, {2, 2, 2});
        CHECK(fast == tree);
        CHECK(json::parse(fast)["partial"] == true);
    }
    SECTION("a part laid out otherwise, and one listing its games backwards") {
        parts[2] = part(3, n, pairs, true);
        auto [fast, tree] = both(parts, {2, -1, 2, 4});
        CHECK(fast == tree);
        const json games = json::parse(fast)["games"];
        for (std::size_t i = 0; i < games.size(); ++i) CHECK(games[i]["game"] == int(i) + 1);
    }
    SECTION("an interrupted part may list more games than it counts, another may not") {
        const std::size_t counted = parts[0]["games"].size();
        parts[0]["games"].push_back({{"game", 1000}, {"result", "*"}});
        CHECK_THROWS_WITH(both(parts, {2, 2, 2, 2}),
                          Catch::Contains("lists " + std::to_string(counted + 1) + " games but counts " +
                                          std::to_string(counted) + " by reason"));
        parts[0]["interrupted"] = "SIGINT";
        auto [fast, tree] = both(parts, {2, 2, 2, 2});
        CHECK(fast == tree);
        CHECK(json::parse(fast)["games"].back()["game"] == 1000);
    }
}
