// A shuffled book is played in each runner's own order: the real runners' first openings from
// configs/openings/classical.epd (10 positions) for a given -srand, recorded from cutechess-cli
// 1.5.1 and fastchess 58072f23 runs (the FEN tags of their PGNs, as lines of the file).
#include <algorithm>
#include <catch2/catch.hpp>

#include "tournament/book_order.h"

using namespace drawproxy::tournament;

TEST_CASE("order=random: cutechess-cli's and fastchess's shuffles of the seed", "[tournament][openings]") {
    // cutechess-cli -srand 5 ... order=random -games 4: lines 6, 5, 8, 7.
    const auto cc = shuffled_book_order(10, 5, Dialect::cutechess);
    CHECK(std::vector<std::size_t>(cc.begin(), cc.begin() + 4) == std::vector<std::size_t>{5, 4, 7, 6});
    // fastchess -srand 7 ... order=random start=2 -rounds 3: lines 8, 9, 1 (from the second place on).
    const auto fc = shuffled_book_order(10, 7, Dialect::fastchess);
    CHECK(std::vector<std::size_t>(fc.begin() + 1, fc.begin() + 4) == std::vector<std::size_t>{7, 8, 0});
    for (Dialect d : {Dialect::cutechess, Dialect::fastchess, Dialect::drawproxy}) {
        auto order = shuffled_book_order(1000, 12345, d);
        CHECK(order != shuffled_book_order(1000, 12346, d));
        std::sort(order.begin(), order.end());
        for (std::size_t i = 0; i < order.size(); ++i) REQUIRE(order[i] == i);  // a permutation
    }
    CHECK(shuffled_book_order(0, 1, Dialect::cutechess).empty());
    CHECK(shuffled_book_order(1, 1, Dialect::fastchess) == std::vector<std::size_t>{0});
}
