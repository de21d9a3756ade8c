// What fastchess's -pgnout keys record of a search: from the last scored info line (multipv 1,
// an exact score before a bound), the last reported time, and each match_line regex's last line
// (fastchess 58072f23 match.cpp addMoveData, uci_engine.cpp lastInfoLine/lastTime/getPv).
#include <catch2/catch.hpp>

#include "game/search_facts.h"

using namespace drawproxy::game;

TEST_CASE("search facts: fastchess's last scored info line, its pv, latency and matched lines",
          "[game][output]") {
    FastchessOutputSettings k;
    k.nodes = k.seldepth = k.nps = k.hashfull = k.tbhits = k.pv = k.latency = true;
    k.match_lines = {"^info string pgncomment .*", "hashfull"};
    SearchFacts f;
    f.configure(&k);
    f.reset();
    f.line("info string pgncomment first");
    f.line(
        "info depth 9 seldepth 12 multipv 1 score cp 31 nodes 5000 nps 250000 hashfull 3 tbhits 2 time 20 "
        "pv e2e4 e7e5 g1f3");
    f.line("info depth 9 seldepth 14 multipv 2 score cp 10 nodes 5100 nps 1 time 21 pv d2d4");  // multipv 2
    f.line("info depth 10 seldepth 15 score cp 40 lowerbound nodes 6000 time 22 pv e2e4");      // a bound
    f.line("info string pgncomment last");
    f.line("info depth 10 currmove e2e4 currmovenumber 1");  // no score, no time
    PlyRecord ply;
    f.fill(ply, 30, false);
    CHECK(ply.nodes == 5000);
    CHECK(ply.seldepth == 12);
    CHECK(ply.nps == 250000);
    CHECK(ply.hashfull == 3);
    CHECK(ply.tbhits == 2);
    CHECK(ply.pv == "e2e4 e7e5 g1f3");
    CHECK(ply.latency_ms == 30 - 22);  // the last line reporting a time
    CHECK(ply.lines ==
          std::vector<std::string>{"info string pgncomment last",
                                   "info depth 9 seldepth 12 multipv 1 score cp 31 nodes 5000 nps "
                                   "250000 hashfull 3 tbhits 2 time 20 pv e2e4 e7e5 g1f3"});
    // Only bounds: the last bound. A new search forgets the old one.
    f.reset();
    f.line("info depth 3 seldepth 4 score cp 5 upperbound nodes 70 pv a2a3 zz");
    PlyRecord bound;
    f.fill(bound, 5, false);
    CHECK(bound.nodes == 70);
    CHECK(bound.pv == "a2a3");  // the pv ends at the first word that is not a move
    CHECK(bound.lines.empty());
}

TEST_CASE("search facts: idle outside fastchess's format", "[game][output]") {
    SearchFacts f;
    f.configure(nullptr);
    f.reset();
    f.line("info depth 9 seldepth 12 score cp 31 nodes 5000 pv e2e4");
    PlyRecord ply;
    ply.depth = 4;
    f.fill(ply, 30, false);
    CHECK(ply.nodes == 0);
    CHECK(ply.pv.empty());
    CHECK(ply.depth == 4);
    CHECK_FALSE(ply.has_score);
}

TEST_CASE("search facts: the score and depth of fastchess's line, a white-POV engine's turned",
          "[game][output]") {
    FastchessOutputSettings none;
    SearchFacts f;
    f.configure(&none);
    f.reset();
    f.line("info depth 12 seldepth 14 score cp 20 nodes 900 pv e2e4");
    f.line("info depth 13 seldepth 15 score cp 35 upperbound nodes 1000 pv e2e4");  // a later bound
    PlyRecord ply;
    f.fill(ply, 5, false);
    CHECK(ply.depth == 12);
    CHECK(ply.has_score);
    CHECK(ply.score == 20);
    f.reset();
    f.line("info depth 3 score mate 2 pv e2e4");
    f.fill(ply, 5, true);
    CHECK(ply.mate);
    CHECK(ply.score == -2);
    // No scored line: no score, depth 0 ("/0" in fastchess's comment).
    f.reset();
    f.line("info depth 7 nodes 10");
    f.fill(ply, 5, false);
    CHECK_FALSE(ply.has_score);
    CHECK(ply.depth == 0);
}

TEST_CASE("search facts: each number is the word after its key's first word, as findElement reads it",
          "[game][output]") {
    FastchessOutputSettings none;
    SearchFacts f;
    f.configure(&none);
    f.reset();
    // The word after "depth" is the key "nodes"; "nps" comes twice; "tbhits" ends the line;
    // "seldepth" is no "depth"; "hashfull" is followed by a word that is no number.
    f.line("info seldepth 7 depth nodes 42 nps 9x nps 5 hashfull full score cp 1 tbhits");
    PlyRecord ply;
    f.fill(ply, 0, false);
    CHECK(ply.depth == 0);
    CHECK(ply.nodes == 42);
    CHECK(ply.seldepth == 7);
    CHECK(ply.nps == 9);
    CHECK(ply.hashfull == 0);
    CHECK(ply.tbhits == 0);
    CHECK(ply.has_score);
}
