#pragma once
// Mating patterns for target-directed helpmate search. For a position with little material,
// builds checkmate placements reachable in principle from it: the loser's king on a square
// near its own, one of the winner's men giving check, the winner's king two squares away,
// the loser's men as blockers on flight squares, every other man where it stands. Each
// placement is checked to be a real checkmate. The search then walks the men toward it.
#include <cstdint>
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
};

// Is the material little enough for build_targets (at most two men a side besides the kings)?
bool patterns_apply(const Position& pos);

// Up to `max_targets` patterns, nearest first. Empty when the material is too rich.
std::vector<Target> build_targets(const Position& pos, Color winner, int max_targets);

// Moves a man of `piece` needs from `from` to `to` on an empty board (99: never).
int man_distance(Piece piece, Square from, Square to);

// Moves a man needs to fill `spot`: a man of its kind walks there, or a pawn promotes first.
// `piece` on `from` is the man; 99 when it cannot.
int spot_distance(Piece piece, Square from, const Target::Spot& spot);

// Remaining moves to reach `target` from `pos`: for every spot, the nearest man of its kind.
int target_distance(const Position& pos, const Target& target);

}  // namespace drawproxy::rules::winnability::helpmate_detail
