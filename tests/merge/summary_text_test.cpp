// merge's reading of part summaries without a JSON tree of the game list: whatever the layout
// of the file, the summary it writes must be the bytes nlohmann's dump(2) writes.
#include <catch2/catch.hpp>
#include <sstream>

#include "merge/summary_text.h"

using namespace drawproxy::merge;
using nlohmann::json;

namespace {

json summary_with(json games) {
    json j;
    j["match_id"] = "0123456789abcdef";
    j["shard"] = {{"index", 2}, {"count", 3}};
    j["by_reason"] = {{"threefold claimed", 2}};
    j["engines"] = {"A", "B"};
    j["games"] = std::move(games);
    j["zlast"] = {{"nested", {1, 2, {{"x", nullptr}}}}};
    return j;
}

// What merge writes for `summary`: the head plus the game records read from `text`.
std::string rewrite(const std::string& text) {
    PartSummary p = read_part_summary(text);
    std::ostringstream out;
    write_summary(out, p.head, p.games);
    return out.str();
}

}  // namespace

TEST_CASE("summary text: game records are kept as written and give dump(2)'s bytes", "[match][merge]") {
    const json games = json::array(
        {{{"game", 3},
          {"white", "A"},
          {"black", "B"},
          {"claimed", true},
          {"incorrect_claims", {{"white", 0}}}},
         {{"game", 1}, {"white", "quote \" back \\ tab \t nl \n ctl \x01 del \x7f é ♞ 𝄞"}, {"move", nullptr}},
         {{"game", -7}, {"list", json::array()}, {"obj", json::object()}, {"deep", {{{"a", {1, 2}}}}}},
         {{"no_number", "x"}},
         {{"game", "not a number"}}});
    const json j = summary_with(games);
    const std::string text = j.dump(2);
    PartSummary p = read_part_summary(text);
    REQUIRE(p.games.size() == 5);
    CHECK(p.owned == nullptr);  // the fast path: views into the text
    CHECK(p.games[0].number == 3);
    CHECK(p.games[1].number == 1);
    CHECK(p.games[2].number == -7);
    CHECK(p.games[3].number == 0);
    CHECK(p.games[4].number == 0);
    CHECK(p.head["games"] == json::array());
    CHECK(p.head["zlast"] == j["zlast"]);
    CHECK(rewrite(text) == text);
    // An empty game list, and none at all.
    CHECK(rewrite(summary_with(json::array()).dump(2)) == summary_with(json::array()).dump(2));
    json none = summary_with(json::array());
    none.erase("games");
    CHECK(rewrite(none.dump(2)) == none.dump(2));
}

TEST_CASE("summary text: other layouts are parsed and rewritten as dump(2)", "[match][merge]") {
    const json j = summary_with(json::array(
        {{{"game", 2}, {"white", "A"}, {"t", 0.5}}, {{"game", 1}, {"white", "B"}, {"u", "\u00e9"}}}));
    const std::string canonical = j.dump(2);
    // Floats, another indentation, minified, escapes dump() does not write, keys out of order.
    for (const std::string& text :
         {canonical, j.dump(), j.dump(4), j.dump(2, ' ', true),
          std::string(R"({"games": [{"white": "A\/", "game": 2}], "shard": {"index": 1, "count": 1}})")}) {
        INFO(text);
        PartSummary p = read_part_summary(text);
        const json parsed = json::parse(text);
        REQUIRE(p.games.size() == parsed["games"].size());
        for (std::size_t i = 0; i < p.games.size(); ++i)
            CHECK(p.games[i].number == parsed["games"][i]["game"]);
        CHECK(rewrite(text) == parsed.dump(2));
    }
}

TEST_CASE("summary text: text that is not JSON is refused, also inside the game list", "[match][merge]") {
    for (const std::string& bad :
         {std::string(""), std::string("{"),
          std::string("{\"games\": [\n    {\n      \"game\": 1\n    }\n  ]"),
          std::string("{\n  \"games\": [\n    {\n      \"game\": 01\n    }\n  ]\n}"),
          std::string("{\n  \"games\": [\n    {\n      \"game\": 1,\n    }\n  ]\n}"),
          std::string("{\n  \"games\": [\n    {\n      \"a\": \"\xff\"\n    }\n  ]\n}"),
          std::string("{\n  \"games\": [\n    {\n      \"a\": \"x\ty\"\n    }\n  ]\n}"),
          std::string(
              "{\n  \"games\": [\n    {\n      \"a\": \"\xc3\xa9\",\n      \"b\": tru\n    }\n  ]\n}"),
          std::string("{\n  \"games\": [\n    {\n      \"game\": 1\n    }\n  ]x\n}"),
          std::string("{\n  \"games\": [\n    {\n      \"game\": 1\n    }\n    {\n    }\n  ]\n}"),
          std::string("{\n  \"games\": [],\n  \"x\": [1,}\n}")}) {
        INFO(bad);
        CHECK_THROWS(read_part_summary(bad));
    }
}

TEST_CASE("summary text: records are framed by their layout, whatever their strings hold", "[match][merge]") {
    // Braces, brackets and the closing line's text inside strings; an escaped line break before
    // a brace; a nested object closing at the record's own indentation plus two.
    const json games = json::array({{{"game", 5}, {"white", "}"}, {"black", "    }"}, {"x", {{"y", "]}"}}}},
                                    {{"game", 6}, {"white", "a\n    }"}, {"z", {{"w", json::array({"}"})}}}},
                                    json::object(),
                                    {{"article", "9.2"}, {"black", "B"}, {"game", 7}, {"zz", 1}}});
    const std::string text = summary_with(games).dump(2);
    PartSummary p = read_part_summary(text);
    REQUIRE(p.owned == nullptr);
    REQUIRE(p.games.size() == 4);
    for (std::size_t i = 0; i < 4; ++i) CHECK(json::parse(p.games[i].text) == games[i]);
    CHECK(p.games[0].number == 5);
    CHECK(p.games[1].number == 6);
    CHECK(p.games[2].number == 0);
    CHECK(p.games[3].number == 7);
    CHECK(rewrite(text) == text);
}

TEST_CASE("summary text: the PGN order and the finish order stay out of the head", "[match][merge]") {
    json j = summary_with(json::array({{{"game", 2}}, {{"game", 1}}}));
    j["finish_order"] = {2, 1};
    j["pgn"] = {{"file", "part-2.pgn"}, {"order", {2, 1}}};
    for (const std::string& text : {j.dump(2), j.dump()}) {  // the fast path and the other
        INFO(text);
        PartSummary p = read_part_summary(text);
        CHECK_FALSE(p.head.contains("pgn"));
        CHECK_FALSE(p.head.contains("finish_order"));
        CHECK(json::parse(p.pgn) == j["pgn"]);
        CHECK(p.head["zlast"] == j["zlast"]);
        REQUIRE(p.games.size() == 2);
        CHECK(p.games[1].number == 1);
    }
    // No "pgn": none kept.
    CHECK(read_part_summary(summary_with(json::array()).dump(2)).pgn.empty());
    // A broken PGN order is refused like any other text that is not JSON.
    std::string broken = j.dump(2);
    broken.replace(broken.find("\"order\": ["), 10, "\"order\": [,");
    CHECK_THROWS(read_part_summary(broken));
}
