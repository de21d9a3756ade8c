#include "rules/winnability/pawn_lock.h"

#include <array>

namespace drawproxy::rules::winnability {
namespace {

// Where the men can ever be, assuming the men in `frozen` never move and are never
// captured. Every set is an over-approximation: sliders are blocked only by frozen men,
// any other man may step aside or be captured.
struct Regions {
    Bitboard stand[2] = {0, 0};      // squares a non-frozen, non-king man can ever stand on
    Bitboard attack[2] = {0, 0};     // squares such a man can ever attack
    Bitboard king[2] = {0, 0};       // squares the king can ever stand on
    Bitboard permanent[2] = {0, 0};  // squares attacked for ever by frozen men
};

Bitboard pawn_attacks_set(Color c, Bitboard b) {
    return c == WHITE ? pawn_attacks_bb<WHITE>(b) : pawn_attacks_bb<BLACK>(b);
}

// Floods the moves of piece type `pt` from `start`, never entering `frozen`; adds the
// squares attacked on the way to `attacked`.
Bitboard flood(PieceType pt, Bitboard start, Bitboard frozen, Bitboard& attacked) {
    Bitboard reach = start, frontier = start;
    while (frontier) {
        const Square s = pop_lsb(frontier);
        const Bitboard a = attacks_bb(pt, s, frozen);
        attacked |= a;
        const Bitboard fresh = a & ~frozen & ~reach;
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

Regions compute_regions(const Position& pos, Bitboard frozen) {
    Regions r;
    for (Color c : {WHITE, BLACK}) {
        const Bitboard mine = frozen & pos.pieces(c);
        r.permanent[c] = pawn_attacks_set(c, mine & pos.pieces(PAWN));
        // Frozen pieces guard for ever what they touch: nothing can step in between.
        for (Bitboard b = mine & ~pos.pieces(PAWN); b;) {
            const Square s = pop_lsb(b);
            const PieceType pt = type_of(pos.piece_on(s));
            r.permanent[c] |= pt == KNIGHT ? knight_attacks(s) : attacks_bb(pt, s, frozen) & king_attacks(s);
        }
    }
    for (Color c : {WHITE, BLACK}) {
        // Free pawns: every square ahead or diagonally ahead they might reach, and the
        // promotion squares, where any piece may appear.
        const int push = pawn_push(c);
        const Bitboard last = rank_bb(relative_rank(c, 7));
        Bitboard pawns = pos.pieces(c, PAWN) & ~frozen, frontier = pawns;
        while (frontier) {
            const Square s = pop_lsb(frontier);
            const Bitboard captures = pawn_attacks(c, s);
            r.attack[c] |= captures;
            Bitboard next = (captures | square_bb(Square(s + push))) & ~frozen & ~pawns;
            pawns |= next;
            frontier |= next & ~last;
        }
        const Bitboard promotions = pawns & last;
        r.stand[c] |= pawns;
        for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) {
            const Bitboard start = (pos.pieces(c, pt) & ~frozen) | promotions;
            if (start) r.stand[c] |= flood(pt, start, frozen, r.attack[c]);
        }
        const Square king = pos.king_square(c);
        r.king[c] = (frozen & square_bb(king)) ? square_bb(king) : flood_king(king, frozen | r.permanent[~c]);
    }
    return r;
}

// Can the man on `s` (not a king) be captured, given the regions?
bool capturable(const Position& pos, Square s, Color c, const Regions& r, Bitboard frozen) {
    const Color them = ~c;
    if (r.attack[them] & square_bb(s)) return true;
    // The enemy king takes it unless it is guarded for ever (or that king never moves).
    const bool king_moves = !(frozen & pos.pieces(them, KING));
    return king_moves && (king_attacks(s) & r.king[them]) && !(r.permanent[c] & square_bb(s));
}

// Keeps in `frozen` only the men that cannot move or be captured given the regions.
Bitboard still_frozen(const Position& pos, Bitboard frozen, const Regions& r) {
    Bitboard keep = 0;
    for (Color c : {WHITE, BLACK}) {
        const Color them = ~c;
        const Bitboard own = frozen & pos.pieces(c),
                       their_men = frozen & pos.pieces(them) & ~pos.pieces(KING);
        for (Bitboard b = own; b;) {
            const Square s = pop_lsb(b);
            const PieceType pt = type_of(pos.piece_on(s));
            if (pt == PAWN) {
                if (!(frozen & square_bb(Square(s + pawn_push(c))))) continue;   // it may advance
                if (pawn_attacks(c, s) & (r.stand[them] | their_men)) continue;  // it may capture
            } else if (pt == KING) {
                if (pos.castling_rights() & (c == WHITE ? 3 : 12)) continue;
                // Every neighbour must be its own frozen man, or attacked for ever.
                const Bitboard open = king_attacks(s) & ~own & ~r.permanent[them];
                if (open) continue;
                keep |= square_bb(s);
                continue;
            } else if (attacks_bb(pt, s, frozen) & ~own) {
                continue;  // it has somewhere to go, or something to take
            }
            if (!capturable(pos, s, c, r, frozen)) keep |= square_bb(s);
        }
    }
    return keep;
}

// The squares each loose (not frozen) man of a side can ever stand on, one set per man,
// to check that distinct men can fill a set of squares at the same time.
class Blockers {
  public:
    Blockers(const Position& pos, Color c, Bitboard frozen) {
        const Bitboard men = pos.pieces(c) & ~pos.pieces(KING) & ~frozen;
        overflow_ = popcount(men) > 16;  // cannot happen in chess; stay sound if it does
        for (Bitboard b = men; b && !overflow_;) {
            const Square s = pop_lsb(b);
            const PieceType pt = type_of(pos.piece_on(s));
            Bitboard unused = 0;
            if (pt != PAWN) {
                region_[count_++] = flood(pt, square_bb(s), frozen, unused);
                continue;
            }
            const int push = pawn_push(c);
            const Bitboard last = rank_bb(relative_rank(c, 7));
            Bitboard reach = square_bb(s), frontier = reach;
            while (frontier) {
                const Square x = pop_lsb(frontier);
                const Bitboard next = (pawn_attacks(c, x) | square_bb(Square(x + push))) & ~frozen & ~reach;
                reach |= next;
                frontier |= next & ~last;
            }
            for (PieceType promo : {KNIGHT, BISHOP, ROOK, QUEEN})
                if (reach & last) reach |= flood(promo, reach & last, frozen, unused);
            region_[count_++] = reach;
        }
    }

    // Can distinct men stand on every square of `squares` at once (as far as regions tell)?
    bool can_fill(Bitboard squares) {
        if (overflow_) return true;
        if (popcount(squares) > count_) return false;
        int n = 0;
        while (squares) targets_[n++] = pop_lsb(squares);
        owner_.fill(-1);
        for (int t = 0; t < n; ++t) {
            seen_ = 0;
            if (!augment(t)) return false;
        }
        return true;
    }

  private:
    // Bipartite matching, squares to men, by augmenting paths.
    bool augment(int t) {
        for (int m = 0; m < count_; ++m) {
            if (!(region_[m] & square_bb(targets_[t])) || (seen_ & (1u << m))) continue;
            seen_ |= 1u << m;
            if (owner_[m] < 0 || augment(owner_[m])) {
                owner_[m] = t;
                return true;
            }
        }
        return false;
    }

    std::array<Bitboard, 16> region_{};
    std::array<int, 16> owner_{};
    std::array<Square, 8> targets_{};
    int count_ = 0;
    unsigned seen_ = 0;
    bool overflow_ = false;
};

}  // namespace

bool locked_unwinnable(const Position& pos, Color winner) {
    // Only men hemmed in by men can be frozen; a pawn with a man right in front is the seed.
    const Bitboard occupied = pos.pieces();
    if (!((pos.pieces(WHITE, PAWN) & shift<-8>(occupied)) | (pos.pieces(BLACK, PAWN) & shift<8>(occupied))))
        return false;
    Bitboard frozen = occupied;
    // An en passant capture open right now frees the capturers and the pawn just pushed.
    if (pos.ep_square() != SQ_NONE && pos.has_legal_en_passant()) {
        const Color us = pos.side_to_move();
        const Square ep = pos.ep_square();
        frozen &= ~(pawn_attacks(~us, ep) & pos.pieces(us, PAWN)) & ~square_bb(Square(ep + pawn_push(~us)));
    }
    Regions r;
    for (;;) {
        r = compute_regions(pos, frozen);
        const Bitboard next = still_frozen(pos, frozen, r);
        if (next == frozen) break;
        frozen = next;
        if (!(frozen & pos.pieces(PAWN))) return false;  // nothing left to wall anything in
    }
    const Color loser = ~winner;
    // A mate needs a check by a man of the winner (kings never give check, frozen men attack
    // only their own side) on a square the losing king can stand on, with every neighbour
    // blocked or covered.
    Bitboard mate_squares = r.king[loser] & r.attack[winner];
    // A check by a frozen pawn is possible only where the king stands now: count it too.
    if (pos.side_to_move() == loser && pos.is_check()) mate_squares |= square_bb(pos.king_square(loser));
    if (!mate_squares) return true;
    Bitboard winner_king_cover = 0;
    for (Bitboard b = r.king[winner]; b;) winner_king_cover |= king_attacks(pop_lsb(b));
    const Bitboard covered = frozen | r.permanent[winner] | r.attack[winner] | winner_king_cover;
    // Neighbours the winner can never cover need a defending man each: one man per square.
    Blockers blockers(pos, loser, frozen);
    while (mate_squares) {
        const Square k = pop_lsb(mate_squares);
        if (blockers.can_fill(king_attacks(k) & ~covered)) return false;
    }
    return true;
}

}  // namespace drawproxy::rules::winnability
