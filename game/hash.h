#pragma once
// The two hashes that are not chess: FNV-1a (64 bits) for identities (a book's content, the
// match id) and splitmix64 for seeded choices (book moves, each game's seed). Pure.
#include <cstdint>
#include <string_view>

namespace drawproxy::game {

inline std::uint64_t fnv1a(std::string_view text, std::uint64_t hash = 0xcbf29ce484222325ULL) {
    for (unsigned char c : text) {
        hash ^= c;
        hash *= 0x100000001b3ULL;
    }
    return hash;
}

// splitmix64: one step of the generator, `state` advanced.
inline std::uint64_t next_random(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

}  // namespace drawproxy::game
