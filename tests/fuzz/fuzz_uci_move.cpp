// Fuzzes the UCI move reader. Invariants: an accepted text is a legal move from the square
// the text names, written back it reads to the same move; a refused one says why.
#include "fuzz_support.h"

using namespace drawproxy;
using namespace drawproxy::rules;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 512) return 0;
    Position pos;
    std::string_view text = fuzz::split_input(data, size, pos);
    std::string error;
    const Move m = parse_uci_move(pos, text, error);
    const std::string fen = to_fen(pos) + " | " + std::string(text);
    if (m.is_none()) {
        fuzz::check(!error.empty(), "a refused move names its fault", fen);
        return 0;
    }
    fuzz::check(pos.is_legal(m), "an accepted move is legal", fen);
    fuzz::check(text.size() >= 4 && parse_square(text.substr(0, 2)) == m.from(),
                "the move starts where the text says", fen);
    fuzz::check((text.size() == 5) == (m.kind() == Move::PROMOTION), "a promotion letter means a promotion",
                fen);
    const std::string back = to_uci(pos, m);
    fuzz::check(parse_uci_move(pos, back) == m, "to_uci reads back", fen + " -> " + back);
    return 0;
}
