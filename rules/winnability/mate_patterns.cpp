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
class PatternCheck {
  public:
    PatternCheck(const Material& m, Color loser) : m_(m), loser_(loser) {}

    bool mate_exists() const {
        for (int k = 0; k < 64; ++k)
            for (Bitboard checkers = checker_squares(Square(k)); checkers;) {
                const Square c = pop_lsb(checkers);
                for (int w = 0; w < 64; ++w)
                    if (mate_with(Square(k), c, Square(w))) return true;
            }
        return false;
    }

  private:
    Bitboard checker_squares(Square k) const {
        if (m_.minor == Minor::Knight) return knight_attacks(k);
        const Bitboard colour = m_.dark ? DARK_SQUARES : LIGHT_SQUARES;
        return (square_bb(k) & colour) ? attacks_bb(BISHOP, k, 0) : 0;
    }

    bool mate_with(Square k, Square c, Square w) const {
        const Bitboard segment = between_bb(k, c) & ~square_bb(c);  // empty for a knight
        if (w == k || w == c || (king_attacks(k) & square_bb(w)) || (segment & square_bb(w))) return false;
        // What the winner covers (over-estimated: blockers do not cut the bishops' lines,
        // and further bishops cover their whole colour).
        Bitboard covered = king_attacks(w);
        if (m_.minor == Minor::Knight) {
            covered |= knight_attacks(c);
        } else {
            covered |= attacks_bb(BISHOP, c, square_bb(w));
            if (m_.minor == Minor::Bishops) covered |= m_.dark ? DARK_SQUARES : LIGHT_SQUARES;
        }
        // A checker next to the king must be protected.
        if ((king_attacks(k) & square_bb(c)) && !(king_attacks(w) & square_bb(c)) &&
            m_.minor != Minor::Bishops)
            return false;
        const Bitboard free = king_attacks(k) & ~covered & ~square_bb(c);
        int men = 0;
        for (int n : m_.count) men += n;
        if (popcount(free) > men) return false;
        // Each free flight needs a loser's man there that neither takes the checker, nor steps
        // in between, nor attacks the winner's king (the loser is to move). Other blockers
        // stand on every other free flight, cutting lines (over-estimating mates).
        Bitboard occupied = square_bb(k) | square_bb(c) | square_bb(w) | free;
        // A man the loser does not need on a flight may stand anywhere and cut any line.
        const bool spare = popcount(free) < men;
        if (spare) occupied = ~segment;
        std::array<unsigned, 8> fits{};  // per free flight: the kinds that may stand there
        int n = 0;
        for (Bitboard b = free; b; ++n) fits[n] = kinds_fitting(pop_lsb(b), c, w, segment, occupied);
        return assign(fits, n);
    }

    unsigned kinds_fitting(Square f, Square c, Square w, Bitboard segment, Bitboard occupied) const {
        // Two bishops may give double check, which no capture or interposition answers: then
        // a blocker need only leave the winner's king alone.
        const Bitboard bad =
            m_.minor == Minor::Bishops ? square_bb(w) : square_bb(c) | square_bb(w) | segment;
        // With further bishops anywhere on their colour, any line may be cut on that colour.
        Bitboard blocked = occupied;
        if (m_.minor == Minor::Bishops) blocked |= (m_.dark ? DARK_SQUARES : LIGHT_SQUARES) & ~bad;
        unsigned kinds = 0;
        const bool light = square_bb(f) & LIGHT_SQUARES;
        if (!(knight_attacks(f) & bad)) kinds |= 1u << N;
        if (!(attacks_bb(BISHOP, f, blocked) & bad)) kinds |= 1u << (light ? B_LIGHT : B_DARK);
        if (!(attacks_bb(ROOK, f, blocked) & bad)) kinds |= 1u << R;
        if (!(attacks_bb(QUEEN, f, blocked) & bad)) kinds |= 1u << Q;
        if (pawn_fits(f, c, w, segment, occupied)) kinds |= 1u << P;
        return kinds;
    }

    bool pawn_fits(Square f, Square c, Square w, Bitboard segment, Bitboard occupied) const {
        const int rank = relative_rank(loser_, rank_of(f));
        if (rank == 0 || rank == 7) return false;
        if (pawn_attacks(loser_, f) & square_bb(w)) return false;
        if (m_.minor == Minor::Bishops) return true;  // double check: see kinds_fitting
        if (pawn_attacks(loser_, f) & square_bb(c)) return false;
        const Square one = Square(f + pawn_push(loser_));
        if (segment & square_bb(one)) return false;
        if (rank == 1 && !(occupied & square_bb(one)) &&
            (segment & square_bb(Square(one + pawn_push(loser_)))))
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
