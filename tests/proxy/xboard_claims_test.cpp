// The xboard front end's claims, without processes: the forms xboard honours, at the moment the
// Laws allow them, and nothing xboard's claim test would forfeit.
#include <catch2/catch.hpp>

#include "support/xboard_harness.h"

namespace {

using namespace drawproxy;
using test::XboardHarness;
using Lines = std::vector<std::string>;

proxy::XboardOptions with(const char* edition, const char* policy = "always") {
    proxy::XboardOptions o;
    o.edition = rules::Edition::builtin(edition);
    o.policy = *proxy::ClaimPolicy::parse(policy);
    return o;
}

void moves(XboardHarness& h, std::initializer_list<const char*> list) {
    for (const char* m : list) h.gui(std::string("usermove ") + m);
}

}  // namespace

TEST_CASE(
    "xboard claims: a threefold that has appeared is claimed as the opponent's move arrives, before any "
    "search") {
    XboardHarness h;
    h.new_game();
    h.gui("go");  // the engine plays White
    h.engine("bestmove g1f3");
    moves(h, {"g8f6"});
    h.engine("bestmove f3g1");
    moves(h, {"f6g8"});
    h.engine("bestmove g1f3");
    moves(h, {"g8f6"});
    h.engine("bestmove f3g1");
    h.take();
    h.take_engine();
    moves(h, {"f6g8"});  // the start position, a third time
    CHECK(h.take() == Lines{"1/2-1/2 {Draw by threefold repetition 9.2.2}"});
    CHECK(!h.engine_got("go"));  // claimed instead of searching
    h.gui("result 1/2-1/2 {Draw by threefold repetition 9.2.2}");
    h.gui("force");
    h.gui("ping 5");
    h.engine("readyok");
    CHECK(h.take() == Lines{"pong 5"});
    CHECK(h.stray_draw_mentions().empty());
}

TEST_CASE("xboard claims: the intended move's claim is offer draw and the move, in one write") {
    XboardHarness h;
    h.new_game();
    moves(h, {"g1f3"});
    h.gui("go");  // the engine plays Black
    for (const char* pair : {"g8f6|f3g1", "f6g8|g1f3", "g8f6|f3g1"}) {
        std::string_view p(pair);
        h.engine("bestmove " + std::string(p.substr(0, 4)));
        moves(h, {std::string(p.substr(5)).c_str()});
    }
    h.take();
    h.engine("bestmove f6g8");  // back to the start position: its third occurrence
    CHECK(h.take() == Lines{"offer draw\nmove f6g8"});
    // Never 1/2-1/2 before the move: xboard would judge the position before it.
    h.gui("result 1/2-1/2 {Draw claim: 3-fold repetition}");
    CHECK(h.stray_draw_mentions().empty());
}

TEST_CASE(
    "xboard claims: fifty moves from a FEN with 97 on the clock, intended (9.3.1) and completed (9.3.2)") {
    const std::string fen = "setboard 7k/8/8/8/8/8/8/R5K1 w - - 97 70";
    XboardHarness white;
    white.new_game();
    white.gui(fen);
    white.gui("go");
    white.engine("bestmove a1a2");  // clock 98
    CHECK(white.take() == Lines{"move a1a2"});
    moves(white, {"h8g8"});         // 99
    white.engine("bestmove a2a1");  // would complete the fifty moves
    CHECK(white.take() == Lines{"offer draw\nmove a2a1"});

    XboardHarness black;
    black.new_game();
    black.gui(fen);
    moves(black, {"a1a2"});
    black.gui("go");
    black.engine("bestmove h8g8");
    black.take();
    black.take_engine();
    moves(black, {"a2a1"});  // the hundredth ply: completed
    CHECK(black.take() == Lines{"1/2-1/2 {Draw by fifty-move rule 9.3.2}"});
    CHECK(!black.engine_got("go"));

    XboardHarness pawn;  // a pawn move resets the count: no claim with it
    pawn.new_game();
    pawn.gui("setboard 7k/8/8/8/8/8/P7/R5K1 w - - 99 70");
    pawn.gui("go");
    pawn.engine("bestmove a2a3");
    CHECK(pawn.take() == Lines{"move a2a3"});
}

TEST_CASE(
    "xboard claims: a game already over when the engine is asked to move is announced with its article") {
    struct Case {
        const char* edition;
        std::string setup;  // a FEN, then the GUI's moves; then the engine is asked to move
        std::string expected;
    };
    const std::string shuffle16 =
        "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8";
    const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const Case cases[] = {
        {"fide-2023", start + "|" + shuffle16, "1/2-1/2 {Draw by fivefold repetition 9.6.1}"},
        {"fide-2014", start + "|" + shuffle16, "1/2-1/2 {Draw by fivefold repetition 9.6a}"},
        {"fide-2023", "7k/8/8/8/8/8/8/R5K1 b - - 149 120|h8g8",
         "1/2-1/2 {Draw by seventy-five-move rule 9.6.2}"},
        {"fide-2023", "7k/8/8/8/8/8/8/4KB2 b - - 0 1|h8g8", "1/2-1/2 {Draw by dead position 5.2.2}"},
        {"fide-2023", "k7/8/8/1Q6/8/8/8/7K w - - 0 1|b5b6", "1/2-1/2 {Stalemate 5.2.1}"},
        {"fide-2023", "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1|f1f8", "1-0 {White mates 5.1.1}"},
        {"fide-2023", "k7/8/1Q6/8/8/8/8/7K b - - 0 1|", "1/2-1/2 {Stalemate 5.2.1}"},  // no move to make
    };
    for (const Case& c : cases) {
        CAPTURE(c.setup);
        XboardHarness h(with(c.edition));
        h.new_game();
        const auto bar = c.setup.find('|');
        h.gui("setboard " + c.setup.substr(0, bar));
        const std::string list = c.setup.substr(bar + 1);
        for (std::size_t i = 0; i + 4 <= list.size(); i += 5) h.gui("usermove " + list.substr(i, 4));
        h.gui("go");
        CHECK(h.take() == Lines{c.expected});
        CHECK(!h.engine_got("go"));
    }
}

TEST_CASE(
    "xboard claims: over by the Laws at the start position, which xboard never judges: the first move "
    "proposes it") {
    for (auto [fen, move] : {std::pair{"7k/8/8/8/8/8/8/R5K1 w - - 150 120", "g1g2"},
                             std::pair{"7k/8/8/8/8/8/8/4KB2 w - - 0 1", "e1e2"}}) {
        CAPTURE(fen);
        XboardHarness h;
        h.new_game();
        h.gui(std::string("setboard ") + fen);
        h.gui("go");
        Lines out = h.take();
        REQUIRE(out.size() == 1);
        CHECK(out[0].find(
                  "but xboard's claim test would not accept it (it does not judge the start position)") !=
              std::string::npos);
        CHECK(h.engine_got("go"));
        h.engine(std::string("bestmove ") + move);  // xboard judges the position after it: drawn there
        CHECK(h.take() == Lines{std::string("offer draw\nmove ") + move});
    }
}

TEST_CASE(
    "xboard claims: where xboard's e.p. view would refuse a lawful threefold, a # line says so and the "
    "engine plays on") {
    // exd6 e.p. would open the fifth rank to the rook: it is not legal, so the position after
    // ...d5 is the one the knights come back to. xboard counts it as different.
    XboardHarness h;
    h.new_game();
    h.gui("setboard 6nk/3p4/8/K3P2r/8/8/8/6N1 b - - 0 1");
    moves(h, {"d7d5"});
    h.gui("go");  // the engine plays White
    for (const char* pair : {"g1f3|g8f6", "f3g1|f6g8", "g1f3|g8f6"}) {
        std::string_view p(pair);
        h.engine("bestmove " + std::string(p.substr(0, 4)));
        moves(h, {std::string(p.substr(5)).c_str()});
    }
    h.engine("bestmove f3g1");
    h.take();
    h.take_engine();
    moves(h, {"f6g8"});  // the third occurrence under the Laws, the second for xboard
    Lines out = h.take();
    REQUIRE(out.size() == 1);
    CHECK(out[0].starts_with(
        "# drawproxy: threefold 9.2.2 holds under the Laws, but xboard's claim test would not"));
    CHECK(h.engine_got("go"));  // plays on
    // Nf3 brings back the position after ...d5 Nf3 a third time, one xboard counts too: the
    // intended-move claim, which xboard accepts.
    h.engine("bestmove g1f3");
    CHECK(h.take() == Lines{"offer draw\nmove g1f3"});
    CHECK(h.stray_draw_mentions().empty());
}

TEST_CASE("xboard claims: an intended-move claim xboard will not see stands as an offer, with a # line") {
    XboardHarness h;
    h.new_game();
    h.gui("setboard 6nk/3p4/8/K3P2r/8/8/8/6N1 b - - 0 1");
    h.gui("go");  // the engine plays Black
    h.engine("bestmove d7d5");
    for (const char* pair : {"g1f3|g8f6", "f3g1|f6g8", "g1f3|g8f6"}) {
        std::string_view p(pair);
        moves(h, {std::string(p.substr(0, 4)).c_str()});
        h.engine("bestmove " + std::string(p.substr(5)));
    }
    moves(h, {"f3g1"});
    h.take();
    h.engine("bestmove f6g8");
    Lines out = h.take();
    REQUIRE(out.size() == 2);
    CHECK(
        out[0].starts_with("# drawproxy: threefold 9.2.1 holds under the Laws, but xboard will not see it"));
    CHECK(out[1] == "offer draw\nmove f6g8");
    CHECK(h.stray_draw_mentions().empty());
}

TEST_CASE("xboard claims: a dead position xboard cannot see is not announced, and the moves carry offers") {
    XboardHarness h;
    h.new_game();
    h.gui("setboard 8/8/4k3/1p1p1p1p/1P1P1P1P/4K3/8/8 w - - 0 1");
    h.gui("go");
    Lines out = h.take();
    REQUIRE(out.size() == 1);
    CHECK(out[0].starts_with("# drawproxy: dead-position 5.2.2 ends the game under the Laws, but xboard's"));
    CHECK(h.engine_got("go"));
    h.engine("bestmove e3e2");
    CHECK(h.take() == Lines{"offer draw\nmove e3e2"});
    CHECK(h.stray_draw_mentions().empty());
}

TEST_CASE("xboard claims: never from a ponder position, but at the ponder hit, before the search") {
    XboardHarness h;
    h.new_game();
    h.gui("hard");
    h.gui("go");  // White
    h.engine("bestmove g1f3 ponder g8f6");
    moves(h, {"g8f6"});
    h.engine("bestmove f3g1 ponder f6g8");
    moves(h, {"f6g8"});
    h.engine("bestmove g1f3 ponder g8f6");
    moves(h, {"g8f6"});
    h.take_engine();
    h.engine("bestmove f3g1 ponder f6g8");  // the guess f6g8 brings the start position a third time
    CHECK(h.take().back() == "move f3g1");
    CHECK(h.take_engine().back().starts_with("go ponder"));
    h.engine("info depth 10 score cp 0 nodes 1000 time 100 pv g1f3");
    CHECK(h.take().size() == 1);  // thinking only: no claim while pondering
    moves(h, {"f6g8"});
    CHECK(h.take() == Lines{"1/2-1/2 {Draw by threefold repetition 9.2.2}"});
    CHECK(h.take_engine() == Lines{"ponderhit", "stop"});
    h.engine("bestmove g1f3");  // the stopped search: no move after the claim
    CHECK(h.take().empty());
}

TEST_CASE("xboard claims: policy never makes none, and score:CP claims only when the engine's score allows") {
    XboardHarness never(with("fide-2023", "never"));
    never.new_game();
    moves(never, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"});
    never.gui("go");
    CHECK(never.engine_got("go"));
    never.engine("bestmove g1f3");
    CHECK(never.take() == Lines{"move g1f3"});

    for (int cp : {-20, 20}) {
        CAPTURE(cp);
        XboardHarness h(with("fide-2023", "score:0"));
        h.new_game();
        moves(h, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"});
        h.gui("go");
        CHECK(h.engine_got("go"));  // the claim waits for the engine's score
        h.engine("info depth 8 score cp " + std::to_string(cp) + " nodes 100 time 10 pv e2e4");
        h.engine("bestmove e2e4");
        CHECK(h.take().back() == (cp <= 0 ? "1/2-1/2 {Draw by threefold repetition 9.2.2}" : "move e2e4"));
    }
}

TEST_CASE("xboard claims: the opponent's draw offer is answered under 9.1 and the claim policy") {
    XboardHarness yes;
    yes.new_game();
    yes.gui("go");
    yes.engine("bestmove e2e4");
    yes.gui("draw");
    CHECK(yes.take() == Lines{"move e2e4", "offer draw"});

    XboardHarness no(with("fide-2023", "never"));
    no.new_game();
    no.gui("go");
    no.engine("bestmove e2e4");
    no.take();
    no.gui("draw");
    Lines out = no.take();
    REQUIRE(out.size() == 1);
    CHECK(out[0].starts_with("# drawproxy: declined"));

    proxy::XboardOptions late = with("fide-2023");
    late.edition.agreement = {rules::DrawAgreement::Mode::NotBeforeMove, 30};
    XboardHarness early(late);
    early.new_game();
    early.gui("go");
    early.engine("bestmove e2e4");
    early.take();
    early.gui("draw");
    out = early.take();
    REQUIRE(out.size() == 1);
    CHECK(out[0].starts_with("# drawproxy: agreement is not allowed"));
    CHECK(yes.stray_draw_mentions().empty());
    CHECK(no.stray_draw_mentions().empty());
    CHECK(early.stray_draw_mentions().empty());
}

TEST_CASE(
    "xboard claims: none at the start position, which xboard never judges: the first move claims instead") {
    // 100 on the clock in the FEN: the fifty moves are complete (9.3.2) before anyone moves,
    // but xboard flags a position only after a move, and would call the claim false.
    XboardHarness h;
    h.new_game();
    h.gui("setboard 7k/7p/8/8/8/8/8/R5K1 w - - 100 80");
    h.gui("go");
    Lines out = h.take();
    REQUIRE(out.size() == 1);
    CHECK(out[0] ==
          "# drawproxy: fifty-moves 9.3.2 holds under the Laws, but xboard's claim test would not accept "
          "it (it does not judge the start position); playing on");
    CHECK(h.engine_got("go"));
    h.engine("bestmove a1a2");  // the claim with the move (9.3.1), judged after it
    CHECK(h.take() == Lines{"offer draw\nmove a1a2"});
    CHECK(h.stray_draw_mentions().empty());
}
