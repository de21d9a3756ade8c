#pragma once
// Shared by the notation fuzz targets: input framing and invariant checks that abort loudly.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "rules/notation.h"

namespace drawproxy::fuzz {

[[noreturn]] inline void fail(const char* what, const std::string& detail) {
    std::fprintf(stderr, "invariant broken: %s\n  %s\n", what, detail.c_str());
    std::abort();
}

inline void check(bool ok, const char* what, const std::string& detail) {
    if (!ok) fail(what, detail);
}

// Positions the move readers are fuzzed in when the input brings no FEN of its own: castling
// both ways, en passant (legal and pinned), promotions, ambiguous pieces, Chess960.
inline constexpr std::pair<const char*, bool> SEED_POSITIONS[] = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", true},
    {"4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2", false},
    {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", false},
    {"1n1nk3/2P5/8/8/8/8/5p2/4K1N1 w - - 0 1", false},
    {"1n1nk3/2P5/8/8/8/8/5p2/6NK b - - 0 1", false},
    {"6k1/8/8/8/8/Q7/8/Q1Q4K w - - 0 1", false},
    {"4k3/8/8/b7/8/5N2/3N4/4K1N1 w - - 0 1", false},
    {"1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w KQkq - 0 1", true},
    {"4k3/8/8/8/8/8/8/5K1R w K - 0 1", true},
    {"4k3/8/8/8/8/8/8/rR1K4 w Q - 0 1", true},
    {"1r2k1r1/8/8/8/8/8/8/4K3 b kq - 0 1", true},
};

// Input: "FEN\nTEXT" reads the FEN (Chess960 when the first byte is odd; the position falls
// back to a seed one if the FEN does not parse), or, without a newline, the first byte picks
// a seed position and the rest is the text.
inline std::string_view split_input(const std::uint8_t* data, std::size_t size, rules::Position& pos) {
    std::string_view all(reinterpret_cast<const char*>(data), size);
    if (all.empty()) {
        pos = rules::Position();
        return all;
    }
    const auto& seed = SEED_POSITIONS[data[0] % std::size(SEED_POSITIONS)];
    pos = rules::Position::from_fen(seed.first, seed.second);
    auto nl = all.find('\n');
    if (nl == std::string_view::npos) return all.substr(1);
    std::string error;
    rules::parse_fen(all.substr(1, nl - 1), data[0] & 1, pos, error);
    return all.substr(nl + 1);
}

}  // namespace drawproxy::fuzz
