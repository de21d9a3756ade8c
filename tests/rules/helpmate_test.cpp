// search_helpmate: every answer must be a real legal line ending in the winner's checkmate.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <random>

#include "rules/winnability/helpmate.h"
#include "rules/winnability/helpmate_target.h"
#include "rules/winnability/helpmate_tools.h"
#include "rules/winnability/winnability.h"
#include "winnability_support.h"

using namespace drawproxy;
using rules::BLACK;
using rules::WHITE;
using rules::winnability::search_helpmate;

namespace {

constexpr std::uint64_t LARGE = 200000;

// Finds a witness within `budget` nodes and checks it move by move.
std::vector<rules::Move> require_helpmate(const std::string& text, rules::Color winner,
                                          std::uint64_t budget = LARGE) {
    INFO(text << (winner == WHITE ? " (white mates)" : " (black mates)"));
    const rules::Position pos = test::fen(text);
    const auto result = search_helpmate(pos, winner, budget);
    REQUIRE(result.found);
    CHECK(result.nodes <= budget);
    CHECK(test::witness_error(pos, winner, result.line) == "");
    return result.line;
}

}  // namespace

TEST_CASE("helpmate: the check test agrees with playing the move", "[helpmate]") {
    // Direct, discovered, by promotion (the pawn's square opens the line), en passant (two
    // men leave the rank), castling (the rook checks).
    for (const char* text : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                             "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
                             "4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1", "3k4/1P6/8/8/8/8/8/1R2K3 w - - 0 1",
                             "8/8/8/k1pP3R/8/8/8/4K3 w - c6 0 1", "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
                             "8/8/8/2k5/8/2B5/3P4/Q3K3 w - - 0 1"}) {
        INFO(text);
        const rules::Position pos = test::fen(text);
        const rules::winnability::helpmate_detail::CheckInfo checks(pos);
        for (rules::Move m : pos.legal_moves()) {
            rules::Position child = pos;
            child.play(m);
            CHECK(checks.gives_check(m) == child.is_check());
            CHECK(rules::winnability::helpmate_detail::gives_check(pos, m) == child.is_check());
        }
    }
}

TEST_CASE("helpmate: the flight test never calls a mating check a miss", "[helpmate]") {
    // Random games rich in checks (most of each side's men are queens and knights near the
    // kings): for every check, "the king keeps a flight" must mean the checked side can move.
    namespace hd = rules::winnability::helpmate_detail;
    std::mt19937 rng(7);
    int answered = 0, mates = 0;
    for (const char* text :
         {"3qk3/2nnn3/8/8/8/8/2NNN3/3QK3 w - - 0 1", "4k3/1q3q2/8/3n4/8/2B1R3/8/4K2Q b - - 0 1",
          "r3k2r/pp3ppp/8/3Q4/8/8/PP3PPP/R3K2R w KQkq - 0 1", "8/2p5/3k4/1P6/4Q3/8/5PK1/8 w - - 0 1"}) {
        for (int game = 0; game < 40; ++game) {
            rules::Position pos = test::fen(text);
            for (int ply = 0; ply < 60; ++ply) {
                const rules::MoveList moves = pos.legal_moves();
                if (moves.empty()) break;
                const hd::CheckInfo checks(pos);
                hd::FlightTest flights(pos);
                for (rules::Move m : moves) {
                    if (!checks.gives_check(m)) continue;
                    rules::Position child = pos;
                    child.play(m);
                    const bool mate = !child.has_legal_moves();
                    mates += mate;
                    if (flights.escapes(m)) {
                        ++answered;
                        INFO(pos.fen() << " " << rules::to_uci(pos, m));
                        CHECK_FALSE(mate);
                    }
                }
                pos.play(moves[int(rng() % unsigned(moves.size()))]);
            }
        }
    }
    // The test means something only if both kinds of check came up.
    CHECK(answered > 1000);
    CHECK(mates > 10);
    // The knight's leaving opens the rook's line over the king's one flight, d8: mate.
    const rules::Position pos = test::fen("R1N1kb2/3ppp2/8/8/8/8/8/6K1 w - - 0 1");
    const rules::Move nd6(rules::Square(58), rules::Square(43));
    REQUIRE(pos.is_legal(nd6));
    rules::Position child = pos;
    child.play(nd6);
    REQUIRE(child.is_checkmate());
    hd::FlightTest flights(pos);
    CHECK_FALSE(flights.escapes(nd6));
}

TEST_CASE("helpmate: the compile-time distance tables agree with the board", "[helpmate]") {
    namespace hd = rules::winnability::helpmate_detail;
    for (int from = 0; from < 64; ++from) {
        // Knight moves by breadth-first search over the attack tables.
        int dist[64];
        std::fill(dist, dist + 64, -1);
        dist[from] = 0;
        rules::Bitboard frontier = rules::square_bb(rules::Square(from)), seen = frontier;
        for (int d = 1; frontier; ++d) {
            rules::Bitboard next = 0;
            while (frontier) next |= rules::knight_attacks(rules::pop_lsb(frontier));
            next &= ~seen;
            seen |= next;
            for (rules::Bitboard b = next; b;) dist[rules::pop_lsb(b)] = d;
            frontier = next;
        }
        for (int to = 0; to < 64; ++to) {
            const auto a = rules::Square(from), b = rules::Square(to);
            CHECK(hd::KNIGHT_DISTANCE.d[from][to] == dist[to]);
            CHECK(hd::distance(a, b) == std::max(std::abs(rules::file_of(a) - rules::file_of(b)),
                                                 std::abs(rules::rank_of(a) - rules::rank_of(b))));
        }
    }
}

TEST_CASE("helpmate: the king target table agrees with the edge and corner distances", "[helpmate]") {
    namespace hd = rules::winnability::helpmate_detail;
    for (int s = 0; s < 64; ++s) {
        const int f = s % 8, r = s / 8;
        const int edge = std::min({f, 7 - f, r, 7 - r});
        const int corner = std::min(f, 7 - f) + std::min(r, 7 - r);
        // Nearest corner of each colour, counted in king-file plus king-rank steps: a1/h8, a8/h1.
        const int dark = std::min(f + r, (7 - f) + (7 - r)), light = std::min(f + (7 - r), (7 - f) + r);
        CHECK(hd::KING_TARGET.d[0][s] == 3 * edge + corner);
        CHECK(hd::KING_TARGET.d[1][s] == 2 * dark + edge);
        CHECK(hd::KING_TARGET.d[2][s] == 2 * light + edge);
    }
}

TEST_CASE("helpmate: the ordering by man scores every normal move as the ordering by move", "[helpmate]") {
    // Random games of both kinds of material (pieces, pawns only, bishops of one colour) and for
    // both winners: from() + score_normal() must give score() exactly.
    namespace hd = rules::winnability::helpmate_detail;
    std::mt19937 rng(11);
    int compared = 0;
    for (const char* text :
         {rules::Position::START_FEN.data(), "4k3/pppp4/8/8/8/8/4PPPP/4K3 w - - 0 1",
          "4k3/2p5/8/2b5/8/3B4/1B3P2/4K3 w - - 0 1", "8/5k2/8/2n5/8/2K5/3Q4/8 b - - 0 1"}) {
        for (int game = 0; game < 10; ++game) {
            rules::Position pos = test::fen(text);
            for (int ply = 0; ply < 80; ++ply) {
                const rules::MoveList moves = pos.legal_moves();
                if (moves.empty()) break;
                for (rules::Color winner : {WHITE, BLACK}) {
                    hd::MoveOrder order(pos, winner);
                    if (order.per_move()) continue;
                    for (rules::Move m : moves) {
                        if (m.kind() != rules::Move::NORMAL) continue;
                        order.from(m.from());
                        INFO(pos.fen() << " " << rules::to_uci(pos, m));
                        CHECK(order.score_normal(m.to()) == order.score(m));
                        ++compared;
                    }
                }
                pos.play(moves[int(rng() % unsigned(moves.size()))]);
            }
        }
    }
    CHECK(compared > 10000);
}

TEST_CASE("helpmate: mates in the opening and middlegame are found with a small budget", "[helpmate]") {
    require_helpmate(std::string(rules::Position::START_FEN), WHITE, 2000);
    require_helpmate(std::string(rules::Position::START_FEN), BLACK, 2000);
    require_helpmate("rnbqk1nr/ppp2ppp/3pp3/8/2P2P2/b2P4/PP2P1PP/RNBQKBNR w KQkq - 0 4", WHITE, 2000);
    require_helpmate("rnbqk1nr/ppp2ppp/3pp3/8/2P2P2/b2P4/PP2P1PP/RNBQKBNR w KQkq - 0 4", BLACK, 2000);
}

TEST_CASE("helpmate: a mate in one is found at once", "[helpmate]") {
    const auto line = require_helpmate("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", WHITE, 50);
    CHECK(line.size() == 1);
}

TEST_CASE("helpmate: community positions", "[helpmate]") {
    // White must bring its king to the corner and let Black's queen go: 20-odd plies.
    require_helpmate("2q5/8/8/B7/2k5/1p6/1K6/8 b - -", WHITE);
    require_helpmate("2q5/8/8/B7/2k5/1p6/1K6/8 b - -", BLACK);
    require_helpmate("k7/1b6/2b5/8/8/1pB5/pP6/K7 w - -", WHITE);
    require_helpmate("7k/8/8/3B4/8/6p1/1b4Pp/2b4K w - -", WHITE);
    require_helpmate("5k2/p1p1p3/8/8/8/6p1/P1P1P1Pp/7K w - -", BLACK);
}

TEST_CASE("helpmate: long community plans with a large budget", "[helpmate]") {
    // 50 to 170 plies: pawns give themselves up so that others promote, the loser walls its
    // own king in. Found by the best-first stage within a million nodes.
    constexpr std::uint64_t HUGE = 1000000;
    require_helpmate("5k2/p1p1p3/8/8/8/6p1/P1P1P1Pp/7K w - -", WHITE, HUGE);
    require_helpmate("4k3/3p1p1p/8/1p6/1P6/KP6/PP1P1P1P/8 w - -", WHITE, HUGE);
    require_helpmate("4k3/3p1p1p/8/1p6/1P6/KP6/PP1P1P1P/8 w - -", BLACK, HUGE);
    require_helpmate("2b5/1p6/pPp3k1/2Pp3p/P2PpBpP/4P1P1/5K2/8 b - -", BLACK, HUGE);
}

TEST_CASE("helpmate: minor piece endings", "[helpmate]") {
    // KNN v K: only the knights' side.
    require_helpmate("8/8/8/8/8/8/4K1NN/7k w - -", WHITE);
    // KN v KN: either knight mates a king hemmed in by its own knight.
    require_helpmate("8/8/8/8/8/2n1k3/8/4K1N1 w - -", WHITE);
    require_helpmate("8/8/8/8/8/2n1k3/8/4K1N1 w - -", BLACK);
    // KB v KB, bishops on opposite colours: either side.
    require_helpmate("8/8/8/3b4/8/2k5/8/4K1B1 w - -", WHITE);
    require_helpmate("8/8/8/3b4/8/2k5/8/4K1B1 w - -", BLACK);
    // KQ v KN: the queen mates (the knight never can: see below).
    require_helpmate("8/8/8/3n4/8/2k5/8/4KQ2 w - -", WHITE);
    // KQ v K and KR v K from games.
    require_helpmate("8/1q6/3K4/8/5k2/8/8/8 b - -", BLACK, 2000);
    require_helpmate("8/K7/8/8/1k6/R7/p7/r7 w - -", BLACK, 2000);
}

TEST_CASE("helpmate: the loser must promote to give the knight a blocker", "[helpmate]") {
    // A lone knight needs a man of the loser next to its king, and the pawn on b7 cannot be
    // that man where it stands: White promotes and the new piece hems its own king in.
    const std::string text = "8/1P1k4/8/4n3/8/8/8/3K4 w - -";
    const auto line = require_helpmate(text, BLACK);
    rules::Position pos = test::fen(text);
    bool loser_promoted = false;
    for (rules::Move m : line) {
        if (m.kind() == rules::Move::PROMOTION && pos.side_to_move() == WHITE) loser_promoted = true;
        pos.play(m);
    }
    CHECK(loser_promoted);
}

TEST_CASE("helpmate: the knight side of KR v KN and KB v KN mates", "[helpmate]") {
    require_helpmate("8/8/8/3r4/8/2K5/8/4k1n1 w - -", BLACK);
    require_helpmate("8/8/8/3b4/8/2K5/8/4k1n1 w - -", BLACK);
}

TEST_CASE("helpmate: KQ v KN has no knight mate at all", "[helpmate]") {
    // The queen, wherever it hems its king in, always sees the checking knight: no placement of
    // the four men is a mate by the knight, so the search must come back empty.
    int mates = 0;
    for (int wk = 0; wk < 64; ++wk)
        for (int n = 0; n < 64; ++n) {
            if (!(rules::knight_attacks(rules::Square(n)) & rules::square_bb(rules::Square(wk)))) continue;
            for (int bk = 0; bk < 64; ++bk) {
                if (bk == n || std::max(std::abs(wk % 8 - bk % 8), std::abs(wk / 8 - bk / 8)) < 2) continue;
                for (int q = 0; q < 64; ++q) {
                    if (q == wk || q == bk || q == n) continue;
                    rules::Position p(rules::Position::Uninitialised{});
                    p.put_piece(rules::make_piece(WHITE, rules::KING), rules::Square(wk));
                    p.put_piece(rules::make_piece(BLACK, rules::KING), rules::Square(bk));
                    p.put_piece(rules::make_piece(BLACK, rules::KNIGHT), rules::Square(n));
                    p.put_piece(rules::make_piece(WHITE, rules::QUEEN), rules::Square(q));
                    p.set_side_to_move(WHITE);
                    if (p.validate().empty() && p.is_checkmate()) ++mates;
                }
            }
        }
    CHECK(mates == 0);
    const auto result = search_helpmate(test::fen("1Q6/3k4/8/4n3/8/8/8/3K4 b - -"), BLACK, 2000);
    CHECK_FALSE(result.found);
    CHECK(result.nodes <= 2000);
}

TEST_CASE("helpmate: the winner promotes a pawn", "[helpmate]") {
    require_helpmate("8/8/8/8/8/4K3/5p2/6k1 b - -", BLACK);
}

TEST_CASE("helpmate: a mate in one by under-promotion", "[helpmate]") {
    // c8=Q is no check; c8=N mates a king walled in by its own men.
    const auto line = require_helpmate("rb6/knP5/pp6/8/8/8/8/7K w - - 0 1", WHITE, 100);
    REQUIRE(line.size() == 1);
    CHECK(line[0].kind() == rules::Move::PROMOTION);
    CHECK(line[0].promotion() == rules::KNIGHT);
}

TEST_CASE("helpmate: a tiny budget returns not found without a crash", "[helpmate]") {
    for (std::uint64_t budget : {0, 1, 5, 20}) {
        const auto pos = test::fen("8/8/8/8/8/8/4K1NN/7k w - -");
        const auto result = search_helpmate(pos, WHITE, budget);
        CHECK_FALSE(result.found);
        CHECK(result.line.empty());
        CHECK(result.nodes <= budget);
    }
    // Many checks at every node (seven queens): the budget still holds exactly.
    for (std::uint64_t budget : {10, 100, 1000}) {
        const auto result =
            search_helpmate(test::fen("1k6/2n5/6R1/5QQ1/4QQ2/3QQ3/2QQ4/2QK4 w - -"), BLACK, budget);
        CHECK(result.nodes <= budget);
    }
    // Insufficient material: never found, whatever the budget.
    CHECK_FALSE(search_helpmate(test::fen("8/8/8/8/8/8/4K1N1/7k w - -"), WHITE, 10000).found);
}

TEST_CASE("helpmate: a later search skips the quick dive that already failed, with the same answer",
          "[helpmate]") {
    // Sides of real games that the 2,000-node first search does not settle.
    for (const auto& [text, winner] : {std::pair{"8/p7/2p2k2/2p3p1/2P5/5q2/2K1Nr2/8 b - - 3 49", WHITE},
                                       std::pair{"8/8/2k5/2nNBP2/4P3/1K1P4/8/8 w - - 3 59", BLACK},
                                       // A small ending: the mating patterns are kept too.
                                       std::pair{"8/8/8/4b1n1/5k2/3Q4/1PK5/8 w - - 3 75", BLACK}}) {
        INFO(text);
        const rules::Position pos = test::fen(text);
        const auto first = search_helpmate(pos, winner, 2000);
        REQUIRE(!first.found);
        CHECK(first.left_behind.quick_budget > 0);
        const auto fresh = search_helpmate(pos, winner, LARGE);
        const auto again = search_helpmate(pos, winner, LARGE, first.left_behind);
        REQUIRE(fresh.found);
        REQUIRE(again.found);
        CHECK(again.nodes == fresh.nodes);
        CHECK(again.line == fresh.line);
        CHECK(test::witness_error(pos, winner, again.line) == "");
    }
}

TEST_CASE("helpmate: the winner's king takes the pawn that blocks its own", "[helpmate]") {
    // Pawns locked head-on, from games: no mate without the blocker gone, and only the winner's
    // king can take it (the patterns never capture): a short search must find that plan.
    for (const auto& [text, winner] : {std::pair{"8/8/p1b5/P7/8/8/3k4/1K6 w - - 8 66", WHITE},
                                       std::pair{"8/8/3b4/8/3k4/p7/P1K5/8 b - - 57 114", WHITE},
                                       std::pair{"8/8/8/8/p2k4/P7/8/K7 w - - 0 1", WHITE},
                                       // b3 is guarded by the pawn: the king goes round by c3.
                                       std::pair{"8/8/8/8/p7/P1k5/K7/8 w - - 0 1", WHITE},
                                       std::pair{"8/8/8/4b3/8/p3k3/P7/4K3 b - - 73 122", BLACK}}) {
        INFO(text);
        rules::Position pos = test::fen(text);
        const auto line = require_helpmate(text, winner, 2000);
        bool king_took = false;
        for (rules::Move m : line) {
            king_took |= pos.side_to_move() == winner &&
                         pos.piece_on(m.from()) == rules::make_piece(winner, rules::KING) &&
                         pos.is_capture(m);
            pos.play(m);
        }
        CHECK(king_took);
    }
}

TEST_CASE("helpmate: the first dive goes on where it stopped", "[helpmate]") {
    // From a game: the 2,000-node first search misses the bishop's mate, its dive, going on,
    // finds it within a few thousand more nodes.
    const std::string text = "8/5k2/7R/5P2/4K3/7P/3b2P1/8 w - - 3 65";
    const rules::Position pos = test::fen(text);
    const auto first = search_helpmate(pos, BLACK, 2000);
    REQUIRE_FALSE(first.found);
    REQUIRE(first.left_behind.dive);
    const auto more = rules::winnability::extend_dive(pos, 24000, first.left_behind);
    REQUIRE(more.found);
    CHECK(more.nodes <= 24000);
    CHECK(test::witness_error(pos, BLACK, more.line) == "");
    // Nothing to go on with: no search ran, or it ran no dive (a lone knight cannot mate).
    CHECK_FALSE(rules::winnability::extend_dive(pos, 1000, {}).found);
    const auto knight = test::fen("8/8/8/8/8/3k4/8/4K1N1 w - -");
    const auto tried = search_helpmate(knight, WHITE, 2000);
    const auto none = rules::winnability::extend_dive(knight, 1000, tried.left_behind);
    CHECK_FALSE(none.found);
    CHECK(none.nodes == 0);
}

TEST_CASE("helpmate: lone knights try their patterns early", "[helpmate]") {
    // From games: the ordered dive misses these knight mates, a mating pattern finds each in
    // tens of nodes; the first dive stops early for a short try of the patterns.
    for (const auto& [text, winner] : {std::pair{"8/8/4k3/8/3K4/8/8/N2n4 w - - 0 1", BLACK},
                                       std::pair{"8/8/8/2k5/8/5K2/2N2n2/8 w - - 0 1", WHITE},
                                       std::pair{"8/8/3r4/1N6/2k3K1/8/8/8 w - - 0 1", WHITE},
                                       std::pair{"8/8/8/3n4/1Pk5/8/3K4/8 b - - 0 1", BLACK}}) {
        const auto line = require_helpmate(text, winner, 2000);
        const auto result = search_helpmate(test::fen(text), winner, 2000);
        INFO(text);
        CHECK(result.nodes <= 400);
    }
}

TEST_CASE("helpmate: the blocking pawn taken with more men on the board", "[helpmate]") {
    // From a game: knight, bishop and pawn against rook and pawn, the pawns locked head-on.
    const std::string text = "4N3/p7/P1K5/4k3/3r4/8/8/5B2 w - - 0 1";
    rules::Position pos = test::fen(text);
    const auto result = rules::winnability::capture_helpmate(pos, WHITE, 3000);
    REQUIRE(result.found);
    CHECK(result.nodes <= 3000);
    CHECK(test::witness_error(pos, WHITE, result.line) == "");
    bool king_took = false;
    for (rules::Move m : result.line) {
        king_took |= pos.side_to_move() == WHITE &&
                     pos.piece_on(m.from()) == rules::make_piece(WHITE, rules::KING) && pos.is_capture(m);
        pos.play(m);
    }
    CHECK(king_took);
    // No pawn of the loser's blocks one of the winner's: nothing to try.
    const auto none =
        rules::winnability::capture_helpmate(test::fen("8/5k2/7R/5P2/4K3/7P/3b2P1/8 w - -"), BLACK, 3000);
    CHECK_FALSE(none.found);
    CHECK(none.nodes == 0);
}

TEST_CASE("helpmate: long mates of small endings found within a few thousand nodes", "[helpmate]") {
    // From games: the ordered dive took 6k-19k nodes on each; the short best-first search that
    // can_checkmate runs before the dive goes on finds each in hundreds.
    for (const auto& [text, winner] : {std::pair{"8/p7/8/3N4/P2KB3/6k1/r7/8 w - - 10 58", WHITE},
                                       std::pair{"3k4/3n3b/3b3P/1Q3N2/2P2P2/5K2/8/8 b - - 4 55", BLACK},
                                       std::pair{"8/2K5/8/3k4/2n1N3/8/8/8 w - - 49 67", WHITE}}) {
        INFO(text);
        const rules::Position pos = test::fen(text);
        const auto result = rules::winnability::can_checkmate(pos, winner, {1000000});
        REQUIRE(result.outcome == rules::winnability::Outcome::Winnable);
        CHECK(result.nodes <= 5000);
        CHECK(test::witness_error(pos, winner, result.witness) == "");
    }
}
