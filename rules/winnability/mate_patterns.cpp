#include "rules/winnability/mate_patterns.h"

#include <algorithm>
#include <array>
#include <unordered_map>

namespace drawproxy::rules::winnability {
namespace {

// What the winner mates with.
enum class Minor : std::uint8_t { Knight, Bishop, Bishops };  // Bishops: two or more, one colour

// Kinds of the loser's men; a pawn may stay a pawn or promote to any piece.
enum Kind : int { N, B_LIGHT, B_DARK, R, Q, P, KINDS };

struct Material {
    Minor minor;
    bool dark;                       // colour of the winner's bishops
    std::array<int, KINDS> count{};  // the loser's men, at most 8 of a kind (8 flights at most)

    std::uint32_t key() const {
        std::uint32_t k = std::uint32_t(minor) * 2 + dark;
        for (int c : count) k = k * 9 + std::uint32_t(c);
        return k;
    }
};

// The mate patterns for one placement of the mated king (k), the checker (c) and the
// winner's king (w).
//
// Why an answer "no pattern" is a proof. A mate by a lone minor arises after a move of the
// winner (or stands on the board now: the caller rules out the one kind this does not cover,
// a double check). Take any such mate M. Its check is a single check: one knight gives one
// check; two bishops never check together after a move, since a moving bishop (or a pawn
// promoting to one) cannot give check along one diagonal through the king while uncovering
// another (the two diagonals cross only at the king; a pawn changes file by one at most, the
// two squares would be three files apart), a king move uncovers one line at most and gives
// none, and before the move the loser was not in check. In M every flight of k is covered
// by the winner or holds a loser's man; each of the loser's men neither takes c, nor steps
// between c and k, nor attacks w (else the loser escapes, or the position is illegal) --
// unless a further bishop pins it to k along a diagonal other than the checking one, when it
// can do neither of the first two. Everything below over-estimates M: the winner's cover (its
// lines are not cut by the loser's men, further bishops cover their whole colour), the men
// that may cut the loser's lines (the men on flights, k, c, w, further bishops anywhere on
// their colour, and, when the loser has men to spare, any square where some man of its
// material would do no harm even with every other square but the checking line occupied:
// M's other men are harmless with M's occupancy, hence with that larger one). Attacks only
// shrink as occupancy grows, so every man of M passes the tests below and M is found.
class PatternCheck {
  public:
    PatternCheck(const Material& m, Color loser) : m_(m), loser_(loser) {
        for (int kind = 0; kind < KINDS; ++kind)
            if (m.count[kind]) available_ |= 1u << kind;
        if (m.count[P]) available_ = (1u << KINDS) - 1;  // a pawn may have promoted to anything
        for (int n : m.count) {
            men_ += n;
            spare_ |= n == 8;  // counts stop at 8: there may be more men than men_
        }
    }

    bool mate_exists() const {
        for (int k = 0; k < 64; ++k) {
            // Without pawns nothing tells the board's turns and mirrors that keep square
            // colours apart: a pattern around one king square gives one around its images.
            if (!m_.count[P] && !first_of_images(Square(k))) continue;
            for (Bitboard checkers = checker_squares(Square(k)); checkers;) {
                const Square c = pop_lsb(checkers);
                for (int w = 0; w < 64; ++w)
                    if (mate_with(Square(k), c, Square(w))) return true;
            }
        }
        return false;
    }

  private:
    // Is k the lowest of its images under the half turn and the two diagonal mirrors (the
    // symmetries of the board that keep every square's colour)?
    static bool first_of_images(Square k) {
        const int f = file_of(k), r = rank_of(k);
        const int images[] = {make_square(7 - f, 7 - r), make_square(r, f), make_square(7 - r, 7 - f)};
        for (int image : images)
            if (image < int(k)) return false;
        return true;
    }

    // What a loser's man may not attack, for one placement.
    struct Harm {
        Bitboard bad;       // the checker, the checking line and the winner's king
        Bitboard pinnable;  // squares where a further bishop may pin the man: only w matters
        Square c, w;
        Bitboard segment;
        Bitboard bad_at(Square s) const { return (pinnable & square_bb(s)) ? square_bb(w) : bad; }
    };

    Bitboard colour() const { return m_.dark ? DARK_SQUARES : LIGHT_SQUARES; }

    Bitboard checker_squares(Square k) const {
        if (m_.minor == Minor::Knight) return knight_attacks(k);
        return (square_bb(k) & colour()) ? attacks_bb(BISHOP, k, 0) : 0;
    }

    bool mate_with(Square k, Square c, Square w) const {
        const Bitboard segment = between_bb(k, c) & ~square_bb(c);  // empty for a knight
        if (w == k || w == c || (king_attacks(k) & square_bb(w)) || (segment & square_bb(w))) return false;
        Bitboard covered = king_attacks(w);
        if (m_.minor == Minor::Knight) {
            covered |= knight_attacks(c);
        } else {
            covered |= attacks_bb(BISHOP, c, square_bb(w));
            if (m_.minor == Minor::Bishops) covered |= colour();
        }
        // A checker next to the king must be protected (by another bishop, perhaps).
        if ((king_attacks(k) & square_bb(c)) && !(king_attacks(w) & square_bb(c)) &&
            m_.minor != Minor::Bishops)
            return false;
        const Bitboard free = king_attacks(k) & ~covered & ~square_bb(c);
        if (popcount(free) > men_) return false;
        Harm harm{square_bb(c) | square_bb(w) | segment, 0, c, w, segment};
        if (m_.minor == Minor::Bishops) harm.pinnable = attacks_bb(BISHOP, k, 0) & ~line_bb(k, c);
        // Lines cut by further bishops: any square of their colour where a bishop may stand.
        const Bitboard bishops = m_.minor == Minor::Bishops ? colour() & ~harm.bad : 0;
        Bitboard occupied = square_bb(k) | square_bb(c) | square_bb(w) | free;
        if (blockers_fit(free, harm, occupied | bishops)) return true;
        if (popcount(free) == men_ && !spare_) return false;  // no man to spare for cutting lines
        occupied |= cutters(k, free, harm);
        return blockers_fit(free, harm, occupied | bishops);
    }

    bool blockers_fit(Bitboard free, const Harm& harm, Bitboard occupied) const {
        std::array<unsigned, 8> fits{};  // per free flight: the kinds that may stand there
        int n = 0;
        for (Bitboard b = free; b; ++n) fits[n] = kinds_fitting(pop_lsb(b), harm, occupied);
        return assign(fits, n);
    }

    // Squares where a spare man may stand to cut a line from a flight to what it must not
    // attack: on such a line, and harmless there even with every square but the checking
    // line occupied (see the proof above).
    Bitboard cutters(Square k, Bitboard free, const Harm& harm) const {
        Bitboard lines = 0;
        for (Bitboard f = free; f;) {
            const Square s = pop_lsb(f);
            for (Bitboard b = harm.bad_at(s); b;) {
                const Square t = pop_lsb(b);
                if (line_bb(s, t)) lines |= between_bb(s, t) & ~square_bb(t);
            }
        }
        lines &= ~(harm.bad | free | square_bb(k));
        Bitboard spots = 0;
        for (Bitboard b = lines; b;) {
            const Square x = pop_lsb(b);
            if (kinds_fitting(x, harm, ~harm.segment) & available_) spots |= square_bb(x);
        }
        return spots;
    }

    unsigned kinds_fitting(Square f, const Harm& harm, Bitboard blocked) const {
        const Bitboard bad = harm.bad_at(f);
        unsigned kinds = 0;
        const bool light = square_bb(f) & LIGHT_SQUARES;
        if (!(knight_attacks(f) & bad)) kinds |= 1u << N;
        if (!(attacks_bb(BISHOP, f, blocked) & bad)) kinds |= 1u << (light ? B_LIGHT : B_DARK);
        if (!(attacks_bb(ROOK, f, blocked) & bad)) kinds |= 1u << R;
        if (!(attacks_bb(QUEEN, f, blocked) & bad)) kinds |= 1u << Q;
        if (pawn_fits(f, harm, blocked)) kinds |= 1u << P;
        return kinds;
    }

    bool pawn_fits(Square f, const Harm& harm, Bitboard occupied) const {
        const int rank = relative_rank(loser_, rank_of(f));
        if (rank == 0 || rank == 7) return false;
        if (pawn_attacks(loser_, f) & square_bb(harm.w)) return false;
        if (harm.pinnable & square_bb(f)) return true;  // pinned: no capture, no push
        if (pawn_attacks(loser_, f) & square_bb(harm.c)) return false;
        const Square one = Square(f + pawn_push(loser_));
        if (harm.segment & square_bb(one)) return false;
        if (rank == 1 && !(occupied & square_bb(one)) &&
            (harm.segment & square_bb(Square(one + pawn_push(loser_)))))
            return false;
        return true;
    }

    // Distinct men for the free flights: a bipartite matching, flights to men.
    bool assign(const std::array<unsigned, 8>& fits, int flights) const {
        std::array<int, KINDS> left = m_.count;
        return assign_from(fits, flights, 0, left);
    }
    bool assign_from(const std::array<unsigned, 8>& fits, int flights, int i,
                     std::array<int, KINDS>& left) const {
        if (i == flights) return true;
        for (int kind = 0; kind < KINDS; ++kind) {
            if (!left[kind]) continue;
            // A pawn may have promoted to whatever fits.
            const bool fits_here = kind == P ? fits[i] != 0 : (fits[i] & (1u << kind)) != 0;
            if (!fits_here) continue;
            --left[kind];
            const bool done = assign_from(fits, flights, i + 1, left);
            ++left[kind];
            if (done) return true;
        }
        return false;
    }

    const Material& m_;
    Color loser_;
    unsigned available_ = 0;  // kinds the loser may have on the board
    int men_ = 0;
    bool spare_ = false;  // a kind's count was capped: a man may be spare whatever the flights
};

bool lone_minor(const Position& pos, Color winner, Material& m) {
    const Bitboard men = pos.pieces(winner) & ~pos.pieces(KING);
    if (men & pos.pieces(PAWN, ROOK) || men & pos.pieces(QUEEN)) return false;
    const Bitboard knights = men & pos.pieces(KNIGHT), bishops = men & pos.pieces(BISHOP);
    if (knights) {
        if (more_than_one(knights) || bishops) return false;
        m.minor = Minor::Knight;
        m.dark = false;
    } else {
        if (!bishops || ((bishops & DARK_SQUARES) && (bishops & LIGHT_SQUARES))) return false;
        m.minor = more_than_one(bishops) ? Minor::Bishops : Minor::Bishop;
        m.dark = bishops & DARK_SQUARES;
    }
    const Color loser = ~winner;
    auto capped = [](Bitboard b) { return std::min(popcount(b), 8); };
    m.count[N] = capped(pos.pieces(loser, KNIGHT));
    m.count[B_LIGHT] = capped(pos.pieces(loser, BISHOP) & LIGHT_SQUARES);
    m.count[B_DARK] = capped(pos.pieces(loser, BISHOP) & DARK_SQUARES);
    m.count[R] = capped(pos.pieces(loser, ROOK));
    m.count[Q] = capped(pos.pieces(loser, QUEEN));
    m.count[P] = capped(pos.pieces(loser, PAWN));
    return true;
}

}  // namespace

bool lone_minor_unwinnable(const Position& pos, Color winner) {
    Material m;
    if (!lone_minor(pos, winner, m)) return false;
    // The patterns leave out double checks, which only the position on the board may hold.
    const Square king = pos.king_square(~winner);
    if (more_than_one(pos.attackers_to(king, pos.pieces()) & pos.pieces(winner))) return false;
    // The answer depends on the material only (and on which side is the loser, for pawns):
    // remember it, per thread so the searches never wait on a lock.
    thread_local std::unordered_map<std::uint64_t, bool> known;
    const std::uint64_t key = std::uint64_t(m.key()) * 2 + std::uint64_t(winner);
    if (auto it = known.find(key); it != known.end()) return it->second;
    const bool unwinnable = !PatternCheck(m, ~winner).mate_exists();
    known.emplace(key, unwinnable);
    return unwinnable;
}

}  // namespace drawproxy::rules::winnability
