// Every Article 9 scenario of tests/data/article9, judged under every FIDE edition, must give
// exactly the expected timeline (expected-<edition>.jsonl there).
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "rules/game.h"
#include "rules/notation.h"
#include "support/paths.h"

using namespace drawproxy::rules;
using nlohmann::json;

namespace {

std::vector<json> read_jsonl(const std::string& path) {
    std::ifstream in(path);
    REQUIRE(in);
    std::vector<json> out;
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) out.push_back(json::parse(line));
    return out;
}

json claims_json(const Game& game, int ply, const Verdict& v) {
    json claims = json::array();
    for (const Claim& c : v) {
        json o = {{"reason", std::string(reason_name(c.reason))}, {"article", std::string(c.article)}};
        if (c.intended) {
            json moves = json::array();
            for (Move m : c.moves) moves.push_back(to_uci(game.position_at(ply), m));
            o["moves"] = moves;
        }
        claims.push_back(o);
    }
    return claims;
}

json result_json(const std::optional<Result>& r) {
    if (!r) return nullptr;
    return {{"score", std::string(score_text(r->score))},
            {"reason", std::string(reason_name(r->reason))},
            {"article", std::string(r->article)}};
}

}  // namespace

TEST_CASE("judge: the Article 9 scenarios match the expected timeline for every FIDE edition", "[judge]") {
    const auto scenarios = read_jsonl(drawproxy::test::source_path("tests/data/article9/scenarios.jsonl"));
    REQUIRE(scenarios.size() >= 10);
    for (std::string name : {"fide-2023", "fide-2018", "fide-2014", "fide-2009", "fide-2001"}) {
        const Edition edition = Edition::builtin(name);
        std::map<std::string, std::vector<json>> expected;
        for (const json& row :
             read_jsonl(drawproxy::test::source_path("tests/data/article9/expected-" + name + ".jsonl")))
            expected[row.at("id").get<std::string>()].push_back(row);
        for (const json& s : scenarios) {
            const std::string id = s.at("id");
            INFO(name << " / " << id);
            const auto& rows = expected.at(id);
            Position start =
                s.at("fen").is_null() ? Position() : Position::from_fen(s.at("fen").get<std::string>());
            Game game(start);
            const auto& moves = s.at("moves");
            // One output row per ply until the game ends by itself.
            int ply = 0;
            for (;; ++ply) {
                INFO("ply " << ply);
                REQUIRE(ply < int(rows.size()));
                const json& want = rows[ply];
                REQUIRE(want.at("ply") == ply);
                const Verdict v = game.verdict(edition);
                CHECK(game.repetition_count() == want.at("repetition"));
                CHECK(game.position().halfmove_clock() == want.at("halfmove_clock"));
                CHECK(claims_json(game, ply, v) == want.at("claims"));
                CHECK(result_json(v.result) == want.at("result"));
                CHECK(result_json(game.automatic_result(edition)) == want.at("result"));
                if (v.result || ply == int(moves.size())) break;
                Move m = parse_uci_move(game.position(), moves[ply].get<std::string>());
                REQUIRE(!m.is_none());
                game.play(m);
            }
            CHECK(ply + 1 == int(rows.size()));
        }
    }
}
