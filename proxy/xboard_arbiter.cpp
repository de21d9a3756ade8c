#include "proxy/xboard_arbiter.h"

#include "rules/bitboard.h"

namespace drawproxy::proxy::xboard {

namespace {

// The move into `ply` (>= 1) was a capture or a pawn move.
bool irreversible(const rules::Game& g, int ply) { return g.halfmove_clock(ply) == 0; }

// xboard keeps an e.p. file for this position (a double step with an enemy pawn beside it).
bool xboard_ep(const rules::Game& g, int ply, bool start_ep) {
    return ply == 0 ? start_ep : g.position_at(ply).ep_square() != rules::SQ_NONE;
}

constexpr rules::Bitboard DARK_SQUARES = 0xAA55AA55AA55AA55ull;

bool has_mating_potential(const rules::Position& p, rules::Color us, int bishop_colours) {
    using namespace rules;
    const Color them = ~us;
    int mine = popcount(p.pieces(us));
    const int theirs = popcount(p.pieces(them));
    if (mine == 1) return false;
    const int bishops = popcount(p.pieces(us, BISHOP));
    if (bishops && bishop_colours == 3) return true;
    mine += (bishops > 0) - bishops;  // like-coloured bishops count as one
    if (mine > 2) return true;
    if (p.pieces(us, KNIGHT))
        return p.pieces(them, KNIGHT) || p.pieces(them, BISHOP) || bishop_colours || theirs > 3;
    if (bishops) return p.pieces(them, KNIGHT) != 0;
    return true;  // a pawn, rook or queen
}

}  // namespace

int earlier_occurrences(const rules::Game& g, int ply, bool start_ep) {
    int count = 0;
    const rules::Position& now = g.position_at(ply);
    for (int k = ply - 2; k >= 0 && k >= ply - 100; k -= 2) {
        if (irreversible(g, k + 2) || irreversible(g, k + 1) || xboard_ep(g, k, start_ep)) break;
        if (g.position_at(k).same_position(now)) ++count;
    }
    return count;
}

bool material_cannot_mate(const rules::Position& p) {
    using namespace rules;
    const Bitboard b = p.pieces(BISHOP);
    const int bishop_colours = ((b & ~DARK_SQUARES) ? 1 : 0) | ((b & DARK_SQUARES) ? 2 : 0);
    return !has_mating_potential(p, WHITE, bishop_colours) && !has_mating_potential(p, BLACK, bishop_colours);
}

bool flags_draw(const rules::Game& g, int ply, bool start_ep) {
    if (ply == 0) return false;  // xboard judges a position only after the move that made it
    const rules::Position& p = g.position_at(ply);
    return earlier_occurrences(g, ply, start_ep) >= 2 || g.halfmove_clock(ply) >= 100 ||
           material_cannot_mate(p) || p.is_stalemate();
}

}  // namespace drawproxy::proxy::xboard
