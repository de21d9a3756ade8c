// The probe table checked against drawproxy's own judge: each probe's position is what its
// comment says it is, so the expectation is the one the Laws give.
#include <catch2/catch.hpp>
#include <map>
#include <set>

#include "check/probes.h"
#include "rules/notation.h"

using namespace drawproxy;
using namespace drawproxy::check;

namespace {

const rules::Edition& fide() {
    static const rules::Edition e = rules::Edition::builtin("fide-2023");
    return e;
}

rules::Move move(const rules::Game& g, std::string_view text) {
    const rules::Move m = rules::parse_uci_move(g.position(), text);
    REQUIRE(m);
    return m;
}

// The game after playing `text` at its end.
rules::Game after(rules::Game g, std::string_view text) {
    g.play(move(g, text));
    return g;
}

// Earlier plies whose placement and side to move (the FEN's first two fields) match the
// last position's, whatever their castling rights and en passant squares.
int look_alikes(const rules::Game& g) {
    auto board = [](const rules::Position& p) {
        std::string f = rules::to_fen(p);
        return f.substr(0, f.find(' ', f.find(' ') + 1));
    };
    int n = 0;
    for (int ply = 0; ply < g.ply_count(); ++ply) n += board(g.position_at(ply)) == board(g.position());
    return n;
}

bool has_claim(const rules::Verdict& v, rules::Reason r, bool intended) {
    for (const rules::Claim& c : v)
        if (c.reason == r && c.intended == intended) return true;
    return false;
}

const Probe& probe(std::string_view name) {
    const Probe* p = find_probe(name);
    REQUIRE(p);
    return *p;
}

}  // namespace

TEST_CASE("every probe is a legal game with a unique name", "[check]") {
    std::set<std::string> names;
    for (const Probe& p : probes()) {
        INFO(p.name);
        CHECK(names.insert(p.name).second);
        CHECK_NOTHROW(replay(p));
        CHECK(!p.summary.empty());
    }
    CHECK(probes().size() >= 21);
}

TEST_CASE("finished and dead probes are over by the Laws, the others are not", "[check]") {
    const std::map<std::string, rules::Reason> reasons = {
        {"finished-checkmate", rules::Reason::Checkmate},
        {"finished-stalemate", rules::Reason::Stalemate},
        {"finished-fivefold", rules::Reason::Fivefold},
        {"finished-75-moves", rules::Reason::SeventyFiveMoves},
        {"finished-dead", rules::Reason::DeadPosition},
        {"dead-bishops", rules::Reason::DeadPosition},
        {"dead-pawn-wall", rules::Reason::DeadPosition}};
    for (const Probe& p : probes()) {
        INFO(p.name);
        const auto result = replay(p).automatic_result(fide());
        const auto it = reasons.find(p.name);
        if (it == reasons.end()) {
            CHECK_FALSE(result);
        } else {
            REQUIRE(result);
            CHECK(result->reason == it->second);
        }
        CHECK(p.expect.finished == (p.group == "finished"));
    }
}

TEST_CASE("repetition probes: the expected move makes the third occurrence, and the bare FEN has none",
          "[check]") {
    const rules::Game history = replay(probe("repetition-history"));
    CHECK(history.repetition_count() == 2);
    CHECK(after(history, "h1g1").repetition_count() == 3);
    const rules::Game bare = replay(probe("repetition-bare-fen"));
    CHECK(bare.position().same_position(history.position()));
    CHECK(bare.ply_count() == 0);
    CHECK(after(bare, "h1g1").repetition_count() == 1);
    const rules::Game avoid = replay(probe("repetition-avoid"));
    const auto claim = avoid.intended_claim(fide(), move(avoid, "h1g1"));
    REQUIRE(claim);
    CHECK(claim->reason == rules::Reason::Threefold);
}

TEST_CASE("same-position probes: 9.2.3 identity as drawproxy judges it", "[check]") {
    // e7-e5 leaves an en passant square no capture can use (d5 is pinned): the same position.
    const Probe& ep = probe("same-position-ep");
    rules::Game g(replay(ep).start());
    g.play(move(g, "e7e5"));
    CHECK(g.position().ep_square() != rules::SQ_NONE);
    CHECK_FALSE(g.position().has_legal_en_passant());
    CHECK(after(replay(ep), "h8g8").repetition_count() == 3);

    // Castling right lost since: the placement has been seen twice, the position never.
    const rules::Game castling = after(replay(probe("same-position-castling")), "h2h1");
    CHECK(castling.repetition_count() == 1);
    CHECK(look_alikes(castling) == 2);

    const rules::Game kept = replay(probe("chess960-repetition"));
    CHECK(kept.position().castling_rights() != 0);
    CHECK(after(kept, "d1c3").repetition_count() == 3);

    const rules::Game c960 = after(replay(probe("chess960-castling")), "h2g1");
    CHECK(c960.repetition_count() == 1);
    CHECK(look_alikes(c960) == 2);
    CHECK(c960.position().castling_rights() == 0);
}

TEST_CASE("fifty-move probes: clock 99 needs a reset now, clock 100 is claimable", "[check]") {
    const rules::Game reset = replay(probe("fifty-reset"));
    CHECK(reset.halfmove_clock(reset.ply_count()) == 99);
    int zeroing = 0;
    for (rules::Move m : reset.position().legal_moves()) {
        if (reset.position().is_zeroing(m)) {
            ++zeroing;
            continue;
        }
        rules::Game g = reset;  // any other move lets the opponent claim at once
        g.play(m);
        CHECK(has_claim(g.verdict(fide()), rules::Reason::FiftyMoves, false));
    }
    CHECK(zeroing == 2);  // g2-g3, g2-g4
    CHECK(has_claim(replay(probe("fifty-claimable")).verdict(fide()), rules::Reason::FiftyMoves, false));
}

TEST_CASE("long-history: 600 plies that never end the game, then mate in one", "[check]") {
    const rules::Game g = replay(probe("long-history"));
    CHECK(g.ply_count() >= 600);
    for (int ply = 0; ply <= g.ply_count(); ++ply) {
        CHECK(g.repetition_count(ply) <= 2);
        CHECK(g.halfmove_clock(ply) < 100);
        CHECK_FALSE(g.automatic_result(fide(), ply));
    }
    rules::Position end = g.position();
    end.play(move(g, "h5f7"));
    CHECK(end.is_checkmate());
}

TEST_CASE("claim probes: a claim is open exactly where the probe says", "[check]") {
    CHECK(has_claim(replay(probe("claim-threefold")).verdict(fide()), rules::Reason::Threefold, false));
    CHECK(has_claim(replay(probe("claim-intended")).verdict(fide()), rules::Reason::Threefold, true));
    CHECK(has_claim(replay(probe("claim-fifty")).verdict(fide()), rules::Reason::FiftyMoves, false));
    const rules::Game none = replay(probe("claim-none"));
    CHECK(none.verdict(fide()).claim_count == 0);
    CHECK(none.repetition_count() == 2);  // seen twice: tempting for a miscounting engine
}

TEST_CASE("judge: moves, scores, finished games, claims", "[check]") {
    Answer a;
    a.answered = true;
    a.bestmove = "h1g1";
    a.score = {uci::Score::Cp, 0};
    const Probe& rep = probe("repetition-history");
    CHECK(judge(rep, a, false).outcome == Outcome::Pass);
    a.score.value = -600;
    CHECK(judge(rep, a, false).outcome == Outcome::Fail);
    a.score.value = 0;
    a.bestmove = "h1h2";
    CHECK(judge(rep, a, false).outcome == Outcome::Fail);
    a.bestmove = "h1h5";  // illegal
    CHECK(judge(rep, a, false).reason == "illegal move h1h5");

    const Probe& mate = probe("finished-checkmate");
    Answer none;
    none.answered = true;
    none.bestmove = "(none)";
    CHECK(judge(mate, none, false).outcome == Outcome::Pass);
    none.needed_stop = true;
    CHECK(judge(mate, none, false).outcome == Outcome::Fail);
    Answer gone;
    gone.exited = true;
    CHECK(judge(mate, gone, false).outcome == Outcome::Fail);

    const Probe& intended = probe("claim-intended");
    a.bestmove = "h1g1";
    CHECK(judge(intended, a, false).outcome == Outcome::NotApplicable);
    CHECK(judge(intended, a, true).outcome == Outcome::Fail);  // a claiming engine missed it
    a.claims = {"info string drawproxy claim threefold 9.2.1 move h1g1"};
    CHECK(judge(intended, a, true).outcome == Outcome::Pass);
    a.claims = {"info string drawproxy claim threefold 9.2.2"};  // not appeared yet
    CHECK(judge(intended, a, true).outcome == Outcome::Fail);
    a.claims = {"info string drawproxy claim threefold 9.2.1 move h1g1"};
    a.bestmove = "h1h2";  // claims with one move, plays another
    CHECK(judge(intended, a, true).outcome == Outcome::Fail);
}
