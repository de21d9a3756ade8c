// An engine that sends bytes that are not UTF-8. The game is scored as the
// Laws say (an unreadable bestmove is an illegal move) and every output file stays readable.
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "support/match_helpers.h"
#include "uci/utf8.h"

using namespace drawproxy;
using drawproxy::test::fake_cmd;
using drawproxy::test::TempFile;
using drawproxy::test::words;

TEST_CASE("a bestmove of bytes that are not UTF-8 is an illegal move, and JSON and PGN stay valid",
          "[match][faults][engine]") {
    TempFile pgn(".pgn"), json(".json");
    auto summary = test::run_match_words(
        words("-engine " + fake_cmd("score=0;bytes=2") + " name=W -engine " + fake_cmd("score=0") +
              " name=B -each nodes=1 stall=5 -games 1 " + "-pgnout " + pgn.path + " -jsonout " + json.path));
    REQUIRE(summary.games.size() == 1);
    CHECK(summary.games[0].outcome.rule_text().rfind("illegal-move 7.5.5", 0) == 0);

    std::ifstream js(json.path);
    std::stringstream text;
    text << js.rdbuf();
    REQUIRE_FALSE(text.str().empty());
    CHECK(uci::is_valid_utf8(text.str()));
    CHECK_NOTHROW(nlohmann::json::parse(text.str()));
    CHECK(text.str().find("\xEF\xBF\xBD") != std::string::npos);  // U+FFFD where the bytes were

    std::ifstream pg(pgn.path);
    std::stringstream pgn_text;
    pgn_text << pg.rdbuf();
    CHECK(uci::is_valid_utf8(pgn_text.str()));
    const auto games = test::read_pgn_file(pgn.path);
    REQUIRE(games.size() == 1);
    REQUIRE(games[0].ok());
    CHECK(games[0].tag("ResultRule").rfind("illegal-move 7.5.5", 0) == 0);
    CHECK(games[0].ply_count() == 2);
}
