// The model of xboard's -testClaims: where it counts repetitions differently from the Laws.
#include <catch2/catch.hpp>

#include "proxy/xboard_arbiter.h"
#include "rules/notation.h"

namespace {

using namespace drawproxy;

rules::Game play(const char* fen, std::initializer_list<const char*> moves) {
    rules::Game g(rules::Position::from_fen(fen));
    for (const char* m : moves) {
        rules::Move mv = rules::parse_uci_move(g.position(), m);
        REQUIRE(!mv.is_none());
        g.play(mv);
    }
    return g;
}

// After ...d7d5 the white pawn on e5 stands beside it, but exd6 would open the fifth rank to
// the rook on h5: no e.p. capture is legal, so under the Laws the position is the same as the
// ones the knights' shuffle returns to. xboard keeps the e.p. file and never counts it.
const char* PINNED_EP = "6nk/3p4/8/K3P2r/8/8/8/6N1 b - - 0 1";

}  // namespace

TEST_CASE("xboard's count: the position after a double step beside an enemy pawn is not counted") {
    rules::Game g = play(PINNED_EP, {"d7d5", "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"});
    REQUIRE(!g.position_at(1).has_legal_en_passant());
    CHECK(g.repetition_count(9) == 3);  // the Laws: plies 1, 5 and 9
    CHECK(proxy::xboard::earlier_occurrences(g, 9, false) == 1);
    CHECK(!proxy::xboard::flags_draw(g, 9, false));
    g.play(rules::parse_uci_move(g.position(), "g1f3"));
    for (const char* m : {"g8f6", "f3g1", "f6g8"}) g.play(rules::parse_uci_move(g.position(), m));
    CHECK(proxy::xboard::earlier_occurrences(g, 13, false) == 2);
    CHECK(proxy::xboard::flags_draw(g, 13, false));
}

TEST_CASE("xboard's count: a start FEN with an e.p. field is not counted either") {
    rules::Game g = play("6nk/8/8/K2pP2r/8/8/8/6N1 w - d6 0 2",
                         {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"});
    CHECK(g.repetition_count(8) == 3);
    CHECK(proxy::xboard::earlier_occurrences(g, 8, true) == 1);
    CHECK(proxy::xboard::earlier_occurrences(g, 8, false) == 2);
}

TEST_CASE("xboard's count: only the last 100 plies, and never across a capture or pawn move") {
    // The knights come back to their squares at ply 8; then 100 plies of rook moves.
    std::vector<const char*> moves = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"};
    rules::Game g = play("rn2k1nr/8/8/8/8/8/8/RN2K1NR w - - 0 1", {});
    for (const char* m : moves) g.play(rules::parse_uci_move(g.position(), m));
    CHECK(proxy::xboard::earlier_occurrences(g, 8, false) == 2);
    for (int i = 0; i < 25; ++i)
        for (const char* m : {"a1a2", "a8a7", "a2a1", "a7a8"}) g.play(rules::parse_uci_move(g.position(), m));
    REQUIRE(g.ply_count() == 108);
    CHECK(g.repetition_count(108) == 28);
    CHECK(proxy::xboard::earlier_occurrences(g, 108, false) == 25);  // plies 8 .. 104; 0 and 4 are too far
    CHECK(proxy::xboard::flags_draw(g, 108, false));                 // and the 100 plies flag it anyway

    rules::Game p =
        play("4k3/4p3/8/8/8/8/4P3/4K1N1 w - - 0 1", {"g1f3", "e8d8", "f3g1", "d8e8", "e2e3", "e7e6"});
    for (const char* m : {"g1f3", "e8d8", "f3g1", "d8e8"}) p.play(rules::parse_uci_move(p.position(), m));
    CHECK(proxy::xboard::earlier_occurrences(p, 10, false) == 1);
}

TEST_CASE("xboard's material test: what it calls unable to mate") {
    auto dead = [](const char* fen) {
        return proxy::xboard::material_cannot_mate(rules::Position::from_fen(fen));
    };
    CHECK(dead("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));       // K v K
    CHECK(dead("4k3/8/8/8/8/8/8/4KN2 w - - 0 1"));      // K+N v K
    CHECK(dead("4k3/8/8/8/8/8/8/4KB2 w - - 0 1"));      // K+B v K
    CHECK(dead("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1"));    // bishops on one colour
    CHECK(!dead("4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1"));  // bishops on both colours
    CHECK(!dead("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1"));    // K+N+N v K
    CHECK(!dead("4kn2/8/8/8/8/8/8/4KN2 w - - 0 1"));    // K+N v K+N
    CHECK(!dead("4k3/4p3/8/8/8/8/8/4KN2 w - - 0 1"));   // a pawn
    CHECK(!dead("4kn2/8/8/8/8/8/8/2B1K3 w - - 0 1"));   // B v N
    // Blocked pawns are dead under the Laws, but not by xboard's material test.
    CHECK(!dead("8/8/4k3/1p1p1p1p/1P1P1P1P/4K3/8/8 w - - 0 1"));
}
