#pragma once
// The order a shuffled book (order=random) is played in. Each runner has its own shuffle of the
// seed: the same -srand gives the same openings as that runner only with its own.
#include <cstdint>
#include <vector>

#include "tournament/settings.h"

namespace drawproxy::tournament {

// cutechess-cli 1.5's generator (its Mersenne class): a 32-bit Mersenne Twister whose state
// update takes the low bit of each word where the standard one takes the high bit; seeded by
// -srand as cutechess-cli seeds it.
class CutechessRandom {
  public:
    explicit CutechessRandom(std::uint32_t seed);
    std::uint32_t next();

  private:
    void refill();
    std::uint32_t state_[624];
    int index_ = 0;
};

// The indices 0..n-1 in the order the dialect's runner plays a book shuffled by `seed`: both
// runners' Knuth shuffle (place i takes the entry at i + r % (n - i)) of cutechess-cli's
// generator or fastchess's std::mt19937_64; drawproxy's own: std::shuffle of std::mt19937_64.
std::vector<std::size_t> shuffled_book_order(std::size_t n, std::uint64_t seed, Dialect dialect);

// How many numbers cutechess-cli's generator has given before a tournament's own draws (a
// knockout's bracket): the shuffle of a book of `n` openings, run by the same -srand when the
// options are read. Other runners (and no shuffle) take none from it.
std::size_t draws_before_tournament(const MatchOptions& opts, std::size_t n);

}  // namespace drawproxy::tournament
