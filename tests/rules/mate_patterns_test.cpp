// The lone-minor proof against a brute force: for every 4-man material with a lone knight or
// bishop against one defending piece, place the men every way a checkmate could arise (the
// minor giving check) and ask the move generator; the proof must say "cannot mate" exactly
// when no such placement is a legal checkmate. Plus the known cases of the community set.
#include <catch2/catch.hpp>

#include "rules/winnability/mate_patterns.h"
#include "winnability_support.h"

using namespace drawproxy;
using namespace drawproxy::rules;

namespace {

// Is there a legal position with these four men where the black king is checkmated by
// the white minor? White: king + `minor` (bishops: on squares of `colour`); black: king +
// `defender` (a bishop: on squares of `defender_colour`).
bool brute_force_mate(PieceType minor, Bitboard colour, PieceType defender, Bitboard defender_colour) {
    for (int k = 0; k < 64; ++k) {
        const Bitboard checks =
            minor == KNIGHT ? knight_attacks(Square(k)) : attacks_bb(BISHOP, Square(k), 0) & colour;
        for (Bitboard cb = checks; cb;) {
            const Square c = pop_lsb(cb);
            for (int w = 0; w < 64; ++w) {
                if (w == k || w == c || (king_attacks(Square(k)) & square_bb(Square(w)))) continue;
                for (int x = 0; x < 64; ++x) {
                    if (x == k || x == w || x == c) continue;
                    if (defender == BISHOP && !(defender_colour & square_bb(Square(x)))) continue;
                    Position pos(Position::Uninitialised{});
                    pos.put_piece(make_piece(BLACK, KING), Square(k));
                    pos.put_piece(make_piece(WHITE, KING), Square(w));
                    pos.put_piece(make_piece(WHITE, minor), c);
                    pos.put_piece(make_piece(BLACK, defender), Square(x));
                    pos.set_side_to_move(BLACK);
                    pos.set_clocks(0, 1);
                    if (pos.validate().empty() && pos.is_checkmate()) return true;
                }
            }
        }
    }
    return false;
}

}  // namespace

TEST_CASE("lone minor: the pattern proof agrees with a brute force over 4-man material", "[winnability]") {
    for (PieceType minor : {KNIGHT, BISHOP}) {
        for (PieceType defender : {KNIGHT, BISHOP, ROOK, QUEEN}) {
            for (Bitboard colour : {DARK_SQUARES, LIGHT_SQUARES}) {
                if (minor == KNIGHT && colour == LIGHT_SQUARES) continue;
                // One position with this material; the answer must not depend on placement.
                Position pos(Position::Uninitialised{});
                pos.put_piece(make_piece(WHITE, KING), Square(4));   // e1
                pos.put_piece(make_piece(BLACK, KING), Square(60));  // e8
                // The minor on c1 (dark) or f1 (light), the defender on a6.
                pos.put_piece(make_piece(WHITE, minor), colour == DARK_SQUARES ? Square(2) : Square(5));
                pos.put_piece(make_piece(BLACK, defender), Square(40));
                pos.set_side_to_move(WHITE);
                pos.set_clocks(0, 1);
                REQUIRE(pos.validate().empty());
                const bool exists = brute_force_mate(minor, colour, defender, LIGHT_SQUARES);  // a6 is light
                INFO(to_fen(pos) << ": a mate exists " << exists);
                CHECK(winnability::lone_minor_unwinnable(pos, WHITE) == !exists);
            }
        }
    }
}

TEST_CASE("lone minor: known answers", "[winnability]") {
    using winnability::lone_minor_unwinnable;
    // A knight mates a king hemmed in by its rook (Ka8 Rb8, Ka6 Nc7).
    CHECK_FALSE(lone_minor_unwinnable(test::fen("1r5k/8/8/8/8/8/8/K5N1 w - - 0 1"), WHITE));
    // ...but never a king beside a queen.
    CHECK(lone_minor_unwinnable(test::fen("6nk/8/8/8/4K3/8/3Q4/8 w - - 0 1"), BLACK));
    // A bishop never mates against a rook.
    CHECK(lone_minor_unwinnable(test::fen("3kr3/8/8/8/8/3KB3/8/8 b - - 0 1"), WHITE));
    // Two bishops of one colour give double check: blockers cannot answer it.
    CHECK_FALSE(lone_minor_unwinnable(test::fen("8/8/8/8/8/2b1k1b1/8/3RKR2 w - - 0 1"), BLACK));
    CHECK_FALSE(lone_minor_unwinnable(test::fen("5B2/7r/5K1k/7r/8/4B3/8/8 b - - 0 1"), WHITE));
    // Other material is not this proof's business.
    CHECK_FALSE(lone_minor_unwinnable(test::fen("4k3/8/8/8/8/8/8/2BBK3 w - - 0 1"), WHITE));
    CHECK_FALSE(lone_minor_unwinnable(test::fen("4k3/8/8/8/8/8/4P3/2B1K3 w - - 0 1"), WHITE));
}
