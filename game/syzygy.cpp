#include "game/syzygy.h"

#include <tbprobe.h>

#include <algorithm>

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

// The value with the position's own halfmove clock, from Fathom's root probe (DTZ of the
// position and of each move, those written to `results` if not null); TB_RESULT_FAILED if not found.
unsigned probe_root(const rules::Position& pos, unsigned* results) {
    using namespace rules;
    const unsigned root = tb_probe_root(
        pos.pieces(WHITE), pos.pieces(BLACK), pos.pieces(KING), pos.pieces(QUEEN), pos.pieces(ROOK),
        pos.pieces(BISHOP), pos.pieces(KNIGHT), pos.pieces(PAWN),
        unsigned(std::min(pos.halfmove_clock(), 1000)), 0, ep_of(pos), pos.side_to_move() == WHITE, results);
    if (root == TB_RESULT_FAILED) return root;
    // Mate or stalemate on the board: the Laws have ended the game before any probe.
    if (root == TB_RESULT_CHECKMATE || root == TB_RESULT_STALEMATE) return TB_RESULT_FAILED;
    return TB_GET_WDL(root);
}

// Fathom's promotion code: 1 queen ... 4 knight, 0 none.
unsigned fathom_promotes(rules::Move m) {
    return m.kind() == rules::Move::PROMOTION ? unsigned(rules::QUEEN - m.promotion() + 1) : 0;
}

}  // namespace

std::optional<Wdl> probe(const rules::Position& pos) {
    if (!in_tables(pos)) return std::nullopt;
    unsigned r = probe_wdl(pos);
    if (r == TB_RESULT_FAILED) return std::nullopt;
    // The WDL tables count the fifty moves from zero; with moves already on the clock a win
    // may be cursed, which the distance to zeroing decides.
    if ((r == TB_WIN || r == TB_LOSS) && pos.halfmove_clock() > 0) {
        const unsigned root = probe_root(pos, nullptr);
        if (root != TB_RESULT_FAILED) r = root;
    }
    return from_fathom(r);
}

std::optional<Wdl> GameProber::probe(const rules::Position& pos, int ply, rules::Move last, bool fifty) {
    static_assert(MAX_RESULTS == TB_MAX_MOVES);
    if (!in_tables(pos)) return std::nullopt;
    const bool clock = pos.halfmove_clock() > 0;
    // The last root probe valued this position already (a move that zeroes the clock is valued
    // by the WDL tables alone, below). Its values are the mover's: the other side of ours.
    if (ply == next_ply_ + 1 && last && clock) {
        const unsigned promotes = fathom_promotes(last);
        for (const unsigned* r = next_.data(); *r != TB_RESULT_FAILED; ++r)
            if (TB_GET_FROM(*r) == unsigned(last.from()) && TB_GET_TO(*r) == unsigned(last.to()) &&
                TB_GET_PROMOTES(*r) == promotes)
                return from_fathom(TB_WIN - TB_GET_WDL(*r));
    }
    const unsigned r = probe_wdl(pos);
    if (r == TB_RESULT_FAILED) return std::nullopt;
    if (fifty && (r == TB_WIN || r == TB_LOSS) && clock) {
        const unsigned root = root_probe(pos, ply);
        if (root != TB_RESULT_FAILED) return from_fathom(root);
    }
    return from_fathom(r);
}

unsigned GameProber::root_probe(const rules::Position& pos, int ply) {
    ++dtz_probes_;
    next_[0] = TB_RESULT_FAILED;
    const unsigned root = probe_root(pos, next_.data());
    next_ply_ = root == TB_RESULT_FAILED ? -1 : ply;
    return root;
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
