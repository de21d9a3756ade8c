// Edge cases of the game record and the judge, each from the text of the Laws.
#include <algorithm>
#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "rules/game.h"
#include "rules/notation.h"

using namespace drawproxy::rules;

namespace {

Game play_game(const std::string& fen, const std::string& moves, bool chess960 = false) {
    Game game(Position::from_fen(fen, chess960));
    std::istringstream in(moves);
    for (std::string text; in >> text;) {
        Move m = parse_uci_move(game.position(), text);
        INFO("move " << text << " at ply " << game.ply_count());
        REQUIRE(!m.is_none());
        game.play(m);
    }
    return game;
}

std::string claims_text(const Game& game, const Verdict& v) {
    std::string s;
    for (const Claim& c : v) {
        s += std::string(reason_name(c.reason)) + " " + std::string(c.article);
        if (c.intended) {
            s += " [";
            for (int i = 0; i < c.moves.size(); ++i)
                s += (i ? " " : "") + to_uci(game.position(), c.moves[i]);
            s += "]";
        }
        s += "; ";
    }
    return s;
}

std::string result_text(const std::optional<Result>& r) {
    if (!r) return "none";
    return std::string(score_text(r->score)) + " " + std::string(reason_name(r->reason)) + " " +
           std::string(r->article);
}

const Edition& fide2023() {
    static const Edition e = Edition::builtin("fide-2023");
    return e;
}
const Edition& fide2014() {
    static const Edition e = Edition::builtin("fide-2014");
    return e;
}
const Edition& fide2009() {
    static const Edition e = Edition::builtin("fide-2009");
    return e;
}

const std::string KNIGHTS4 = "g1f3 g8f6 f3g1 f6g8 ";  // one cycle back to the start position

}  // namespace

TEST_CASE("game: en passant counts only while a legal capture exists", "[game]") {
    // After e2e4 black could take en passant: that position is not the later ones.
    const std::string cycle = " e8e7 h1g3 e7e8 g3h1";
    Game with_ep = play_game("4k3/8/8/8/3p4/8/4P3/4K2N w - - 0 1", "e2e4" + cycle + cycle);
    CHECK(with_ep.repetition_count(1) == 1);
    CHECK(with_ep.repetition_count(5) == 1);
    CHECK(with_ep.repetition_count(9) == 2);
    // The same shuffle with the capture pinned (rook h4 against king a4 along the rank).
    Game pinned =
        play_game("8/8/8/8/k2p3R/8/4P3/4K2N w - - 0 1", "e2e4 a4a5 h1g3 a5a4 g3h1 a4a5 h1g3 a5a4 g3h1");
    CHECK(pinned.repetition_count(5) == 2);
    CHECK(pinned.repetition_count(9) == 3);
    CHECK(to_fen(pinned.position_at(1)).find(" b - - ") != std::string::npos);
}

TEST_CASE("game: castling rights lost by a rook going out and back, or by a capture on its square",
          "[game]") {
    Game g = play_game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "h1h2 h8h7 h2h1 h7h8 h1h2 h8h7 h2h1 h7h8");
    CHECK(g.repetition_count(4) == 1);  // same squares as ply 0, fewer rights
    CHECK(g.repetition_count(8) == 2);
    CHECK(to_fen(g.position_at(4)).find(" w Qq - ") != std::string::npos);

    Game capture = play_game("r3k2r/6B1/8/8/8/8/8/R3K2R w KQkq - 0 1", "g7h8");
    CHECK(!capture.position().can_castle(castling_index(BLACK, true)));
    CHECK(capture.position().can_castle(castling_index(BLACK, false)));
    CHECK(capture.halfmove_clock(1) == 0);
}

TEST_CASE("game: promotion and capture reset the clock, and the intended fifty list leaves them out",
          "[game]") {
    Game promo = play_game("8/4P3/8/8/8/k7/8/4K2R w K - 98 80", "h1h2 a3a4 e7e8q");
    CHECK(promo.halfmove_clock(2) == 100);
    CHECK(promo.halfmove_clock(3) == 0);
    CHECK(claims_text(promo, promo.verdict(fide2023())).empty());

    // Clock 99, black to move: every move but the capture b3xa1 would complete fifty moves.
    Game g = play_game("8/8/3k4/8/8/1n6/8/R3K3 b Q - 99 80", "");
    const Verdict v = g.verdict(fide2023());
    REQUIRE(v.claim_count == 1);
    CHECK(v.claims[0].article == "9.3.1");
    CHECK(!v.claims[0].moves.contains(parse_uci_move(g.position(), "b3a1")));
    CHECK(v.claims[0].moves.contains(parse_uci_move(g.position(), "b3c1")));
    CHECK(v.claims[0].moves.size() == g.position().legal_moves().size() - 1);
    // The capture on the hundredth ply: clock back to 0, and K+N v K is dead.
    g.play(parse_uci_move(g.position(), "b3a1"));
    CHECK(g.halfmove_clock(1) == 0);
    CHECK(result_text(g.verdict(fide2023()).result) == "1/2-1/2 dead-position 5.2.2");
}

TEST_CASE("game: a FEN start counts as the first occurrence and keeps its clock", "[game]") {
    Game g = play_game("4k3/8/8/8/8/8/8/R3K3 w - - 99 70", "");
    CHECK(g.repetition_count() == 1);
    CHECK(g.halfmove_clock(0) == 99);
    Verdict v = g.verdict(fide2023());
    REQUIRE(v.claim_count == 1);
    CHECK(v.claims[0].intended);
    CHECK(v.claims[0].reason == Reason::FiftyMoves);
    g.play(parse_uci_move(g.position(), "a1a2"));
    CHECK(claims_text(g, g.verdict(fide2023())).rfind("fifty-moves 9.3.2; fifty-moves 9.3.1 [", 0) == 0);
    // Back and forth: the start position comes back at ply 4 for its second time.
    g.play(parse_uci_move(g.position(), "e8e7"));
    g.play(parse_uci_move(g.position(), "a2a1"));
    g.play(parse_uci_move(g.position(), "e7e8"));
    CHECK(g.repetition_count() == 2);
    // A FEN at 150 plies already ends the game under the 75-move rule.
    Game over = play_game("4k3/8/8/8/8/8/8/R3K3 w - - 150 90", "");
    CHECK(result_text(over.verdict(fide2023()).result) == "1/2-1/2 seventy-five-moves 9.6.2");
    CHECK(over.verdict(fide2023()).claim_count == 0);
    CHECK(result_text(over.verdict(fide2009()).result) == "none");
}

TEST_CASE("game: mate on the 150th ply beats the 75-move rule, for either side", "[game]") {
    Game black = play_game("r5k1/8/8/8/8/8/5PPP/6K1 b - - 149 120", "a8a1");
    CHECK(result_text(black.verdict(fide2023()).result) == "0-1 checkmate 5.1.1");
    CHECK(result_text(black.verdict(fide2014()).result) == "0-1 checkmate 5.1a");
    // Not mate: the 75-move rule ends it in 2014 and later, never before.
    Game quiet = play_game("r5k1/8/8/8/8/8/5PPP/6K1 b - - 149 120", "a8a2");
    CHECK(result_text(quiet.verdict(fide2023()).result) == "1/2-1/2 seventy-five-moves 9.6.2");
    CHECK(result_text(quiet.verdict(fide2014()).result) == "1/2-1/2 seventy-five-moves 9.6b");
    CHECK(result_text(quiet.verdict(fide2009()).result) == "none");
    CHECK(claims_text(quiet, quiet.verdict(fide2009())).rfind("fifty-moves 9.3b; fifty-moves 9.3a [", 0) ==
          0);
    // Stalemate on that ply also comes first.
    Game stale = play_game("k7/8/1K6/8/8/8/8/2Q5 w - - 149 120", "c1c7");
    CHECK(result_text(stale.verdict(fide2023()).result) == "1/2-1/2 stalemate 5.2.1");
}

TEST_CASE("game: fivefold by a 6-ply cycle is automatic in 2023, not in 2014", "[game]") {
    const std::string cycle = "e1d1 e8d8 d1d2 d8d7 d2e1 d7e8 ";
    Game g = play_game("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", cycle + cycle + cycle + cycle);
    CHECK(g.repetition_count() == 5);
    CHECK(result_text(g.verdict(fide2023()).result) == "1/2-1/2 fivefold 9.6.1");
    CHECK(result_text(g.verdict(fide2014()).result) == "none");
    CHECK(claims_text(g, g.verdict(fide2014())) == "threefold 9.2b; threefold 9.2a [e1d1]; ");
    // A 4-ply cycle is "consecutive alternate moves": 2014 ends it on the fifth occurrence.
    Game k = play_game(Position::START_FEN.data(), KNIGHTS4 + KNIGHTS4 + KNIGHTS4 + KNIGHTS4);
    CHECK(result_text(k.verdict(fide2014()).result) == "1/2-1/2 fivefold 9.6a");
    CHECK(result_text(k.verdict(fide2014(), 15).result) == "none");
}

TEST_CASE("game: fivefold and 75 moves on the same ply: fivefold first", "[game]") {
    Game g = play_game("4k3/8/8/8/8/8/8/RN2K3 w - - 134 90",
                       "b1c3 e8d8 c3b1 d8e8 b1c3 e8d8 c3b1 d8e8 "
                       "b1c3 e8d8 c3b1 d8e8 b1c3 e8d8 c3b1 d8e8");
    CHECK(g.halfmove_clock(16) == 150);
    CHECK(g.repetition_count() == 5);
    CHECK(result_text(g.verdict(fide2023()).result) == "1/2-1/2 fivefold 9.6.1");
}

TEST_CASE("game: all four claims at once, in contract order", "[game]") {
    Game g = play_game("4k3/8/8/8/8/8/8/RN2K3 w - - 100 90", "b1c3 e8d8 c3b1 d8e8 b1c3 e8d8 c3b1 d8e8");
    const std::string text = claims_text(g, g.verdict(fide2023()));
    CHECK(text.rfind("threefold 9.2.2; threefold 9.2.1 [b1c3]; fifty-moves 9.3.2; fifty-moves 9.3.1 [", 0) ==
          0);
}

TEST_CASE("game: Chess960 castling ends the repetition look-back", "[game]") {
    const std::string fen = "nrk4r/8/8/8/8/8/8/NRK3R1 w GBhb - 0 1";
    const std::string shuffle = "a1b3 a8b6 b3a1 b6a8 ";
    Game g = play_game(fen, shuffle + shuffle, true);
    CHECK(g.repetition_count() == 3);
    // Castle short (king takes rook in Chess960 text): rights change, a new sequence starts.
    const Move castle = parse_uci_move(g.position(), "c1g1");
    REQUIRE(castle.kind() == Move::CASTLING);
    g.play(castle);
    CHECK(g.repetition_count() == 1);
    CHECK(!g.position().can_castle(castling_index(WHITE, true)));
    CHECK(!g.position().can_castle(castling_index(WHITE, false)));
    for (const char* text : {"a8b6", "a1b3", "b6a8", "b3a1", "a8b6"}) {
        const Move m = parse_uci_move(g.position(), text);
        REQUIRE(!m.is_none());
        g.play(m);
    }
    CHECK(g.repetition_count() == 2);
    // Castling is a quiet move: at clock 99 it is in the intended fifty list, written
    // king-takes-rook and sorted by that text with the rest.
    Game f = play_game("nrk4r/8/8/8/8/8/8/NRK3R1 w GBhb - 99 60", "", true);
    const Verdict v = f.verdict(fide2023());
    REQUIRE(v.claim_count == 1);
    std::vector<std::string> texts;
    for (Move m : v.claims[0].moves) texts.push_back(to_uci(f.position(), m));
    CHECK(std::is_sorted(texts.begin(), texts.end()));
    CHECK(std::find(texts.begin(), texts.end(), "c1g1") != texts.end());
    CHECK(std::find(texts.begin(), texts.end(), "c1b1") != texts.end());
    CHECK(std::find(texts.begin(), texts.end(), "b1b8") == texts.end());  // a capture
    CHECK(int(texts.size()) == f.position().legal_moves().size() - 1);
}

TEST_CASE("game: the intended-move claim for one move", "[game]") {
    Game g = play_game(Position::START_FEN.data(), KNIGHTS4 + "g1f3 g8f6 f3g1");
    auto claim = g.intended_claim(fide2023(), parse_uci_move(g.position(), "f6g8"));
    REQUIRE(claim);
    CHECK(claim->reason == Reason::Threefold);
    CHECK(claim->article == "9.2.1");
    CHECK(claim->moves.size() == 1);
    CHECK(!g.intended_claim(fide2023(), parse_uci_move(g.position(), "b8c6")));
    CHECK(!g.intended_claim(fide2023(), parse_uci_move(g.position(), "e7e5")));

    Game f = play_game("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 70", "");
    auto fifty = f.intended_claim(fide2014(), parse_uci_move(f.position(), "a1a2"));
    REQUIRE(fifty);
    CHECK(fifty->reason == Reason::FiftyMoves);
    CHECK(fifty->article == "9.3a");
    CHECK(!f.intended_claim(fide2014(), parse_uci_move(f.position(), "e2e3")));
    CHECK(!f.intended_claim(Edition::builtin("computer"), parse_uci_move(f.position(), "a1a2")));
}

TEST_CASE("game: truncate goes back and the record stays consistent", "[game]") {
    Game g = play_game(Position::START_FEN.data(), KNIGHTS4 + KNIGHTS4);
    CHECK(g.repetition_count() == 3);
    g.truncate(5);
    CHECK(g.ply_count() == 5);
    CHECK(g.repetition_count() == 2);
    g.play(parse_uci_move(g.position(), "b8c6"));
    CHECK(g.repetition_count() == 1);
    g.truncate(0);
    CHECK(g.ply_count() == 0);
    CHECK(g.position().same_position(Position()));
    g.truncate(7);  // beyond the end: nothing happens
    CHECK(g.ply_count() == 0);
}

TEST_CASE("game: the computer rules end the game on threefold, fifty moves and bare material", "[game]") {
    const Edition computer = Edition::builtin("computer");
    Game g = play_game(Position::START_FEN.data(), KNIGHTS4 + KNIGHTS4);
    CHECK(result_text(g.verdict(computer, 7).result) == "none");
    CHECK(result_text(g.verdict(computer).result) == "1/2-1/2 threefold computer");
    CHECK(g.verdict(computer, 7).claim_count == 0);
    Game fifty = play_game("4k3/8/8/8/8/8/8/R3K3 w - - 99 70", "a1a2");
    CHECK(result_text(fifty.verdict(computer).result) == "1/2-1/2 fifty-moves computer");
    Game bare = play_game("8/8/8/3k4/4r3/8/3K4/8 w - - 0 1", "d2d3 d5c5 d3e4");
    CHECK(result_text(bare.verdict(computer).result) == "1/2-1/2 dead-position computer");
}

TEST_CASE("game: a clock at the FEN bound stays there and Article 9 still judges it", "[game]") {
    // The clocks saturate at Position::MAX_CLOCK (a FEN with the largest clock plays on to
    // positions whose FEN reads back); every rule only asks "at least 100 / 150 plies".
    const std::string top = std::to_string(Position::MAX_CLOCK);
    Game g = play_game("4k3/8/8/8/8/8/r7/R3K3 b - - " + top + " " + top, "e8e7 a1b1 e7e8 b1a1 e8e7");
    for (int ply = 0; ply <= g.ply_count(); ++ply) CHECK(g.halfmove_clock(ply) == Position::MAX_CLOCK);
    CHECK(g.position().fullmove_number() == Position::MAX_CLOCK);
    CHECK(Position::from_fen(to_fen(g.position())).same_position(g.position()));
    CHECK(result_text(g.verdict(fide2023()).result) == "1/2-1/2 seventy-five-moves 9.6.2");
    CHECK(result_text(g.verdict(fide2009()).result) == "none");
    CHECK(claims_text(g, g.verdict(fide2009())).rfind("fifty-moves 9.3b; fifty-moves 9.3a [", 0) == 0);
    // A capture still resets the clock, and the claims go with it.
    g.play(parse_uci_move(g.position(), "a1a2"));
    CHECK(g.halfmove_clock(g.ply_count()) == 0);
    CHECK(result_text(g.verdict(fide2023()).result) == "none");
    CHECK(claims_text(g, g.verdict(fide2009())).empty());
}

TEST_CASE("game: catching up with a longer game copies the plies it lacks, as playing them would", "[game]") {
    const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const std::string moves = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 e2e4";
    const Game full = play_game(start, moves);
    Game part = play_game(start, "g1f3 g8f6 f3g1");
    CHECK(part.common_plies(full) == 3);
    part.catch_up(full, part.common_plies(full));
    REQUIRE(part.ply_count() == full.ply_count());
    for (int ply = 0; ply <= full.ply_count(); ++ply) {
        CHECK(part.position_at(ply).same_position(full.position_at(ply)));
        CHECK(part.repetition_count(ply) == full.repetition_count(ply));
    }
    const Edition fide = Edition::builtin("fide-2023");
    CHECK(full.verdict(fide, 8).claim_count > 0);  // the start position a third time
    CHECK(part.verdict(fide, 8).claim_count == full.verdict(fide, 8).claim_count);

    // A game gone elsewhere keeps only the shared plies; another start is copied whole.
    Game other = play_game(start, "g1f3 g8f6 b1c3");
    CHECK(other.common_plies(full) == 2);
    other.catch_up(full, other.common_plies(full));
    CHECK(other.ply_count() == full.ply_count());
    CHECK(other.move_at(2) == full.move_at(2));
    CHECK(other.repetition_count(8) == full.repetition_count(8));
    Game elsewhere = play_game("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", "a1a2");
    CHECK(elsewhere.common_plies(full) == -1);
    elsewhere.catch_up(full, elsewhere.common_plies(full));
    CHECK(elsewhere.start().same_position(full.start()));
    CHECK(elsewhere.ply_count() == full.ply_count());
}

TEST_CASE("game: following a growing game copies what it gained and drops plies played on the copy",
          "[game]") {
    const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const std::vector<std::string> moves = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"};
    auto same = [](const Game& a, const Game& b) {
        REQUIRE(a.ply_count() == b.ply_count());
        for (int ply = 0; ply <= b.ply_count(); ++ply) {
            CHECK(a.position_at(ply).same_position_and_clocks(b.position_at(ply)));
            CHECK(a.repetition_count(ply) == b.repetition_count(ply));
        }
    };
    Game source = play_game(start, "");
    Game copy;
    CopyMark mark;
    for (const std::string& m : moves) {
        copy.follow(source, mark);
        same(copy, source);
        CHECK(mark.source == &source);
        CHECK(mark.plies == source.ply_count());
        // A pv played on the copy (the runner's pv check) is dropped at the next follow.
        copy.play(copy.position().legal_moves()[0]);
        copy.play(copy.position().legal_moves()[0]);
        source.play(parse_uci_move(source.position(), m));
    }
    copy.follow(source, mark);
    same(copy, source);
    CHECK(copy.verdict(fide2023()).claim_count == source.verdict(fide2023()).claim_count);

    // Another game, marked or not, is compared: its plies past the shared ones are copied.
    const Game elsewhere = play_game(start, "g1f3 g8f6 b1c3");
    copy.follow(elsewhere, mark);
    same(copy, elsewhere);
    CopyMark fresh;
    copy.follow(source, fresh);
    same(copy, source);
}
