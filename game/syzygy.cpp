#include "game/syzygy.h"

#include <tbprobe.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <memory>

namespace drawproxy::game::syzygy {

namespace {
std::string opened;  // the paths of the tables open now
}

int open(const std::string& paths) {
    std::string fathom_paths = paths;  // Fathom separates directories by ':' on POSIX
    std::replace(fathom_paths.begin(), fathom_paths.end(), ';', ':');
    // Opening the same tables again would only unmap and map the same files.
    if (fathom_paths == opened && TB_LARGEST > 0) return int(TB_LARGEST);
    opened = fathom_paths;
    if (!tb_init(fathom_paths.c_str())) return 0;
    return int(TB_LARGEST);
}

int max_pieces() { return int(TB_LARGEST); }

namespace {

Wdl from_fathom(unsigned r) {
    switch (r) {
        case TB_LOSS:
            return Wdl::Loss;
        case TB_BLESSED_LOSS:
            return Wdl::BlessedLoss;
        case TB_DRAW:
            return Wdl::Draw;
        case TB_CURSED_WIN:
            return Wdl::CursedWin;
        default:
            return Wdl::Win;
    }
}

bool in_tables(const rules::Position& pos) {
    return !pos.castling_rights() && rules::popcount(pos.pieces()) <= int(TB_LARGEST);
}

// Both number squares a1 = 0 ... h8 = 63; Fathom takes 0 for "no en passant square".
unsigned ep_of(const rules::Position& pos) {
    return pos.ep_square() == rules::SQ_NONE ? 0 : unsigned(pos.ep_square());
}

// The WDL tables' value, the fifty moves counted from zero (TB_RESULT_FAILED: not found).
unsigned probe_wdl(const rules::Position& pos) {
    using namespace rules;
    return tb_probe_wdl(pos.pieces(WHITE), pos.pieces(BLACK), pos.pieces(KING), pos.pieces(QUEEN),
                        pos.pieces(ROOK), pos.pieces(BISHOP), pos.pieces(KNIGHT), pos.pieces(PAWN), 0, 0,
                        ep_of(pos), pos.side_to_move() == WHITE);
}

// Fathom's root probe: the position's distance to zeroing, TB_GET_DTZ of the result, and each
// move's in `results` (the mover's distance, one ply more than the position it leads to, a
// zeroing move's 1 or 101 from the WDL tables), TB_RESULT_FAILED if not found or mate or
// stalemate (which the Laws end first). Given a clock of zero, so that its WDL fields only say
// which side a distance is for: the clock is counted here, from the distances (see with_clock).
unsigned probe_root(const rules::Position& pos, unsigned* results) {
    using namespace rules;
    results[0] = TB_RESULT_FAILED;
    const unsigned root =
        tb_probe_root(pos.pieces(WHITE), pos.pieces(BLACK), pos.pieces(KING), pos.pieces(QUEEN),
                      pos.pieces(ROOK), pos.pieces(BISHOP), pos.pieces(KNIGHT), pos.pieces(PAWN), 0, 0,
                      ep_of(pos), pos.side_to_move() == WHITE, results);
    if (root == TB_RESULT_CHECKMATE || root == TB_RESULT_STALEMATE) return TB_RESULT_FAILED;
    return root;
}

// A root probe's value of one move as a signed distance: > 0 when it wins for the mover.
int move_dtz(unsigned r) {
    const int d = int(TB_GET_DTZ(r));
    const unsigned wdl = TB_GET_WDL(r);
    return wdl > TB_DRAW ? d : wdl < TB_DRAW ? -d : 0;
}

// Fathom's promotion code: 1 queen ... 4 knight, 0 none.
unsigned fathom_promotes(rules::Move m) {
    return m.kind() == rules::Move::PROMOTION ? unsigned(rules::QUEEN - m.promotion() + 1) : 0;
}

bool same_move(unsigned r, rules::Move m) {
    return TB_GET_FROM(r) == unsigned(m.from()) && TB_GET_TO(r) == unsigned(m.to()) &&
           TB_GET_PROMOTES(r) == fathom_promotes(m);
}

// The verdict from a distance to zeroing `dtz` (the side to move's view: > 0 won, < 0 lost, 0
// drawn; beyond 100 past the fifty moves already) and the halfmove clock. Syzygy's DTZ tables
// may give a distance one ply short (some store them halved), so where one ply more would cross
// ply 100 of the clock the distance cannot tell: nullopt, for the search below. So too a win with
// the clock past 99: the defender claims at its next move unless the winner zeroes now.
std::optional<Wdl> by_distance(int dtz, int clock) {
    if (dtz == 0) return Wdl::Draw;
    const bool win = dtz > 0;
    const int distance = std::abs(dtz);
    if (distance > 100) return win ? Wdl::CursedWin : Wdl::BlessedLoss;
    const int reach = distance + std::min(clock, 1000);
    if (clock == 0 || reach <= 99) return win ? Wdl::Win : Wdl::Loss;
    if (reach >= 101 && (!win || clock < 100)) return win ? Wdl::CursedWin : Wdl::BlessedLoss;
    return std::nullopt;
}

enum class Reach { No, Yes, Open };

// One question of the search below: the root probes it may still make, the answers kept.
struct Search {
    SearchCache& cache;
    int probes = 0;  // root probes made
};

Reach within(const rules::Position& pos, const unsigned* results, int budget, bool winner, Search& search);

// `within` for the position after the root probe's move `r` from `pos`.
Reach within_after(const rules::Position& pos, unsigned r, int budget, bool winner, Search& search) {
    rules::Position next = pos;
    rules::Move move = rules::Move::none();
    for (rules::Move m : pos.legal_moves())
        if (same_move(r, m)) move = m;
    if (!move) return Reach::Open;
    next.play(move);
    const std::uint64_t key = next.repetition_key() ^ (std::uint64_t(budget) * 0x9E3779B97F4A7C15ull);
    SearchCache::Slot& slot = search.cache.slots[key % search.cache.slots.size()];
    if (slot.key == key) return slot.won ? Reach::Yes : Reach::No;
    if (search.probes >= SearchCache::PROBES) return Reach::Open;
    unsigned results[TB_MAX_MOVES];
    ++search.probes;
    if (probe_root(next, results) == TB_RESULT_FAILED) return Reach::Open;
    const Reach reach = within(next, results, budget, winner, search);
    if (reach != Reach::Open) slot = {key, reach == Reach::Yes};
    return reach;
}

// Whether the winner mates, or zeroes into a position still won, within `budget` plies against
// any defence, the defender claiming under 9.3 at its first chance (the move that reaches ply 100
// of the clock, or at ply 100 itself). `results`: the root probe of `pos`, whose side to move is
// the winner if `winner`. A move's distance settles it unless one ply more would cross the
// budget; such a move is followed, one ply less to go, once no move settles the question outright.
// Open: the search ran out of probes (or a probe failed) before it could tell.
Reach within(const rules::Position& pos, const unsigned* results, int budget, bool winner, Search& search) {
    bool critical = false;
    for (const unsigned* r = results; *r != TB_RESULT_FAILED; ++r) {
        const int v = winner ? move_dtz(*r) : -move_dtz(*r);  // > 0: the move keeps the win
        if (winner && (v == 1 || (v >= 2 && v + 1 <= budget)))
            return Reach::Yes;  // a mate or zeroing is exact
        if (!winner && v != 1 && (v < 2 || v > budget)) return Reach::No;
        critical |= v == budget && v >= 2;
    }
    bool open = false;
    if (critical)
        for (const unsigned* r = results; *r != TB_RESULT_FAILED; ++r) {
            const int v = winner ? move_dtz(*r) : -move_dtz(*r);
            if (v != budget || v < 2) continue;
            const Reach reach = within_after(pos, *r, budget - 1, !winner, search);
            if (reach == (winner ? Reach::Yes : Reach::No)) return reach;
            open |= reach == Reach::Open;
        }
    return open ? Reach::Open : winner ? Reach::No : Reach::Yes;
}

// Whether every line of the win ends with the winner's move: the loser has no pawn, and whatever
// it captures leaves the winner no win at all (a bare king, or a lone minor piece against a bare
// king). The moves up to the zeroing one keep the men, so the exact distance is then odd with the
// winner to move and even with the loser to move, and the parity settles a distance one ply short.
bool only_winner_zeroes(const rules::Position& pos, rules::Color winner) {
    using namespace rules;
    const Color loser = ~winner;
    if (pos.pieces(loser, PAWN)) return false;
    const int men = popcount(pos.pieces(winner)) - 1;
    if (men == 1) return true;
    return men == 2 && popcount(pos.pieces(loser)) == 1 && popcount(pos.pieces(winner, BISHOP, KNIGHT)) == 2;
}

// The verdict from the distance `dtz` (as by_distance) where it tells, or from its parity where
// only the winner zeroes; nullopt where only a search can tell.
std::optional<Wdl> by_distance_or_parity(const rules::Position& pos, int dtz) {
    if (auto w = by_distance(dtz, pos.halfmove_clock())) return w;
    const bool win = dtz > 0;
    const rules::Color winner = win ? pos.side_to_move() : ~pos.side_to_move();
    if (pos.halfmove_clock() >= 100 || !only_winner_zeroes(pos, winner)) return std::nullopt;
    const bool decided = (std::abs(dtz) % 2 == 1) == win;  // the distance as given is exact
    return win ? (decided ? Wdl::Win : Wdl::CursedWin) : (decided ? Wdl::Loss : Wdl::BlessedLoss);
}

// The value with the clock of a position the WDL tables call won or lost (`win`), its root probe
// `root` and `results` made; nullopt if the search could not settle it (`cache` made for it, its
// root probes added to `probes`).
std::optional<Wdl> with_clock(const rules::Position& pos, unsigned root, const unsigned* results, bool win,
                              std::unique_ptr<SearchCache>& cache, int& probes) {
    const int distance = int(TB_GET_DTZ(root));
    if (auto w = by_distance_or_parity(pos, win ? distance : -distance)) return *w;
    if (!cache) cache = std::make_unique<SearchCache>();
    Search search{*cache};
    const Reach reach = within(pos, results, 100 - std::min(pos.halfmove_clock(), 1000), win, search);
    probes += search.probes;
    if (reach == Reach::Open) return std::nullopt;
    const bool decided = reach == Reach::Yes;
    return win ? (decided ? Wdl::Win : Wdl::CursedWin) : (decided ? Wdl::Loss : Wdl::BlessedLoss);
}

}  // namespace

std::optional<Wdl> probe(const rules::Position& pos) {
    if (!in_tables(pos)) return std::nullopt;
    const unsigned r = probe_wdl(pos);
    if (r == TB_RESULT_FAILED) return std::nullopt;
    // The WDL tables count the fifty moves from zero; with moves already on the clock a win
    // may be cursed, which the distance to zeroing decides.
    if ((r != TB_WIN && r != TB_LOSS) || pos.halfmove_clock() == 0) return from_fathom(r);
    unsigned results[TB_MAX_MOVES];
    const unsigned root = probe_root(pos, results);
    if (root == TB_RESULT_FAILED) return std::nullopt;  // no DTZ table: won or cursed, unknown
    std::unique_ptr<SearchCache> cache;
    int probes = 0;
    return with_clock(pos, root, results, r == TB_WIN, cache, probes);
}

GameProber::GameProber() = default;
GameProber::~GameProber() = default;

std::optional<Wdl> GameProber::probe(const rules::Position& pos, int ply, rules::Move last, bool fifty) {
    static_assert(MAX_RESULTS == TB_MAX_MOVES);
    if (!in_tables(pos)) return std::nullopt;
    const int clock = pos.halfmove_clock();
    // The last root probe valued this position already (a move that zeroes the clock is valued
    // by the WDL tables alone, below): its distance is the mover's, one ply more than ours.
    if (ply == next_ply_ + 1 && last && clock > 0)
        for (const unsigned* r = next_.data(); *r != TB_RESULT_FAILED; ++r)
            if (same_move(*r, last)) {
                const int v = move_dtz(*r);
                if (auto w = by_distance_or_parity(pos, v > 0 ? 1 - v : v < 0 ? -1 - v : 0)) return *w;
                break;
            }
    const unsigned r = probe_wdl(pos);
    if (r == TB_RESULT_FAILED) return std::nullopt;
    if (!fifty || (r != TB_WIN && r != TB_LOSS) || clock == 0) return from_fathom(r);
    ++dtz_probes_;
    const unsigned root = probe_root(pos, next_.data());
    next_ply_ = root == TB_RESULT_FAILED ? -1 : ply;
    if (root == TB_RESULT_FAILED) return std::nullopt;  // no DTZ table: won or cursed, unknown
    return with_clock(pos, root, next_.data(), r == TB_WIN, cache_, search_probes_);
}

const char* to_string(Wdl wdl) {
    switch (wdl) {
        case Wdl::Loss:
            return "loss";
        case Wdl::BlessedLoss:
            return "blessed loss";
        case Wdl::Draw:
            return "draw";
        case Wdl::CursedWin:
            return "cursed win";
        case Wdl::Win:
            return "win";
    }
    return "?";
}

}  // namespace drawproxy::game::syzygy
