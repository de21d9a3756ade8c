// Fuzzes the FEN reader. Invariants: a refused FEN leaves the output untouched and says why;
// an accepted one round-trips through to_fen; its legal moves agree with the slow reference
// generator and their UCI and SAN texts read back to the same moves.
#include "fuzz_support.h"
#include "tests/rules/slow_movegen.h"

using namespace drawproxy;
using namespace drawproxy::rules;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0 || size > 512) return 0;
    const bool chess960 = data[0] & 1;
    std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    Position pos;
    const std::string before = to_fen(pos);
    std::string error;
    if (!parse_fen(text, chess960, pos, error)) {
        fuzz::check(!error.empty(), "a refused FEN names its fault", std::string(text));
        fuzz::check(to_fen(pos) == before, "a refused FEN leaves the output untouched", std::string(text));
        return 0;
    }
    const std::string fen = to_fen(pos);
    Position again(Position::Uninitialised{});
    fuzz::check(parse_fen(fen, chess960, again, error), "to_fen output parses", fen + ": " + error);
    fuzz::check(to_fen(again) == fen, "to_fen is stable", fen);
    fuzz::check(again.same_position(pos) && again.repetition_key() == pos.repetition_key(),
                "the round trip gives the same position", fen);

    const MoveList moves = pos.legal_moves();
    fuzz::check(test::slow::sorted_raw({moves.begin(), moves.end()}) ==
                    test::slow::sorted_raw(test::slow::legal_moves(pos)),
                "legal_moves equals the slow generator", fen);
    for (Move m : moves) {
        std::string uci = to_uci(pos, m), san = to_san(pos, m);
        fuzz::check(parse_uci_move(pos, uci) == m, "UCI text reads back", fen + " " + uci);
        fuzz::check(parse_san(pos, san, error) == m, "SAN text reads back", fen + " " + san + ": " + error);
        Position child = pos;
        child.play(m);
        const Color us = pos.side_to_move();
        fuzz::check(!(child.attackers_to(child.king_square(us), child.pieces()) & child.pieces(~us)),
                    "a legal move leaves the king safe", fen + " " + uci);
        fuzz::check(parse_fen(to_fen(child), chess960, again, error) && again.same_position(child) &&
                        again.repetition_key() == child.repetition_key(),
                    "play() agrees with the FEN of its result", fen + " " + uci + ": " + error);
    }
    return 0;
}
