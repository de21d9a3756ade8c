#include "tournament/book_order.h"

#include <algorithm>
#include <numeric>
#include <random>

namespace drawproxy::tournament {

CutechessRandom::CutechessRandom(std::uint32_t seed) {
    state_[0] = seed;
    for (std::uint32_t i = 1; i < 624; ++i)
        state_[i] = 0x6C078965u * (state_[i - 1] ^ (state_[i - 1] >> 30)) + i;
}

void CutechessRandom::refill() {
    for (int i = 0; i < 624; ++i) {
        // cutechess-cli's: the low bit of this word (the standard twister's high bit) added
        const std::uint32_t y = (state_[i] & 0x1u) + (state_[(i + 1) % 624] & 0x7FFFFFFFu);
        state_[i] = state_[(i + 397) % 624] ^ (y >> 1);
        if (y % 2) state_[i] ^= 0x9908B0DFu;
    }
}

std::uint32_t CutechessRandom::next() {
    if (index_ == 0) refill();
    std::uint32_t y = state_[index_];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9D2C5680u;
    y ^= (y << 15) & 0xEFC60000u;
    y ^= y >> 18;
    index_ = (index_ + 1) % 624;
    return y;
}

namespace {

template <class Next>
void knuth_shuffle(std::vector<std::size_t>& v, Next next) {
    for (std::size_t i = 0; i + 2 <= v.size(); ++i) std::swap(v[i], v[i + next() % (v.size() - i)]);
}

}  // namespace

std::vector<std::size_t> shuffled_book_order(std::size_t n, std::uint64_t seed, Dialect dialect) {
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    if (dialect == Dialect::cutechess) {
        CutechessRandom rng{std::uint32_t(seed)};
        knuth_shuffle(order, [&] { return std::uint64_t(rng.next()); });
    } else if (dialect == Dialect::fastchess) {
        std::mt19937_64 rng(seed);
        knuth_shuffle(order, [&] { return std::uint64_t(rng()); });
    } else {
        std::mt19937_64 rng(seed);
        std::shuffle(order.begin(), order.end(), rng);
    }
    return order;
}

std::size_t draws_before_tournament(const MatchOptions& opts, std::size_t n) {
    if (opts.dialect != Dialect::cutechess || !opts.openings || !opts.openings->random || n < 2) return 0;
    return n - 1;  // knuth_shuffle's draws
}

}  // namespace drawproxy::tournament
