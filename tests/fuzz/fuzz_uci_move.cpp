// Fuzzes the UCI move reader. Invariants: an accepted text is a legal move from the square
// the text names, written back it reads to the same move; a refused one says why.
#include "fuzz_support.h"

using namespace drawproxy;
using namespace drawproxy::rules;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::MoveCase c;
    if (!fuzz::read_move(data, size, parse_uci_move, c)) return 0;
    fuzz::check(c.text.size() >= 4 && parse_square(c.text.substr(0, 2)) == c.move.from(),
                "the move starts where the text says", c.detail);
    fuzz::check((c.text.size() == 5) == (c.move.kind() == Move::PROMOTION),
                "a promotion letter means a promotion", c.detail);
    const std::string back = to_uci(c.pos, c.move);
    fuzz::check(parse_uci_move(c.pos, back) == c.move, "to_uci reads back", c.detail + " -> " + back);
    return 0;
}
