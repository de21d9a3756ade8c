// Real games: Stockfish against itself at fixed nodes under fide-2023. Every game must end
// exactly where the Laws end it (no automatic ending and no claim open to the claiming
// policy `always` earlier), every claim must have been open, and the PGN must read back
// legal with the same moves and ResultRule. The runner must also add nothing to what the
// engines see: the same engines driven directly play the same moves.
#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <catch2/catch.hpp>
#include <set>
#include <sstream>

#include "engine/engine_process.h"
#include "rules/notation.h"
#include "rules/pgn.h"
#include "support/match_helpers.h"

using namespace drawproxy;
using drawproxy::test::TempFile;
using drawproxy::test::words;

namespace {

const char* const STOCKFISH = "/usr/games/stockfish";

bool have_stockfish() { return ::access(STOCKFISH, X_OK) == 0; }

std::string sf_match(const std::string& extra) {
    return std::string("-engine cmd=") + STOCKFISH + " name=sf1 -engine cmd=" + STOCKFISH + " name=sf2 " +
           extra;
}

// Checks one finished game against the Laws, ply by ply.
void check_game(const game::GameRecord& r, const rules::Edition& e) {
    INFO("game " << r.number << " ends " << r.outcome.rule_text());
    rules::Game g(r.start);
    for (const game::PlyRecord& p : r.plies) {
        // Nothing ended the game and nothing was claimable before this move was played.
        REQUIRE_FALSE(g.automatic_result(e));
        for (const rules::Claim& c : g.verdict(e)) CHECK(c.intended);  // no has-appeared claim left open
        CHECK_FALSE(g.intended_claim(e, p.move));
        REQUIRE(g.position().is_legal(p.move));
        g.play(p.move);
    }
    const game::Outcome& o = r.outcome;
    if (o.claimed) {
        bool open = false;
        for (const rules::Claim& c : g.verdict(e)) {
            if (rules::termination_of(c.reason) != o.termination || std::string(c.article) != o.article)
                continue;
            if (o.move.empty())
                open = !c.intended;
            else
                open = c.intended && c.moves.contains(rules::parse_uci_move(g.position(), o.move));
            if (open) break;
        }
        CHECK(open);
        CHECK(o.score == rules::Score::Draw);
    } else {
        auto result = g.automatic_result(e);
        REQUIRE(result);
        CHECK(rules::termination_of(result->reason) == o.termination);
        CHECK(std::string(result->article) == o.article);
        CHECK(result->score == o.score);
    }
}

// Plays `plies` moves by driving two Stockfish processes the way the runner does.
std::vector<std::string> drive_directly(const rules::Position& start, int nodes, int plies) {
    boost::asio::io_context io;
    std::string last_bestmove;
    std::unique_ptr<engine::EngineProcess> engines[2];
    for (auto& e : engines) {
        e = std::make_unique<engine::EngineProcess>(io, STOCKFISH, std::vector<std::string>{});
        e->on_line([&](std::string_view line) {
            if (line.rfind("bestmove ", 0) == 0)
                last_bestmove = std::string(line.substr(9, line.find(' ', 9) - 9));
            if (line == "readyok") last_bestmove = "ready";
        });
        e->on_exit([](int) {});
        e->start();
        e->send_line("uci");
        e->send_line("ucinewgame");
        e->send_line("isready");
        last_bestmove.clear();
        while (last_bestmove.empty()) io.run_one();
    }
    std::vector<std::string> moves;
    std::string cmd = "position fen " + rules::to_fen(start) + " moves";
    rules::Position pos = start;
    for (int i = 0; i < plies; ++i) {
        auto& e = engines[pos.side_to_move()];
        e->send_line(cmd);
        e->send_line("go nodes " + std::to_string(nodes));
        last_bestmove.clear();
        while (last_bestmove.empty()) io.run_one();
        moves.push_back(last_bestmove);
        cmd += " " + last_bestmove;
        pos.play(rules::parse_uci_move(pos, last_bestmove));
    }
    for (auto& e : engines) e->kill();
    return moves;
}

}  // namespace

TEST_CASE("Stockfish games end where fide-2023 ends them and read back legal", "[match][stockfish][e2e]") {
    if (!have_stockfish()) FAIL("needs /usr/games/stockfish");
    TempFile pgn(".pgn");
    const std::string openings = test::source_path("configs/openings/classical.epd");
    auto summary =
        test::run_match_words(words(sf_match("-each nodes=3000 -games 2 -rounds 2 -repeat -concurrency 2 "
                                             "-rules fide-2023 -openings file=" +
                                             openings + " -pgnout " + pgn.path)));
    REQUIRE(summary.games.size() == 4);
    const rules::Edition e = app::load_edition("fide-2023");
    for (const auto& r : summary.games) check_game(r, e);

    test::check_pgn_matches(pgn.path, summary);
}

TEST_CASE("Stockfish games under the computer rules end automatically", "[match][stockfish][e2e]") {
    if (!have_stockfish()) FAIL("needs /usr/games/stockfish");
    TempFile epd(".epd", "8/8/4k3/8/8/3K4/8/7R w - - 0 1\n6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1\n");
    auto summary = test::run_match_words(words(
        sf_match("-each nodes=2000 -games 2 -concurrency 2 -rules computer -openings file=" + epd.path)));
    REQUIRE(summary.games.size() == 2);
    const rules::Edition e = app::load_edition("computer");
    for (const auto& r : summary.games) {
        check_game(r, e);
        CHECK_FALSE(r.outcome.claimed);
    }
}

TEST_CASE("the runner adds nothing to what the engines see", "[match][stockfish][e2e]") {
    if (!have_stockfish()) FAIL("needs /usr/games/stockfish");
    TempFile epd(".epd", "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4\n");
    auto summary = test::run_match_words(
        words(sf_match("-each nodes=1500 -games 1 -claim never -openings file=" + epd.path)));
    REQUIRE(summary.games.size() == 1);
    const auto& r = summary.games[0];
    const int plies = std::min<int>(int(r.plies.size()), 40);
    auto direct = drive_directly(r.start, 1500, plies);
    rules::Position pos = r.start;
    for (int i = 0; i < plies; ++i) {
        CHECK(rules::to_uci(pos, r.plies[i].move) == direct[i]);
        pos.play(r.plies[i].move);
    }
}

TEST_CASE("toga2 against glaurung at fixed depth: games end where the Laws end them",
          "[match][engines][e2e]") {
    for (const char* e : {"/usr/games/toga2", "/usr/games/glaurung"})
        if (::access(e, X_OK) != 0) FAIL("needs " << e);
    const std::string openings = test::source_path("configs/openings/classical.epd");
    auto summary = test::run_match_words(words(
        "-engine cmd=/usr/games/toga2 -engine cmd=/usr/games/glaurung -each depth=3 -games 2 -concurrency 2 "
        "-rules fide-2018 -openings file=" +
        openings));
    REQUIRE(summary.games.size() == 2);
    const rules::Edition e = app::load_edition("fide-2018");
    for (const auto& r : summary.games) check_game(r, e);
}

TEST_CASE("Stockfish plays Chess960 from the shipped openings, and the PGN reads back legal",
          "[match][stockfish][chess960][e2e]") {
    if (!have_stockfish()) FAIL("needs /usr/games/stockfish");
    TempFile pgn(".pgn");
    const std::string openings = test::source_path("configs/openings/chess960.epd");
    auto summary = test::run_match_words(
        words(sf_match("-variant fischerandom -each nodes=2000 option.Hash=16 -games 2 -rounds 4 -repeat "
                       "-concurrency 2 -rules fide-2023 -openings file=" +
                       openings + " -pgnout " + pgn.path)));
    REQUIRE(summary.games.size() == 8);
    CHECK(summary.engines_started == 4);  // two per engine (two games at once), kept for all 8
    const rules::Edition e = app::load_edition("fide-2023");
    int castlings = 0;
    std::set<std::string> starts;
    for (const auto& r : summary.games) {
        CHECK(r.start.chess960());
        starts.insert(rules::to_fen(r.start));
        check_game(r, e);  // an engine that misread a castling move would end it illegally
        for (const auto& p : r.plies) castlings += p.move.kind() == rules::Move::CASTLING;
    }
    CHECK(starts.size() == 4);
    CHECK(castlings > 0);
    test::check_pgn_matches(pgn.path, summary);
    for (const auto& g : test::read_pgn_file(pgn.path)) {
        CHECK(g.tag("Variant") == "Chess960");
        CHECK(g.tag("SetUp") == "1");
    }
}
