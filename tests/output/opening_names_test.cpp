// fastchess's ECO and Opening tags: the table of named positions (lichess's chess-openings) and
// how a game is named from it.
#include <catch2/catch.hpp>
#include <stdexcept>

#include "output/opening_names.h"
#include "rules/notation.h"
#include "support/uci_moves.h"

using namespace drawproxy;
using namespace drawproxy::output;

namespace {

rules::Position after(const std::string& uci_moves) {
    rules::Position pos;
    test::play_uci(pos, uci_moves);
    return pos;
}

}  // namespace

TEST_CASE("opening names: the built-in table names positions, transpositions included", "[output][pgn]") {
    const OpeningNames& names = OpeningNames::builtin();
    CHECK(names.size() == 3536);  // each line a position of its own
    const OpeningName* ruy = names.find(after("e2e4 e7e5 g1f3 b8c6 f1b5"));
    REQUIRE(ruy);
    CHECK(ruy->eco == "C60");
    CHECK(ruy->name == "Ruy Lopez");
    // The same position by another order of moves.
    const OpeningName* again = names.find(after("g1f3 b8c6 e2e4 e7e5 f1b5"));
    REQUIRE(again);
    CHECK(again->name == "Ruy Lopez");
    // An en passant capture open after the last move is part of the position named.
    const OpeningName* benoni = names.find(after("d2d4 c7c5 d4d5 e7e5"));
    REQUIRE(benoni);
    CHECK(benoni->name == "Benoni Defense: Old Benoni");
    CHECK(names.find(rules::Position()) == nullptr);  // the start has no name
    CHECK(names.find(after("a2a3 a7a6 h2h3 h7h6 b2b3 b7b6")) == nullptr);
}

TEST_CASE("opening names: the first line to reach a position names it, a bad line is refused",
          "[output][pgn]") {
    const OpeningNames names(
        "eco\tname\tpgn\n"
        "C44\tKing's Knight Opening: Normal Variation\t1. e4 e5 2. Nf3 Nc6\n"
        "C20\tSame position, later line\t1. Nf3 Nc6 2. e4 e5\n"
        "A00\tAmar Opening\t1. Nh3\n");
    CHECK(names.size() == 2);
    const OpeningName* n = names.find(after("g1f3 b8c6 e2e4 e7e5"));
    REQUIRE(n);
    CHECK(n->eco == "C44");
    CHECK(names.find(after("g2g3")) == nullptr);
    CHECK_THROWS_AS(OpeningNames("eco\tname\tpgn\nA00\tNonsense\t1. Nh3 Nh3\n"), std::runtime_error);
    CHECK_THROWS_AS(OpeningNames("eco\tname\tpgn\nA00\tNo moves\t\n"), std::runtime_error);
}
