// drawproxy's tablebase verdicts, the halfmove clock counted, against python-chess's: the games
// of tests/data/syzygy-verdicts/verdicts.tsv (see its README.md) replayed position after
// position through one GameProber per game (so the next position is read from the last root
// probe where it can be) and through the stateless probe, each verdict compared with the file's.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "game/syzygy.h"
#include "rules/notation.h"
#include "support/paths.h"

using namespace drawproxy;
using game::syzygy::Wdl;

namespace {

const std::string VERDICT_TABLES = test::source_path("tests/data/syzygy");
const std::string VERDICTS = test::source_path("tests/data/syzygy-verdicts/verdicts.tsv");

struct Row {
    int ply = 0;
    std::string move, fen, verdict;
    int wdl = 0, dtz = 0;
};

std::vector<std::vector<Row>> read_games(const std::string& path) {
    std::ifstream in(path);
    REQUIRE(in);
    std::vector<std::vector<Row>> games;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        if (line.rfind("game ", 0) == 0) {
            games.emplace_back();
            continue;
        }
        std::vector<std::string> f;
        std::stringstream ss(line);
        for (std::string cell; std::getline(ss, cell, '\t');) f.push_back(cell);
        REQUIRE(f.size() == 6);
        REQUIRE(!games.empty());
        games.back().push_back(
            {std::atoi(f[0].c_str()), f[1], f[2], f[5], std::atoi(f[3].c_str()), std::atoi(f[4].c_str())});
    }
    return games;
}

std::string token(Wdl w) {
    std::string s = game::syzygy::to_string(w);
    for (char& c : s)
        if (c == ' ') c = '-';
    return s;
}

// The verdict Syzygy's own rule of thumb gives (Fathom's root probe, Stockfish's ranking): won if
// the distance and the clock make at most 100, blind to a distance one ply short.
std::string rule_of_thumb(const Row& r, int clock) {
    if (r.wdl == 0) return "draw";
    if (r.wdl == 1 || (r.wdl == 2 && r.dtz + clock > 100)) return "cursed-win";
    if (r.wdl == -1 || (r.wdl == -2 && -r.dtz + clock > 100)) return "blessed-loss";
    return r.wdl > 0 ? "win" : "loss";
}

}  // namespace

// Agreement, position after position: the same verdict, or none at all (unknown: the search ran
// out of probes, so the runner plays on). A verdict that differs is never allowed.
struct Tally {
    int agree = 0, unknown = 0, wrong = 0;
    void add(const std::optional<Wdl>& got, const Row& row) {
        if (!got)
            ++unknown;
        else if (token(*got) == row.verdict)
            ++agree;
        else
            ++wrong;
    }
};

TEST_CASE("Syzygy verdicts with the clock agree with python-chess's on games played out",
          "[match][tablebase][syzygy-verdicts]") {
    REQUIRE(game::syzygy::open(VERDICT_TABLES) == 4);
    const auto games = read_games(VERDICTS);
    Tally stateless, played;
    int positions = 0, need_dtz = 0, dtz_probes = 0, search_probes = 0;
    int edge = 0, edge_one_more = 0, black_to_move = 0, by_play = 0, clock_90s = 0;
    std::map<std::string, int> verdicts;
    for (const auto& game : games) {
        REQUIRE(!game.empty());
        auto pos = rules::Position::from_fen(game[0].fen);
        game::syzygy::GameProber prober;
        rules::Move last = rules::Move::none();
        for (const Row& row : game) {
            INFO(row.fen << " after " << row.move);
            if (row.ply > 0) {
                last = rules::parse_uci_move(pos, row.move);
                REQUIRE(last);
                pos.play(last);
                ++by_play;
            }
            REQUIRE(rules::to_fen(pos) == row.fen);
            const int clock = pos.halfmove_clock();
            ++positions;
            ++verdicts[row.verdict];
            black_to_move += pos.side_to_move() == rules::BLACK;
            clock_90s += clock >= 90;
            need_dtz += clock > 0 && (row.wdl == 2 || row.wdl == -2);
            if (clock > 0 && (row.wdl == 2 || row.wdl == -2) && std::abs(row.dtz) + clock == 100) {
                ++edge;
                edge_one_more += row.verdict != rule_of_thumb(row, clock);
            }
            const auto alone = game::syzygy::probe(pos);
            CHECK((!alone || token(*alone) == row.verdict));
            stateless.add(alone, row);
            const auto in_game = prober.probe(pos, row.ply, last, true);
            CHECK((!in_game || token(*in_game) == row.verdict));
            played.add(in_game, row);
        }
        dtz_probes += prober.dtz_probes();
        search_probes += prober.search_probes();
    }
    INFO(positions << " positions, " << edge << " at the edge (" << edge_one_more << " one ply more); "
                   << "stateless " << stateless.agree << " agree, " << stateless.unknown << " unknown; "
                   << "in games " << played.agree << " agree, " << played.unknown << " unknown; "
                   << dtz_probes << " root probes, " << search_probes << " in searches");
    CHECK(stateless.wrong == 0);
    CHECK(played.wrong == 0);
    // Unknown is safe but is no agreement: the probe budget settles every position of the file.
    CHECK(stateless.unknown == 0);
    CHECK(played.unknown == 0);
    // The file is what it claims to be: thousands of positions reached by play, both sides to
    // move, every verdict, clocks up to 99, distances one ply short that decide.
    CHECK(positions >= 5000);
    CHECK(by_play >= positions - int(games.size()));
    CHECK(black_to_move > positions / 3);
    CHECK(clock_90s > 200);
    for (const char* v : {"win", "cursed-win", "draw", "blessed-loss", "loss"}) CHECK(verdicts[v] > 200);
    CHECK(edge >= 100);
    CHECK(edge_one_more >= 40);
    CHECK(edge - edge_one_more >= 40);
    // The next position read from the last root probe: fewer root probes than positions needing one.
    CHECK(dtz_probes < need_dtz * 3 / 4);
}
