// The event's tablebase rule (-tb): Syzygy tables from tests/data/syzygy (3- and 4-man)
// decide a position they hold after each move, the Laws first; a win only past the fifty-move
// rule is a draw when the defender's claim policy would claim under 9.3, and is played on
// otherwise. Scripted fake engines from EPD starts, and real Stockfish.
#include <unistd.h>

#include <catch2/catch.hpp>

#include "game/adjudicator.h"
#include "game/syzygy.h"
#include "support/match_helpers.h"
#include "support/paths.h"

using namespace drawproxy;
using namespace drawproxy::test;
using game::syzygy::Wdl;

namespace {

const std::string TABLES = source_path("tests/data/syzygy");

std::optional<Wdl> probe(const std::string& fen) {
    REQUIRE(game::syzygy::open(TABLES) == 4);
    return game::syzygy::probe(rules::Position::from_fen(fen));
}

// One game between two scripted fake engines from the EPD start `epd`.
// `extra` is put after the engines; `black_keys` are Black's own engine keys.
tournament::MatchSummary play_from(const std::string& epd, const std::string& white, const std::string& black,
                                   const std::string& extra, const std::string& black_keys = "") {
    TempFile book(".epd", epd + "\n");
    return run_match_words(words("-engine " + fake_cmd(white) + " name=W -engine " + fake_cmd(black) +
                                 " name=B " + black_keys + " -each nodes=1 -openings file=" + book.path +
                                 " format=epd -tb " + TABLES + " " + extra));
}

// KQvK, Black's king in the corner: won, but from a halfmove clock of 96 not within the fifty
// moves (Black to move after 1.Qd2 has the clock at 97; the test checks the tables say so).
const std::string CURSED = "7k/8/8/8/8/8/8/K2Q4 w - - hmvc 96;";
const std::string SHUFFLE_W = "moves=d1d2,,d2d1,,d1d2,,d2d1";
const std::string SHUFFLE_B = "moves=,h8g8,,g8h8,,h8g8,,g8h8";

}  // namespace

TEST_CASE("Syzygy probes through Fathom: wins, draws, the fifty-move rule, what the tables do not hold",
          "[match][tablebase]") {
    CHECK(probe("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") == Wdl::Win);
    CHECK(probe("4k3/8/8/8/8/8/8/3QK3 b - - 0 1") == Wdl::Loss);
    CHECK(probe("4k3/7r/8/8/8/8/R7/4K3 w - - 0 1") == Wdl::Draw);
    CHECK(probe("4k3/r7/8/8/8/8/R7/4K3 w - - 0 1") == Wdl::Win);  // Rxa7
    CHECK(probe("7k/8/8/8/8/8/8/KBN5 w - - 0 1") == Wdl::Win);
    // The same KQvK win with the clock run on: won only past the fifty-move rule.
    CHECK(probe("7k/8/8/8/8/8/8/K2Q4 w - - 0 1") == Wdl::Win);
    CHECK(probe("7k/8/8/8/8/8/8/K2Q4 w - - 96 1") == Wdl::CursedWin);
    CHECK(probe("7k/8/8/8/8/8/3Q4/K7 b - - 97 1") == Wdl::BlessedLoss);
    CHECK(probe("7k/8/8/8/8/8/3Q4/K7 b - - 0 1") == Wdl::Loss);
    // En passant: after ...c7c5 the b5 pawn may take (a draw); Fathom is given the square.
    CHECK(probe("8/8/8/1Pp5/8/8/8/K6k w - c6 0 2").has_value());
    // Castling rights, and five pieces: not probed.
    CHECK_FALSE(probe("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"));
    CHECK_FALSE(probe("4k3/8/8/8/8/8/8/RQ2K2R w - - 0 1"));
}

TEST_CASE("one game's probes: a root probe values the next position, no DTZ probe when not needed",
          "[match][tablebase]") {
    REQUIRE(game::syzygy::open(TABLES) == 4);
    // Walks of scrambled moves with the clock near the fifty moves, so wins turn cursed on the way
    // (and back, after a zeroing move): every value is the stateless probe's, with fewer DTZ
    // probes than positions it needs them for (a win or loss with moves on the clock).
    for (const char* fen : {"7k/8/8/8/8/8/8/K2Q4 w - - 60 1", "8/8/3k4/8/8/8/8/R3K3 b - - 70 1",
                            "7k/8/8/8/8/8/8/KBN5 w - - 40 1", "8/8/8/4k3/8/8/3P4/4K3 w - - 85 1",
                            "8/5k2/8/8/3q4/8/2R5/1K6 w - - 75 1"}) {
        INFO(fen);
        auto pos = rules::Position::from_fen(fen);
        game::syzygy::GameProber prober;
        int ply = 0, cursed = 0, wins = 0, need_dtz = 0;
        rules::Move last = rules::Move::none();
        unsigned pick = 7;
        for (; ply < 60 && pos.halfmove_clock() < 100 && pos.has_legal_moves(); ++ply) {
            const auto expected = game::syzygy::probe(pos);
            REQUIRE(expected);
            CHECK(prober.probe(pos, ply, last, true) == expected);
            cursed += *expected == Wdl::CursedWin || *expected == Wdl::BlessedLoss;
            wins += *expected == Wdl::Win || *expected == Wdl::Loss;
            need_dtz += pos.halfmove_clock() > 0 && *expected != Wdl::Draw;
            const auto moves = pos.legal_moves();
            pick = pick * 1103515245u + 12345u;
            last = moves[int((pick >> 16) % unsigned(moves.size()))];
            pos.play(last);
            if (rules::popcount(pos.pieces()) < 3) break;
        }
        CHECK(prober.dtz_probes() <= (ply + 1) / 2);  // never two positions in a row
        CHECK(prober.dtz_probes() < need_dtz);
        CHECK(wins + cursed > 0);
    }
    // The won KQvK with 96 on the clock: cursed, unless the caller does not tell them apart.
    const auto kqk = rules::Position::from_fen("7k/8/8/8/8/8/8/K2Q4 w - - 96 1");
    game::syzygy::GameProber blind;
    CHECK(blind.probe(kqk, 0, rules::Move::none(), false) == Wdl::Win);
    CHECK(blind.dtz_probes() == 0);
    game::syzygy::GameProber seeing;
    CHECK(seeing.probe(kqk, 0, rules::Move::none(), true) == Wdl::CursedWin);
    CHECK(seeing.dtz_probes() == 1);
    // 1.Qd2 is valued by that root probe; the same position as another ply's is probed again.
    const rules::Move qd2(rules::make_square(3, 0), rules::make_square(3, 1));
    auto after = kqk;
    after.play(qd2);
    CHECK(seeing.probe(after, 1, qd2, true) == Wdl::BlessedLoss);
    CHECK(seeing.dtz_probes() == 1);
    CHECK(seeing.probe(after, 3, qd2, true) == Wdl::BlessedLoss);
    CHECK(seeing.dtz_probes() == 2);
}

TEST_CASE("the tablebase verdict: -tbadjudicate, -tbignore50, and the defender's claim",
          "[match][tablebase]") {
    using rules::BLACK;
    using rules::WHITE;
    game::AdjudicationOptions r;
    r.tb_paths = "x";
    auto score = [&](Wdl w, rules::Color c, bool claims) {
        auto o = game::tablebase_verdict(r, w, c, claims);
        return o ? std::optional<rules::Score>(o->score) : std::nullopt;
    };
    CHECK(score(Wdl::Win, WHITE, false) == rules::Score::WhiteWins);
    CHECK(score(Wdl::Win, BLACK, false) == rules::Score::BlackWins);
    CHECK(score(Wdl::Loss, WHITE, false) == rules::Score::BlackWins);
    CHECK(score(Wdl::Draw, BLACK, false) == rules::Score::Draw);
    CHECK(score(Wdl::CursedWin, WHITE, true) == rules::Score::Draw);
    CHECK(score(Wdl::BlessedLoss, BLACK, true) == rules::Score::Draw);
    CHECK_FALSE(score(Wdl::CursedWin, WHITE, false));
    CHECK_FALSE(score(Wdl::BlessedLoss, BLACK, false));
    CHECK(game::tablebase_verdict(r, Wdl::Win, WHITE, false)->rule_text() == "adjudication tablebase");
    r.tb_ignore50 = true;
    CHECK(score(Wdl::CursedWin, WHITE, false) == rules::Score::WhiteWins);
    CHECK(score(Wdl::BlessedLoss, BLACK, true) == rules::Score::WhiteWins);
    r.tb_ignore50 = false;
    r.tb_results = game::AdjudicationOptions::TbResults::WinLoss;
    CHECK_FALSE(score(Wdl::Draw, WHITE, false));
    CHECK_FALSE(score(Wdl::CursedWin, WHITE, true));
    CHECK(score(Wdl::Loss, BLACK, false) == rules::Score::WhiteWins);
    r.tb_results = game::AdjudicationOptions::TbResults::Draw;
    CHECK_FALSE(score(Wdl::Win, WHITE, false));
    CHECK(score(Wdl::Draw, WHITE, false) == rules::Score::Draw);
}

TEST_CASE("tablebases: -tb ends games at the first move into the tables, named in PGN, table and JSON",
          "[match][tablebase][engine]") {
    TempFile pgn(".pgn"), json(".json");
    const std::string out = "-each claim=never -pgnout " + pgn.path + " -jsonout " + json.path;
    SECTION("KQvK: won for White after one move") {
        auto s = play_from("4k3/8/8/8/8/8/8/3QK3 w - -", "moves=d1d2", "", out);
        REQUIRE(s.games.size() == 1);
        CHECK(s.games[0].plies.size() == 1);
        CHECK(s.games[0].outcome.score == rules::Score::WhiteWins);
        CHECK(s.games[0].outcome.rule_text() == "adjudication tablebase");
        const std::string text = slurp(pgn.path);
        CHECK(text.find("[ResultRule \"adjudication tablebase\"]") != std::string::npos);
        CHECK(text.find("[Termination \"adjudication\"]") != std::string::npos);
        CHECK(text.find("tablebase: loss for Black to move") != std::string::npos);
        CHECK(s.report.reason_table().find("  by event rule:\n  tablebase") != std::string::npos);
        CHECK(slurp(json.path).find("\"by_event_rule\": {\n    \"tablebase\": 1") != std::string::npos);
    }
    SECTION("KRvKR: a draw") {
        auto s = play_from("4k3/7r/8/8/8/8/R7/4K3 w - -", "moves=a2b2", "", out);
        REQUIRE(s.games.size() == 1);
        CHECK(s.games[0].plies.size() == 1);
        CHECK(s.games[0].outcome.score == rules::Score::Draw);
        CHECK(s.games[0].outcome.article == "tablebase");
    }
    SECTION("-tbpieces 3: a 4-man position is played on until a capture leaves three") {
        // KRvKR: 1.Rb2 Ra3 2.Rb3 Rxb3, and KvKR is lost for White.
        auto s = play_from("4k3/r7/8/8/8/8/R7/4K3 w - -", "moves=a2b2,,b2b3", "moves=,a7a3,,a3b3",
                           out + " -tbpieces 3");
        REQUIRE(s.games.size() == 1);
        CHECK(s.games[0].plies.size() == 4);
        CHECK(s.games[0].outcome.score == rules::Score::BlackWins);
        CHECK(s.games[0].outcome.article == "tablebase");
    }
    SECTION("-tbadjudicate WIN_LOSS leaves the draw to the other rules, DRAW the win") {
        auto s = play_from("4k3/7r/8/8/8/8/R7/4K3 w - -", "moves=a2b2,,b2a2", "moves=,h7g7,,g7h7",
                           out + " -tbadjudicate WIN_LOSS -maxmoves 2");
        REQUIRE(s.games.size() == 1);
        CHECK(s.games[0].outcome.article == "max-moves");
        auto d = play_from("4k3/8/8/8/8/8/8/3QK3 w - -", "moves=d1d2,,d2d1", "moves=,e8f7,,f7e8",
                           out + " -tbadjudicate DRAW -maxmoves 2");
        REQUIRE(d.games.size() == 1);
        CHECK(d.games[0].outcome.article == "max-moves");
    }
    SECTION("the Laws first: mate and a dead position end the game, not the tables") {
        auto m = play_from("k7/8/1K6/8/8/8/7Q/8 w - -", "moves=h2h8", "", out);
        REQUIRE(m.games.size() == 1);
        CHECK(m.games[0].outcome.termination == rules::Termination::Checkmate);
        auto d = play_from("4k3/8/8/8/8/8/p7/2N1K3 w - -", "moves=c1a2", "", out);
        REQUIRE(d.games.size() == 1);
        CHECK(d.games[0].outcome.score == rules::Score::Draw);
        CHECK(d.games[0].outcome.termination != rules::Termination::Adjudication);
    }
}

TEST_CASE("a win only past the fifty-move rule: a draw if the defender claims, else played on",
          "[match][tablebase][engine]") {
    // The start and the position after 1.Qd2 are in the tables as won only past the fifty moves.
    REQUIRE(probe("7k/8/8/8/8/8/8/K2Q4 w - - 96 1") == Wdl::CursedWin);
    REQUIRE(probe("7k/8/8/8/8/8/3Q4/K7 b - - 97 1") == Wdl::BlessedLoss);
    SECTION("Black claims (claim=always): adjudicated a draw at once") {
        TempFile pgn(".pgn");
        auto s =
            play_from(CURSED, SHUFFLE_W, SHUFFLE_B, "-pgnout " + pgn.path + " -maxmoves 2", "claim=always");
        REQUIRE(s.games.size() == 1);
        CHECK(s.games[0].plies.size() == 1);
        CHECK(s.games[0].outcome.score == rules::Score::Draw);
        CHECK(s.games[0].outcome.article == "tablebase");
        CHECK(slurp(pgn.path).find("Black claims under 9.3 (claim=always)") != std::string::npos);
    }
    SECTION("Black never claims: played on, -maxmoves ends it") {
        TempFile pgn(".pgn");
        auto s =
            play_from(CURSED, SHUFFLE_W, SHUFFLE_B, "-each claim=never -pgnout " + pgn.path + " -maxmoves 2");
        REQUIRE(s.games.size() == 1);
        CHECK(s.games[0].plies.size() == 4);
        CHECK(s.games[0].outcome.article == "max-moves");
        const std::string text = slurp(pgn.path);
        CHECK(text.find("played on: Black does not claim under 9.3 (claim=never)") != std::string::npos);
    }
    SECTION("-tbignore50: the win") {
        auto s = play_from(CURSED, SHUFFLE_W, SHUFFLE_B, "-each claim=never -tbignore50");
        REQUIRE(s.games.size() == 1);
        CHECK(s.games[0].plies.size() == 1);
        CHECK(s.games[0].outcome.score == rules::Score::WhiteWins);
        CHECK(s.games[0].outcome.article == "tablebase");
    }
}

TEST_CASE("tablebases: a loss blessed by the clock is the defender's draw, in the drawproxy process",
          "[match][tablebase][engine]") {
    // KBNvK with DTZ 58 and 70 on the clock: after 1.Nd3 Black is to move with 71 on the clock
    // and DTZ -57, so mate cannot come before ply 100 of the clock; Black, claim=always, claims
    // under 9.3 first. Both colours play the opening (the engine that plays White plays Nd3),
    // given as a full FEN line, the clock in its fifth field.
    TempFile book(".epd", "8/8/8/3k4/8/8/8/KBN5 w - - 70 1\n");
    TempFile pgn(".pgn");
    const std::string engines = "-engine " + fake_cmd("moves=c1d3") + " name=A -engine " +
                                fake_cmd("moves=c1d3") + " name=B -each nodes=1 claim=always";
    CommandRun r = run_drawproxy("match " + engines + " -openings file=" + book.path +
                                 " format=epd -games 2 -tb " + TABLES + " -tbpieces 4 -pgnout " + pgn.path);
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    const auto games = read_pgn_file(pgn.path);
    REQUIRE(games.size() == 2);
    for (const auto& g : games) {
        CHECK(g.result == "1/2-1/2");
        CHECK(g.moves.size() == 1);
        CHECK(g.tag("FEN") == "8/8/8/3k4/8/8/8/KBN5 w - - 70 1");
    }
    const std::string text = slurp(pgn.path);
    CHECK(text.find("blessed loss for Black to move, Black claims under 9.3 (claim=always)") !=
          std::string::npos);
}

TEST_CASE("tablebases: -tb with Stockfish: KQvK and KRvKR from EPD starts end by the tables",
          "[match][tablebase][stockfish][e2e]") {
    const char* sf = "/usr/games/stockfish";
    if (::access(sf, X_OK) != 0) FAIL("needs /usr/games/stockfish");
    TempFile book(".epd", "4k3/8/8/8/8/8/8/3QK3 w - -\n4k3/7r/8/8/8/8/R7/4K3 w - -\n");
    auto s = run_match_words(
        words(std::string("-engine cmd=") + sf + " name=sf1 -engine cmd=" + sf +
              " name=sf2 -each nodes=2000 claim=never option.Hash=16 -openings file=" + book.path +
              " format=epd order=sequential -games 2 -tb " + TABLES + " -tbpieces 4"));
    REQUIRE(s.games.size() == 2);
    int wins = 0, draws = 0;
    for (const auto& g : s.games) {
        CHECK(g.outcome.article == "tablebase");
        CHECK(g.plies.size() == 1);
        wins += g.outcome.score == rules::Score::WhiteWins;
        draws += g.outcome.score == rules::Score::Draw;
    }
    CHECK(wins == 1);
    CHECK(draws == 1);
}

TEST_CASE("tablebases: -tb without tables, or a bad -tbadjudicate, is one line on stderr and exit 2",
          "[match][tablebase][cli][engine]") {
    for (const char* args :
         {"-tb /nonexistent-tables", "-tb " DRAWPROXY_SOURCE_DIR "/tests/data/syzygy -tbadjudicate WIN",
          "-tb " DRAWPROXY_SOURCE_DIR "/tests/data/syzygy -tbpieces 1"}) {
        INFO(args);
        CommandRun r = run_drawproxy(
            std::string("match -engine cmd=/bin/true name=A -engine cmd=/bin/true name=B -each nodes=1 ") + args);
        CHECK(r.status == 2);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    }
    CHECK(run_drawproxy(
              "match -engine cmd=/bin/true -engine cmd=/bin/true -each nodes=1 -tb /nonexistent-tables")
              .err.find("no Syzygy tables found") != std::string::npos);
}
