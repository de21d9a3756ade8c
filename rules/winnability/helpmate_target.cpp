#include "rules/winnability/helpmate_target.h"

#include <algorithm>
#include <array>
#include <cstdlib>

namespace drawproxy::rules::winnability::helpmate_detail {
namespace {

// Men of either side that a pattern may move (besides the kings); richer material is left
// to the other searches.
constexpr int MAX_MEN = 2;
constexpr int KING_SQUARES = 12;  // loser king squares tried, nearest first

int chebyshev(Square a, Square b) {
    return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

struct Man {
    Piece piece;
    Square home;  // where it stands now
};

// The search over placements: the loser's king, the winner's king, then each man in turn.
class Builder {
  public:
    Builder(const Position& pos, Color winner) : pos_(pos), winner_(winner) {}

    bool collect_men() {
        for (Color c : {winner_, ~winner_}) {
            Bitboard men = pos_.pieces(c) & ~pos_.pieces(KING);
            if (popcount(men) > MAX_MEN) return false;
            while (men) {
                const Square s = pop_lsb(men);
                men_[std::size_t(count_++)] = {pos_.piece_on(s), s};
            }
            if (c == winner_) winner_men_ = count_;
        }
        return count_ > 0;
    }

    void run(std::vector<Target>& out, int max_targets) {
        enough_ = 3 * max_targets;
        const Square lk0 = pos_.king_square(~winner_);
        // Edge squares, nearest the loser's king first.
        std::array<Square, 28> edges{};
        int n = 0;
        for (int s = 0; s < 64; ++s) {
            const int f = file_of(Square(s)), r = rank_of(Square(s));
            if (f == 0 || f == 7 || r == 0 || r == 7) edges[std::size_t(n++)] = Square(s);
        }
        std::stable_sort(edges.begin(), edges.end(),
                         [&](Square a, Square b) { return chebyshev(a, lk0) < chebyshev(b, lk0); });
        for (int i = 0; i < KING_SQUARES; ++i) {
            king_ = edges[std::size_t(i)];
            box_ = 0;
            for (Bitboard b = king_attacks(king_); b;) box_ |= king_attacks(pop_lsb(b));
            const Bitboard ring = box_ & ~king_attacks(king_) & ~square_bb(king_);
            for (Bitboard b = ring; b;) {
                our_king_ = pop_lsb(b);
                place(0, square_bb(king_) | square_bb(our_king_), false, out);
            }
        }
        std::sort(out.begin(), out.end(),
                  [](const Target& a, const Target& b) { return a.estimate < b.estimate; });
        if (int(out.size()) > max_targets) out.resize(std::size_t(max_targets));
    }

  private:
    // Places man `index` and the rest; `checked`: some placed man of the winner gives check.
    void place(int index, Bitboard occupied, bool checked, std::vector<Target>& out) {
        if (++tried_ > MAX_TRIED || int(out.size()) >= enough_) return;
        // The winner's men come first: once they are all placed, one of them must give check.
        if (index == winner_men_ && !checked) return;
        // Then every flight they leave must get one of the loser's men: more flights than men
        // fail finish()'s cover test whatever those men do (they only block more lines).
        if (index == winner_men_ && index < count_ &&
            popcount(king_attacks(king_) & ~covered(occupied)) > count_ - winner_men_)
            return;
        if (index >= count_ || index >= 2 * MAX_MEN) {
            if (checked) finish(occupied, out);
            return;
        }
        const Man& man = men_[index];
        const bool ours = color_of(man.piece) == winner_;
        // Candidate squares: where it stands; for the winner, anywhere within two squares of
        // the king (it checks or covers); for the loser, the king's flight squares (blocker).
        Bitboard squares = square_bb(man.home);
        if (ours) {
            squares |= box_ | attacks_bb_empty(man.piece, king_);
        } else {
            squares |= king_attacks(king_);
        }
        squares &= ~occupied;
        piece_[index] = man.piece;
        promotion_[index] = SQ_NONE;
        if (type_of(man.piece) == PAWN) {
            // As a pawn: where it stands or ahead on its file; or promoted, anywhere.
            try_squares(index, man.piece, squares & ~(RANK_1_BB | RANK_8_BB), occupied, checked, out);
            const Color c = color_of(man.piece);
            promotion_[index] = make_square(file_of(man.home), c == WHITE ? 7 : 0);
            for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) {
                const Piece promoted = make_piece(c, pt);
                Bitboard more = squares | (ours ? attacks_bb_empty(promoted, king_) & ~occupied : 0);
                more &= ~square_bb(man.home);
                piece_[index] = promoted;
                try_squares(index, promoted, more, occupied, checked, out);
            }
            piece_[index] = man.piece;
            promotion_[index] = SQ_NONE;
            return;
        }
        try_squares(index, man.piece, squares, occupied, checked, out);
    }

    void try_squares(int index, Piece piece, Bitboard squares, Bitboard occupied, bool checked,
                     std::vector<Target>& out) {
        const bool ours = color_of(piece) == winner_;
        // The last of the winner's men, none checking yet: only a check will do (place()
        // drops the others at once).
        if (index == winner_men_ - 1 && !checked) {
            const PieceType pt = type_of(piece);
            squares &= pt == PAWN ? pawn_attacks(~winner_, king_) : attacks_bb(pt, king_, occupied);
        }
        while (squares) {
            const Square s = pop_lsb(squares);
            if (spot_distance(men_[std::size_t(index)].piece, men_[std::size_t(index)].home,
                              {piece, s, promotion_[std::size_t(index)]}) >= NEVER)
                continue;
            spot_[std::size_t(index)] = s;
            const bool gives = ours && man_checks(piece, s, occupied | square_bb(s));
            place(index + 1, occupied | square_bb(s), checked || gives, out);
        }
    }

    static Bitboard attacks_bb_empty(Piece piece, Square s) {
        const PieceType pt = type_of(piece);
        if (pt == PAWN) return pawn_attacks(~color_of(piece), s);  // squares it checks s from
        return attacks_bb(pt, s, 0);
    }

    bool man_checks(Piece piece, Square s, Bitboard occupied) const {
        const PieceType pt = type_of(piece);
        if (pt == PAWN) return pawn_attacks(color_of(piece), s) & square_bb(king_);
        return attacks_bb(pt, s, occupied) & square_bb(king_);
    }

    // The squares the winner's king and men (the first winner_men_ placed) attack, the
    // loser's king lifted off the board.
    Bitboard covered(Bitboard occupied) const {
        Bitboard covered = king_attacks(our_king_);
        const Bitboard through = occupied ^ square_bb(king_);
        for (int i = 0; i < winner_men_; ++i) {
            const PieceType pt = type_of(piece_[i]);
            covered |= pt == PAWN ? pawn_attacks(winner_, spot_[i]) : attacks_bb(pt, spot_[i], through);
        }
        return covered;
    }

    // All men placed: a cheap cover test, then the real checkmate test.
    void finish(Bitboard occupied, std::vector<Target>& out) {
        Bitboard theirs = 0;
        for (int i = winner_men_; i < count_; ++i) theirs |= square_bb(spot_[i]);
        if (king_attacks(king_) & ~theirs & ~covered(occupied)) return;
        Position p(Position::Uninitialised{});
        p.put_piece(make_piece(~winner_, KING), king_);
        p.put_piece(make_piece(winner_, KING), our_king_);
        for (int i = 0; i < count_; ++i) p.put_piece(piece_[i], spot_[i]);
        p.set_side_to_move(~winner_);
        // (No validate(): pawns never stand on the end ranks here and there are no castling
        // or en passant rights; only the winner's king must not be left in check.)
        if (p.attackers_to(our_king_, p.pieces()) & p.pieces(~winner_)) return;
        if (!p.is_checkmate()) return;
        Target t;
        t.spots[t.count++] = {make_piece(~winner_, KING), king_};
        t.spots[t.count++] = {make_piece(winner_, KING), our_king_};
        for (int i = 0; i < count_; ++i)
            if (spot_[i] != men_[i].home || piece_[i] != men_[i].piece)
                t.spots[t.count++] = {piece_[i], spot_[i], promotion_[i]};
        t.estimate = target_distance(pos_, t);
        out.push_back(t);
    }

    static constexpr int MAX_TRIED = 20000;
    const Position& pos_;
    Color winner_;
    std::array<Man, 2 * MAX_MEN> men_{};
    std::array<Square, 2 * MAX_MEN> spot_{};
    std::array<Piece, 2 * MAX_MEN> piece_{};       // what stands on spot_ (a pawn may promote)
    std::array<Square, 2 * MAX_MEN> promotion_{};  // where it promoted, or SQ_NONE
    int count_ = 0;
    int winner_men_ = 0;
    int enough_ = 0;  // stop once this many are found (the nearest king squares come first)
    Square king_ = SQ_NONE, our_king_ = SQ_NONE;
    Bitboard box_ = 0;  // the squares within two king steps of king_
    int tried_ = 0;
};

}  // namespace

int target_distance(const Position& pos, const Target& target) {
    int total = 0;
    for (int i = 0; i < target.count; ++i) {
        const auto& spot = target.spots[i];
        int best = NEVER;
        for (Bitboard men = pos.pieces(color_of(spot.piece), type_of(spot.piece)); men;)
            best = std::min(best, man_distance(spot.piece, pop_lsb(men), spot.square));
        if (spot.promotion != SQ_NONE) {
            const Piece pawn = make_piece(color_of(spot.piece), PAWN);
            for (Bitboard men = pos.pieces(color_of(spot.piece), PAWN); men;) {
                const Square s = pop_lsb(men);
                best = std::min(best, spot_distance(pawn, s, spot));
            }
        }
        total += best;
    }
    return total;
}

bool patterns_apply(const Position& pos) {
    const Bitboard men = pos.pieces() & ~pos.pieces(KING);
    for (Color c : {WHITE, BLACK})
        if (popcount(men & pos.pieces(c)) > MAX_MEN) return false;
    return men != 0;
}

std::vector<Target> build_targets(const Position& pos, Color winner, int max_targets) {
    std::vector<Target> targets;
    Builder builder(pos, winner);
    if (builder.collect_men()) builder.run(targets, max_targets);
    return targets;
}

}  // namespace drawproxy::rules::winnability::helpmate_detail
