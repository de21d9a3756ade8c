#pragma once
// Zobrist keys, generated at compile time from a fixed seed.
#include <array>
#include <cstdint>

#include "rules/types.h"

namespace drawproxy::rules::zobrist {

struct Keys {
    std::uint64_t piece_square[16][64]{};
    std::uint64_t castling[16]{};
    // Which rook a right belongs to: in Chess960 "the right on the g1 rook" and "the right on
    // the h1 rook" are different positions with the same four right bits.
    std::uint64_t castling_rook[64]{};
    std::uint64_t ep_file[8]{};
    std::uint64_t side{};
};

constexpr Keys make_keys() {
    Keys k;
    std::uint64_t s = 0x9E3779B97F4A7C15ULL;
    auto next = [&s] {  // splitmix64
        std::uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    };
    for (auto& p : k.piece_square)
        for (auto& v : p) v = next();
    // A set of rights hashes as the XOR of its single rights, so play() can XOR differences.
    std::uint64_t single[4] = {next(), next(), next(), next()};
    for (int r = 0; r < 16; ++r)
        for (int i = 0; i < 4; ++i)
            if (r & (1 << i)) k.castling[r] ^= single[i];
    for (auto& v : k.ep_file) v = next();
    k.side = next();
    for (auto& v : k.castling_rook) v = next();
    return k;
}

inline constexpr Keys keys = make_keys();

}  // namespace drawproxy::rules::zobrist
