// Which opening each game gets (-openings policy=, -repeat, as cutechess-cli defines them)
// and Chess960 openings: Scharnagl's numbering, EPD and PGN files, the PGN written back.
#include <catch2/catch.hpp>
#include <set>

#include "app/match_options.h"
#include "output/pgn.h"
#include "rules/notation.h"
#include "support/match_helpers.h"
#include "tournament/openings.h"
#include "tournament/scheduler.h"

using namespace drawproxy;
using drawproxy::test::TempFile;
using drawproxy::test::words;

namespace {

// Five distinct positions: White's king on a1..e1.
const char* const FIVE =
    "7k/8/8/8/8/8/8/K7 w - - 0 1\n7k/8/8/8/8/8/8/1K6 w - - 0 1\n"
    "7k/8/8/8/8/8/8/2K5 w - - 0 1\n7k/8/8/8/8/8/8/3K4 w - - 0 1\n"
    "7k/8/8/8/8/8/8/4K3 w - - 0 1\n";

using V = std::vector<int>;
const std::string TWO = "-engine cmd=a -engine cmd=b -each nodes=1 ";
const std::string THREE = "-engine cmd=a -engine cmd=b -engine cmd=c -each nodes=1 ";
const std::string FOUR = "-engine cmd=a -engine cmd=b -engine cmd=c -engine cmd=d -each nodes=1 ";

std::vector<int> played(const std::string& engines, const std::string& options, const std::string& policy) {
    const auto openings = tournament::parse_epd(FIVE, "five");
    auto opts = app::parse_match_options(
        words(engines + options + " -openings file=five.epd" + (policy.empty() ? "" : " policy=" + policy)));
    std::vector<int> out;
    for (const auto& g : tournament::build_schedule(opts, openings)) {
        int index = -1;
        for (std::size_t i = 0; i < openings.size(); ++i)
            if (rules::to_fen(openings[i].start) == rules::to_fen(g.start)) index = int(i);
        out.push_back(index);
    }
    return out;
}

}  // namespace

TEST_CASE("openings policy=default: a new opening every game, or after -repeat games", "[match][openings]") {
    CHECK(played(TWO, "-games 2 -rounds 3", "") == V{0, 1, 2, 3, 4, 0});
    CHECK(played(TWO, "-games 2 -rounds 3", "default") == V{0, 1, 2, 3, 4, 0});
    CHECK(played(TWO, "-games 2 -rounds 3 -repeat", "") == V{0, 0, 1, 1, 2, 2});
    CHECK(played(TWO, "-games 3 -rounds 2 -repeat 3", "") == V{0, 0, 0, 1, 1, 1});
    // The count runs across encounters of the same pair, as in cutechess-cli.
    CHECK(played(TWO, "-games 3 -rounds 2 -repeat", "") == V{0, 0, 1, 1, 2, 2});
    // Three engines: a new pair always starts a new opening.
    CHECK(played(THREE, "-games 3 -rounds 1 -repeat", "") == V{0, 0, 1, 2, 2, 3, 4, 4, 0});
    CHECK(played(THREE, "-games 2 -rounds 1", "") == V{0, 1, 2, 3, 4, 0});
}

TEST_CASE("openings policy=encounter: a new opening only for a new pair of engines", "[match][openings]") {
    CHECK(played(TWO, "-games 2 -rounds 3", "encounter") == V{0, 0, 0, 0, 0, 0});
    CHECK(played(THREE, "-games 2 -rounds 2", "encounter") == V{0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 0, 0});
    // -repeat does not matter: the opening stays until the pair changes.
    CHECK(played(THREE, "-games 3 -rounds 1 -repeat", "encounter") == V{0, 0, 0, 1, 1, 1, 2, 2, 2});
}

TEST_CASE("openings policy=round: a new opening only for a new round", "[match][openings]") {
    CHECK(played(TWO, "-games 2 -rounds 3", "round") == V{0, 0, 1, 1, 2, 2});
    // A round of cutechess-cli's round robin: three engines play one encounter a round (one has
    // the bye), four play two.
    CHECK(played(THREE, "-games 2 -rounds 2", "round") == V{0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 0, 0});
    CHECK(played(FOUR, "-games 2 -rounds 1", "round") == V{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2});
    CHECK(played(THREE, "-games 1 -rounds 3 -tournament gauntlet", "round") == V{0, 0, 1, 1, 2, 2});
}

TEST_CASE("openings: start= and policies combine", "[match][openings]") {
    CHECK(played(TWO, "-games 1 -rounds 3", "round start=4") == V{3, 4, 0});
    auto opts = app::parse_match_options(words(TWO + "-openings file=x policy=encounter"));
    REQUIRE(opts.openings);
    CHECK(opts.openings->policy == tournament::OpeningsOptions::Policy::Encounter);
    CHECK_THROWS_AS(app::parse_match_options(words(TWO + "-openings file=x policy=game")), game::OptionError);
}

TEST_CASE("Chess960 start positions by Scharnagl's number", "[match][openings][chess960]") {
    auto first_rank = [](int n) { return rules::to_fen(tournament::chess960_opening(n).start).substr(0, 8); };
    CHECK(first_rank(518) == "rnbqkbnr");
    CHECK(first_rank(0) == "bbqnnrkr");
    CHECK(first_rank(959) == "rkrnnqbb");
    std::set<std::string> all;
    for (int n = 0; n < 960; ++n) {
        const tournament::Opening o = tournament::chess960_opening(n);
        CHECK(o.start.chess960());
        CHECK(o.start.legal_moves().size() >= 18);  // pawns 16 + at least 2 knight moves
        all.insert(rules::to_fen(o.start));
    }
    CHECK(all.size() == 960);
}

TEST_CASE("Chess960 openings from EPD and PGN", "[match][openings][chess960]") {
    tournament::OpeningsOptions o;
    o.file = test::source_path("configs/openings/chess960.epd");
    const auto shipped = tournament::load_openings(o, true);
    CHECK(shipped.size() == 8);
    std::set<std::string> distinct;
    for (const auto& opening : shipped) {
        CHECK(opening.start.chess960());
        CHECK(opening.from_fen);
        CHECK(opening.start.castling_rights());
        distinct.insert(rules::to_fen(opening.start));
    }
    CHECK(distinct.size() == 8);
    // A Chess960 castling right is refused without the variant.
    CHECK_THROWS_AS(tournament::load_openings(o, false), game::OptionError);

    // King b1, rooks a1 and h1: O-O-O is b1a1 (king takes rook) and lands on c1/d1.
    const std::string pgn =
        "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 "
        "1\"]\n\n"
        "1. O-O-O O-O-O *\n";
    CHECK_THROWS_AS(tournament::parse_pgn_openings(pgn, 8, "960.pgn", false), game::OptionError);
    const auto from_pgn = tournament::parse_pgn_openings(pgn, 8, "960.pgn", true);
    REQUIRE(from_pgn.size() == 1);
    REQUIRE(from_pgn[0].moves.size() == 2);
    CHECK(from_pgn[0].start.chess960());
    CHECK(rules::to_uci(from_pgn[0].start, from_pgn[0].moves[0]) == "b1a1");
}

TEST_CASE("a Chess960 game's PGN has Variant, SetUp and FEN and reads back", "[match][openings][chess960]") {
    game::GameRecord r;
    r.white = "A";
    r.black = "B";
    r.start = rules::Position::from_fen("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1", true);
    r.from_fen = true;
    rules::Position pos = r.start;
    for (const char* uci : {"b1a1", "b8h8"}) {
        game::PlyRecord ply;
        ply.move = rules::parse_uci_move(pos, uci);
        REQUIRE(ply.move);
        pos.play(ply.move);
        r.plies.push_back(ply);
    }
    r.outcome.score = rules::Score::Draw;
    r.outcome.termination = rules::Termination::Agreement;
    r.outcome.article = "9.1.2";
    const std::string text = output::write_pgn(r);
    CHECK(text.find("[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"rk5r/") != std::string::npos);
    CHECK(text.find("1. O-O-O {0.000s} O-O {0.000s}") != std::string::npos);
    TempFile file(".pgn", text);
    const auto games = test::read_pgn_file(file.path);
    REQUIRE(games.size() == 1);
    REQUIRE(games[0].ok());
    CHECK(games[0].chess960());
    REQUIRE(games[0].moves.size() == 2);
    CHECK(games[0].moves[0] == r.plies[0].move);
    CHECK(games[0].moves[1] == r.plies[1].move);
}
