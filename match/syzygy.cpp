#include "match/syzygy.h"

#include <tbprobe.h>

#include <algorithm>

namespace drawproxy::match::syzygy {

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

std::optional<Wdl> probe(const rules::Position& pos) {
    using namespace rules;
    const Bitboard all = pos.pieces();
    if (pos.castling_rights() || popcount(all) > int(TB_LARGEST)) return std::nullopt;
    // Both number squares a1 = 0 ... h8 = 63; Fathom takes 0 for "no en passant square".
    const unsigned ep = pos.ep_square() == SQ_NONE ? 0 : unsigned(pos.ep_square());
    const bool white = pos.side_to_move() == WHITE;
    unsigned r = tb_probe_wdl(pos.pieces(WHITE), pos.pieces(BLACK), pos.pieces(KING), pos.pieces(QUEEN),
                              pos.pieces(ROOK), pos.pieces(BISHOP), pos.pieces(KNIGHT), pos.pieces(PAWN), 0,
                              0, ep, white);
    if (r == TB_RESULT_FAILED) return std::nullopt;
    // The WDL tables count the fifty moves from zero; with moves already on the clock a win
    // may be cursed, which the distance to zeroing decides.
    if ((r == TB_WIN || r == TB_LOSS) && pos.halfmove_clock() > 0) {
        const unsigned root =
            tb_probe_root(pos.pieces(WHITE), pos.pieces(BLACK), pos.pieces(KING), pos.pieces(QUEEN),
                          pos.pieces(ROOK), pos.pieces(BISHOP), pos.pieces(KNIGHT), pos.pieces(PAWN),
                          unsigned(std::min(pos.halfmove_clock(), 1000)), 0, ep, white, nullptr);
        if (root == TB_RESULT_FAILED) return std::nullopt;
        // Mate or stalemate on the board: the Laws have ended the game before any probe.
        if (root != TB_RESULT_CHECKMATE && root != TB_RESULT_STALEMATE) r = TB_GET_WDL(root);
    }
    switch (r) {
        case TB_LOSS:
            return Wdl::Loss;
        case TB_BLESSED_LOSS:
            return Wdl::BlessedLoss;
        case TB_DRAW:
            return Wdl::Draw;
        case TB_CURSED_WIN:
            return Wdl::CursedWin;
        case TB_WIN:
            return Wdl::Win;
    }
    return std::nullopt;
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

}  // namespace drawproxy::match::syzygy
