// The blockade proof when the winner's only loose men are a lone minor (pawn_lock.cpp,
// MateNet): walls where the losing king has no men to hem it in. Known community sides, a
// position where such a mate exists, and random variants of the walls: every proof must
// survive an exhaustive helpmate search and a longer guided one.
#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "rules/winnability/helpmate.h"
#include "rules/winnability/pawn_lock.h"
#include "winnability_support.h"

using namespace drawproxy;
using namespace drawproxy::rules;
using winnability::locked_unwinnable;

namespace {

// Walls from community positions where one side's only loose men are a minor (or two
// bishops of one colour) and its king.
const std::vector<std::string> WALLS = {
    "N1b1N1N1/1pPpPpPp/1P1P1P1P/4B3/8/8/8/K1k5 w - - 0 1",
    "4k3/8/3p1p2/3PbP2/3pBp2/3P1P2/4B3/4K3 w - - 0 1",
    "k7/1p6/1Pp5/n1P5/N1p5/1pP1B3/1P1B4/K7 w - - 0 1",
    "4k3/8/1p2K3/bP5B/Pp6/1Pp5/B1P5/NB6 b - - 0 1",
};

// `base` with its kings and the loose men of `mover` moved to random empty squares (bishops
// keep their colour), and sometimes one more man of either side.
Position variant(const Position& base, std::mt19937& rng) {
    Position pos(Position::Uninitialised{});
    std::vector<std::pair<Piece, Square>> moved;
    for (Bitboard b = base.pieces(); b;) {
        const Square s = pop_lsb(b);
        const Piece p = base.piece_on(s);
        if (type_of(p) != PAWN && rng() % 2)
            moved.push_back({p, s});
        else
            pos.put_piece(p, s);
    }
    auto place = [&](Piece p, Bitboard where) {
        for (int tries = 0; tries < 200; ++tries) {
            const Square s = Square(rng() % 64);
            if ((pos.pieces() & square_bb(s)) || !(where & square_bb(s))) continue;
            if (type_of(p) == PAWN && (rank_of(s) == 0 || rank_of(s) == 7)) continue;
            pos.put_piece(p, s);
            return;
        }
    };
    for (auto [p, s] : moved)
        place(p, type_of(p) != BISHOP            ? ~Bitboard(0)
                 : (square_bb(s) & DARK_SQUARES) ? DARK_SQUARES
                                                 : LIGHT_SQUARES);
    if (rng() % 3 == 0) {
        static constexpr PieceType TYPES[] = {PAWN, KNIGHT, BISHOP, ROOK, QUEEN};
        place(make_piece(Color(rng() % 2), TYPES[rng() % 5]), ~Bitboard(0));
    }
    pos.set_side_to_move(Color(rng() % 2));
    pos.set_clocks(0, 1);
    return pos;
}

}  // namespace

TEST_CASE("static: a lone minor behind walls, known sides", "[winnability]") {
    // White's only loose man is a bishop or a knight; Black's men are all frozen, far from
    // where its king can go, or bishops of the wrong colour.
    CHECK(locked_unwinnable(test::fen(WALLS[0]), WHITE));
    CHECK(locked_unwinnable(test::fen(WALLS[1]), WHITE));
    CHECK(locked_unwinnable(test::fen("k7/3B4/K2p1p2/3PbP2/3pBp2/3P1P2/8/8 w - - 0 1"), WHITE));
    CHECK(locked_unwinnable(test::fen(WALLS[2]), WHITE));
    CHECK(locked_unwinnable(test::fen(WALLS[3]), WHITE));
    // A loose black bishop on the other colour can block a flight of its king: a mate exists
    // (the search finds it), so no proof.
    const Position blocker = test::fen("8/2b5/3p1p2/3PbP2/3pBp2/3P1P2/4B3/3K3k b - - 0 1");
    CHECK_FALSE(locked_unwinnable(blocker, WHITE));
    CHECK(winnability::can_checkmate(blocker, WHITE, {50000, true}).outcome ==
          winnability::Outcome::Winnable);
}

TEST_CASE("static: lone-minor wall proofs survive exhaustive search on variants", "[winnability][property]") {
    std::mt19937 rng(20261130);
    int proofs = 0, tried = 0;
    for (const std::string& wall : WALLS) {
        const Position base = test::fen(wall);
        for (int i = 0; i < 150; ++i) {
            Position pos = variant(base, rng);
            if (!pos.validate().empty() || !pos.has_legal_moves()) continue;
            ++tried;
            for (Color side : {WHITE, BLACK}) {
                if (!locked_unwinnable(pos, side)) continue;
                ++proofs;
                INFO(to_fen(pos) << (side == WHITE ? " (white)" : " (black)"));
                REQUIRE_FALSE(test::exhaustive_mate(pos, side, 3));
                REQUIRE_FALSE(winnability::search_helpmate(pos, side, 5000).found);
            }
        }
    }
    CHECK(tried > 400);
    CHECK(proofs > 80);  // the comparison must have something to compare
}

TEST_CASE("static: a castling right whose path is blocked for ever does not free the king", "[winnability]") {
    // White's king could only move by castling, and f1 and g1 hold men that never move: its
    // light bishops then never find a mate (community: White cannot win).
    CHECK(locked_unwinnable(test::fen("2k5/8/8/3B4/2Bp1p1p/1BpP1P1P/2P1BPBP/3BKBNR w K - 0 1"), WHITE));
    // With f1 and g1 empty it may castle: no proof (and the search finds a mate).
    const Position open = test::fen("2k5/8/8/3B4/2Bp1p1p/1BpP1P1P/2P1BPBP/3BK2R w K - 0 1");
    CHECK_FALSE(locked_unwinnable(open, WHITE));
    CHECK(winnability::can_checkmate(open, WHITE, {100000, true}).outcome == winnability::Outcome::Winnable);
}
