// Pure parts of the runner: options, time controls and clocks, Elo, the arbiter's rulings,
// the report lines and the PGN writer.
#include <catch2/catch.hpp>
#include <cmath>

#include "app/match_options.h"
#include "game/arbiter.h"
#include "game/time_control.h"
#include "output/pgn.h"
#include "output/report.h"
#include "rules/notation.h"
#include "rules/pgn.h"
#include "support/match_helpers.h"
#include "tournament/scheduler.h"

using namespace drawproxy;
using drawproxy::test::words;

TEST_CASE("time controls as cutechess writes them", "[match][units]") {
    auto tc = game::parse_time_control("40/60+0.6");
    REQUIRE(tc);
    CHECK(tc->moves == 40);
    CHECK(tc->base_ms == 60000);
    CHECK(tc->increment_ms == 600);
    CHECK(tc->text() == "40/60+0.6");
    tc = game::parse_time_control("2:30+1");
    REQUIRE(tc);
    CHECK(tc->base_ms == 150000);
    CHECK(game::parse_time_control("inf")->infinite);
    for (const char* bad : {"", "+1", "40/", "x", "10+", "-5", "0", "1:x"}) {
        INFO(bad);
        CHECK_FALSE(game::parse_time_control(bad));
    }
    CHECK(game::parse_time_control("5+3")->fide_class() == game::TimeControl::Class::Blitz);
    CHECK(game::parse_time_control("900+10")->fide_class() == game::TimeControl::Class::Rapid);
    CHECK(game::parse_time_control("5400+30")->fide_class() == game::TimeControl::Class::Standard);
}

TEST_CASE("cutechess-cli's 0/ is the whole game and hg an hourglass", "[match][units]") {
    auto tc = game::parse_time_control("0/10+0.1");
    REQUIRE(tc);
    CHECK(tc->moves == 0);
    CHECK(tc->base_ms == 10000);
    CHECK(tc->text() == "10+0.1");
    tc = game::parse_time_control("hg5:00");
    REQUIRE(tc);
    CHECK(tc->hourglass);
    CHECK(tc->base_ms == 300000);
    CHECK(tc->text() == "hg300");
    CHECK_FALSE(game::parse_time_control("10")->hourglass);
    for (const char* bad : {"hg10+1", "40/hg60", "hg", "hg0", "-1/10"}) {
        INFO(bad);
        CHECK_FALSE(game::parse_time_control(bad));
    }
    // The time the mover uses goes to the other clock.
    const rules::Edition e = rules::Edition::builtin("fide-2023");
    game::Arbiter a(e, rules::Position(), *tc, *tc);
    REQUIRE_FALSE(a.charge_time(3000));
    CHECK(a.clock(rules::WHITE).remaining_ms() == 297000);
    CHECK(a.clock(rules::BLACK).remaining_ms() == 303000);
    // Not when only one side's clock is an hourglass (cutechess-cli asks both).
    game::Arbiter b(e, rules::Position(), *tc, *game::parse_time_control("300"));
    REQUIRE_FALSE(b.charge_time(3000));
    CHECK(b.clock(rules::BLACK).remaining_ms() == 300000);
    // The engine key: the cutechess-cli dialect takes both; fastchess has no hourglass.
    const auto o =
        app::parse_match_options(words("-engine cmd=/bin/a tc=hg60 -engine cmd=/bin/b tc=0/40+1 -srand 1"),
                                 tournament::Dialect::cutechess);
    CHECK(o.engines[0].tc.text() == "hg60");
    CHECK(o.engines[1].tc.text() == "40+1");
    CHECK_THROWS_AS(app::parse_match_options(words("-engine cmd=/bin/a tc=hg60 -engine cmd=/bin/b tc=1"),
                                             tournament::Dialect::fastchess),
                    game::OptionError);
}

TEST_CASE("clocks: increment, moves per period, margin", "[match][units]") {
    auto tc = *game::parse_time_control("2/10+1");
    tc.margin_ms = 50;
    game::Clock c(tc);
    CHECK(c.remaining_ms() == 11000);  // the first move's increment is there from the start
    CHECK(c.moves_to_go() == 2);
    CHECK(c.charge(4000));
    CHECK(c.remaining_ms() == 8000);
    CHECK(c.moves_to_go() == 1);
    CHECK(c.charge(1000));
    CHECK(c.remaining_ms() == 18000);  // 8 - 1 + 1 + a new period of 10
    CHECK(c.deadline_ms() == 18050);
    CHECK(c.charge(18040));           // inside the margin: latency, not a flag
    CHECK(c.remaining_ms() == 1000);  // clamped to 0, then the increment
    CHECK_FALSE(c.charge(1051));
}

TEST_CASE("options: -each applies to every engine, -engine keys override", "[match][units]") {
    auto o = app::parse_match_options(words(
        "-engine cmd=/bin/a name=A option.Hash=32 -engine cmd=/usr/bin/b tc=40/60+0.6 claim=score:-20 "
        "-each nodes=100 tc=10+0.1 option.Threads=1 -games 4 -rounds 3 -repeat -concurrency 2 "
        "-openings file=x.epd format=epd order=random plies=8 start=3 -draw-offers score=5 moves=6 after=30 "
        "-seed 7 -rules fide-2018 -pgnout out.pgn -jsonout out.json"));
    REQUIRE(o.engines.size() == 2);
    CHECK(o.engines[0].name == "A");
    CHECK(o.engines[1].name == "b");
    CHECK(o.engines[0].tc.text() == "10+0.1");
    CHECK(o.engines[1].tc.text() == "40/60+0.6");
    CHECK(o.engines[0].nodes == 100);
    CHECK(o.engines[0].options.size() == 2);
    CHECK(o.engines[1].claim.kind == proxy::ClaimPolicy::ScoreAtMost);
    CHECK(o.engines[1].claim.max_cp == -20);
    CHECK(o.games == 4);
    CHECK(o.rounds == 3);
    CHECK(o.repeat);
    CHECK(o.concurrency == 2);
    REQUIRE(o.openings);
    CHECK(o.openings->random);
    CHECK(o.openings->plies == 8);
    CHECK(o.openings->start == 3);
    CHECK(o.draw_offers.enabled);
    CHECK(o.draw_offers.after == 30);
    CHECK(o.seed == 7);
    CHECK(o.rules == "fide-2018");
}

TEST_CASE("options: every bad command line is one clear error", "[match][units]") {
    for (const char* bad :
         {"", "-engine cmd=a", "-engine cmd=a -engine name=b nodes=1",
          "-engine cmd=a nodes=1 -engine cmd=b nodes=1 -games 0",
          "-engine cmd=a nodes=1 -engine cmd=b nodes=1 -bogus", "-engine cmd=a tc=abc -engine cmd=b nodes=1",
          "-engine cmd=a -engine cmd=b", "-engine cmd=a nodes=1 -engine cmd=b nodes=1 -claim sometimes",
          "-engine cmd=a nodes=1 -engine cmd=b nodes=1 -openings format=epd",
          "-engine cmd=a nodes=1 -engine cmd=b nodes=1 -tournament swiss", "stray"}) {
        INFO(bad);
        CHECK_THROWS_AS(app::parse_match_options(words(bad)), game::OptionError);
    }
}

TEST_CASE("arbiter: claims judged, penalised and offered by edition", "[match][units]") {
    const rules::Edition e = rules::Edition::builtin("fide-2023");
    auto tc = *game::parse_time_control("5400+30");  // 90 min + 30 s: standard play, two minutes (9.5)
    game::Arbiter a(e, rules::Position(), tc, tc);
    for (const auto& m : words("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1"))
        REQUIRE_FALSE(a.play(rules::parse_uci_move(a.position(), m)));
    std::optional<game::Outcome> ended;
    // Black claims the has-appeared form: the position appeared only twice.
    auto r = a.claim({rules::Reason::Threefold, rules::Move::none()}, ended);
    CHECK_FALSE(ended);
    CHECK_FALSE(r.correct);
    CHECK(r.penalty_ms == 120000);
    CHECK(a.clock(rules::WHITE).remaining_ms() == 5400000 + 30000 + 120000);
    CHECK(a.incorrect_claims(rules::BLACK) == 1);
    // The intended-move form with Ng8 is correct (9.2.1).
    r = a.claim({rules::Reason::Threefold, rules::parse_uci_move(a.position(), "f6g8")}, ended);
    REQUIRE(ended);
    CHECK(ended->rule_text() == "threefold 9.2.1 move f6g8");
    CHECK(ended->claimed);
}

TEST_CASE("arbiter: flag fall and illegal move lose unless the opponent cannot mate", "[match][units]") {
    const rules::Edition e = rules::Edition::builtin("fide-2023");
    auto tc = *game::parse_time_control("1+0");
    SECTION("the side with the pawn flags: a lone king cannot mate, draw") {
        game::Arbiter a(e, rules::Position::from_fen("8/8/4k3/8/8/3K4/3P4/8 w - - 0 1"), tc, tc);
        auto o = a.charge_time(1100);  // past the clock and the (zero) margin
        REQUIRE(o);
        CHECK(o->rule_text() == "time-forfeit 6.9");
        CHECK(o->score == rules::Score::Draw);
        CHECK(a.illegal_move("d2d5").score == rules::Score::Draw);
    }
    SECTION("the lone king flags: the pawn can promote and mate, White wins") {
        game::Arbiter a(e, rules::Position::from_fen("8/8/4k3/8/8/3K4/3P4/8 b - - 0 1"), tc, tc);
        auto o = a.charge_time(1100);
        REQUIRE(o);
        CHECK(o->score == rules::Score::WhiteWins);
        CHECK(a.illegal_move("e6e1").rule_text() == "illegal-move 7.5.5 move e6e1");
        CHECK(a.illegal_move("e6e1").score == rules::Score::WhiteWins);
    }
    SECTION("in time: no flag") {
        game::Arbiter a(e, rules::Position::from_fen("8/8/4k3/8/8/3K4/3P4/8 b - - 0 1"), tc, tc);
        CHECK_FALSE(a.charge_time(900));
        CHECK(a.clock(rules::BLACK).remaining_ms() == 100);
    }
}

TEST_CASE("arbiter: agreement restrictions of the edition and the event", "[match][units]") {
    rules::Edition e = rules::Edition::builtin("fide-2023");
    game::Arbiter a(e, rules::Position(), game::TimeControl(), game::TimeControl(), 3);
    std::string why;
    REQUIRE_FALSE(a.play(rules::parse_uci_move(a.position(), "e2e4")));
    a.offer_draw();
    CHECK_FALSE(a.accept_draw(why));
    CHECK(why == "agreement refused: not before move 3");
    e.agreement.mode = rules::DrawAgreement::Mode::Never;
    game::Arbiter never(e, rules::Position::from_fen("4k3/8/8/8/8/8/8/4K2R b - - 0 40"), game::TimeControl(),
                        game::TimeControl());
    never.offer_draw();
    CHECK_FALSE(never.accept_draw(why));
    CHECK(why == "agreement refused: the rules forbid draw agreement");
}

TEST_CASE("PGN writer: cutechess comments, offers, claims and ResultRule read back", "[match][units][pgn]") {
    game::GameRecord g;
    g.white = "A";
    g.black = "B";
    g.rules = "fide-2023";
    g.date = "2026.01.02";
    g.time_control = "10+0.1";
    rules::Position pos;
    const char* moves[] = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"};
    int n = 0;
    for (const char* m : moves) {
        game::PlyRecord p;
        p.move = rules::parse_uci_move(pos, m);
        p.has_score = true;
        p.score = n % 2 ? -25 : 25;
        p.depth = 12;
        p.time_ms = 105;
        p.offered_draw = n == 4;
        if (n == 2) p.notes.push_back("claim threefold 9.2.2: incorrect, 9.5.3, opponent +60s");
        pos.play(p.move);
        g.plies.push_back(p);
        ++n;
    }
    g.outcome.termination = rules::Termination::Threefold;
    g.outcome.article = "9.2.1";
    g.outcome.move = "f6g8";
    g.outcome.claimed = true;
    g.final_notes.push_back("claim threefold 9.2.1 move f6g8: correct");
    const std::string text = output::write_pgn(g);
    INFO(text);
    CHECK(text.find("[ResultRule \"threefold 9.2.1 move f6g8\"]") != std::string::npos);
    CHECK(text.find("{+0.25/12 0.105s}") != std::string::npos);
    CHECK(text.find("{(=)}") != std::string::npos);
    rules::PgnReader reader;
    reader.feed(text);
    reader.finish();
    const rules::PgnGame* r = reader.next();
    REQUIRE(r);
    REQUIRE(r->ok());
    REQUIRE(r->ply_count() == 7);
    CHECK(r->result == "1/2-1/2");
    CHECK(r->tag("ResultRule") == "threefold 9.2.1 move f6g8");
    for (int i = 0; i < 7; ++i) {
        CHECK(r->moves[i] == g.plies[i].move);
        REQUIRE(r->notes[i].score_cp);
        CHECK(*r->notes[i].score_cp == g.plies[i].score);
        CHECK(r->notes[i].depth == 12);
        CHECK(r->notes[i].elapsed_ms == 105);
    }
}

TEST_CASE("report: live lines, score line and reason table", "[match][units]") {
    output::Report report({"A", "B"}, "fide-2023");
    game::GameRecord g;
    g.number = 1;
    g.white = "A";
    g.black = "B";
    g.outcome.score = rules::Score::WhiteWins;
    g.outcome.termination = rules::Termination::TimeForfeit;
    g.outcome.article = "6.9";
    g.outcome.loser_name = "B";
    report.add(g);
    CHECK(output::Report::finished_line(g) == "Finished game 1 (A vs B): 1-0 {time-forfeit 6.9, B loses}");
    g.number = 2;
    std::swap(g.white, g.black);
    g.outcome.score = rules::Score::Draw;
    g.outcome.termination = rules::Termination::Fivefold;
    g.outcome.article = "9.6.1";
    g.outcome.loser_name.clear();
    report.add(g);
    CHECK(report.score_line(0, 1) == "Score of A vs B: 1 - 0 - 1 [0.750] 2");
    CHECK(report.score_line(1, 0) == "Score of B vs A: 0 - 1 - 1 [0.250] 2");
    const std::string table = report.reason_table();
    CHECK(table.find("flag fall won                  1     1     0     0") != std::string::npos);
    CHECK(table.find("fivefold                       1     0     0     1") != std::string::npos);
    auto j = report.json();
    CHECK(j["games"].size() == 2);
    CHECK(j["games"][1]["result_rule"] == "fivefold 9.6.1");
}

TEST_CASE("schedule: pairings, rounds, -repeat colours and openings", "[match][units]") {
    auto o = app::parse_match_options(
        words("-engine cmd=a -engine cmd=b -engine cmd=c -each nodes=1 -games 2 -rounds 2 -repeat"));
    std::vector<tournament::Opening> openings(3);
    for (int i = 0; i < 3; ++i) openings[i].start.set_clocks(0, i + 1);  // tell them apart
    auto round_robin = tournament::build_schedule(o, openings);
    REQUIRE(round_robin.size() == 2 * 3 * 2);  // rounds x pairs x games
    for (std::size_t i = 0; i < round_robin.size(); i += 2) {
        // The pair of games of one encounter: same opening, colours swapped.
        CHECK(round_robin[i].white == round_robin[i + 1].black);
        CHECK(round_robin[i].black == round_robin[i + 1].white);
        CHECK(round_robin[i].start.fullmove_number() == round_robin[i + 1].start.fullmove_number());
        CHECK(round_robin[i].start.fullmove_number() == int(i / 2 % 3) + 1);  // openings in order, cycling
    }
    o.tournament = tournament::MatchOptions::Tournament::Gauntlet;
    auto gauntlet = tournament::build_schedule(o, openings);
    REQUIRE(gauntlet.size() == 2 * 2 * 2);
    for (const auto& g : gauntlet) CHECK((g.white == &o.engines[0] || g.black == &o.engines[0]));
}
