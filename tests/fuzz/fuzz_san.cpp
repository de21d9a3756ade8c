// Fuzzes the SAN reader. Invariants: an accepted text is a legal move whose own SAN reads
// back to it; a refused one says why.
#include "fuzz_support.h"

using namespace drawproxy;
using namespace drawproxy::rules;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::MoveCase c;
    if (!fuzz::read_move(data, size, parse_san, c)) return 0;
    const std::string san = to_san(c.pos, c.move);
    std::string error2;
    fuzz::check(parse_san(c.pos, san, error2) == c.move, "to_san reads back",
                c.detail + " -> " + san + ": " + error2);
    return 0;
}
