// Hand-picked winnability cases: material, walls, forced moves, promotions.
#include <algorithm>
#include <catch2/catch.hpp>

#include "rules/dead_position.h"
#include "support/paths.h"
#include "winnability_support.h"

using namespace drawproxy;
using rules::BLACK;
using rules::WHITE;
using rules::winnability::can_checkmate;
using rules::winnability::Outcome;

namespace {

void require_winnable(const std::string& text, rules::Color winner) {
    INFO(text << (winner == WHITE ? " (white)" : " (black)"));
    const rules::Position pos = test::fen(text);
    const auto result = can_checkmate(pos, winner);
    REQUIRE(result.outcome == Outcome::Winnable);
    CHECK(test::witness_error(pos, winner, result.witness) == "");
}

void require_unwinnable(const std::string& text, rules::Color winner) {
    INFO(text << (winner == WHITE ? " (white)" : " (black)"));
    REQUIRE(can_checkmate(test::fen(text), winner).outcome == Outcome::Unwinnable);
}

void require_dead(const std::string& text, bool dead) {
    INFO(text);
    const rules::Position pos = test::fen(text);
    CHECK(rules::is_dead_position(pos) == dead);
    if (dead) {
        require_unwinnable(text, WHITE);
        require_unwinnable(text, BLACK);
    }
}

}  // namespace

TEST_CASE("winnability: two knights against a lone king can mate (helpmate)", "[winnability]") {
    require_winnable("8/8/3k4/8/8/2NN4/8/4K3 w - - 0 1", WHITE);
    require_unwinnable("8/8/3k4/8/8/2NN4/8/4K3 w - - 0 1", BLACK);
    require_dead("8/8/3k4/8/8/2NN4/8/4K3 b - - 0 1", false);
}

TEST_CASE("winnability: knight against knight is winnable for both", "[winnability]") {
    const std::string text = "8/8/3kn3/8/8/2N5/8/4K3 w - - 0 1";
    require_winnable(text, WHITE);
    require_winnable(text, BLACK);
    require_dead(text, false);
}

TEST_CASE("winnability: bishops on opposite colours are not dead", "[winnability]") {
    const std::string text = "8/8/3kb3/8/8/2B5/8/4K3 w - - 0 1";  // e6 light, c3 dark
    require_winnable(text, WHITE);
    require_winnable(text, BLACK);
    require_dead(text, false);
}

TEST_CASE("winnability: bishops all on one colour are dead, promoted ones included", "[winnability]") {
    require_dead("8/8/3k4/8/8/2B5/8/4K3 w - - 0 1", true);
    // Four light-squared bishops (two promoted) against a light-squared bishop.
    require_dead("B7/1B6/2B1k3/5b2/8/3B4/8/4K3 w - - 0 1", true);
    // The same with a dark-squared defender: a blocker on the other colour makes mate possible.
    require_dead("B7/1B6/2B1k3/4b3/8/3B4/8/4K3 w - - 0 1", false);
    require_winnable("B7/1B6/2B1k3/4b3/8/3B4/8/4K3 w - - 0 1", WHITE);
}

TEST_CASE("winnability: a lone knight against a lone king cannot mate", "[winnability]") {
    require_dead("8/8/3k4/8/8/2N5/8/4K3 w - - 0 1", true);
    // With a defending pawn to hem the king in, it can.
    require_winnable("8/8/3k4/3p4/8/2N5/8/4K3 w - - 0 1", WHITE);
}

TEST_CASE("winnability: a locked pawn wall with kings only is dead", "[winnability]") {
    require_dead("4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1", true);
    require_dead("4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 b - - 0 1", true);
    // A pawn that can still capture keeps the game alive.
    require_dead("4k3/8/8/p1p1pp2/P1P1P1P1/8/8/4K3 w - - 0 1", false);
}

TEST_CASE("winnability: walls still to be closed by pawns that can never pass each other", "[winnability]") {
    // The a2/c2/e2/g2 pawns can only walk up to the black pawns facing them: nothing can
    // ever capture, so the wall above stays shut (the king may take a pawn, which opens nothing).
    require_dead("1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/4K3 w - - 0 1", true);
    require_dead("3k4/1p1p1p1p/1P1P1P1P/3p4/8/8/3P3P/4K3 w - - 0 1", true);
    require_dead("2k5/p1p1p1p1/P1P1P1P1/2p1P2K/8/8/2P1P3/8 w - - 0 1", true);
    // A black pawn that could capture onto the b-file (a white man can get there) opens it.
    require_dead("1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/1N6/P1P1P1P1/4K3 w - - 0 1", false);
}

TEST_CASE("winnability: walls with bishops that cannot break through", "[winnability]") {
    require_dead("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1", true);
    // A knight can cross the wall: alive.
    require_dead("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2N1K3 w - - 0 1", false);
}

TEST_CASE("winnability: a pawn held only by men that can move builds no wall", "[winnability]") {
    // The static proof's early-out: a knight or a king that can step aside holds no pawn for ever.
    require_dead("4k3/8/8/8/3p4/3N4/8/4K3 w - - 0 1", false);
    require_winnable("4k3/8/8/8/3p4/3N4/8/4K3 w - - 0 1", BLACK);
    require_dead("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", false);
    require_winnable("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", WHITE);
    // Still walls: pawns facing enemy pawns (the bishops cannot break through).
    require_dead("4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1", true);
    require_dead("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1", true);
}

TEST_CASE("winnability: an en passant capture open now breaks the wall", "[winnability]") {
    const std::string text = "4k3/8/8/p1p1p3/P1P1Pp1p/1B3P1P/8/4K3 b - e3 0 1";
    require_winnable(text, WHITE);
    require_winnable(text, BLACK);
}

TEST_CASE("winnability: every legal move leads to a dead position", "[winnability]") {
    // Black must take the rook: king against king.
    require_dead("k7/1R6/8/8/8/8/8/7K b - - 0 1", true);
}

TEST_CASE("winnability: the defender must promote to give the winner a mate", "[winnability]") {
    // A lone dark-squared bishop mates only with at least two defending blockers on light
    // squares beside the king (one in a dark corner, whose neighbours the pawn on g2 is not);
    // black's only man is the g-pawn, which can leave g2 only by promoting.
    const std::string text = "8/8/8/8/8/2k5/6p1/2K1B3 b - - 0 1";
    const rules::Position pos = test::fen(text);
    const auto result = can_checkmate(pos, WHITE);
    REQUIRE(result.outcome == Outcome::Winnable);
    CHECK(test::witness_error(pos, WHITE, result.witness) == "");
    CHECK(std::any_of(result.witness.begin(), result.witness.end(),
                      [](rules::Move m) { return m.kind() == rules::Move::PROMOTION; }));
    require_unwinnable("8/8/8/8/8/2k5/8/2K1B3 b - - 0 1", WHITE);
}

TEST_CASE("winnability: mate by under-promotion", "[winnability]") {
    // f8=N is mate at once (f8=Q is not check): the search tries every promotion piece.
    const rules::Position pos = test::fen("6bn/5Ppk/6pp/8/8/8/8/K7 w - - 0 1");
    const auto result = can_checkmate(pos, WHITE);
    REQUIRE(result.outcome == Outcome::Winnable);
    CHECK(test::witness_error(pos, WHITE, result.witness) == "");
    REQUIRE(result.witness.size() == 1);
    CHECK(result.witness[0].promotion() == rules::KNIGHT);
}

TEST_CASE("winnability: checkmate and stalemate on the board", "[winnability]") {
    const std::string mate = "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1";
    const auto white = can_checkmate(test::fen(mate), WHITE);
    CHECK(white.outcome == Outcome::Winnable);
    CHECK(white.witness.empty());
    require_unwinnable(mate, BLACK);
    require_unwinnable("k7/8/1QK5/8/8/8/8/8 b - - 0 1", WHITE);  // stalemate ends the game
}
