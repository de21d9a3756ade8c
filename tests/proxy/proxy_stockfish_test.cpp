// End to end with Stockfish: a test GUI forces games into threefold and fifty-move
// situations with `go ... searchmoves` and checks that claim lines appear exactly when the
// Laws allow, with the edition's article, right before the right bestmove, and nowhere
// else; and that every line Stockfish prints arrives unchanged.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "support/child_session.h"

using drawproxy::test::binary_path;
using drawproxy::test::ChildSession;
using drawproxy::test::proxy_binary;

namespace {

const char* STOCKFISH = "/usr/games/stockfish";

struct Gui {
    ChildSession s;
    std::string log;
    std::size_t mark = 0;

    Gui(const std::string& rules, const std::string& log_path)
        : s(proxy_binary(), {"--rules", rules, "--log", log_path, "--", STOCKFISH}), log(log_path) {
        s.send("uci");
        REQUIRE(s.wait_line("uciok"));
        s.send("setoption name Threads value 1");
        s.send("setoption name Hash value 16");
        s.send("ucinewgame");
        s.send("isready");
        REQUIRE(s.wait_line("readyok"));
        mark = s.lines().size();
    }
    // Runs one search and returns the lines the GUI got for it, bestmove last.
    std::vector<std::string> search(const std::string& position, const std::string& go) {
        s.send(position);
        s.send(go);
        REQUIRE(s.wait_line("bestmove", true));
        std::vector<std::string> got(s.lines().begin() + long(mark), s.lines().end());
        mark = s.lines().size();
        return got;
    }
};

std::vector<std::string> claims_in(const std::vector<std::string>& lines) {
    std::vector<std::string> out;
    for (const auto& l : lines)
        if (l.rfind("info string drawproxy", 0) == 0) out.push_back(l);
    return out;
}

// Lines the proxy adds toward the GUI: its claims and results, and its options after `uci`.
bool inserted(const std::string& l) {
    return l.rfind("info string drawproxy", 0) == 0 || l.rfind("option name DrawProxy ", 0) == 0;
}

std::vector<std::string> relayed_lines(const std::vector<std::string>& gui_side) {
    std::vector<std::string> out;
    for (const auto& l : gui_side)
        if (!inserted(l)) out.push_back(l);
    return out;
}

// Lines the engine printed according to the proxy's log.
std::vector<std::string> engine_lines_in_log(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> out;
    for (std::string l; std::getline(in, l);) {
        auto p = l.find(" engine->gui ");
        if (p != std::string::npos) out.push_back(l.substr(p + 13));
    }
    return out;
}

}  // namespace

TEST_CASE("Stockfish through the proxy: threefold claims exactly when allowed", "[e2e]") {
    if (::access(STOCKFISH, X_OK) != 0) FAIL("Stockfish is not installed at " << STOCKFISH);
    for (auto [rules, intended, appeared] :
         {std::tuple{"fide-2023", "9.2.1", "9.2.2"}, std::tuple{"fide-2014", "9.2a", "9.2b"}}) {
        DYNAMIC_SECTION(rules) {
            std::string log = binary_path(std::string("tests/tmp_sf_threefold_") + rules + ".log");
            Gui gui(rules, log);
            const std::vector<std::string> dance = {"g1f3", "g8f6", "f3g1", "f6g8",
                                                    "g1f3", "g8f6", "f3g1", "f6g8"};
            std::string moves;
            for (std::size_t ply = 0; ply < dance.size(); ++ply) {
                auto got = gui.search("position startpos" + (moves.empty() ? "" : " moves" + moves),
                                      "go nodes 2000 searchmoves " + dance[ply]);
                REQUIRE(got.back().rfind("bestmove " + dance[ply], 0) == 0);
                if (ply == 7) {  // f6g8 brings the start position back a third time
                    REQUIRE(got.size() >= 2);
                    CHECK(got[got.size() - 2] ==
                          std::string("info string drawproxy claim threefold ") + intended + " move f6g8");
                    CHECK(claims_in(got).size() == 1);
                } else {
                    CHECK(claims_in(got).empty());
                }
                moves += " " + dance[ply];
            }
            // The start position stands for the third time: the claim comes at once on go.
            auto got = gui.search("position startpos moves" + moves, "go nodes 2000");
            REQUIRE(claims_in(got).size() == 1);
            CHECK(got.front() == std::string("info string drawproxy claim threefold ") + appeared);
            gui.s.send("quit");
            REQUIRE(gui.s.wait_exit());
            CHECK(*gui.s.status() == 0);

            auto relayed = relayed_lines(gui.s.lines());
            CHECK(relayed.size() + 3 + 2 == gui.s.lines().size());  // 3 options, 2 claims
            CHECK(relayed == engine_lines_in_log(log));
            CHECK(relayed.size() > 20);
        }
    }
}

TEST_CASE("Stockfish through the proxy: fifty-move claims, and the 75-move result", "[e2e]") {
    if (::access(STOCKFISH, X_OK) != 0) FAIL("Stockfish is not installed at " << STOCKFISH);
    std::string log = binary_path("tests/tmp_sf_fifty.log");
    Gui gui("fide-2023", log);
    const std::string start = "position fen 8/8/8/4k3/8/8/2P5/R3K3 w - - 98 80";
    auto got = gui.search(start, "go nodes 2000 searchmoves a1a2");
    CHECK(claims_in(got).empty());  // 99 plies after it: not yet
    got = gui.search(start + " moves a1a2", "go nodes 2000 searchmoves e5e4");
    REQUIRE(got.size() >= 2);
    CHECK(got[got.size() - 2] == "info string drawproxy claim fifty-moves 9.3.1 move e5e4");
    CHECK(claims_in(got).size() == 1);
    // A pawn move resets the count: no claim for it.
    got = gui.search("position fen 8/8/8/4k3/8/8/2P5/R3K3 w - - 99 80", "go nodes 2000 searchmoves c2c4");
    REQUIRE(got.back().rfind("bestmove c2c4", 0) == 0);
    CHECK(claims_in(got).empty());
    got = gui.search(start + " moves a1a2 e5e4", "go nodes 2000 searchmoves c2c4");
    CHECK(claims_in(got) == std::vector<std::string>{"info string drawproxy claim fifty-moves 9.3.2"});
    got = gui.search("position fen 8/8/8/4k3/8/8/2P5/R3K3 w - - 150 120", "go nodes 2000");
    CHECK(claims_in(got) ==
          std::vector<std::string>{"info string drawproxy result 1/2-1/2 seventy-five-moves 9.6.2"});
    CHECK(got.front() == "info string drawproxy result 1/2-1/2 seventy-five-moves 9.6.2");
    gui.s.send("quit");
    REQUIRE(gui.s.wait_exit());
    auto relayed = relayed_lines(gui.s.lines());
    CHECK(relayed.size() + 3 + 3 == gui.s.lines().size());  // 3 options, 2 claims, 1 result
    CHECK(relayed == engine_lines_in_log(log));
}
