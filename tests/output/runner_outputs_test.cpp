// What the runners' output and schedule options do in a real match: -event/-site tags,
// -pgnout min, -epdout, -log, -noswap, -reverse, -wait, -scoreinterval.
#include <catch2/catch.hpp>
#include <chrono>
#include <fstream>
#include <sstream>

#include "output/pgn.h"
#include "rules/notation.h"
#include "support/match_helpers.h"

using namespace drawproxy;
using namespace drawproxy::test;

namespace {

tournament::MatchSummary play(const std::string& extra) {
    return run_match_words(words("-engine " + fake_cmd("score=0") + " name=W -engine " + fake_cmd("score=0") +
                                 " name=B -each nodes=1 -games 2 -maxmoves 4 " + extra));
}

}  // namespace

TEST_CASE("noswap (-noswap) keeps the first engine White, -reverse starts with the second",
          "[match][runners][engine]") {
    auto plain = play("");
    REQUIRE(plain.games.size() == 2);
    auto white_of = [](const tournament::MatchSummary& s, int number) {
        for (const auto& g : s.games)
            if (g.number == number) return g.white;
        return std::string();
    };
    CHECK(white_of(plain, 1) == "W");
    CHECK(white_of(plain, 2) == "B");
    auto noswap = play("-noswap");
    CHECK(white_of(noswap, 1) == "W");
    CHECK(white_of(noswap, 2) == "W");
    auto reverse = play("-reverse");
    CHECK(white_of(reverse, 1) == "B");
    CHECK(white_of(reverse, 2) == "W");
    auto both = play("-noswap -reverse");
    CHECK(white_of(both, 1) == "B");
    CHECK(white_of(both, 2) == "B");
}

TEST_CASE("output options -event, -site, -pgnout min, -epdout and -log write what the runners write",
          "[match][runners][engine]") {
    TempFile pgn(".pgn"), epd(".epd"), log(".log");
    auto s = play("-event Club_Cup -site Lab -pgnout " + pgn.path + " min fi -epdout " + epd.path +
                  " -log file=" + log.path + " level=info");
    REQUIRE(s.games.size() == 2);
    const std::string text = slurp(pgn.path);
    CHECK(text.find("[Event \"Club_Cup\"]") != std::string::npos);
    CHECK(text.find("[Site \"Lab\"]") != std::string::npos);
    CHECK(text.find('{') == std::string::npos);  // minimal: no comments
    CHECK(text.find("[PlyCount") == std::string::npos);
    CHECK(text.find("[ResultRule \"adjudication max-moves\"]") != std::string::npos);
    CHECK(read_pgn_file(pgn.path).size() == 2);
    // One FEN line per game: the position after its last move.
    std::istringstream lines(slurp(epd.path));
    std::vector<std::string> fens;
    for (std::string l; std::getline(lines, l);) fens.push_back(l);
    REQUIRE(fens.size() == 2);
    for (const auto& g : s.games) {
        rules::Position p = g.start;
        for (const auto& ply : g.plies) p.play(ply.move);
        CHECK(std::find(fens.begin(), fens.end(), rules::to_fen(p)) != fens.end());
    }
    // Every line both ways, with the time and the engine's name.
    const std::string l = slurp(log.path);
    CHECK(l.find(">W(0): uci\n") != std::string::npos);
    CHECK(l.find("<W(0): uciok\n") != std::string::npos);
    CHECK(l.find(">B(1): isready\n") != std::string::npos);
    CHECK(l.find("<B(1): bestmove ") != std::string::npos);
}

TEST_CASE("wait (-wait) pauses between games", "[match][runners][engine]") {
    const auto t0 = std::chrono::steady_clock::now();
    play("-wait 300");
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
    CHECK(ms >= 300);
}

namespace {

// What a match of 5 games prints on its output, with `extra` options.
std::string five_games_output(const std::string& extra) {
    TempFile out(".out");
    tournament::MatchOptions opts = app::parse_match_options(
        words("-engine " + fake_cmd("score=0") + " name=W -engine " + fake_cmd("score=0") +
              " name=B -each nodes=1 -games 5 -maxmoves 2 " + extra));
    rules::Edition e = app::load_edition("fide-2023");
    std::FILE* f = std::fopen(out.path.c_str(), "w");
    REQUIRE(f);
    tournament::Scheduler(opts, e, f).run();
    std::fclose(f);
    return slurp(out.path);
}

// The game counts the "Score of" lines end with, in order.
std::vector<int> score_line_counts(const std::string& text) {
    std::vector<int> counts;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);)
        if (line.rfind("Score of W vs B: ", 0) == 0)
            counts.push_back(std::stoi(line.substr(line.rfind(' ') + 1)));
    return counts;
}

}  // namespace

TEST_CASE("score interval (-scoreinterval N) prints the score line every N games and after the last",
          "[match][runners][engine]") {
    using V = std::vector<int>;
    CHECK(score_line_counts(five_games_output("-output cutechess")) == V{1, 2, 3, 4, 5});
    CHECK(score_line_counts(five_games_output("-output cutechess -scoreinterval 2")) == V{2, 4, 5});
    CHECK(score_line_counts(five_games_output("-output cutechess -scoreinterval 0")) == V{5});
    CHECK(score_line_counts(five_games_output("-output cutechess -scoreinterval 5")) == V{5});
    // drawproxy's own format: the same lines, then its closing table's.
    CHECK(score_line_counts(five_games_output("-scoreinterval 3")) == V{3, 5, 5});
    CHECK_THROWS_WITH(
        app::parse_match_options(words("-engine cmd=a -engine cmd=b -each nodes=1 -scoreinterval -1")),
        Catch::Contains("-scoreinterval"));
}
