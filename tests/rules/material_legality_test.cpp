// Material no legal game reaches: more than 8 pawns a side, or more pieces beyond the initial
// set than missing pawns to promote from.
#include <catch2/catch.hpp>
#include <random>

#include "rules/material_legality.h"
#include "rules/notation.h"

using namespace drawproxy::rules;

namespace {

std::string fault(std::string_view fen) { return material_fault(Position::from_fen(fen)); }

}  // namespace

TEST_CASE("material: the initial set and what promotions can add are possible", "[material]") {
    CHECK(fault("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").empty());
    CHECK(fault("4k3/8/8/8/8/8/8/4K3 w - - 0 1").empty());
    // Seven pawns and a second queen; no pawns and nine queens.
    CHECK(fault("4k3/8/8/8/8/8/PPPPPPP1/QQ2K3 w - - 0 1").empty());
    CHECK(fault("4k3/8/8/8/8/QQQ5/QQQ5/QQQ1K3 w - - 0 1").empty());
    // Two bishops on opposite colours are the initial pair; two on one colour need a promotion.
    CHECK(fault("4k3/pppppppp/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1").empty());
    CHECK(fault("4k3/pppppppp/8/8/8/8/1PPPPPPP/2B1K1B1 w - - 0 1").empty());
    CHECK(promoted_at_least(Position::from_fen("4k3/8/8/8/8/8/8/2B1K1B1 w - - 0 1"), WHITE) == 1);
    CHECK(promoted_at_least(Position::from_fen("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1"), WHITE) == 0);
    // Three knights and three rooks for Black with six pawns.
    CHECK(fault("rrr1k3/nnn5/pppppp2/8/8/8/8/4K3 b - - 0 1").empty());
}

TEST_CASE("material: what no game reaches is named, side and reason", "[material]") {
    // once `winnable` answered for a side with nine pawns.
    CHECK(fault("3b4/4p1p1/1p1pP1P1/1P1PpBp1/1pBpP1P1/1P1P4/4K1P1/2k5 w - - 0 1") ==
          "white has 9 pawns (a game starts with 8)");
    CHECK(fault("4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1") == "black has 9 pawns (a game starts with 8)");
    // Eight pawns leave nothing to promote: a second queen, a third rook or knight, or a
    // second bishop on one colour is impossible.
    const std::string extra =
        " beyond the initial set (each a promoted pawn: at most 8 pawns and promotions)";
    CHECK(fault("4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1") == "white has 8 pawns and 1 piece" + extra);
    CHECK(fault("4k3/8/8/8/8/8/PPPPPPPP/RRR1K3 w - - 0 1") == "white has 8 pawns and 1 piece" + extra);
    CHECK(fault("4k3/8/8/8/8/8/PPPPPPPP/NNN1K3 w - - 0 1") == "white has 8 pawns and 1 piece" + extra);
    CHECK(fault("4k3/8/8/8/8/8/PPPPPPPP/2B1K1B1 w - - 0 1") == "white has 8 pawns and 1 piece" + extra);
    // Three dark-squared bishops and two queens with six pawns: 2 + 1 promotions, 9 in all.
    CHECK(fault("1b1qkb1q/b7/pppppp2/8/8/8/8/4K3 w - - 0 1") == "black has 6 pawns and 3 pieces" + extra);
    // The count adds over the piece kinds.
    CHECK(fault("4k3/8/8/8/8/8/PPPPPPP1/QQ1RKRRN w - - 0 1") == "white has 7 pawns and 2 pieces" + extra);
}

TEST_CASE("material: kings, exactly one a side", "[material]") {
    Position pos = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    pos.put_piece(make_piece(WHITE, KING), parse_square("a1"));
    CHECK(material_fault(pos) == "white has 2 kings (a game has exactly one a side)");
}

TEST_CASE("material: every position of random games from the initial position is possible", "[material]") {
    // Games that promote often: the bound must never refuse what play reaches.
    std::mt19937_64 rng(19);
    int promotions = 0;
    for (int game = 0; game < 200; ++game) {
        Position pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        for (int ply = 0; ply < 600; ++ply) {
            const MoveList moves = pos.legal_moves();
            if (moves.empty()) break;
            // Promote whenever possible and push pawns often, so that most games promote.
            MoveList pawn_moves, promoting;
            for (Move c : moves) {
                if (c.kind() == Move::PROMOTION) promoting.push(c);
                if (type_of(pos.piece_on(c.from())) == PAWN) pawn_moves.push(c);
            }
            const MoveList& pick = !promoting.empty()                 ? promoting
                                   : !pawn_moves.empty() && rng() % 2 ? pawn_moves
                                                                      : moves;
            const Move m = pick[int(rng() % std::uint64_t(pick.size()))];
            promotions += m.kind() == Move::PROMOTION;
            pos.play(m);
            INFO(to_fen(pos));
            REQUIRE(material_fault(pos).empty());
        }
    }
    CHECK(promotions > 200);
}
