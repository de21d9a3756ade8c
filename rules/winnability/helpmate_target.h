#pragma once
// Mating patterns for target-directed helpmate search. For a position with little material,
// builds checkmate placements reachable in principle from it: the loser's king on a square
// near its own, one of the winner's men giving check, the winner's king two squares away,
// the loser's men as blockers on flight squares, every other man where it stands. Each
// placement is checked to be a real checkmate. The search then walks the men toward it.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "rules/position.h"

namespace drawproxy::rules::winnability::helpmate_detail {

struct Target {
    // Where each kind of man should stand: one entry per man that moves, by piece.
    struct Spot {
        Piece piece;
        Square square;
        Square promotion = SQ_NONE;  // set: a pawn becomes `piece` there, then walks on
    };
    Spot spots[6];
    int count = 0;
    int estimate = 0;  // moves to get there from the root, both sides together
    // A waypoint rather than a mate: the winner's king, the one spot, takes the loser's man
    // there; the search goes on from there (helpmate_search.cpp).
    bool capture = false;
    // With `capture`: the king's steps to the spot from each square, round the squares the
    // loser's pawns guard (nullptr: steps on an empty board).
    const std::uint8_t* king_steps = nullptr;
};

// Is the material little enough for build_targets (at most two men a side besides the kings)?
bool patterns_apply(const Position& pos);

// Up to `max_targets` patterns, nearest first. Empty when the material is too rich.
std::vector<Target> build_targets(const Position& pos, Color winner, int max_targets);

constexpr int NEVER = 99;

// Knight moves between two squares on an empty board, worked out at compile time.
struct KnightDistance {
    std::uint8_t d[64][64];
    constexpr KnightDistance() : d{} {
        constexpr int jumps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
        for (int from = 0; from < 64; ++from) {
            for (int to = 0; to < 64; ++to) d[from][to] = NEVER;
            d[from][from] = 0;
            int queue[64] = {}, head = 0, tail = 0;
            queue[tail++] = from;
            while (head < tail) {
                const int s = queue[head++];
                for (const auto& j : jumps) {
                    const int f = s % 8 + j[0], r = s / 8 + j[1];
                    if (f < 0 || f > 7 || r < 0 || r > 7 || d[from][r * 8 + f] != NEVER) continue;
                    d[from][r * 8 + f] = std::uint8_t(d[from][s] + 1);
                    queue[tail++] = r * 8 + f;
                }
            }
        }
    }
};
inline constexpr KnightDistance KNIGHT_DISTANCE{};

// Moves a man of `piece` needs from `from` to `to` on an empty board (99: never). Inline: the
// target-directed ordering asks for it on every move.
inline int man_distance(Piece piece, Square from, Square to) {
    if (from == to) return 0;
    switch (type_of(piece)) {
        case KING: {
            const int f = std::abs(file_of(from) - file_of(to)), r = std::abs(rank_of(from) - rank_of(to));
            return std::max(f, r);
        }
        case KNIGHT:
            return KNIGHT_DISTANCE.d[from][to];
        case BISHOP:
            if (((file_of(from) + rank_of(from)) ^ (file_of(to) + rank_of(to))) & 1) return NEVER;
            return bishop_attacks(from, 0) & square_bb(to) ? 1 : 2;
        case ROOK:
            return rook_attacks(from, 0) & square_bb(to) ? 1 : 2;
        case QUEEN:
            return queen_attacks(from, 0) & square_bb(to) ? 1 : 2;
        case PAWN: {
            const Color c = color_of(piece);
            if (file_of(from) != file_of(to)) return NEVER;
            const int ahead = relative_rank(c, rank_of(to)) - relative_rank(c, rank_of(from));
            return ahead > 0 ? ahead : NEVER;
        }
        default:
            return NEVER;
    }
}

// Moves a man needs to fill `spot`: a man of its kind walks there, or a pawn promotes first.
// `piece` on `from` is the man; 99 when it cannot.
inline int spot_distance(Piece piece, Square from, const Target::Spot& spot) {
    if (piece == spot.piece) return man_distance(piece, from, spot.square);
    if (spot.promotion == SQ_NONE || piece != make_piece(color_of(spot.piece), PAWN)) return NEVER;
    const int walk = man_distance(piece, from, spot.promotion);
    return walk >= NEVER ? NEVER : walk + man_distance(spot.piece, spot.promotion, spot.square);
}

// Remaining moves to reach `target` from `pos`: for every spot, the nearest man of its kind.
int target_distance(const Position& pos, const Target& target);

}  // namespace drawproxy::rules::winnability::helpmate_detail
