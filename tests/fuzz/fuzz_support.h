#pragma once
// Shared by the notation fuzz targets: input framing, the common part of the move readers'
// targets, and invariant checks that abort loudly.
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

// The position after `m` has a FEN the reader takes back, to the same position (a clock at
// the reader's bound once went one past it).
inline void check_played_fen(const rules::Position& pos, rules::Move m, const std::string& detail) {
    rules::Position child = pos;
    child.play(m);
    rules::Position again(rules::Position::Uninitialised{});
    std::string error;
    check(
        rules::parse_fen(rules::to_fen(child), child.chess960(), again, error) && again.same_position(child),
        "the FEN after the move reads back", detail + ": " + error);
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

// One move-reader case: the position and text the input gives, and the move read from them.
struct MoveCase {
    rules::Position pos;
    std::string_view text;
    rules::Move move = rules::Move::none();
    std::string detail;  // "FEN | text", for the failure message
};

// The start every move-reader target shares: inputs over 512 bytes are skipped, the position and
// text come from split_input, and `read` reads the move. Checks what holds for any reader: a
// refused text names its fault, an accepted one is legal. True when a move was accepted and the
// target has its own invariants to check.
using MoveReader = rules::Move (*)(const rules::Position&, std::string_view, std::string&);
inline bool read_move(const std::uint8_t* data, std::size_t size, MoveReader read, MoveCase& c) {
    if (size > 512) return false;
    c.text = split_input(data, size, c.pos);
    std::string error;
    c.move = read(c.pos, c.text, error);
    c.detail = rules::to_fen(c.pos) + " | " + std::string(c.text);
    if (c.move.is_none()) {
        check(!error.empty(), "a refused move names its fault", c.detail);
        return false;
    }
    check(c.pos.is_legal(c.move), "an accepted move is legal", c.detail);
    check_played_fen(c.pos, c.move, c.detail);
    return true;
}

}  // namespace drawproxy::fuzz
