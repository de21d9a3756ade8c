// The FIDE 9.2 identity (repetition key and same_position) on hand-made cases, and Chess960
// castling corner cases.
#include <catch2/catch.hpp>

#include "fen_position.h"
#include "rules/notation.h"

using namespace drawproxy::rules;
using drawproxy::test::fen;

namespace {

Position after(std::string_view start, std::initializer_list<std::string_view> moves, bool chess960 = false) {
    Position pos = fen(start, chess960);
    for (auto text : moves) {
        std::string error;
        Move m = parse_uci_move(pos, text, error);
        INFO(text << ": " << error);
        REQUIRE(!m.is_none());
        pos.play(m);
    }
    return pos;
}

// Same position by both the key and the exact comparison; they must always agree here.
bool same(const Position& a, const Position& b) {
    const bool by_key = a.repetition_key() == b.repetition_key();
    CHECK(by_key == a.same_position(b));
    return by_key;
}

Move castling(std::string_view king, std::string_view rook) {
    return Move::make(parse_square(king), parse_square(rook), Move::CASTLING);
}

}  // namespace

TEST_CASE("repetition key: en passant counts only when a legal capture exists", "[position]") {
    SECTION("a pinned pawn cannot capture: same position as without the double step") {
        // The e5 pawn is pinned to the b2 king by the h8 bishop.
        Position pos = after("7b/3p4/8/4P3/8/8/1K6/7k b - - 0 1", {"d7d5"});
        CHECK(pos.ep_square() == parse_square("d6"));
        CHECK_FALSE(pos.has_legal_en_passant());
        CHECK(same(pos, fen("7b/8/8/3pP3/8/8/1K6/7k w - - 0 2")));
        // Control: bishop on g8 instead, no pin, so the capture is legal and counts.
        Position free = after("6b1/3p4/8/4P3/8/8/1K6/7k b - - 0 1", {"d7d5"});
        CHECK(free.has_legal_en_passant());
        CHECK_FALSE(same(free, fen("6b1/8/8/3pP3/8/8/1K6/7k w - - 0 2")));
        CHECK(same(free, fen("6b1/8/8/3pP3/8/8/1K6/7k w - d6 0 2")));
    }
    SECTION("a capture that would expose the king along the rank does not count") {
        Position pos = after("4k3/3p4/8/K3P2r/8/8/8/8 b - - 0 1", {"d7d5"});
        CHECK_FALSE(pos.has_legal_en_passant());
        CHECK(same(pos, fen("4k3/8/8/K2pP2r/8/8/8/8 w - - 0 2")));
        // Control: the rook one rank higher pins nothing.
        Position free = after("4k3/3p3r/8/K3P3/8/8/8/8 b - - 0 1", {"d7d5"});
        CHECK(free.has_legal_en_passant());
        CHECK_FALSE(same(free, fen("4k3/7r/8/K2pP3/8/8/8/8 w - - 0 2")));
    }
    SECTION("two pawns that could capture, one of them pinned: still a legal capture") {
        Position pos = after("7b/3p4/8/2P1P3/8/8/1K6/7k b - - 0 1", {"d7d5"});
        CHECK(pos.has_legal_en_passant());
        CHECK_FALSE(same(pos, fen("7b/8/8/2PpP3/8/8/1K6/7k w - - 0 2")));
    }
    SECTION("en passant as the only way out of check counts") {
        // d7-d5 gives check to the e4 king; exd6 removes the checker.
        Position pos = after("4k3/3p4/8/4P3/4K3/8/8/8 b - - 0 1", {"d7d5"});
        CHECK(pos.is_check());
        CHECK(pos.has_legal_en_passant());
        CHECK(pos.is_legal(Move::make(parse_square("e5"), parse_square("d6"), Move::EN_PASSANT)));
    }
}

TEST_CASE("repetition key: castling rights", "[position]") {
    const std::string start = "r3k2r/8/8/8/8/8/1B6/R3K2R w KQkq - 0 1";
    SECTION("a rook captured on its home square takes its right with it") {
        Position pos = after(start, {"b2h8"});
        CHECK(pos.castling_rights() == (WHITE_OO | WHITE_OOO | BLACK_OOO));
        CHECK(to_fen(pos) == "r3k2B/8/8/8/8/8/8/R3K2R b KQq - 0 1");
        CHECK(same(pos, fen("r3k2B/8/8/8/8/8/8/R3K2R b KQq - 0 1")));
    }
    SECTION("a rook that leaves and comes back has lost its right") {
        Position pos = after(start, {"h1h2", "h8h7", "h2h1", "h7h8"});
        CHECK(to_fen(pos) == "r3k2r/8/8/8/8/8/1B6/R3K2R w Qq - 4 3");
        CHECK_FALSE(same(pos, fen(start)));
        CHECK(same(pos, fen("r3k2r/8/8/8/8/8/1B6/R3K2R w Qq - 4 3")));
    }
    SECTION("a king that leaves and comes back has lost both") {
        Position pos = after(start, {"e1d1", "e8d8", "d1e1", "d8e8"});
        CHECK(pos.castling_rights() == NO_CASTLING);
        CHECK(same(pos, fen("r3k2r/8/8/8/8/8/1B6/R3K2R w - - 4 3")));
    }
    SECTION("rights differ: positions differ even with the same placement") {
        CHECK_FALSE(same(fen(start), fen("r3k2r/8/8/8/8/8/1B6/R3K2R w KQk - 0 1")));
        CHECK_FALSE(same(fen(start), fen("r3k2r/8/8/8/8/8/1B6/R3K2R b KQkq - 0 1")));
    }
}

TEST_CASE("repetition key: Chess960 rights with rooks on the b- and g-files", "[position]") {
    // King on d1/d8, rooks on b and g: X-FEN KQkq and Shredder GBgb are one position.
    const std::string placement = "1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 ";
    Position xfen = fen(placement + "w KQkq - 0 1", true);
    CHECK(xfen.castling_rook(castling_index(WHITE, true)) == parse_square("g1"));
    CHECK(xfen.castling_rook(castling_index(WHITE, false)) == parse_square("b1"));
    CHECK(same(xfen, fen(placement + "w GBgb - 0 1", true)));
    CHECK_FALSE(same(xfen, fen(placement + "w Bgb - 0 1", true)));
    CHECK_FALSE(same(xfen, fen(placement + "w Ggb - 0 1", true)));

    // The g1 rook goes to h1 and back: the right is gone, the b-file one stays.
    Position pos = after(placement + "w KQkq - 0 1", {"g1h1", "g8h8", "h1g1", "h8g8"}, true);
    CHECK(to_fen(pos) == placement + "w Qq - 4 3");
    CHECK_FALSE(same(pos, xfen));
    CHECK(same(pos, fen(placement + "w Bb - 4 3", true)));

    // Two rooks on one side: the right on the g1 rook is not the right on the h1 rook.
    Position g = fen("4k3/8/8/8/8/8/8/4K1RR w G - 0 1", true);
    Position h = fen("4k3/8/8/8/8/8/8/4K1RR w H - 0 1", true);
    CHECK_FALSE(same(g, h));
    CHECK(to_fen(g) == "4k3/8/8/8/8/8/8/4K1RR w G - 0 1");
    CHECK(to_fen(h) == "4k3/8/8/8/8/8/8/4K1RR w K - 0 1");
}

TEST_CASE("Chess960 castling corner cases", "[position]") {
    SECTION("the king does not move: only the rook does") {
        Position pos = fen("4k3/8/8/8/8/8/8/6KR w K - 0 1", true);
        const Move oo = castling("g1", "h1");
        REQUIRE(pos.is_legal(oo));
        CHECK(to_uci(pos, oo) == "g1h1");
        CHECK(to_san(pos, oo) == "O-O");
        CHECK(parse_uci_move(pos, "g1h1") == oo);
        CHECK(parse_uci_move(pos, "g1g1") == oo);  // the king's destination form
        pos.play(oo);
        CHECK(to_fen(pos) == "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");

        Position q = fen("4k3/8/8/8/8/8/8/1RK5 w Q - 0 1", true);
        REQUIRE(q.is_legal(castling("c1", "b1")));
        q.play(castling("c1", "b1"));
        CHECK(to_fen(q) == "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    }
    SECTION("king and rook swap squares") {
        Position pos = fen("4k3/8/8/8/8/8/8/5RK1 w F - 0 1", true);
        pos.play(castling("g1", "f1"));
        CHECK(to_fen(pos) == "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    }
    SECTION("the castling rook screens the king's landing square") {
        // Black rook a1, white rook b1, king d1: after O-O-O the king would stand on c1 in
        // the a1 rook's line, so castling is illegal although c1 is not attacked now.
        Position pos = fen("4k3/8/8/8/8/8/8/rR1K4 w Q - 0 1", true);
        CHECK_FALSE(pos.is_legal(castling("d1", "b1")));
        // Control: with the black rook elsewhere the same castling is legal.
        CHECK(fen("4k3/8/8/8/8/8/r7/1R1K4 w Q - 0 1", true).is_legal(castling("d1", "b1")));
    }
    SECTION("a square the king crosses must not be attacked; squares only the rook crosses may be") {
        // King b1 to g1 crosses c1..f1; the e8 rook attacks e1.
        CHECK_FALSE(fen("k3r3/8/8/8/8/8/8/1K5R w K - 0 1", true).is_legal(castling("b1", "h1")));
        // King f1 to c1 with the rook on a1: b1 is attacked, but only the rook crosses it.
        CHECK(fen("1r5k/8/8/8/8/8/8/R4K2 w Q - 0 1", true).is_legal(castling("f1", "a1")));
    }
    SECTION("a piece between the rook and its destination blocks castling") {
        // O-O from b1 with the rook on c1: the king's way to g1 is blocked on f1.
        CHECK_FALSE(fen("4k3/8/8/8/8/8/8/1KR2N2 w K - 0 1", true).is_legal(castling("b1", "c1")));
        CHECK(fen("4k3/8/8/8/8/8/8/1KR5 w K - 0 1", true).is_legal(castling("b1", "c1")));
        // O-O-O from b1 with the rook on a1: the rook needs d1, the king only c1.
        CHECK_FALSE(fen("4k3/8/8/8/8/8/8/RK1N4 w Q - 0 1", true).is_legal(castling("b1", "a1")));
        CHECK(fen("4k3/8/8/8/8/8/8/RK2N3 w Q - 0 1", true).is_legal(castling("b1", "a1")));
    }
    SECTION("UCI castling input in both forms, standard and Chess960") {
        Position std_pos = fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
        CHECK(parse_uci_move(std_pos, "e8g8") == castling("e8", "h8"));
        CHECK(parse_uci_move(std_pos, "e8h8") == castling("e8", "h8"));
        CHECK(parse_uci_move(std_pos, "e8c8") == castling("e8", "a8"));
        CHECK(parse_uci_move(std_pos, "e8a8") == castling("e8", "a8"));
        CHECK(to_uci(std_pos, castling("e8", "a8")) == "e8c8");

        Position c960 = fen("1r2k1r1/8/8/8/8/8/8/4K3 b kq - 0 1", true);
        CHECK(to_uci(c960, castling("e8", "g8")) == "e8g8");
        CHECK(to_uci(c960, castling("e8", "b8")) == "e8b8");
        CHECK(parse_uci_move(c960, "e8g8") == castling("e8", "g8"));  // both forms coincide
        CHECK(parse_uci_move(c960, "e8b8") == castling("e8", "b8"));
        CHECK(parse_uci_move(c960, "e8c8") == castling("e8", "b8"));  // the king's destination
        // d8 would be a plain king move and is one: not castling.
        CHECK(parse_uci_move(c960, "e8d8") == Move(parse_square("e8"), parse_square("d8")));
    }
}

TEST_CASE("has_legal_moves agrees with the move generator (the king-step shortcut)", "[position]") {
    // Random games from the start and from positions where the king is boxed in, pinned or
    // in check, down to their ends: mates and stalemates included.
    std::uint64_t seed = 12345;
    auto next = [&] {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        return seed;
    };
    int ends = 0;
    for (const char* start : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                              "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "k7/8/1Q6/8/8/8/8/7K b - - 0 1",
                              "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1", "8/8/8/8/8/2k5/1q6/K7 w - - 0 1"}) {
        for (int game = 0; game < 40; ++game) {
            Position pos = Position::from_fen(start);
            for (int ply = 0; ply < 300; ++ply) {
                const MoveList moves = pos.legal_moves();
                INFO(to_fen(pos));
                REQUIRE(pos.has_legal_moves() == !moves.empty());
                if (moves.empty()) {
                    ++ends;
                    break;
                }
                pos.play(moves[int(next() % std::uint64_t(moves.size()))]);
            }
        }
    }
    CHECK(ends > 0);
}

TEST_CASE("clocks stay within the FEN reader's bound: play() saturates at MAX_CLOCK", "[position]") {
    // Found by fuzz_fen: a clock at the bound went one past it and the FEN of the result was
    // refused. Every move, capture or not, and every null move must give a readable FEN.
    const std::string top = std::to_string(Position::MAX_CLOCK);
    for (const std::string& start :
         {"8/8/8/8/8/k7/r7/7K b - - " + top + " 1", "8/8/8/8/8/k7/r7/7K b - - 0 " + top,
          "8/8/8/8/8/k7/r7/7K b - - " + top + " " + top, "8/8/8/8/8/k7/r7/7K w - - " + top + " " + top}) {
        const Position pos = fen(start);
        for (Move m : pos.legal_moves()) {
            Position child = pos;
            child.play(m);
            INFO(start << " " << to_uci(pos, m) << " -> " << to_fen(child));
            CHECK(child.halfmove_clock() <= Position::MAX_CLOCK);
            CHECK(child.fullmove_number() <= Position::MAX_CLOCK);
            Position again(Position::Uninitialised{});
            std::string error;
            CHECK(parse_fen(to_fen(child), false, again, error));
            CHECK(error.empty());
            CHECK(same(again, child));
        }
        Position null = pos;
        null.play_null();
        Position again(Position::Uninitialised{});
        std::string error;
        INFO(start << " null move -> " << to_fen(null));
        CHECK(parse_fen(to_fen(null), false, again, error));
    }
    // Below the bound the clocks still count one by one.
    Position pos = fen("8/8/8/8/8/k7/r7/7K b - - " + std::to_string(Position::MAX_CLOCK - 1) + " 7");
    pos.play(parse_uci_move(pos, "a2b2"));
    CHECK(pos.halfmove_clock() == Position::MAX_CLOCK);
    CHECK(pos.fullmove_number() == 8);
    pos.play(parse_uci_move(pos, "h1g1"));
    CHECK(pos.halfmove_clock() == Position::MAX_CLOCK);
    CHECK(pos.fullmove_number() == 8);
}
