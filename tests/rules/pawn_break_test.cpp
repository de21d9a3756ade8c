// pawn_break_helpmate: every line it returns must be legal and end in the winner's mate; on
// the composed walls it is written for, it must find one.
#include <catch2/catch.hpp>
#include <random>

#include "rules/winnability/pawn_break.h"
#include "winnability_support.h"

using namespace drawproxy;
using rules::BLACK;
using rules::WHITE;
using rules::winnability::pawn_break_helpmate;
using rules::winnability::promotion_distance;

namespace {

void require_line(const std::string& text, rules::Color winner, std::uint64_t budget) {
    INFO(text << (winner == WHITE ? " (white mates)" : " (black mates)"));
    const rules::Position pos = test::fen(text);
    const auto result = pawn_break_helpmate(pos, winner, budget);
    REQUIRE(result.found);
    CHECK(result.nodes <= budget);
    CHECK(test::witness_error(pos, winner, result.line) == "");
}

}  // namespace

TEST_CASE("pawn break: composed walls opened by a sacrifice", "[pawn_break]") {
    // A bishop offered to the pawn behind the blocker; the blocker takes the pawn that took
    // it and the winner's pawn behind walks through (community positions the other searches
    // miss at a million nodes).
    require_line("k1b5/8/8/1p1p1p1p/1PbP1PpP/6P1/6P1/K1B5 w - -", BLACK, 100000);
    require_line("k1b5/8/8/1p1p1p1p/1PbP1PpP/6P1/6P1/K1B1B3 w - -", BLACK, 150000);
    require_line("k1b5/8/8/1pBpBpBp/bPbP1PpP/Pp4P1/1P4P1/K1B1B3 w - -", BLACK, 150000);
    // The winner's bishop is the only free man: the queen comes from a pawn.
    require_line("7b/6Q1/4Bk2/p1p1p1p1/P1P1P1P1/8/3K4/8 b - -", BLACK, 30000);
    // The queen's finishing search fails here; the line found promotes a rook.
    require_line("8/5p2/8/6P1/6pp/6pk/p5pr/rn4K1 b - -", WHITE, 80000);
}

TEST_CASE("pawn break: mates with no promotion", "[pawn_break]") {
    // No pawn of the winner: the search goes by the mating net alone (its second half).
    require_line("8/8/8/3k4/8/8/8/R3K3 w - -", WHITE, 40000);
    require_line("8/8/8/8/3K4/8/2Q5/6k1 b - -", WHITE, 40000);
}

TEST_CASE("pawn break: the estimate sees a file open", "[pawn_break]") {
    // The same black g-pawn, blocked by two white pawns, by one, by none.
    const int two = promotion_distance(test::fen("k7/8/8/8/6p1/6P1/6P1/K7 w - -"), BLACK);
    const int one = promotion_distance(test::fen("k7/8/8/8/6p1/6P1/8/K7 w - -"), BLACK);
    const int none = promotion_distance(test::fen("k7/8/8/8/6p1/8/8/K7 w - -"), BLACK);
    CHECK(two > one);
    CHECK(one > none);
    // A man offered to the blocker counts as half its removal.
    const int offered = promotion_distance(test::fen("k7/8/8/8/5bp1/6P1/8/K7 w - -"), BLACK);
    CHECK(offered < promotion_distance(test::fen("k7/8/8/8/6p1/6P1/8/Kb6 w - -"), BLACK));
    // Round the blocker by a capture on f3 or h3 (light squares): White's light bishop could be
    // taken there, its dark one never.
    const int light = promotion_distance(test::fen("k7/8/8/8/6p1/6P1/8/KB6 w - -"), BLACK);
    const int dark = promotion_distance(test::fen("k7/8/8/8/6p1/6P1/8/K1B5 w - -"), BLACK);
    CHECK(light < dark);
}

TEST_CASE("pawn break: lines from random positions are real mates", "[pawn_break]") {
    // Random kings, pawns and a few pieces; whatever is found is replayed move by move.
    std::mt19937 rng(20261130);
    const rules::Piece pieces[] = {
        rules::make_piece(WHITE, rules::BISHOP), rules::make_piece(BLACK, rules::BISHOP),
        rules::make_piece(WHITE, rules::KNIGHT), rules::make_piece(BLACK, rules::KNIGHT),
        rules::make_piece(WHITE, rules::ROOK),   rules::make_piece(BLACK, rules::ROOK)};
    int tried = 0, found = 0;
    while (tried < 120) {
        rules::Position pos(rules::Position::Uninitialised{});
        rules::Bitboard used = 0;
        auto place = [&](rules::Piece p, int low, int high) {
            for (;;) {
                const auto s = rules::Square(low + int(rng() % unsigned(high - low)));
                if (used & rules::square_bb(s)) continue;
                used |= rules::square_bb(s);
                pos.put_piece(p, s);
                return;
            }
        };
        place(rules::make_piece(WHITE, rules::KING), 0, 64);
        place(rules::make_piece(BLACK, rules::KING), 0, 64);
        for (int i = int(rng() % 4); i >= 0; --i) place(rules::make_piece(WHITE, rules::PAWN), 8, 56);
        for (int i = int(rng() % 4); i >= 0; --i) place(rules::make_piece(BLACK, rules::PAWN), 8, 56);
        for (int i = int(rng() % 3); i > 0; --i) place(pieces[rng() % 6], 0, 64);
        pos.set_side_to_move(rng() % 2 ? WHITE : BLACK);
        if (pos.validate() != "" || !pos.has_legal_moves()) continue;
        ++tried;
        for (rules::Color winner : {WHITE, BLACK}) {
            const auto result = pawn_break_helpmate(pos, winner, 3000);
            CHECK(result.nodes <= 3000);
            if (!result.found) continue;
            ++found;
            INFO(pos.fen());
            CHECK(test::witness_error(pos, winner, result.line) == "");
        }
    }
    // Most such positions have a short helpmate: finding none would mean a broken search.
    CHECK(found > 60);
}
