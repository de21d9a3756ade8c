// The claimant's structured form, for front ends that speak another protocol than UCI: the same
// decisions as the UCI lines, claims a GUI's arbiter would refuse, and a search that never ran.
#include <catch2/catch.hpp>

#include "proxy/claimant.h"

namespace {

using namespace drawproxy;
using proxy::Announcement;
using proxy::Announcements;
using proxy::Claimant;

const std::string SHUFFLE = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8";

struct Feed {
    Claimant claimant;
    Announcements out;
    std::string line;  // the views of the parsed command point into it

    const Announcements& gui(const std::string& text) {
        out.clear();
        line = text;
        claimant.on_gui_command(uci::parse_gui_command(line), out);
        return out;
    }
    const Announcements& bestmove(std::string_view move) {
        out.clear();
        claimant.bestmove(move, out);
        return out;
    }
};

}  // namespace

TEST_CASE("announcements carry what the UCI lines say") {
    Feed f;
    f.gui("position startpos moves " + SHUFFLE);
    const Announcements& a = f.gui("go");
    REQUIRE(a.size() == 1);
    CHECK(a[0].kind == Announcement::Claim);
    CHECK(!a[0].refused);
    CHECK(a[0].claim.reason == rules::Reason::Threefold);
    CHECK(a[0].claim.article == "9.2.2");
    CHECK(a[0].move_text.empty());
    CHECK(proxy::claim_line(a[0].claim) == "info string drawproxy claim threefold 9.2.2");
}

TEST_CASE("a claim the GUI would refuse is announced as refused, and the next lawful one is made") {
    Feed f;
    // Threefold and fifty moves are both open after the shuffle from a clock of 96.
    f.claimant.set_acceptance([](const rules::Game&, const Announcement& a) {
        return a.kind != Announcement::Claim || a.claim.reason != rules::Reason::Threefold;
    });
    f.gui("position fen 4k3/8/8/8/8/8/8/RN2K1NR w - - 96 80 moves g1f3 e8d8 f3g1 d8e8 g1f3 e8d8 f3g1 d8e8");
    const Announcements& a = f.gui("go");
    REQUIRE(a.size() == 2);
    CHECK(a[0].refused);
    CHECK(a[0].claim.reason == rules::Reason::Threefold);
    CHECK(!a[1].refused);
    CHECK(a[1].claim.reason == rules::Reason::FiftyMoves);
    CHECK(a[1].claim.article == "9.3.2");
}

TEST_CASE("when every open claim is refused the search goes on, and its move may still claim") {
    Feed f;
    f.claimant.set_acceptance([](const rules::Game&, const Announcement&) { return false; });
    f.gui("position startpos moves " + SHUFFLE + " g1f3 g8f6 f3g1");
    const Announcements& a = f.gui("go");
    REQUIRE(a.size() == 1);  // the threefold of the knights' squares after f3g1
    CHECK(a[0].refused);
    // The intended-move form is not the GUI's to refuse: it is made at the bestmove.
    const Announcements& b = f.bestmove("f6g8");
    REQUIRE(b.size() == 1);
    CHECK(!b[0].refused);
    CHECK(b[0].claim.intended);
    CHECK(b[0].move_text == "f6g8");
}

TEST_CASE("a result the GUI would refuse lets the search run") {
    Feed f;
    f.claimant.set_acceptance(
        [](const rules::Game&, const Announcement& a) { return a.kind != Announcement::Result; });
    // Blocked pawns and kings only: dead (5.2.2), beyond what material alone shows.
    f.gui("position fen 8/8/4k3/1p1p1p1p/1P1P1P1P/4K3/8/8 w - - 0 1");
    const Announcements& a = f.gui("go");
    REQUIRE(a.size() == 1);
    CHECK(a[0].kind == Announcement::Result);
    CHECK(a[0].refused);
    CHECK(a[0].result.reason == rules::Reason::DeadPosition);
    CHECK(f.bestmove("e3d3").empty());
}

TEST_CASE("forget_search: a go answered by the front end itself leaves no search behind") {
    Feed f;
    f.gui("position startpos moves " + SHUFFLE);
    REQUIRE(f.gui("go").size() == 1);  // claimed: the front end ends the game, the engine never searches
    f.claimant.forget_search();
    f.gui("ucinewgame");
    f.gui("position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    CHECK(f.gui("go").empty());
    // Without forget_search this bestmove would answer the forgotten search and claim nothing.
    const Announcements& b = f.bestmove("f6g8");
    REQUIRE(b.size() == 1);
    CHECK(b[0].claim.article == "9.2.1");
}
