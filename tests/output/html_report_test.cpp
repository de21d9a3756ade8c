// The match page's data from a match's records, its PGN and its JSON summary.
#include <catch2/catch.hpp>

#include "output/html_page.h"
#include "output/pgn.h"
#include "rules/notation.h"

using namespace drawproxy;

namespace {

game::GameRecord record(const std::vector<std::string>& uci) {
    game::GameRecord g;
    g.number = 3;
    g.white = "Alpha";
    g.black = "Beta";
    g.rules = "fide-2023";
    g.time_control = "10+0.1";
    g.date = "2026.12.01";
    rules::Position pos;
    int k = 0;
    for (const std::string& t : uci) {
        game::PlyRecord p;
        p.move = rules::parse_uci_move(pos, t);
        REQUIRE(p.move);
        p.has_score = true;
        p.score = 20 + k;
        p.depth = 10;
        p.time_ms = 100 + k++;
        pos.play(p.move);
        g.plies.push_back(std::move(p));
    }
    return g;
}

rules::PgnGame read_one(const std::string& text) {
    rules::PgnReader reader;
    reader.feed(text);
    reader.finish();
    const rules::PgnGame* g = reader.next();
    REQUIRE(g);
    REQUIRE(g->ok());
    return *g;
}

}  // namespace

TEST_CASE("a game read back from drawproxy's PGN keeps its claims, offers, scores and ending",
          "[match][html]") {
    game::GameRecord g = record({"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"});
    g.plies[2].notes.push_back("claim threefold 9.2.2: incorrect, 9.5.2, opponent +120s");
    g.incorrect_claims[0] = 1;
    g.plies[3].offered_draw = true;
    g.outcome.score = rules::Score::Draw;
    g.outcome.termination = rules::Termination::Threefold;
    g.outcome.article = "9.2.1";
    g.outcome.move = "f6g8";
    g.outcome.claimed = true;
    g.final_notes.push_back("claim threefold 9.2.1 move f6g8: correct");

    const html::GameView from_record = output::game_view(g);
    const html::GameView v = output::game_view(read_one(output::write_pgn(g)));
    CHECK(v.white == "Alpha");
    CHECK(v.result == "1/2-1/2");
    CHECK(v.reason == "threefold");
    CHECK(v.article == "9.2.1");
    CHECK(v.move == "f6g8");
    CHECK(v.claimed);
    REQUIRE(v.plies.size() == 7);
    CHECK(v.plies[2].notes ==
          std::vector<std::string>{"claim threefold 9.2.2: incorrect, 9.5.2, opponent +120s"});
    CHECK(v.incorrect_claims[0] == 1);
    CHECK(v.incorrect_claims[1] == 0);
    CHECK(v.plies[3].offered_draw);
    CHECK_FALSE(v.plies[2].offered_draw);
    CHECK(v.final_notes == std::vector<std::string>{"claim threefold 9.2.1 move f6g8: correct"});
    for (std::size_t i = 0; i < v.plies.size(); ++i) {
        CHECK(v.plies[i].move == from_record.plies[i].move);
        CHECK(v.plies[i].has_score);
        CHECK(v.plies[i].score == from_record.plies[i].score);
        CHECK(v.plies[i].time_ms == from_record.plies[i].time_ms);
    }
    CHECK(v.duration_ms == from_record.duration_ms);
}

TEST_CASE("a JSON summary is read tolerantly", "[match][html]") {
    const nlohmann::json summary = nlohmann::json::parse(R"({
        "rules": "fide-2018", "engines": ["A", "B"],
        "games": [
            {"game": 2, "white": "A", "black": "B", "result": "1-0", "reason": "checkmate", "article": "5.1.1",
             "claimed": false, "plies": 40, "incorrect_claims": {"white": 0, "black": 2},
             "opening": {"name": "Sicilian", "fen": "x"}, "duration_ms": 5000},
            {"game": "three", "white": 7, "result": null},
            "not a game",
            {"game": 1, "white": "B", "black": "A", "result": "1/2-1/2", "reason": "adjudication",
             "article": "max-moves", "opening": "e4 e5"}
        ],
        "pairs": [{"a": "A", "b": "B", "nelo": 12.34, "nelo_error": 5.6, "pentanomial": [1, 2, 3, 4, 5],
                   "sprt": {"llr": 1.234, "lower_bound": -2.94, "upper_bound": 2.94, "state": "running"}}]
    })");
    std::vector<html::GameView> games = output::game_views(summary);
    REQUIRE(games.size() == 3);
    CHECK(games[0].number == 2);
    CHECK(games[0].opening == "Sicilian");
    CHECK(games[0].duration_ms == 5000);
    CHECK(games[0].incorrect_claims[1] == 2);
    CHECK(games[1].number == 0);   // a text where the number belongs is left out
    CHECK(games[1].white == "7");  // a number where a name belongs is shown as written
    CHECK(games[1].result.empty());
    CHECK(games[2].opening == "e4 e5");

    html::MatchView m;
    m.games = {games[0], games[2]};
    output::complete_match_view(m, &summary);
    CHECK(m.engines == std::vector<std::string>{"A", "B"});
    CHECK(m.progress.size() == 2);
    REQUIRE(m.reasons.size() == 2);
    CHECK(m.reasons[0].title == "The Laws of Chess");
    CHECK(m.reasons[0].bars[0].label == "checkmate");
    CHECK(m.reasons[1].bars[0].label == "adjudication max-moves");
    CHECK(m.incorrect_claims == std::vector<int>{0, 2});
    auto headline = [&](const std::string& label) {
        for (const auto& [l, v] : m.headline)
            if (l == label) return v;
        return std::string("<none>");
    };
    CHECK(headline("rules") == "fide-2018");
    CHECK(headline("nElo (95%)") == "12.3 ± 5.6");
    CHECK(headline("pentanomial [LL, LD, WL+DD, WD, WW]") == "[1, 2, 3, 4, 5]");
    CHECK(headline("SPRT") == "running, LLR 1.23 (-2.94, 2.94)");
    CHECK(headline("score of A (W - L - D)") == "1 - 0 - 1 [0.750] 2");
}

TEST_CASE("the score and Elo progress follow the first engine over the games", "[match][html]") {
    html::MatchView m;
    m.engines = {"A", "B"};
    auto game = [](const char* w, const char* b, const char* r) {
        html::GameView g;
        g.white = w, g.black = b, g.result = r, g.reason = "checkmate";
        g.termination = rules::Termination::Checkmate;
        return g;
    };
    m.games = {game("A", "B", "1-0"), game("B", "A", "1-0"), game("A", "B", "1/2-1/2"),
               game("B", "A", "0-1")};
    output::complete_match_view(m);
    REQUIRE(m.progress.size() == 4);
    CHECK(m.progress[0].score_pct == Approx(100));
    CHECK(std::isinf(m.progress[0].elo));
    CHECK(m.progress[1].score_pct == Approx(50));
    CHECK(m.progress[1].elo == Approx(0).margin(1e-9));
    CHECK(m.progress[2].score_pct == Approx(50));
    CHECK(m.progress[3].score_pct == Approx(62.5));
    CHECK(m.progress[3].elo > 0);
    CHECK(m.progress[3].elo_lo < m.progress[3].elo);
    CHECK(m.progress[3].elo_hi > m.progress[3].elo);
}

TEST_CASE("the headline's Elo says \"not enough games\" where the counts give no interval, never inf",
          "[match][html]") {
    auto game = [](const char* w, const char* b, const char* r) {
        html::GameView g;
        g.white = w, g.black = b, g.result = r, g.reason = "checkmate";
        return g;
    };
    auto headline = [](const html::MatchView& m, const std::string& label) {
        for (const auto& [l, v] : m.headline)
            if (l == label) return v;
        return std::string("<none>");
    };
    // 10-1-1 with A White: the interval passes a 100% score.
    html::MatchView m;
    for (int i = 0; i < 10; ++i) m.games.push_back(game("A", "B", "1-0"));
    m.games.push_back(game("A", "B", "0-1"));
    m.games.push_back(game("A", "B", "1/2-1/2"));
    output::complete_match_view(m);
    CHECK(headline(m, "Elo (95%)") == "338.0 (interval: not enough games)");
    // Every game won: no Elo at all; all drawn: Elo 0 with an interval of no width.
    html::MatchView won;
    for (int i = 0; i < 4; ++i)
        won.games.push_back(game(i % 2 ? "B" : "A", i % 2 ? "A" : "B", i % 2 ? "0-1" : "1-0"));
    output::complete_match_view(won);
    CHECK(headline(won, "Elo (95%)") == "not enough games");
    html::MatchView drawn;
    for (int i = 0; i < 4; ++i) drawn.games.push_back(game("A", "B", "1/2-1/2"));
    output::complete_match_view(drawn);
    CHECK(headline(drawn, "Elo (95%)") == "0.0 (interval: not enough games)");
    for (const html::MatchView* v : {&m, &won, &drawn})
        for (const auto& [label, value] : v->headline) {
            CHECK(value.find("inf") == std::string::npos);
            CHECK(value.find("nan") == std::string::npos);
        }
}
