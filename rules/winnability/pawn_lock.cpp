#include "rules/winnability/pawn_lock.h"

#include <array>

namespace drawproxy::rules::winnability {
namespace {

// The analysis assumes a set of men behave "permanently" and checks that the assumption
// holds up (a greatest fixpoint, as in the usual proofs of blockades):
// - frozen men never move and are never captured (pieces, kings, and pawns that cannot
//   advance);
// - permanent pawns never capture, are never captured and never promote, so they stay on
//   their file, between their square and a cap: no pawn passes an enemy permanent pawn on
//   its file, nor an own one that is ahead of it.
// Under the assumption, every set below over-approximates where the other men can ever be.
// If no man then breaks the assumption, the assumption holds in every game (the first man
// to break it would have to do so from inside these sets), and the sets are sound.
struct Assumption {
    Bitboard frozen = 0;     // never move, never captured
    Bitboard permanent = 0;  // pawns: never leave their file, never captured (frozen pawns too)
};

struct Regions {
    Bitboard range[64] = {};         // permanent pawns: the squares of their file they can reach
    Bitboard target[2] = {0, 0};     // squares where a capturable non-king man can ever stand
    Bitboard stand[2] = {0, 0};      // squares any non-frozen non-king man can ever stand on
    Bitboard attack[2] = {0, 0};     // squares such a man can ever attack
    Bitboard king[2] = {0, 0};       // squares the king can ever stand on
    Bitboard permanent[2] = {0, 0};  // squares attacked for ever by frozen men
};

bool on_last_rank(Color c, Square s) { return relative_rank(c, rank_of(s)) == 7; }

Bitboard king_dilate(Bitboard b) {
    const Bitboard row = b | shift<1>(b) | shift<-1>(b);
    return row | shift<8>(row) | shift<-8>(row);
}

// Squares attacked along direction D from `from`, sliding through `open` squares.
template <int D>
Bitboard slide(Bitboard from, Bitboard open) {
    Bitboard ray = shift<D>(from), reach = ray;
    for (int i = 0; i < 6 && ray; ++i) {
        ray = shift<D>(ray & open);
        reach |= ray;
    }
    return reach;
}

Bitboard slider_attacks(PieceType pt, Bitboard from, Bitboard open) {
    Bitboard a = 0;
    if (pt != ROOK)
        a |= slide<7>(from, open) | slide<9>(from, open) | slide<-7>(from, open) | slide<-9>(from, open);
    if (pt != BISHOP)
        a |= slide<1>(from, open) | slide<-1>(from, open) | slide<8>(from, open) | slide<-8>(from, open);
    return a;
}

}  // namespace

Bitboard flood(PieceType pt, Bitboard start, Bitboard frozen, Bitboard& attacked) {
    Bitboard reach = start;
    for (;;) {
        const Bitboard a = pt == KNIGHT ? knight_attacks_bb(reach) : slider_attacks(pt, reach, ~frozen);
        attacked |= a;
        const Bitboard next = reach | (a & ~frozen);
        if (next == reach) return reach;
        reach = next;
    }
}

namespace {

Bitboard flood_king(Square start, Bitboard forbidden) {
    Bitboard reach = square_bb(start);
    for (;;) {
        const Bitboard next = reach | (king_dilate(reach) & ~forbidden);
        if (next == reach) return reach;
        reach = next;
    }
}

class RegionBuilder {
  public:
    RegionBuilder(const Position& pos, const Assumption& a) : pos_(pos), a_(a) {}

    const Regions& build() {
        for (Color c : {WHITE, BLACK}) {
            const Bitboard mine = a_.frozen & pos_.pieces(c);
            r_.permanent[c] = pawn_attacks_bb(c, mine & pos_.pieces(PAWN));
            // Frozen pieces guard for ever what they touch: nothing can step in between.
            for (Bitboard b = mine & ~pos_.pieces(PAWN); b;) {
                const Square s = pop_lsb(b);
                const PieceType pt = type_of(pos_.piece_on(s));
                r_.permanent[c] |=
                    pt == KNIGHT ? knight_attacks(s) : attacks_bb(pt, s, a_.frozen) & king_attacks(s);
            }
        }
        for (Bitboard b = a_.permanent; b;) {
            const Square s = pop_lsb(b);
            range_of(s);
        }
        // Captures need a man to take, and where men can stand depends on captures: grow
        // both sides' sets together from the men on the board until nothing changes.
        for (Color c : {WHITE, BLACK}) r_.target[c] = loose(c);
        for (bool changed = true; changed;) {
            changed = false;
            for (Color c : {WHITE, BLACK}) {
                Bitboard attacked = 0;
                const Bitboard t = spread(c, attacked) | loose(c);
                if (t != r_.target[c]) changed = true;
                r_.target[c] = t;
                r_.attack[c] = attacked;
            }
        }
        for (Color c : {WHITE, BLACK}) {
            Bitboard ranges = 0;
            for (Bitboard b = a_.permanent & pos_.pieces(c); b;) ranges |= r_.range[pop_lsb(b)];
            r_.stand[c] = r_.target[c] | (ranges & ~a_.frozen);
            r_.attack[c] |= pawn_attacks_bb(c, ranges & ~a_.frozen);
            const Square king = pos_.king_square(c);
            r_.king[c] = (a_.frozen & square_bb(king)) ? square_bb(king)
                                                       : flood_king(king, a_.frozen | r_.permanent[~c]);
        }
        return r_;
    }

    // The squares the pawn of colour `c` on `s` can reach by pushes alone, stopping before a
    // frozen man or a permanent pawn it cannot pass (the last rank included when reached).
    Bitboard push_ray(Color c, Square s) {
        Bitboard ray = square_bb(s);
        for (Square x = s; !on_last_rank(c, x);) {
            const Square next = Square(x + pawn_push(c));
            const Bitboard bb = square_bb(next);
            if (a_.frozen & bb) break;
            if (a_.permanent & bb) {
                if (pos_.piece_on(next) != make_piece(c, PAWN)) break;  // an enemy pawn: never passed
                // An own pawn ahead: follow it, never past the furthest square it reaches.
                const Bitboard ahead = range_of(next);
                const Square furthest = c == WHITE ? msb(ahead) : lsb(ahead);
                for (Square y = next; y != furthest; y = Square(y + pawn_push(c))) ray |= square_bb(y);
                break;
            }
            ray |= bb;
            x = next;
        }
        return ray;
    }

    // A loose pawn's squares: its capped push ray, then captures of capturable enemy men and
    // pushes from there (not capped: it may arrive past a permanent pawn).
    Bitboard pawn_reach(Color c, Square s) {
        Bitboard reach = push_ray(c, s), frontier = reach & ~rank_bb(relative_rank(c, 7));
        while (frontier) {
            const Square x = pop_lsb(frontier);
            Bitboard fresh = pawn_attacks(c, x) & r_.target[~c] & ~a_.frozen & ~reach;
            while (fresh) {
                const Square y = pop_lsb(fresh);
                reach |= square_bb(y);
                if (!on_last_rank(c, y)) frontier |= square_bb(y);
                for (Square z = y; !on_last_rank(c, z);) {
                    z = Square(z + pawn_push(c));
                    if ((a_.frozen & square_bb(z)) || (reach & square_bb(z))) break;
                    reach |= square_bb(z);
                    if (!on_last_rank(c, z)) frontier |= square_bb(z);
                }
            }
        }
        return reach;
    }

    // Men of `c` that may move and be captured (neither frozen nor permanent), kings aside.
    Bitboard loose(Color c) const { return pos_.pieces(c) & ~pos_.pieces(KING) & ~a_.frozen & ~a_.permanent; }

    const Regions& regions() const { return r_; }

  private:
    Bitboard range_of(Square s) {
        if (r_.range[s]) return r_.range[s];
        r_.range[s] = push_ray(color_of(pos_.piece_on(s)), s);
        return r_.range[s];
    }

    // Every square the capturable men of `c` can ever stand on, for the current targets.
    Bitboard spread(Color c, Bitboard& attacked) {
        const Bitboard last = rank_bb(relative_rank(c, 7));
        Bitboard pawns = 0;
        for (Bitboard b = pos_.pieces(c, PAWN) & ~a_.frozen & ~a_.permanent; b;)
            pawns |= pawn_reach(c, pop_lsb(b));
        attacked |= pawn_attacks_bb(c, pawns & ~last);
        Bitboard promotions = pawns & last;
        for (Bitboard b = pos_.pieces(c, PAWN) & a_.permanent; b;) promotions |= r_.range[pop_lsb(b)] & last;
        Bitboard stand = pawns & ~last;
        for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) {
            const Bitboard start = (pos_.pieces(c, pt) & ~a_.frozen) | promotions;
            if (start) stand |= flood(pt, start, a_.frozen, attacked);
        }
        return stand;
    }

    const Position& pos_;
    const Assumption& a_;
    Regions r_;
};

// Can the enemy king take a man of `c` standing on a square of `squares`?
bool king_can_take(const Position& pos, Bitboard squares, Color c, const Regions& r, const Assumption& a) {
    const Color them = ~c;
    if (a.frozen & pos.pieces(them, KING)) return false;
    for (Bitboard b = squares & ~r.permanent[c]; b;)
        if (king_attacks(pop_lsb(b)) & r.king[them]) return true;
    return false;
}

// Could the king of `c` castle while the assumption holds? Castling needs the squares the
// king and the rook cross empty but for those two; a frozen man on them stays there.
bool may_castle(const Position& pos, Color c, Bitboard frozen) {
    const Square king = pos.king_square(c);
    for (bool king_side : {true, false}) {
        const int index = castling_index(c, king_side);
        if (!pos.can_castle(index)) continue;
        const Square rook = pos.castling_rook(index);
        const Square king_to = castling_king_to(index), rook_to = castling_rook_to(index);
        const Bitboard path =
            between_bb(king, king_to) | between_bb(rook, rook_to) | square_bb(king_to) | square_bb(rook_to);
        if (!(path & frozen & ~square_bb(king) & ~square_bb(rook))) return true;
    }
    return false;
}

// The part of the assumption that still holds given the regions.
Assumption still_holds(const Position& pos, const Assumption& a, const Regions& r) {
    Assumption keep;
    for (Color c : {WHITE, BLACK}) {
        const Color them = ~c;
        const Bitboard own_frozen = a.frozen & pos.pieces(c);
        const Bitboard their_men = a.frozen & pos.pieces(them) & ~pos.pieces(KING);
        for (Bitboard b = a.permanent & pos.pieces(c); b;) {
            const Square s = pop_lsb(b);
            const Bitboard range = r.range[s];
            if (range & rank_bb(relative_rank(c, 7))) continue;                     // it may promote
            if (pawn_attacks_bb(c, range) & (r.stand[them] | their_men)) continue;  // it may capture
            // (Frozen men's attacks need no check: a frozen man takes nothing, by its own test.)
            if (range & r.attack[them]) continue;  // it may be taken
            if (king_can_take(pos, range, c, r, a)) continue;
            keep.permanent |= square_bb(s);
            if (range == square_bb(s)) keep.frozen |= square_bb(s);
        }
        for (Bitboard b = own_frozen & ~pos.pieces(PAWN); b;) {
            const Square s = pop_lsb(b);
            const PieceType pt = type_of(pos.piece_on(s));
            if (pt == KING) {
                if (may_castle(pos, c, a.frozen)) continue;
                // Every neighbour must be its own frozen man, or attacked for ever.
                if (king_attacks(s) & ~own_frozen & ~r.permanent[them]) continue;
                keep.frozen |= square_bb(s);
                continue;
            }
            if (attacks_bb(pt, s, a.frozen) & ~own_frozen) continue;  // somewhere to go, or to take
            if ((r.attack[them] & square_bb(s)) || king_can_take(pos, square_bb(s), c, r, a)) continue;
            keep.frozen |= square_bb(s);
        }
    }
    keep.frozen &= a.frozen;
    return keep;
}

// The squares each loose (not frozen) man of a side can ever stand on, one set per man,
// to check that distinct men can fill a set of squares at the same time.
class Blockers {
  public:
    Blockers(const Position& pos, Color c, const Assumption& a, RegionBuilder& builder) {
        const Regions& r = builder.regions();
        const Bitboard men = pos.pieces(c) & ~pos.pieces(KING) & ~a.frozen;
        overflow_ = popcount(men) > 16;  // cannot happen in chess; stay sound if it does
        const Bitboard last = rank_bb(relative_rank(c, 7));
        for (Bitboard b = men; b && !overflow_;) {
            const Square s = pop_lsb(b);
            const PieceType pt = type_of(pos.piece_on(s));
            Bitboard unused = 0;
            if (pt != PAWN) {
                region_[count_++] = flood(pt, square_bb(s), a.frozen, unused);
                continue;
            }
            Bitboard reach = (a.permanent & square_bb(s)) ? r.range[s] : builder.pawn_reach(c, s);
            for (PieceType promo : {KNIGHT, BISHOP, ROOK, QUEEN})
                if (reach & last) reach |= flood(promo, reach & last, a.frozen, unused);
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

// Can the losing king be mated on square k, at the fixpoint? Each flight needs a defending
// man on it, unless it is frozen (a frozen man of either side: the king can neither step
// there nor take it), attacked for ever by frozen men, or covered by the winner at the
// moment of mate. That cover is over-estimated by: the squares the winner's loose men can
// ever attack, and the king's neighbours for one square the winning king can reach (not next
// to k). When the winner's only loose men are one knight or bishops of one colour, they
// must give the check themselves (its frozen men give none, they attack only their own
// men, except a pawn's check on the board now, which `any_check` covers): then the checker
// stands on a square of its region that attacks k through the frozen men, and covers what it
// attacks from there (through k too); further bishops cover all they can ever attack.
class MateNet {
  public:
    MateNet(const Position& pos, const Assumption& a, const Regions& r, Color winner, Blockers& blockers)
        : a_(a), r_(r), winner_(winner), blockers_(blockers) {
        const Bitboard loose = pos.pieces(winner) & ~pos.pieces(KING) & ~a.frozen;
        const Bitboard bishops = loose & pos.pieces(BISHOP);
        if (loose == (loose & pos.pieces(KNIGHT)) && !more_than_one(loose))
            minor_ = loose ? KNIGHT : NO_PIECE_TYPE;
        if (loose == bishops && bishops && (!(bishops & DARK_SQUARES) || !(bishops & LIGHT_SQUARES))) {
            minor_ = BISHOP;
            further_ = more_than_one(bishops) ? r.attack[winner] : 0;
        }
    }

    bool ruled_out(Square k, bool any_check) const {
        const Bitboard flights = king_attacks(k) & ~a_.frozen & ~r_.permanent[winner_];
        if (any_check || minor_ == NO_PIECE_TYPE)
            return no_king_square(k, flights & ~r_.attack[winner_], SQ_NONE);
        Bitboard checkers =
            (minor_ == KNIGHT ? knight_attacks(k) : attacks_bb(BISHOP, k, a_.frozen)) & r_.stand[winner_];
        while (checkers) {
            const Square c = pop_lsb(checkers);
            const Bitboard cover = minor_ == KNIGHT
                                       ? knight_attacks(c)
                                       : attacks_bb(BISHOP, c, a_.frozen & ~square_bb(k)) | further_;
            if (!no_king_square(k, flights & ~cover & ~square_bb(c), c)) return false;
        }
        return true;
    }

  private:
    // No square of the winning king's region leaves the loser's men able to fill `free`.
    bool no_king_square(Square k, Bitboard free, Square checker) const {
        const Bitboard around = king_attacks(k) | square_bb(k);
        Bitboard kings = r_.king[winner_] & ~around;
        if (checker != SQ_NONE) kings &= ~square_bb(checker);
        Bitboard near = kings & king_dilate(around);  // the squares that may cover a flight
        if ((kings & ~near) && blockers_.can_fill(free)) return false;
        while (near)
            if (blockers_.can_fill(free & ~king_attacks(pop_lsb(near)))) return false;
        return true;
    }

    const Assumption& a_;
    const Regions& r_;
    Color winner_;
    Blockers& blockers_;
    PieceType minor_ = NO_PIECE_TYPE;  // the winner's only loose men, if a lone minor
    Bitboard further_ = 0;             // what further bishops may ever attack
};

// Pawns that may be part of a blockade: a man right in front, or an enemy pawn ahead on the
// same file.
bool has_blockade_seed(const Position& pos) {
    const Bitboard white = pos.pieces(WHITE, PAWN), black = pos.pieces(BLACK, PAWN);
    if ((white & shift<-8>(pos.pieces())) | (black & shift<8>(pos.pieces()))) return true;
    for (int f = 0; f < 8; ++f) {
        const Bitboard w = white & file_bb(f), b = black & file_bb(f);
        if (w && b && lsb(w) < msb(b)) return true;
    }
    return false;
}

// A cheap necessary condition for the proof below (it never skips a proof that would hold; and
// returning "not shown" early is sound anyway). When the analysis succeeds, its assumption at
// the fixpoint keeps some permanent pawn (unless an en passant capture freed pawns: then no
// early-out). A permanent pawn's push ray must stop short of the last rank, so it stops at a
// frozen man or at an enemy permanent pawn, or follows an own permanent pawn whose ray stops
// so: up the pawn's file stands an enemy pawn or a frozen piece or king. A frozen piece
// attacks only its own frozen men (attacks_bb with every man as a blocker is a subset of its
// attacks through the frozen men alone); a frozen king has no castling right and each of its
// neighbours is its own man or attacked for ever by frozen enemy men, whose attacks on the
// squares next to them do not depend on blockers (a knight's: all of its squares).
bool may_be_walled(const Position& pos) {
    if (pos.ep_square() != SQ_NONE) return true;
    const Bitboard occupied = pos.pieces();
    for (Color c : {WHITE, BLACK}) {
        for (Bitboard pawns = pos.pieces(c, PAWN); pawns;) {
            const Square s = pop_lsb(pawns);
            // The squares up the file from the pawn.
            Bitboard ahead = 0;
            for (int r = rank_of(s) + (c == WHITE ? 1 : -1); r >= 0 && r < 8; r += c == WHITE ? 1 : -1)
                ahead |= square_bb(make_square(file_of(s), r));
            if (ahead & pos.pieces(~c, PAWN)) return true;
            for (Bitboard men = ahead & occupied & ~pos.pieces(PAWN); men;) {
                const Square m = pop_lsb(men);
                const Color d = color_of(pos.piece_on(m));
                const PieceType pt = type_of(pos.piece_on(m));
                if (pt != KING) {
                    if (!(attacks_bb(pt, m, occupied) & ~pos.pieces(d))) return true;
                    continue;
                }
                if (pos.castling_rights() & (d == WHITE ? 3 : 12)) continue;
                const Color e = ~d;
                Bitboard guarded = pos.pieces(d) | pawn_attacks_bb(e, pos.pieces(e, PAWN));
                for (Bitboard b = pos.pieces(e) & ~pos.pieces(PAWN); b;) {
                    const Square x = pop_lsb(b);
                    const PieceType xt = type_of(pos.piece_on(x));
                    guarded |=
                        xt == KNIGHT ? knight_attacks(x) : attacks_bb(xt, x, occupied) & king_attacks(x);
                }
                if (!(king_attacks(m) & ~guarded)) return true;
            }
        }
    }
    return false;
}

}  // namespace

bool locked_unwinnable(const Position& pos, Color winner) {
    if (!has_blockade_seed(pos) || !may_be_walled(pos)) return false;
    Assumption a{pos.pieces(), pos.pieces(PAWN)};
    // An en passant capture open right now frees the capturers and the pawn just pushed.
    if (pos.ep_square() != SQ_NONE && pos.has_legal_en_passant()) {
        const Color us = pos.side_to_move();
        const Square ep = pos.ep_square();
        const Bitboard freed =
            (pawn_attacks(~us, ep) & pos.pieces(us, PAWN)) | square_bb(Square(ep + pawn_push(~us)));
        a.frozen &= ~freed;
        a.permanent &= ~freed;
    }
    for (;;) {
        RegionBuilder builder(pos, a);
        const Regions& r = builder.build();
        const Assumption next = still_holds(pos, a, r);
        if (next.frozen != a.frozen || next.permanent != a.permanent) {
            a = next;
            if (!a.permanent) return false;  // nothing left to wall anything in
            continue;
        }
        const Color loser = ~winner;
        // A mate needs a check by a man of the winner (kings never give check, frozen men
        // attack only their own side) on a square the losing king can stand on, with every
        // neighbour blocked or covered.
        Bitboard mate_squares = r.king[loser] & r.attack[winner];
        // A check by a frozen pawn is possible only where the king stands now: count it too.
        if (!mate_squares && !(pos.side_to_move() == loser && pos.is_check())) return true;
        // Neighbours the winner can never cover need a defending man each: one man per square.
        Blockers blockers(pos, loser, a, builder);
        const MateNet net(pos, a, r, winner, blockers);
        // The check on the board may come from a frozen pawn: there, count every attack.
        if (pos.side_to_move() == loser && pos.is_check() && !net.ruled_out(pos.king_square(loser), true))
            return false;
        while (mate_squares) {
            if (!net.ruled_out(pop_lsb(mate_squares), false)) return false;
        }
        return true;
    }
}

}  // namespace drawproxy::rules::winnability
