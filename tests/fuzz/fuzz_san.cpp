// Fuzzes the SAN reader. Invariants: an accepted text is a legal move whose own SAN reads
// back to it; a refused one says why.
#include "fuzz_support.h"

using namespace drawproxy;
using namespace drawproxy::rules;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 512) return 0;
    Position pos;
    std::string_view text = fuzz::split_input(data, size, pos);
    std::string error;
    const Move m = parse_san(pos, text, error);
    const std::string fen = to_fen(pos) + " | " + std::string(text);
    if (m.is_none()) {
        fuzz::check(!error.empty(), "a refused move names its fault", fen);
        return 0;
    }
    fuzz::check(pos.is_legal(m), "an accepted move is legal", fen);
    const std::string san = to_san(pos, m);
    std::string error2;
    fuzz::check(parse_san(pos, san, error2) == m, "to_san reads back", fen + " -> " + san + ": " + error2);
    return 0;
}
