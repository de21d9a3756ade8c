// The ghost search of ghost_search.h. Just over 500 lines and one concern: the relaxed game's
// move generator and the search over it share one compact State and its queue.
#include "rules/winnability/ghost_search.h"

#include <array>
#include <vector>

#include "rules/winnability/pawn_lock.h"

namespace drawproxy::rules::winnability {
// Why a relaxed search proves anything. Map each real position P to the relaxed state a(P):
// the same board without the winner's ghost bishops, plus the set of squares a ghost of the
// kinds the winner has (or may promote to) could attack or stand on: its bishops' colours, or
// every square once a pawn may promote. The winner's knights, rooks, queens and the bishops
// not made ghosts stay exact (a ghost may cut their lines, so their lines only ever add). The
// relaxed moves are built so that every real move from P leads to a relaxed move from a(P) to
// a(P'), and every real checkmate by the winner is flagged as a possible mate:
// - the winner's moves are pseudo-legal (a ghost could block any line at its king), its king
//   avoids only what cannot be blocked (the loser's king, pawns and knights), a ghost move is
//   a pass or a capture of a loser's man on a ghost square; but in a check no ghost can cut (a
//   loser's pawn or knight, or an exact line with no ghost square on it: a real check in every
//   placement of the ghosts) only king moves, captures of the checker and men stepping in
//   between remain (a ghost's pass only if a ghost square in between is empty);
// - the loser's moves are a superset of its real moves in every placement of the ghosts: the
//   moves of the board without them (ghosts only take moves away, by blocking, pinning,
//   attacking and checking; the winner's exact lines likewise, as a ghost may cut them) plus
//   pawn captures of a ghost on a ghost square;
// - a checkmate needs a check (a winner's pawn or exact piece, or a ghost: after a ghost move,
//   a promotion, or a discovery through an emptied square) and every flight of the loser's
//   king attacked by the winner's men or a ghost square.
// So if the relaxed state space is exhausted without a possible mate, no real line mates.
// Stalemates are what make this strong: a loser with no relaxed move has no real move.
// With loser_ghosts the loser's pieces (but those kept exact) are ghosts as well: they may
// move (a pass) or take a winner's man on their squares at any time, and stand on flights: one
// ghost a flight, of a colour its kind allows, and no more of a kind than the loser had at the
// root (a capture only takes a piece away, a bishop keeps its colour); once a loser's pawn
// promotes, on any flight. Which pieces are ghosts is free: every choice is a relaxation of
// the same kind (the exact men are simply not relaxed), so the argument holds for each.
namespace {

// PROMOTED: a loser's pawn promoted (to a ghost), so its ghosts are no longer counted.
enum GhostKind : std::uint8_t { LIGHT = 1, DARK = 2, ANY = 4, PROMOTED = 8 };
enum Man : int { KNIGHT_, BISHOP_, ROOK_, QUEEN_, MEN };                 // the loser's pieces
enum ExactMan : int { W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, EXACT_MEN };  // the winner's exact pieces

struct State {
    std::array<Bitboard, 2> pawns{};  // by colour
    std::array<Bitboard, MEN> men{};  // the loser's pieces, by kind
    // The winner's knights, rooks and queens (and bishops, when they are not ghosts): exact, but
    // a ghost may cut their lines.
    std::array<Bitboard, EXACT_MEN> exact{};
    std::array<Square, 2> king{};
    Square ep = SQ_NONE;  // a square a pawn may take en passant on
    Color stm = WHITE;
    std::uint8_t ghosts = 0;        // GhostKind bits of the winner's ghosts
    std::uint8_t loser_ghosts = 0;  // and of the loser's, when its pieces are ghosts too

    bool operator==(const State&) const = default;
    Bitboard loser_men() const { return men[0] | men[1] | men[2] | men[3]; }
    Bitboard winner_men() const { return exact[0] | exact[1] | exact[2] | exact[3]; }
    Bitboard occupied() const {
        return pawns[0] | pawns[1] | winner_men() | loser_men() | square_bb(king[0]) | square_bb(king[1]);
    }
    static Bitboard squares(std::uint8_t kinds) {
        if (kinds & ANY) return ~Bitboard(0);
        return (kinds & LIGHT ? LIGHT_SQUARES : 0) | (kinds & DARK ? DARK_SQUARES : 0);
    }
    Bitboard ghost_squares() const { return squares(ghosts); }
    Bitboard loser_ghost_squares() const { return squares(loser_ghosts); }
    // Where a ghost, the winner's or (in the coarser relaxation) the loser's, may cut a line.
    Bitboard line_cutters() const { return ghost_squares() | loser_ghost_squares(); }
    std::uint64_t hash() const {
        std::uint64_t h = 0x9E3779B97F4A7C15ULL;
        auto mix = [&](std::uint64_t v) {
            h ^= v + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
            h *= 0xBF58476D1CE4E5B9ULL;
        };
        for (Bitboard b : pawns) mix(b);
        for (Bitboard b : men) mix(b);
        for (Bitboard b : exact) mix(b);
        mix(std::uint64_t(king[0]) | std::uint64_t(king[1]) << 8 | std::uint64_t(ep) << 16 |
            std::uint64_t(stm) << 24 | std::uint64_t(ghosts) << 32 | std::uint64_t(loser_ghosts) << 40);
        return h ^ (h >> 31);
    }
};

// The states met, in the order met (the search's queue), with an exact index over them: a hash
// collision must not prune a state, or the proof would be unsound.
class StateQueue {
  public:
    // Appends `s` unless it was met before; false then.
    bool push(const State& s) {
        if (2 * (states_.size() + 1) > slots_.size()) grow();
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = s.hash() & mask;; i = (i + 1) & mask) {
            if (!slots_[i]) {
                states_.push_back(s);
                slots_[i] = std::uint32_t(states_.size());
                return true;
            }
            if (states_[slots_[i] - 1] == s) return false;
        }
    }
    std::size_t size() const { return states_.size(); }
    const State& operator[](std::size_t i) const { return states_[i]; }

  private:
    void grow() {
        slots_.assign(slots_.empty() ? 1024 : slots_.size() * 2, 0);  // slot: index + 1, 0 = empty
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t n = 0; n < states_.size(); ++n) {
            std::size_t i = states_[n].hash() & mask;
            while (slots_[i]) i = (i + 1) & mask;
            slots_[i] = std::uint32_t(n + 1);
        }
    }

    std::vector<State> states_;
    std::vector<std::uint32_t> slots_;
};

// Where a man must go to answer the checks of `checkers` on the king on `k`: anywhere when
// none, the checker or a square in between when one (between_bb ends on the checker), nowhere
// in a double check (only the king moves).
Bitboard evasion_targets(Square k, Bitboard checkers) {
    return !checkers ? ~Bitboard(0) : more_than_one(checkers) ? 0 : between_bb(k, lsb(checkers));
}

class Search {
  public:
    // `loser_count`: the loser's ghosts at the root: light bishops, dark bishops, other pieces.
    Search(Color winner, std::uint64_t limit, std::array<int, 3> loser_count)
        : w_(winner), l_(~winner), limit_(limit), loser_count_(loser_count) {}

    GhostVerdict run(const State& root) {
        queue_.push(root);
        for (std::size_t head = 0; head < queue_.size(); ++head) {
            const State s = queue_[head];  // a copy: the queue may grow under it
            if (s.stm == w_ ? !winner_moves(s) : !loser_moves(s)) return verdict_;
        }
        return GhostVerdict::Unwinnable;
    }
    std::uint64_t nodes() const { return nodes_; }

  private:
    // Each returns false to stop the search (verdict_ says why).
    bool add(const State& child) {
        if (++nodes_ > limit_) {
            verdict_ = GhostVerdict::OutOfBudget;
            return false;
        }
        queue_.push(child);
        return true;
    }

    // A child of a winner's move: stop if it may be a checkmate. `ghost_check`: a ghost may give
    // check directly (it moved or was promoted); `from`: the square the move emptied.
    bool after_winner_move(State child, bool ghost_check, Square from) {
        child.stm = l_;
        if (may_be_mate(child, ghost_check, from)) {
            verdict_ = GhostVerdict::MaybeMate;
            return false;
        }
        return add(child);
    }

    // What bishop-like and rook-like men attack through `blockers` (the board here plus every
    // square a ghost could stand on): lines no ghost can cut.
    static Bitboard sure_line_attacks(Bitboard diagonal_men, Bitboard straight_men, Bitboard blockers) {
        Bitboard a = 0;
        while (diagonal_men) a |= bishop_attacks(pop_lsb(diagonal_men), blockers);
        while (straight_men) a |= rook_attacks(pop_lsb(straight_men), blockers);
        return a;
    }

    // The winner's bishops, rooks and queens that attack `k` through `blockers`.
    static Bitboard line_checkers(const State& s, Square k, Bitboard blockers) {
        return (rook_attacks(k, blockers) & (s.exact[W_ROOK] | s.exact[W_QUEEN])) |
               (bishop_attacks(k, blockers) & (s.exact[W_BISHOP] | s.exact[W_QUEEN]));
    }

    // Every square the winner's exact pieces attack (lines as if no ghost cut them).
    Bitboard exact_cover(const State& s, Bitboard occupied) const {
        Bitboard cover = knight_attacks_bb(s.exact[W_KNIGHT]);
        for (Bitboard b = s.exact[W_BISHOP]; b;) cover |= bishop_attacks(pop_lsb(b), occupied);
        for (Bitboard b = s.exact[W_ROOK]; b;) cover |= rook_attacks(pop_lsb(b), occupied);
        for (Bitboard b = s.exact[W_QUEEN]; b;) cover |= queen_attacks(pop_lsb(b), occupied);
        return cover;
    }

    bool may_be_mate(const State& s, bool ghost_check, Square from) const {
        const Square k = s.king[l_];
        const Bitboard ghost_squares = s.ghost_squares();
        const Bitboard occupied = s.occupied();
        bool check = (pawn_attacks(l_, k) & s.pawns[w_]) || (knight_attacks(k) & s.exact[W_KNIGHT]) ||
                     line_checkers(s, k, occupied);
        if (!check && (ghost_squares & square_bb(k))) {
            // A ghost checks directly, or through the emptied square along a line it moves on.
            const Bitboard lines = (s.ghosts & ANY) ? attacks_bb(QUEEN, k, 0) : attacks_bb(BISHOP, k, 0);
            check = ghost_check || (from != SQ_NONE && (lines & square_bb(from)) &&
                                    !(between_bb(k, from) & ~square_bb(from) & occupied));
        }
        if (!check) return false;
        const Bitboard covered = pawn_attacks_bb(w_, s.pawns[w_]) | exact_cover(s, occupied & ~square_bb(k)) |
                                 king_attacks(s.king[w_]) | ghost_squares;
        return ghosts_fill(s, king_attacks(k) & ~s.pawns[l_] & ~s.loser_men() & ~covered);
    }

    // Can the loser's ghosts stand on every square of `flights` at once? One ghost a square,
    // and no more ghosts of a kind than the loser had pieces of it at the root (bishops cannot
    // change colour, captures only take away), until a pawn promotes.
    bool ghosts_fill(const State& s, Bitboard flights) const {
        if (!flights) return true;
        if (s.loser_ghosts & PROMOTED) return !(flights & ~s.loser_ghost_squares());
        const int light = popcount(flights & LIGHT_SQUARES), dark = popcount(flights & DARK_SQUARES);
        return std::max(0, light - loser_count_[0]) + std::max(0, dark - loser_count_[1]) <= loser_count_[2];
    }

    bool winner_moves(const State& s) {
        const Bitboard occupied = s.occupied(), theirs = s.pawns[l_] | s.loser_men();
        const Bitboard their_ghosts = s.loser_ghost_squares() & ~occupied;
        State base = s;
        base.ep = SQ_NONE;
        // King: it avoids what no ghost can shield: the loser's king, pawns and knights, and its
        // pieces' lines that cross no square a ghost could stand on.
        const Square wk = s.king[w_];
        const Bitboard cut = s.line_cutters();
        const Bitboard sure = sure_line_attacks(s.men[BISHOP_] | s.men[QUEEN_], s.men[ROOK_] | s.men[QUEEN_],
                                                (occupied & ~square_bb(wk)) | cut);
        // A check no ghost can cut is real in every placement of the ghosts: besides a king
        // move, only a capture of the checker or a man stepping in between answers it.
        const Bitboard checker = (pawn_attacks(w_, wk) & s.pawns[l_]) |
                                 (knight_attacks(wk) & s.men[KNIGHT_]) |
                                 (bishop_attacks(wk, occupied | cut) & (s.men[BISHOP_] | s.men[QUEEN_])) |
                                 (rook_attacks(wk, occupied | cut) & (s.men[ROOK_] | s.men[QUEEN_]));
        const Bitboard targets = evasion_targets(wk, checker);
        Bitboard to = king_attacks(wk) & ~s.pawns[w_] & ~s.winner_men() & ~king_attacks(s.king[l_]) &
                      ~pawn_attacks_bb(l_, s.pawns[l_]) & ~knight_attacks_bb(s.men[KNIGHT_]) & ~sure;
        while (to) {
            const Square t = pop_lsb(to);
            State c = base;
            remove_loser_man(c, t);
            c.king[w_] = t;
            if (!after_winner_move(c, false, wk)) return false;
        }
        // Exact pieces: pseudo-legal, through the squares empty here.
        static constexpr PieceType EXACT_TYPES[EXACT_MEN] = {KNIGHT, BISHOP, ROOK, QUEEN};
        const Bitboard own = s.pawns[w_] | s.winner_men() | square_bb(wk) | square_bb(s.king[l_]);
        for (int m = 0; m < EXACT_MEN; ++m)
            for (Bitboard b = s.exact[m]; b;) {
                const Square from = pop_lsb(b);
                for (Bitboard t = attacks_bb(EXACT_TYPES[m], from, occupied) & ~own & targets; t;) {
                    const Square to_sq = pop_lsb(t);
                    State c = base;
                    remove_loser_man(c, to_sq);
                    c.exact[m] ^= square_bb(from) | square_bb(to_sq);
                    if (!after_winner_move(c, false, from)) return false;
                }
            }
        // Pawns.
        const int push = pawn_push(w_);
        for (Bitboard b = s.pawns[w_]; b;) {
            const Square p = pop_lsb(b);
            const Square one = Square(p + push);
            if (!(occupied & square_bb(one))) {
                if ((targets & square_bb(one)) && !pawn_to(base, p, one, false)) return false;
                const Square two = Square(one + push);
                if (relative_rank(w_, rank_of(p)) == 1 && !(occupied & square_bb(two)) &&
                    (targets & square_bb(two))) {
                    State c = base;
                    c.pawns[w_] ^= square_bb(p) | square_bb(two);
                    if (pawn_attacks(w_, one) & s.pawns[l_]) c.ep = one;
                    if (!after_winner_move(c, false, p)) return false;
                }
            }
            for (Bitboard t = pawn_attacks(w_, p) & (theirs | their_ghosts) & targets; t;)
                if (!pawn_to(base, p, pop_lsb(t), false)) return false;
            if (s.ep != SQ_NONE && (pawn_attacks(w_, p) & square_bb(s.ep)) &&
                (targets & (square_bb(s.ep) | square_bb(Square(s.ep - push)))))
                if (!pawn_to(base, p, s.ep, true)) return false;
        }
        // Ghosts: a move elsewhere (a pass here; in check, to a square in between), or a capture
        // on a square a ghost can reach.
        if (s.ghosts) {
            const bool answers = !checker || (targets & ~checker & ~occupied & s.ghost_squares());
            if (answers && !after_winner_move(base, true, SQ_NONE)) return false;
            for (Bitboard t = theirs & s.ghost_squares() & targets; t;) {
                State c = base;
                remove_loser_man(c, pop_lsb(t));
                if (!after_winner_move(c, true, SQ_NONE)) return false;
            }
        }
        return true;
    }

    bool pawn_to(const State& base, Square from, Square to, bool en_passant) {
        State c = base;
        c.pawns[w_] ^= square_bb(from);
        if (en_passant)
            c.pawns[l_] &= ~square_bb(Square(to - pawn_push(w_)));
        else
            remove_loser_man(c, to);
        const bool promotes = relative_rank(w_, rank_of(to)) == 7;
        if (promotes)
            c.ghosts |= ANY;  // over-estimates an under-promotion to a bishop
        else
            c.pawns[w_] |= square_bb(to);
        // En passant also empties the taken pawn's square: let any ghost check then.
        return after_winner_move(c, promotes || en_passant, from);
    }

    void remove_winner_man(State& c, Square t) const {
        c.pawns[w_] &= ~square_bb(t);
        for (Bitboard& b : c.exact) b &= ~square_bb(t);
    }

    void remove_loser_man(State& c, Square t) const {
        c.pawns[l_] &= ~square_bb(t);
        for (Bitboard& m : c.men) m &= ~square_bb(t);
    }

    bool loser_moves(const State& s) {
        const Bitboard occupied = s.occupied(), ours = s.pawns[l_] | s.loser_men() | square_bb(s.king[l_]);
        const Bitboard wk = square_bb(s.king[w_]);
        State base = s;
        base.ep = SQ_NONE;
        base.stm = w_;
        const Square k = s.king[l_];
        // A check no ghost can cut is real in every placement of the ghosts: only a king move,
        // a capture of the checker or a man stepping in between answers it (`targets`).
        const Bitboard cut = s.line_cutters();
        const Bitboard checker = (pawn_attacks(l_, k) & s.pawns[w_]) |
                                 (knight_attacks(k) & s.exact[W_KNIGHT]) |
                                 line_checkers(s, k, occupied | cut);
        const Bitboard targets = evasion_targets(k, checker);
        const Bitboard sure =
            sure_line_attacks(s.exact[W_BISHOP] | s.exact[W_QUEEN], s.exact[W_ROOK] | s.exact[W_QUEEN],
                              (occupied & ~square_bb(k)) | cut);
        Bitboard to = king_attacks(k) & ~ours & ~king_attacks(s.king[w_]) &
                      ~pawn_attacks_bb(w_, s.pawns[w_]) & ~knight_attacks_bb(s.exact[W_KNIGHT]) & ~sure;
        while (to) {
            State c = base;
            const Square t = pop_lsb(to);
            remove_winner_man(c, t);
            c.king[l_] = t;
            if (!add(c)) return false;
        }
        // Pawns.
        const int push = pawn_push(l_);
        const Bitboard ghost_targets = s.ghost_squares() & ~occupied;
        for (Bitboard b = s.pawns[l_]; b;) {
            const Square p = pop_lsb(b);
            const Square one = Square(p + push);
            if (!(occupied & square_bb(one))) {
                if ((targets & square_bb(one)) && !loser_pawn_to(base, p, one)) return false;
                const Square two = Square(one + push);
                if (relative_rank(l_, rank_of(p)) == 1 && !(occupied & square_bb(two)) &&
                    (targets & square_bb(two))) {
                    State c = base;
                    c.pawns[l_] ^= square_bb(p) | square_bb(two);
                    if (pawn_attacks(l_, one) & s.pawns[w_]) c.ep = one;
                    if (!add(c)) return false;
                }
            }
            for (Bitboard t = pawn_attacks(l_, p) & (s.pawns[w_] | s.winner_men() | ghost_targets) & targets;
                 t;)
                if (!loser_pawn_to(base, p, pop_lsb(t))) return false;
            if (s.ep != SQ_NONE && (pawn_attacks(l_, p) & square_bb(s.ep))) {
                const Square taken = Square(s.ep - push);
                if (targets & (square_bb(taken) | square_bb(s.ep))) {
                    State c = base;
                    c.pawns[l_] ^= square_bb(p) | square_bb(s.ep);
                    c.pawns[w_] &= ~square_bb(taken);
                    if (!add(c)) return false;
                }
            }
        }
        // The loser's ghosts: a move elsewhere, or a capture of a pawn on their squares.
        if (s.loser_ghosts) {
            // A ghost may also step in between a line's check.
            const bool answers = !checker || (targets & ~checker & ~occupied & s.loser_ghost_squares());
            if (answers && !add(base)) return false;
            for (Bitboard t = (s.pawns[w_] | s.winner_men()) & s.loser_ghost_squares() & targets; t;) {
                State c = base;
                remove_winner_man(c, pop_lsb(t));
                if (!add(c)) return false;
            }
        }
        // Pieces: through the squares the ghosts leave empty here.
        static constexpr PieceType TYPES[MEN] = {KNIGHT, BISHOP, ROOK, QUEEN};
        for (int m = 0; m < MEN; ++m)
            for (Bitboard b = s.men[m]; b;) {
                const Square from = pop_lsb(b);
                for (Bitboard t = attacks_bb(TYPES[m], from, occupied) & ~ours & ~wk & targets; t;) {
                    const Square dest = pop_lsb(t);
                    State c = base;
                    c.men[m] ^= square_bb(from) | square_bb(dest);
                    remove_winner_man(c, dest);
                    if (!add(c)) return false;
                }
            }
        return true;
    }

    bool loser_pawn_to(const State& base, Square from, Square to) {
        State c = base;
        c.pawns[l_] ^= square_bb(from);
        remove_winner_man(c, to);
        if (relative_rank(l_, rank_of(to)) != 7) {
            c.pawns[l_] |= square_bb(to);
            return add(c);
        }
        if (c.loser_ghosts) {
            c.loser_ghosts |= ANY | PROMOTED;
            return add(c);
        }
        for (int m = 0; m < MEN; ++m) {
            State p = c;
            p.men[m] |= square_bb(to);
            if (!add(p)) return false;
        }
        return true;
    }

    Color w_, l_;
    std::uint64_t limit_, nodes_ = 0;
    std::array<int, 3> loser_count_;
    GhostVerdict verdict_ = GhostVerdict::Unwinnable;
    StateQueue queue_;
};

// Pieces shut in by the pawns: a few squares reachable through today's pawns. Which pieces are
// ghosts is a choice of strength (a shut-in ghost would roam the board), never of soundness.
Bitboard shut_in(const Position& pos, Bitboard pieces) {
    constexpr int FEW = 12;
    const Bitboard pawns = pos.pieces(PAWN);
    Bitboard result = 0;
    for (Bitboard b = pieces; b;) {
        const Square from = pop_lsb(b);
        Bitboard attacked = 0;  // (not needed here)
        if (popcount(flood(type_of(pos.piece_on(from)), square_bb(from), pawns, attacked)) <= FEW)
            result |= square_bb(from);
    }
    return result;
}

// The ghost kinds of a side's pieces `pieces`.
std::uint8_t ghost_kinds(const Position& pos, Bitboard pieces) {
    const Bitboard bishops = pieces & pos.pieces(BISHOP);
    return std::uint8_t((pieces & ~bishops ? ANY : 0) | (bishops & LIGHT_SQUARES ? LIGHT : 0) |
                        (bishops & DARK_SQUARES ? DARK : 0));
}

}  // namespace

GhostResult ghost_search(const Position& pos, Color winner, std::uint64_t node_limit, GhostOptions options) {
    GhostResult result;
    const Color loser = ~winner;
    // Castling is not modelled; the relaxed moves must cover every real one.
    if (pos.castling_rights()) return result;
    // The search judges the positions after moves; a game already over is the caller's.
    if (!pos.has_legal_moves()) return result;
    State root;
    for (Color c : {WHITE, BLACK}) {
        root.pawns[c] = pos.pieces(c, PAWN);
        root.king[c] = pos.king_square(c);
    }
    // The winner's ghosts: its bishops, but those kept exact.
    Bitboard ghosts = pos.pieces(winner, BISHOP);
    if (options.exact_bishops) ghosts = 0;
    if (options.keep_shut_in) ghosts &= ~shut_in(pos, ghosts);
    root.exact = {pos.pieces(winner, KNIGHT), pos.pieces(winner, BISHOP) & ~ghosts, pos.pieces(winner, ROOK),
                  pos.pieces(winner, QUEEN)};
    root.ghosts = ghost_kinds(pos, ghosts);
    // The loser's ghosts: none, or all its pieces but those kept exact.
    Bitboard loser_ghosts = options.loser_ghosts ? pos.pieces(loser) & ~pos.pieces(PAWN, KING) : 0;
    if (options.keep_shut_in) loser_ghosts &= ~shut_in(pos, loser_ghosts);
    root.loser_ghosts = ghost_kinds(pos, loser_ghosts);
    const Bitboard ghost_bishops = loser_ghosts & pos.pieces(BISHOP);
    const std::array<int, 3> loser_count = {popcount(ghost_bishops & LIGHT_SQUARES),
                                            popcount(ghost_bishops & DARK_SQUARES),
                                            popcount(loser_ghosts & ~ghost_bishops)};
    static constexpr PieceType MEN_TYPES[MEN] = {KNIGHT, BISHOP, ROOK, QUEEN};
    for (int m = 0; m < MEN; ++m) root.men[m] = pos.pieces(loser, MEN_TYPES[m]) & ~loser_ghosts;
    // Nothing to relax: the exploration searches the same space, and exactly.
    if (!root.ghosts && !root.loser_ghosts) return result;
    root.stm = pos.side_to_move();
    root.ep = pos.ep_square();
    Search search(winner, node_limit, loser_count);
    result.verdict = search.run(root);
    result.nodes = search.nodes();
    return result;
}

GhostResult ghost_search(const Position& pos, Color winner, std::uint64_t node_limit, bool loser_ghosts) {
    GhostResult result = ghost_search(pos, winner, node_limit, GhostOptions{loser_ghosts, false, false});
    if (!loser_ghosts || result.verdict == GhostVerdict::Unwinnable) return result;
    // Two finer relaxations, each a space of its own: the pieces the pawns shut in kept exact
    // (a shut-in ghost may roam the board, and a counted loser's ghost is then one fewer), and
    // the winner's bishops exact (a small space when they are few and the loser's pieces many),
    // the shut-in pieces then kept too.
    const Bitboard pieces = pos.pieces() & ~pos.pieces(PAWN, KING);
    const Bitboard kept = shut_in(pos, pieces & (pos.pieces(~winner) | pos.pieces(BISHOP)));
    const bool shut = kept && (pieces & pos.pieces(~winner) & ~kept);
    const bool bishops = pos.pieces(winner, BISHOP);
    for (int finer : {0, 1}) {
        if (!(finer ? bishops : shut)) continue;
        const GhostResult g = ghost_search(pos, winner, finer ? node_limit / 4 : node_limit,
                                           GhostOptions{true, finer == 1, finer == 0 || shut});
        result.nodes += g.nodes;
        if (g.verdict == GhostVerdict::Unwinnable || g.verdict == GhostVerdict::OutOfBudget ||
            result.verdict == GhostVerdict::NotApplicable)
            result.verdict = g.verdict;
        if (g.verdict == GhostVerdict::Unwinnable) break;
    }
    return result;
}

}  // namespace drawproxy::rules::winnability
