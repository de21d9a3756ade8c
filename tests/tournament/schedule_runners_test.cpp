// The schedule against what the runners play: tests/data/schedule/cutechess-1.5.1.txt and
// fastchess-58072f23.txt hold, for each command line, the round, colours and opening of every game
// as the real binaries played them (scripts/dev/schedule_vs_runners.sh records and rechecks them).
#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "app/match_options.h"
#include "rules/notation.h"
#include "support/match_helpers.h"
#include "support/paths.h"
#include "tournament/openings.h"
#include "tournament/schedule.h"

using namespace drawproxy;
using drawproxy::test::words;

namespace {

std::string trim(const std::string& s) {
    const auto a = s.find_first_not_of(' '), b = s.find_last_not_of(' ');
    return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
    for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
        s.replace(at, from.size(), to);
    return s;
}

struct Case {
    int engines = 2;
    std::string options, games;
};

std::vector<Case> table(const std::string& name) {
    std::ifstream in(test::source_path("tests/data/schedule/" + name));
    std::vector<Case> out;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        const auto bar1 = line.find('|'), bar2 = line.find('|', bar1 + 1);
        REQUIRE(bar2 != std::string::npos);
        out.push_back({std::stoi(line.substr(0, bar1)), trim(line.substr(bar1 + 1, bar2 - bar1 - 1)),
                       trim(line.substr(bar2 + 1))});
    }
    return out;
}

// drawproxy's schedule for the case in the dialect, in the table's words (the openings as the
// script names them: a letter each with cutechess-cli's order=random, whose shuffle is its own).
std::string schedule_words(const Case& c, const std::vector<tournament::Opening>& openings,
                           tournament::Dialect dialect = tournament::Dialect::drawproxy) {
    std::string args;
    for (int i = 0; i < c.engines; ++i) args += fmt::format("-engine cmd=e name={} ", char('A' + i));
    args += "-each nodes=1 " + replace_all(c.options, "OPENINGS", "openings.epd");
    const auto opts = app::parse_match_options(words(args), dialect);
    const bool random = opts.openings && opts.openings->random && dialect != tournament::Dialect::fastchess;
    std::map<int, char> letters;  // opening line -> letter, by first use
    std::string out;
    for (const auto& g : tournament::build_schedule(opts, openings)) {
        std::string opening = "-";
        if (opts.openings) {
            int line = 0;
            for (std::size_t i = 0; i < openings.size(); ++i)
                if (rules::to_fen(openings[i].start) == rules::to_fen(g.start)) line = int(i) + 1;
            opening = std::to_string(line);
            if (random)
                opening = std::string(1, letters.try_emplace(line, char('a' + letters.size())).first->second);
        }
        out += fmt::format("{}{}:{}{}:{}", out.empty() ? "" : " ", g.round, g.white->name, g.black->name,
                           opening);
    }
    return out;
}

std::vector<tournament::Opening> table_openings() {
    std::ifstream epd(test::source_path("tests/data/schedule/openings.epd"));
    std::stringstream text;
    text << epd.rdbuf();
    auto openings = tournament::parse_epd(text.str(), "openings.epd");
    REQUIRE(openings.size() == 5);
    return openings;
}

}  // namespace

TEST_CASE("schedule: rounds, colours and openings as cutechess-cli 1.5.1 plays them", "[match][schedule]") {
    const auto openings = table_openings();
    const auto cases = table("cutechess-1.5.1.txt");
    REQUIRE(cases.size() >= 50);
    for (const Case& c : cases) {
        INFO(c.engines << " engines, " << c.options);
        CHECK(schedule_words(c, openings) == c.games);
    }
}

TEST_CASE("schedule: the fastchess dialect's rounds, colours and openings as fastchess 58072f23 plays them",
          "[match][schedule]") {
    // Its own order (each engine against every later one, each encounter a Round of its own),
    // White by the game's number, and the openings of the first -rounds only, dealt in turn.
    const auto openings = table_openings();
    const auto cases = table("fastchess-58072f23.txt");
    REQUIRE(cases.size() >= 25);
    for (const Case& c : cases) {
        INFO(c.engines << " engines, " << c.options);
        CHECK(schedule_words(c, openings, tournament::Dialect::fastchess) == c.games);
    }
}

TEST_CASE("schedule: -repeat pairs are the two games of an opening between the same engines",
          "[match][schedule]") {
    std::vector<tournament::Opening> openings(5);
    for (int i = 0; i < 5; ++i) openings[i].start.set_clocks(0, i + 1);  // tell them apart
    auto pairs_of = [&](const std::string& options) {
        auto opts = app::parse_match_options(words(options));
        std::vector<int> out;
        for (const auto& g : tournament::build_schedule(opts, openings)) out.push_back(g.pair);
        return out;
    };
    using V = std::vector<int>;
    const std::string two = "-engine cmd=a -engine cmd=b -each nodes=1 ";
    const std::string three = "-engine cmd=a -engine cmd=b -engine cmd=c -each nodes=1 ";
    // One game an encounter: the pair runs over two rounds (White, then the other engine).
    CHECK(pairs_of(two + "-games 1 -rounds 4 -repeat") == V{0, 0, 1, 1});
    CHECK(pairs_of(two + "-games 1 -rounds 5 -repeat") == V{0, 0, 1, 1, -1});
    CHECK(pairs_of(two + "-games 3 -rounds 2 -repeat") == V{0, 0, 1, 1, 2, 2});
    CHECK(pairs_of(two + "-games 2 -rounds 2") == V{-1, -1, -1, -1});
    CHECK(pairs_of(two + "-games 3 -rounds 1 -repeat 3") == V{-1, -1, -1});
    // Three engines: a new pair takes a new opening, so a third game stays alone.
    CHECK(pairs_of(three + "-games 3 -rounds 1 -repeat") == V{0, 0, -1, 1, 1, -1, 2, 2, -1});
    CHECK(pairs_of(three + "-games 1 -rounds 2 -repeat") == V{-1, -1, -1, -1, -1, -1});
    // policy=round keeps one opening for a whole round: only games of the same engines pair.
    const std::string four = "-engine cmd=a -engine cmd=b -engine cmd=c -engine cmd=d -each nodes=1 ";
    CHECK(pairs_of(four + "-games 2 -rounds 1 -repeat -openings file=x policy=round") ==
          V{0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5});
    CHECK(pairs_of(four + "-games 1 -rounds 1 -repeat -openings file=x policy=round") ==
          V{-1, -1, -1, -1, -1, -1});
    // A pair is one unit of the shards; unpaired games are a unit each.
    auto opts = app::parse_match_options(words(two + "-games 1 -rounds 5 -repeat"));
    std::vector<int> units;
    for (const auto& g : tournament::build_schedule(opts, openings)) units.push_back(g.unit);
    CHECK(units == V{0, 0, 1, 1, 2});
}

TEST_CASE("schedule: cutechess-cli's round robin is the circle method, numbered on across cycles",
          "[match][schedule]") {
    using T = tournament::MatchOptions::Tournament;
    auto text = [](const std::vector<tournament::Encounter>& es) {
        std::string s;
        for (const auto& e : es)
            s += fmt::format("{}{}:{}{}", s.empty() ? "" : " ", e.round, e.first, e.second);
        return s;
    };
    CHECK(text(tournament::cutechess_encounters(T::RoundRobin, 2, 2)) == "1:01 2:01");
    CHECK(text(tournament::cutechess_encounters(T::RoundRobin, 4, 1)) == "1:03 1:12 2:02 2:31 3:01 3:23");
    CHECK(text(tournament::cutechess_encounters(T::RoundRobin, 3, 2)) == "1:12 2:02 3:01 4:12 5:02 6:01");
    CHECK(text(tournament::cutechess_encounters(T::Gauntlet, 3, 2)) == "1:01 1:02 2:01 2:02");
    // -seeds: each of the first N engines plays the others, N from 1 to engines-1.
    CHECK(text(tournament::cutechess_encounters(T::Gauntlet, 4, 1, 2)) == "1:02 1:03 1:12 1:13");
    CHECK(text(tournament::cutechess_encounters(T::Gauntlet, 3, 1, 0)) == "1:01 1:02");
    CHECK(text(tournament::cutechess_encounters(T::Gauntlet, 3, 1, 7)) == "1:02 1:12");
    // A pyramid: engine k against each before it, k White, one k a round.
    CHECK(text(tournament::cutechess_encounters(T::Pyramid, 4, 1)) == "1:10 2:20 2:21 3:30 3:31 3:32");
    CHECK(text(tournament::cutechess_encounters(T::Pyramid, 3, 2)) == "1:10 2:20 2:21 3:10 4:20 4:21");
    CHECK(tournament::cutechess_encounters(T::Knockout, 4, 1).empty());
    // Every pair once a cycle.
    const auto six = tournament::cutechess_encounters(T::RoundRobin, 6, 1);
    std::set<std::pair<int, int>> met;
    for (const auto& e : six) met.insert(std::minmax(e.first, e.second));
    CHECK(six.size() == 15);
    CHECK(met.size() == 15);
    CHECK(six.back().round == 5);
}
