#include "rules/material_legality.h"

#include <algorithm>

namespace drawproxy::rules {

int promoted_at_least(const Position& pos, Color c) {
    auto beyond = [](Bitboard men, int initial) { return std::max(0, popcount(men) - initial); };
    const Bitboard bishops = pos.pieces(c, BISHOP);
    return beyond(pos.pieces(c, QUEEN), 1) + beyond(pos.pieces(c, ROOK), 2) +
           beyond(pos.pieces(c, KNIGHT), 2) + beyond(bishops & LIGHT_SQUARES, 1) +
           beyond(bishops & DARK_SQUARES, 1);
}

std::string material_fault(const Position& pos) {
    for (Color c : {WHITE, BLACK}) {
        const std::string side = c == WHITE ? "white" : "black";
        const int kings = popcount(pos.pieces(c, KING));
        if (kings != 1)
            return side + " has " + std::to_string(kings) + " kings (a game has exactly one a side)";
        const int pawns = popcount(pos.pieces(c, PAWN));
        if (pawns > 8) return side + " has " + std::to_string(pawns) + " pawns (a game starts with 8)";
        const int promoted = promoted_at_least(pos, c);
        if (pawns + promoted > 8)
            return side + " has " + std::to_string(pawns) + " pawns and " + std::to_string(promoted) +
                   (promoted == 1 ? " piece" : " pieces") +
                   " beyond the initial set (each a promoted pawn: at most 8 pawns and promotions)";
    }
    return "";
}

}  // namespace drawproxy::rules
