// cutechess-cli's knockout: its random generator, how an encounter is decided and when the next
// round starts (tournament/knockout.h), and whole knockouts of fake engines against what the
// real cutechess-cli 1.5.1 printed for them (tests/data/knockout/cutechess-1.5.1.txt).
#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "support/match_helpers.h"
#include "tournament/knockout.h"

using namespace drawproxy;
using tournament::Encounter;
using tournament::Knockout;
using Score = rules::Score;

namespace {

// The encounter of the next game, as "FS:R" (first, second, round), or "-" for none.
std::string next_of(Knockout& k) {
    const auto e = k.next_game();
    return e ? fmt::format("{}{}:{}", e->first, e->second, e->round) : "-";
}

// Plays the knockout's games one at a time: `result(first, second, game)` gives each game's score
// from the encounter's first player's side (its game counted from 0); returns the encounters
// played, a word a game.
template <class Result>
std::string play_through(Knockout& k, Result result) {
    std::string out;
    std::map<std::pair<int, int>, int> games;
    while (const auto e = k.next_game()) {
        const Score s = result(e->first, e->second, games[{e->first, e->second}]++);
        k.game_finished(e->first, e->second, s);  // the first player as White: the scores are the same
        out += fmt::format("{}{}{}:{}", out.empty() ? "" : " ", e->first, e->second, e->round);
    }
    return out;
}

}  // namespace

TEST_CASE("knockout: cutechess-cli's generator, not std::mt19937", "[match][knockout]") {
    // cutechess-cli's own test of its generator (lib/tests/mersenne) expects these for seed 0.
    tournament::CutechessRandom r(0);
    CHECK(r.next() == 2357136044u);
    CHECK(r.next() == 1745961492u);
    std::mt19937 reference(0);
    tournament::CutechessRandom again(0);
    std::vector<std::uint32_t> ours, theirs;
    for (int i = 0; i < 700; ++i) ours.push_back(again.next()), theirs.push_back(std::uint32_t(reference()));
    CHECK(ours != theirs);
}

TEST_CASE("knockout: a level encounter goes on, with -games even two games at a time", "[match][knockout]") {
    SECTION("one game an encounter: a draw is followed by another game") {
        Knockout k(2, 2, 1, 0);
        CHECK(next_of(k) == "01:1");
        CHECK(next_of(k) == "-");  // running: nothing more to start
        k.game_finished(0, 1, Score::Draw);
        CHECK_FALSE(k.finished());
        CHECK(next_of(k) == "01:1");
        k.game_finished(1, 0, Score::BlackWins);  // the second game, colours swapped: 0 wins
        CHECK(k.finished());
        CHECK(next_of(k) == "-");
        CHECK(k.rounds().at(0).at(0).leader == 0);
        CHECK(k.rounds()[0][0].first_score == 3);
    }
    SECTION("two games: 1-1 asks for two more, even when the third is won") {
        Knockout k(2, 2, 2, 0);
        CHECK(next_of(k) == "01:1");
        CHECK(next_of(k) == "01:1");  // both games may run at once
        CHECK(next_of(k) == "-");
        k.game_finished(0, 1, Score::WhiteWins);
        k.game_finished(1, 0, Score::WhiteWins);
        CHECK(next_of(k) == "01:1");
        k.game_finished(0, 1, Score::WhiteWins);  // 2-1: not a lead of more than a point
        CHECK_FALSE(k.finished());
        CHECK(next_of(k) == "01:1");
        k.game_finished(1, 0, Score::Draw);  // 2.5-1.5 after four games
        CHECK(k.finished());
        CHECK(k.rounds()[0][0].first_score == 5);
        CHECK(k.rounds()[0][0].second_score == 3);
    }
    SECTION("three games: decided once the leader has more than half") {
        Knockout k(2, 2, 3, 0);
        CHECK(play_through(k, [](int, int, int) { return Score::WhiteWins; }) == "01:1 01:1");
        CHECK(k.finished());
    }
}

TEST_CASE("knockout: the next round starts when every encounter is decided", "[match][knockout]") {
    // Seeded 1..4: cutechess-cli's bracket sets seed 1 against seed 3, seed 2 against seed 4; the
    // lower index wins every game.
    Knockout k(4, 4, 1, 0);
    CHECK(next_of(k) == "02:1");
    CHECK(next_of(k) == "13:1");
    CHECK(next_of(k) == "-");
    k.game_finished(0, 2, Score::WhiteWins);
    CHECK(next_of(k) == "-");  // 1-3 is still running
    k.game_finished(1, 3, Score::WhiteWins);
    CHECK(next_of(k) == "01:2");
    k.game_finished(0, 1, Score::WhiteWins);
    CHECK(k.finished());
    CHECK(k.planned_games() == 3);
    // Five players: three byes to the top seeds, so seed 4 meets seed 5 first.
    Knockout five(5, 5, 1, 0);
    const auto lower_wins = [](int first, int second, int) {
        return first < second ? Score::WhiteWins : Score::BlackWins;
    };
    CHECK(play_through(five, lower_wins) == "34:1 02:2 13:2 01:3");
    CHECK(five.finished());
}

TEST_CASE("knockout: unseeded players are drawn by -srand, seeds keep their places", "[match][knockout]") {
    std::set<std::string> brackets;
    for (std::uint32_t seed = 0; seed < 20; ++seed) {
        Knockout k(8, 2, 1, seed);
        std::string text;
        for (const auto& p : k.rounds()[0]) text += fmt::format("{}{} ", p.first, p.second);
        CHECK(k.rounds()[0].front().first == 0);  // seed 1 at the top
        CHECK(k.rounds()[0][2].first == 1);       // seed 2 heads the lower half
        brackets.insert(text);
    }
    CHECK(brackets.size() > 10);
}

namespace {

struct KnockoutCase {
    int engines = 2;
    std::string options, output;
};

std::vector<KnockoutCase> recorded_knockouts() {
    std::ifstream in(test::source_path("tests/data/knockout/cutechess-1.5.1.txt"));
    std::vector<KnockoutCase> out;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("===", 0) == 0) {
            const auto bar = line.find('|');
            out.push_back({std::stoi(line.substr(4, bar - 4)), line.substr(bar + 2), ""});
        } else if (!out.empty()) {
            out.back().output += line + "\n";
        }
    }
    return out;
}

}  // namespace

TEST_CASE("knockout: fake engines play the games cutechess-cli played, and its brackets are printed",
          "[match][knockout][engine]") {
    const auto cases = recorded_knockouts();
    REQUIRE(cases.size() == 7);
    const std::string openings = test::source_path("tests/data/knockout/forced.epd");
    for (const KnockoutCase& c : cases) {
        INFO(c.engines << " engines, " << c.options);
        std::string args = "match -dialect cutechess -tournament knockout";
        for (int i = 0; i < c.engines; ++i)
            args += fmt::format(" -engine {} name={}", test::fake_cmd("moves=a1a8"), char('A' + i));
        args += " -each proto=uci tc=inf nodes=50 -openings file=" + openings + " format=epd " + c.options;
        const auto run = test::run_drawproxy(args);
        INFO(run.err);
        CHECK(run.status == 0);
        CHECK(run.out == c.output);
    }
}

TEST_CASE("knockout: drawproxy's format prints the final bracket after the crosstable",
          "[match][knockout][engine]") {
    const KnockoutCase c = recorded_knockouts().at(0);
    // cutechess-cli's last bracket: after the last game's line, before the players' outcomes.
    const auto from = c.output.find('\n', c.output.rfind("Finished game")) + 1;
    const std::string bracket = c.output.substr(from, c.output.find("\nPlayer: ") - from);
    REQUIRE(bracket.find("\t\t") != std::string::npos);
    std::string args = "match -tournament knockout";
    for (int i = 0; i < c.engines; ++i)
        args += fmt::format(" -engine {} name={}", test::fake_cmd("moves=a1a8"), char('A' + i));
    args += " -each nodes=1 -openings file=" + test::source_path("tests/data/knockout/forced.epd") +
            " format=epd " + c.options;
    const auto run = test::run_drawproxy(args);
    INFO(run.err);
    CHECK(run.status == 0);
    CHECK(run.out.find("Knockout:\n" + bracket) != std::string::npos);
}

TEST_CASE("knockout: -rounds, -shard and -resume are refused", "[match][knockout]") {
    const std::string engines =
        "-engine cmd=a -engine cmd=b -engine cmd=c -each nodes=1 -tournament knockout ";
    CHECK_THROWS_WITH(app::parse_match_options(test::words(engines + "-rounds 2")),
                      Catch::Contains("does not support user-defined round multipliers"));
    CHECK_THROWS_WITH(app::parse_match_options(test::words(engines + "-srand 1 -shard 1/2")),
                      Catch::Contains("-shard cannot split a knockout"));
    CHECK_THROWS_WITH(app::parse_match_options(test::words(engines + "-autosaveinterval 5")),
                      Catch::Contains("a knockout cannot be resumed"));
    CHECK(app::parse_match_options(test::words(engines + "-pgnout x.pgn")).autosave_interval == 0);
    CHECK_NOTHROW(app::parse_match_options(test::words(engines + "-games 2 -seeds 2")));
}
