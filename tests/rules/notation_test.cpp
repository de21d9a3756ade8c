// FEN, UCI and SAN text: round trips over every EPD position, the lenient SAN forms, broken
// FENs, X-FEN and Shredder-FEN castling fields.
#include <catch2/catch.hpp>
#include <sstream>

#include "epd.h"
#include "fen_position.h"
#include "rules/notation.h"

using namespace drawproxy;
using namespace drawproxy::rules;
using drawproxy::test::fen;
using test::EPD_FILES;

namespace {

std::vector<std::string> fields(const std::string& fen) {
    std::istringstream in(fen);
    std::vector<std::string> v;
    for (std::string f; in >> f;) v.push_back(f);
    return v;
}

Move san(const Position& pos, std::string_view text) {
    std::string error;
    Move m = parse_san(pos, text, error);
    INFO(text << ": " << error);
    CHECK(!m.is_none());
    return m;
}

std::string san_error(const Position& pos, std::string_view text) {
    std::string error;
    Move m = parse_san(pos, text, error);
    CHECK(m.is_none());
    return error;
}

Move uci(const Position& pos, std::string_view text) { return parse_uci_move(pos, text); }

Move sq_move(std::string_view from, std::string_view to) {
    return Move(parse_square(from), parse_square(to));
}

}  // namespace

TEST_CASE("FEN round trip over every EPD position", "[notation]") {
    for (const auto& file : EPD_FILES) {
        for (const auto& e : test::load_epd(file.path)) {
            INFO(e.fen);
            Position a(Position::Uninitialised{}), b(Position::Uninitialised{});
            std::string error;
            REQUIRE(parse_fen(e.fen, file.chess960, a, error));
            const std::string text = to_fen(a);
            REQUIRE(parse_fen(text, file.chess960, b, error));
            CHECK(b.same_position(a));
            CHECK(b.repetition_key() == a.repetition_key());
            CHECK(to_fen(b) == text);
            // Text equal but for the en passant field, shown only when a capture is legal.
            auto in = fields(e.fen), out = fields(text);
            REQUIRE(in.size() == out.size());
            for (std::size_t i = 0; i < in.size(); ++i) {
                if (i == 3 && in[i] != out[i]) {
                    CHECK(out[i] == "-");
                    CHECK_FALSE(a.has_legal_en_passant());
                } else {
                    CHECK(in[i] == out[i]);
                }
            }
        }
    }
}

TEST_CASE("SAN and UCI round trips for every move at depth 1 and 2 of every EPD position", "[notation]") {
    long moves_checked = 0;
    auto check_moves = [&](const Position& pos) {
        for (Move m : pos.legal_moves()) {
            const std::string s = to_san(pos, m);
            std::string error;
            INFO(to_fen(pos) << " " << s);
            CHECK(parse_san(pos, s, error) == m);
            // UCI text in both modes: this position's own mode, and (when the position is
            // a standard one) Chess960 mode, where castling is written king-takes-rook.
            for (bool chess960 : {pos.chess960(), true}) {
                Position p = pos;
                p.set_chess960(chess960);
                const std::string u = to_uci(p, m);
                INFO(u << (chess960 ? " (Chess960)" : " (standard)"));
                CHECK(parse_uci_move(p, u, error) == m);
            }
            ++moves_checked;
        }
    };
    for (const auto& file : EPD_FILES) {
        for (const auto& e : test::load_epd(file.path)) {
            Position pos = fen(e.fen, file.chess960);
            check_moves(pos);
            for (Move m : pos.legal_moves()) {
                Position child = pos;
                child.play(m);
                check_moves(child);
            }
        }
    }
    CHECK(moves_checked > 100000);
}

TEST_CASE("UCI text: castling in both forms, promotions, refusals", "[notation]") {
    Position std_pos = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    const Move oo = Move::make(parse_square("e1"), parse_square("h1"), Move::CASTLING);
    const Move ooo = Move::make(parse_square("e1"), parse_square("a1"), Move::CASTLING);
    CHECK(to_uci(std_pos, oo) == "e1g1");
    CHECK(to_uci(std_pos, ooo) == "e1c1");
    CHECK(uci(std_pos, "e1g1") == oo);
    CHECK(uci(std_pos, "e1h1") == oo);  // king takes rook, accepted in standard chess too
    CHECK(uci(std_pos, "e1a1") == ooo);
    Position c960 = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true);
    CHECK(to_uci(c960, oo) == "e1h1");
    CHECK(uci(c960, "e1h1") == oo);
    CHECK(uci(c960, "e1g1") == oo);  // the king's square: only castling can mean it

    // Chess960, king f1 and rook h1: f1g1 is a plain king move, f1h1 the castling.
    Position f1 = fen("4k3/8/8/8/8/8/8/5K1R w K - 0 1", true);
    CHECK(uci(f1, "f1g1") == sq_move("f1", "g1"));
    CHECK(uci(f1, "f1h1") == Move::make(parse_square("f1"), parse_square("h1"), Move::CASTLING));

    Position promo = fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    CHECK(uci(promo, "a7a8q") == Move::make(parse_square("a7"), parse_square("a8"), Move::PROMOTION, QUEEN));
    CHECK(uci(promo, "a7b8n") == Move::make(parse_square("a7"), parse_square("b8"), Move::PROMOTION, KNIGHT));
    CHECK(uci(promo, "a7b8Q") == Move::make(parse_square("a7"), parse_square("b8"), Move::PROMOTION, QUEEN));
    std::string error;
    CHECK(parse_uci_move(promo, "a7a8", error).is_none());  // promotion piece missing
    CHECK(error.find("illegal") != std::string::npos);
    CHECK(parse_uci_move(promo, "a7a8k", error).is_none());
    CHECK(error.find("not a UCI move") != std::string::npos);
    for (std::string_view bad : {"", "e2", "e2e", "e2e4qq", "i2i4", "e0e1", "0000", "e2e4 ", "e1e1"})
        CHECK(parse_uci_move(Position(), bad, error).is_none());
    CHECK(parse_uci_move(Position(), "e2e5", error).is_none());
    CHECK(error.find("illegal") != std::string::npos);
}

TEST_CASE("SAN: lenient input forms", "[notation]") {
    Position castle = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    const Move oo = Move::make(parse_square("e1"), parse_square("h1"), Move::CASTLING);
    const Move ooo = Move::make(parse_square("e1"), parse_square("a1"), Move::CASTLING);
    for (auto t : {"O-O", "0-0", "O-O+", "0-0!?"}) CHECK(san(castle, t) == oo);
    for (auto t : {"O-O-O", "0-0-0", "O-O-O#"}) CHECK(san(castle, t) == ooo);

    Position promo = fen("8/4P3/8/8/8/8/8/k6K w - - 0 1");
    const Move e8q = Move::make(parse_square("e7"), parse_square("e8"), Move::PROMOTION, QUEEN);
    for (auto t : {"e8=Q", "e8Q", "e8q", "e8(Q)", "e8/Q", "e8=Q+", "e7e8=Q", "e7-e8Q"})
        CHECK(san(promo, t) == e8q);
    CHECK(san(promo, "e8=N") == Move::make(parse_square("e7"), parse_square("e8"), Move::PROMOTION, KNIGHT));
    CHECK(san(promo, "e8b") == Move::make(parse_square("e7"), parse_square("e8"), Move::PROMOTION, BISHOP));
    CHECK(san_error(promo, "e8").find("promotion piece missing") != std::string::npos);
    CHECK(san_error(promo, "e8=K").size() > 0);

    Position ep = fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    const Move exd6 = Move::make(parse_square("e5"), parse_square("d6"), Move::EN_PASSANT);
    for (auto t : {"exd6", "exd6 e.p.", "exd6e.p.", "exd6ep", "exd6 e.p.+", "e5xd6", "ed6"})
        CHECK(san(ep, t) == exd6);
    CHECK(to_san(ep, exd6) == "exd6");
    // Without an origin file a pawn move is a push; "d6" is not en passant.
    CHECK(san_error(ep, "d6").find("illegal") != std::string::npos);

    Position start;
    const Move nf3 = sq_move("g1", "f3");
    for (auto t : {"Nf3", "Nf3+", "Nf3#", "Nf3!", "Ng1f3", "Ng1-f3", "Ngf3", "N1f3", "Nf3 "})
        CHECK(san(start, t) == nf3);
    CHECK(san(start, "e4") == sq_move("e2", "e4"));
    CHECK(san(start, "Pe4") == sq_move("e2", "e4"));
    CHECK(san(start, "e2e4") == sq_move("e2", "e4"));
    CHECK(san_error(start, "Nf4").find("illegal") != std::string::npos);
    CHECK(san_error(start, "").find("empty") != std::string::npos);
    CHECK(san_error(start, "O-O").find("castling") != std::string::npos);
    CHECK(san_error(start, "Zf3").size() > 0);
    CHECK(san_error(start, "N").size() > 0);

    // Check signs: Qh5 gives check here; both with and without the sign parse.
    Position check = fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    CHECK(to_san(check, sq_move("d1", "d7")) == "Qd7+");
    CHECK(san(check, "Qd7") == sq_move("d1", "d7"));
    CHECK(san(check, "Qd7+") == sq_move("d1", "d7"));
    Position mate = fen("6k1/5ppp/8/8/8/8/8/3RK3 w - - 0 1");
    CHECK(to_san(mate, sq_move("d1", "d8")) == "Rd8#");
    CHECK(san(mate, "Rd8") == sq_move("d1", "d8"));
}

TEST_CASE("SAN: disambiguation counts legal moves only", "[notation]") {
    // Knights b1 and f3 both reach d2.
    Position two = fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    CHECK(san_error(two, "Nd2").find("ambiguous") != std::string::npos);
    CHECK(san(two, "Nbd2") == sq_move("b1", "d2"));
    CHECK(san(two, "Nfd2") == sq_move("f3", "d2"));
    CHECK(san(two, "N3d2") == sq_move("f3", "d2"));
    CHECK(to_san(two, sq_move("b1", "d2")) == "Nbd2");
    CHECK(to_san(two, sq_move("f3", "d2")) == "Nfd2");

    // The d2 knight is pinned by the a5 bishop: Ng1-f3 needs no disambiguation.
    Position pinned = fen("4k3/8/8/b7/8/8/3N4/4K1N1 w - - 0 1");
    CHECK(to_san(pinned, sq_move("g1", "f3")) == "Nf3");
    CHECK(san(pinned, "Nf3") == sq_move("g1", "f3"));

    // Queens a1, a3, c1 all reach b2: rank, file, and full-square forms.
    Position queens = fen("6k1/8/8/8/8/Q7/8/Q1Q4K w - - 0 1");
    CHECK(to_san(queens, sq_move("a1", "b2")) == "Qa1b2");
    CHECK(to_san(queens, sq_move("a3", "b2")) == "Q3b2");
    CHECK(to_san(queens, sq_move("c1", "b2")) == "Qcb2");
    CHECK(san(queens, "Qa1b2") == sq_move("a1", "b2"));
    CHECK(san_error(queens, "Qab2").find("ambiguous") != std::string::npos);
    CHECK(san_error(queens, "Q1b2").find("ambiguous") != std::string::npos);

    // Promotions: the capture names its file, each piece its letter.
    Position promo = fen("1n1nk3/2P5/8/8/8/8/8/4K3 w - - 0 1");
    CHECK(to_san(promo, Move::make(parse_square("c7"), parse_square("d8"), Move::PROMOTION, QUEEN)) ==
          "cxd8=Q+");
    CHECK(to_san(promo, Move::make(parse_square("c7"), parse_square("b8"), Move::PROMOTION, KNIGHT)) ==
          "cxb8=N");
    CHECK(to_san(promo, Move::make(parse_square("c7"), parse_square("c8"), Move::PROMOTION, ROOK)) == "c8=R");
}

TEST_CASE("broken FENs name the fault and leave the output untouched", "[notation]") {
    const std::string kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    struct Case {
        std::string fen;
        std::string fault;
        bool chess960 = false;
    };
    const std::vector<Case> cases = {
        {"", "empty FEN"},
        {"   ", "empty FEN"},
        {"8/8/8/8/8/8/8/8", "at least 2 fields"},
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", "too many fields"},
        {"4k3/8/8/8/8/8/4K3 w - - 0 1", "7 ranks"},
        {"4k3/8/8/8/8/8/8/8/4K3 w - - 0 1", "more than 8 ranks"},
        {"4k3/9/8/8/8/8/8/4K3 w - - 0 1", "unknown piece character '9'"},
        {"4k3/8/8/8/8/8/8/4K2 w - - 0 1", "rank 1 has 7 squares"},
        {"4k3/7/8/8/8/8/8/4K3 w - - 0 1", "rank 7 has 7 squares"},
        {"4k3/ppppppppp/8/8/8/8/8/4K3 w - - 0 1", "more than 8 squares"},
        {"4k3/8/8/8/8/8/8/4K2X w - - 0 1", "unknown piece character 'X'"},
        {"4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move"},
        {"8/8/8/8/8/8/8/4K3 w - - 0 1", "black has 0 kings"},
        {"4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "white has 2 kings"},
        {"4k3/8/8/8/8/8/8/4K3 w KQ - 0 1", "no rook"},
        {"4k3/8/8/8/8/8/4K3/7R w K - 0 1", "king is not on its first rank"},
        {"4k3/8/8/8/8/8/8/4K2R w Z - 0 1", "unknown castling character 'Z'"},
        {"4k3/8/8/8/8/8/8/4K1RR w GH - 0 1", "two rooks one right", true},
        {"4k3/8/8/8/8/8/8/5KR1 w K - 0 1", "unless Chess960"},
        {"4k3/8/8/8/8/8/8/4K1R1 w K - 0 1", "unless Chess960"},
        {"4k3/8/8/8/8/8/8/4K3 w - e9 0 1", "bad en passant square"},
        {"4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "does not follow a two-square pawn move"},
        {"4k3/8/8/4p3/8/8/8/4K3 w - e3 0 1", "does not follow a two-square pawn move"},
        {"4k3/8/8/8/8/8/8/4K3 w - - x 1", "bad halfmove clock 'x'"},
        {"4k3/8/8/8/8/8/8/4K3 w - - -1 1", "bad halfmove clock '-1'"},
        {"4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 1", "out of range halfmove clock"},
        {"4k3/8/8/8/8/8/8/4K3 w - - 1000001 1", "out of range halfmove clock"},
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 1.5", "bad fullmove number"},
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 70000000", "out of range fullmove number"},
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 1000001", "out of range fullmove number"},
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 0", "fullmove number '0' (it starts at 1)"},
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 000", "fullmove number '000' (it starts at 1)"},
        {"4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "pawn stands on the first or last rank"},
        {"4k3/8/8/8/8/8/PPPPPPPP/P3K3 w - - 0 1", "pawn"},
        {"4k3/pppppppp/pppppppp/p7/8/8/8/4K3 w - - 0 1", "more than 16 pieces"},
        {"4k3/8/8/8/8/8/8/4K2r b - - 0 1", "side not to move is in check"},
    };
    for (const auto& c : cases) {
        Position out = fen(kiwipete);
        std::string error;
        INFO("'" << c.fen << "' -> " << error);
        CHECK_FALSE(parse_fen(c.fen, c.chess960, out, error));
        CHECK_THAT(error, Catch::Contains(c.fault));
        CHECK(to_fen(out) == kiwipete);
        CHECK(out.repetition_key() == fen(kiwipete).repetition_key());
        CHECK_THROWS_AS(Position::from_fen(c.fen, c.chess960), FenError);
    }
}

TEST_CASE("FEN: tolerant forms", "[notation]") {
    // Missing clocks, a missing fullmove number, runs of spaces.
    CHECK(to_fen(fen("4k3/8/8/8/8/8/8/4K3 b - -")) == "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    // Missing castling and en passant fields (EPD-style test files): none of either.
    CHECK(to_fen(fen("4k3/8/8/8/8/8/8/4K3 b")) == "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    CHECK(to_fen(fen("r3k3/8/8/8/8/8/8/4K2R w K")) == "r3k3/8/8/8/8/8/8/4K2R w K - 0 1");
    CHECK(to_fen(fen("4k3/8/8/8/8/8/8/4K3 b - - 7")) == "4k3/8/8/8/8/8/8/4K3 b - - 7 1");
    CHECK(to_fen(fen("  4k3/8/8/8/8/8/8/4K3   w  -  -  3  01 ")) == "4k3/8/8/8/8/8/8/4K3 w - - 3 1");
    CHECK(to_fen(fen("4k3/8/8/8/8/8/8/4K3 w - - 000012 1000000")) == "4k3/8/8/8/8/8/8/4K3 w - - 12 1000000");
    // An en passant square no pawn can use is dropped; one with an illegal capture is kept
    // inside but not shown.
    CHECK(fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").ep_square() == SQ_NONE);
    Position pinned = fen("4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2");
    CHECK(pinned.ep_square() == parse_square("d6"));
    CHECK_FALSE(pinned.has_legal_en_passant());
    CHECK(to_fen(pinned) == "4k3/8/8/K2pP2r/8/8/8/8 w - - 0 2");
    // Problem positions with more than 8 pawns a side (from the winnability test set).
    const std::string nine = "3b4/4p1p1/1p1pP1P1/1P1PpBp1/1pBpP1P1/1P1P4/4K1P1/2k5 w - - 0 1";
    CHECK(to_fen(fen(nine)) == nine);
}

TEST_CASE("FEN: X-FEN and Shredder-FEN castling fields", "[notation]") {
    // Standard chess: KQkq, HAha and mixtures name the same rights.
    const Position kq = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for (auto f : {"HAha", "KAhq", "AHah"}) {
        Position p = fen(std::string("r3k2r/8/8/8/8/8/8/R3K2R w ") + f + " - 0 1");
        CHECK(p.same_position(kq));
        CHECK(to_fen(p) == to_fen(kq));
    }
    // Chess960 with two rooks on one side: X-FEN K/Q mean the outermost rook; the inner one
    // needs its file, and the writer uses the file letter only then.
    const std::string placement = "1r2k1rr/8/8/8/8/8/8/RR2K1R1 w ";
    Position outer = fen(placement + "KQkq - 0 1", true);
    CHECK(outer.castling_rook(castling_index(WHITE, true)) == parse_square("g1"));
    CHECK(outer.castling_rook(castling_index(WHITE, false)) == parse_square("a1"));
    CHECK(outer.castling_rook(castling_index(BLACK, true)) == parse_square("h8"));
    CHECK(outer.castling_rook(castling_index(BLACK, false)) == parse_square("b8"));
    CHECK(fields(to_fen(outer))[2] == "KQkq");
    CHECK(fen(placement + "GAhb - 0 1", true).same_position(outer));

    Position inner = fen(placement + "GBgb - 0 1", true);
    CHECK(inner.castling_rook(castling_index(WHITE, false)) == parse_square("b1"));
    CHECK(inner.castling_rook(castling_index(BLACK, true)) == parse_square("g8"));
    CHECK(fields(to_fen(inner))[2] == "KBgq");
    CHECK_FALSE(inner.same_position(outer));
    CHECK(inner.repetition_key() != outer.repetition_key());
    CHECK(fen(to_fen(inner), true).same_position(inner));
}

TEST_CASE("to_fen's style: rook files for Chess960 castling, and the counters left out", "[notation]") {
    const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3 7";
    const Position chess960 = fen(start, true), standard = fen(start);
    CHECK(to_fen(chess960) == start);
    CHECK(to_fen(chess960, FenStyle{.rook_files_in_chess960 = true}) ==
          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 3 7");
    CHECK(to_fen(chess960, FenStyle{.rook_files_in_chess960 = true, .counters = false}) ==
          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha -");
    // Standard chess keeps KQkq whatever the style.
    CHECK(to_fen(standard, FenStyle{.rook_files_in_chess960 = true, .counters = false}) ==
          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
    // One right left, after a rook has moved: the file of the one that can still castle.
    const Position one_side = fen("rnbqkbn1/pppppppr/8/8/8/8/PPPPPPPP/RNBQKBNR b KQq - 1 2", true);
    CHECK(to_fen(one_side, FenStyle{.rook_files_in_chess960 = true}) ==
          "rnbqkbn1/pppppppr/8/8/8/8/PPPPPPPP/RNBQKBNR b HAa - 1 2");
}
