#include "rules/winnability/pawn_lock.h"

namespace drawproxy::rules::winnability {
namespace {

// Where the men of both sides can ever be, assuming the pawns in `fixed` never move and
// are never captured. Every set is an over-approximation: sliders are blocked only by
// fixed pawns, any other man may step aside or be captured.
struct Regions {
    Bitboard stand[2] = {0, 0};   // squares a non-king man of the side can ever stand on
    Bitboard attack[2] = {0, 0};  // squares such a man can ever attack
    Bitboard king[2] = {0, 0};    // squares the king can ever stand on
    Bitboard fixed_attacks[2] = {0, 0};
};

Bitboard pawn_attacks_set(Color c, Bitboard b) {
    return c == WHITE ? pawn_attacks_bb<WHITE>(b) : pawn_attacks_bb<BLACK>(b);
}

// Floods the moves of piece type `pt` from `start`, never entering `fixed`; adds the
// squares attacked on the way to `attacked`.
Bitboard flood(PieceType pt, Bitboard start, Bitboard fixed, Bitboard& attacked) {
    Bitboard reach = start, frontier = start;
    while (frontier) {
        const Square s = pop_lsb(frontier);
        const Bitboard a = attacks_bb(pt, s, fixed);
        attacked |= a;
        const Bitboard fresh = a & ~fixed & ~reach;
        reach |= fresh;
        frontier |= fresh;
    }
    return reach;
}

Bitboard flood_king(Square start, Bitboard forbidden) {
    Bitboard reach = square_bb(start), frontier = reach;
    while (frontier) {
        const Bitboard fresh = king_attacks(pop_lsb(frontier)) & ~forbidden & ~reach;
        reach |= fresh;
        frontier |= fresh;
    }
    return reach;
}

Regions compute_regions(const Position& pos, Bitboard fixed) {
    Regions r;
    for (Color c : {WHITE, BLACK}) r.fixed_attacks[c] = pawn_attacks_set(c, fixed & pos.pieces(c, PAWN));
    for (Color c : {WHITE, BLACK}) {
        // Free pawns: every square ahead or diagonally ahead they might reach, and the
        // promotion squares, where any piece may appear.
        const int push = pawn_push(c);
        const Bitboard last = rank_bb(relative_rank(c, 7));
        Bitboard pawns = pos.pieces(c, PAWN) & ~fixed, frontier = pawns;
        while (frontier) {
            const Square s = pop_lsb(frontier);
            const Bitboard captures = pawn_attacks(c, s);
            r.attack[c] |= captures;
            Bitboard next = (captures | square_bb(Square(s + push))) & ~fixed & ~pawns;
            pawns |= next;
            frontier |= next & ~last;
        }
        const Bitboard promotions = pawns & last;
        r.stand[c] |= pawns;
        for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) {
            const Bitboard start = pos.pieces(c, pt) | promotions;
            if (start) r.stand[c] |= flood(pt, start, fixed, r.attack[c]);
        }
        r.king[c] =
            flood_king(pos.king_square(c), fixed | r.fixed_attacks[~c]) | square_bb(pos.king_square(c));
    }
    return r;
}

// Removes from `fixed` every pawn that could move or be captured given the regions.
Bitboard still_fixed(const Position& pos, Bitboard fixed, const Regions& r) {
    Bitboard keep = 0;
    for (Color c : {WHITE, BLACK}) {
        const Color them = ~c;
        const int push = pawn_push(c);
        Bitboard pawns = fixed & pos.pieces(c, PAWN);
        while (pawns) {
            const Square s = pop_lsb(pawns);
            if (!(fixed & square_bb(Square(s + push)))) continue;  // it may advance
            const Bitboard targets = pawn_attacks(c, s);
            if (targets & (r.stand[them] | (fixed & pos.pieces(them)))) continue;  // it may capture
            if (r.attack[them] & square_bb(s)) continue;                           // a man may take it
            // The enemy king may take it unless another fixed pawn guards it.
            if ((king_attacks(s) & r.king[them]) && !(r.fixed_attacks[c] & square_bb(s))) continue;
            keep |= square_bb(s);
        }
    }
    return keep;
}

}  // namespace

bool locked_unwinnable(const Position& pos, Color winner) {
    const Bitboard white_pawns = pos.pieces(WHITE, PAWN), black_pawns = pos.pieces(BLACK, PAWN);
    // Only pawns with a pawn right in front can be fixed for ever.
    Bitboard fixed = (white_pawns & shift<-8>(pos.pieces(PAWN))) | (black_pawns & shift<8>(pos.pieces(PAWN)));
    // An en passant capture open right now frees the capturers and the pawn just pushed.
    if (pos.ep_square() != SQ_NONE && pos.has_legal_en_passant()) {
        const Color us = pos.side_to_move();
        const Square ep = pos.ep_square();
        fixed &= ~(pawn_attacks(~us, ep) & pos.pieces(us, PAWN)) & ~square_bb(Square(ep + pawn_push(~us)));
    }
    if (!fixed) return false;
    Regions r;
    for (;;) {
        r = compute_regions(pos, fixed);
        const Bitboard next = still_fixed(pos, fixed, r);
        if (next == fixed) break;
        fixed = next;
        if (!fixed) return false;
    }
    const Color loser = ~winner;
    // A mate needs a check by a man of the winner (kings never give check) on a square the
    // losing king can stand on, with every neighbour blocked or covered.
    Bitboard mate_squares = r.king[loser] & r.attack[winner];
    if (!mate_squares) return true;
    Bitboard winner_king_cover = 0;
    for (Bitboard b = r.king[winner]; b;) winner_king_cover |= king_attacks(pop_lsb(b));
    const Bitboard covered =
        fixed | r.fixed_attacks[winner] | r.stand[loser] | r.attack[winner] | winner_king_cover;
    while (mate_squares) {
        const Square k = pop_lsb(mate_squares);
        if (!(king_attacks(k) & ~covered)) return false;
    }
    return true;
}

}  // namespace drawproxy::rules::winnability
