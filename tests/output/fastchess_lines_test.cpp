// fastchess's "Finished game" reasons and PGN Termination tags, word for word as fastchess
// 58072f23 writes them (its reference runs, one per ending), and the Laws' endings it does not
// have in its style, clear of the words its parsers count as forfeits.
#include <catch2/catch.hpp>
#include <iterator>
#include <sstream>

#include "output/pgn.h"
#include "output/report.h"
#include "output/status_lines.h"
#include "rules/notation.h"

using namespace drawproxy;
using namespace drawproxy::output;
using rules::Score;
using rules::Termination;

namespace {

GameRecord game_of(Termination t, Score s, std::string article = "", bool claimed = false) {
    GameRecord g;
    g.number = 7;
    g.white = "crash3";
    g.black = "mover";
    g.start = rules::Position::from_fen(rules::Position::START_FEN);
    g.outcome.termination = t;
    g.outcome.score = s;
    g.outcome.article = std::move(article);
    g.outcome.claimed = claimed;
    return g;
}

std::string fc_reason(const GameRecord& g) {
    const std::string line = Report::runner_finished_line(g, rules::Wording::fastchess);
    return line.substr(line.find('{'));
}

// What fishtest's worker (any of the words in the line; here in the reason, as the engine
// names are the test's) and OpenBench's client (in the line's second ':'-field) count.
struct Counted {
    bool crash, time_loss, illegal;
};
Counted as_parsers(const std::string& line) {
    const std::size_t first = line.find(':'), second = line.find(':', first + 1);
    const std::string ob = line.substr(first + 1, second == std::string::npos ? second : second - first - 1);
    const std::string ft = line.substr(line.find('{'));
    const auto has = [](const std::string& s, const char* w) { return s.find(w) != std::string::npos; };
    CHECK((has(ft, "disconnect") || has(ft, "stall")) == (has(ob, "disconnect") || has(ob, "stalls")));
    CHECK((has(ft, "on time") || has(ft, "timeout")) == has(ob, "on time"));
    return {has(ft, "disconnect") || has(ft, "stall"), has(ft, "on time") || has(ft, "timeout"),
            has(ob, "illegal")};
}

std::string result_of(Score s, Termination t) {
    if (t == Termination::Unterminated) return "*";
    return std::string(rules::score_text(s));
}

}  // namespace

TEST_CASE("fastchess's Finished lines: its reasons for every ending", "[match][output]") {
    CHECK(Report::runner_finished_line(game_of(Termination::Crash, Score::BlackWins, "forfeit"),
                                       rules::Wording::fastchess) ==
          "Finished game 7 (crash3 vs mover): 0-1 {White disconnects}");
    CHECK(fc_reason(game_of(Termination::Crash, Score::WhiteWins, "forfeit")) == "{Black disconnects}");
    CHECK(fc_reason(game_of(Termination::Stall, Score::BlackWins, "forfeit")) ==
          "{White's connection stalls}");
    // An engine found dead as the game is readied: fastchess names the side to move then.
    GameRecord unready = game_of(Termination::Crash, Score::WhiteWins, "forfeit");
    unready.lost_before_play = true;
    CHECK(fc_reason(unready) == "{White disconnects}");
    unready.plies.push_back(PlyRecord{});  // a book move: Black to move
    unready.plies.back().move = rules::parse_uci_move(unready.start, "e2e4");
    unready.plies.back().book = true;
    CHECK(fc_reason(unready) == "{Black disconnects}");
    CHECK(Report::runner_finished_line(unready, rules::Wording::cutechess).find("{Black disconnects}") !=
          std::string::npos);  // cutechess-cli names the loser
    CHECK(fc_reason(game_of(Termination::Stall, Score::WhiteWins, "forfeit")) ==
          "{Black's connection stalls}");
    GameRecord flag = game_of(Termination::TimeForfeit, Score::BlackWins, "6.9");
    flag.outcome.overrun_ms = 37;
    CHECK(fc_reason(flag) == "{White loses on time (37ms overrun)}");
    CHECK(fc_reason(game_of(Termination::IllegalMove, Score::WhiteWins, "7.5.5")) ==
          "{Black makes an illegal move}");
    CHECK(fc_reason(game_of(Termination::Checkmate, Score::WhiteWins, "5.1.1")) == "{White mates}");
    CHECK(fc_reason(game_of(Termination::Checkmate, Score::BlackWins, "5.1.1")) == "{Black mates}");
    CHECK(fc_reason(game_of(Termination::Stalemate, Score::Draw, "5.2.1")) == "{Draw by stalemate}");
    CHECK(fc_reason(game_of(Termination::Threefold, Score::Draw, "9.2")) == "{Draw by 3-fold repetition}");
    CHECK(fc_reason(game_of(Termination::FiftyMoves, Score::Draw, "9.3")) == "{Draw by fifty moves rule}");
    CHECK(fc_reason(game_of(Termination::Adjudication, Score::Draw, "draw-score")) ==
          "{Draw by adjudication}");
    CHECK(fc_reason(game_of(Termination::Adjudication, Score::Draw, "max-moves")) ==
          "{Draw by adjudication}");
    CHECK(fc_reason(game_of(Termination::Adjudication, Score::BlackWins, "resign-score")) ==
          "{Black wins by adjudication}");
    CHECK(fc_reason(game_of(Termination::Adjudication, Score::WhiteWins, "tablebase")) ==
          "{White wins by adjudication: SyzygyTB}");
    CHECK(fc_reason(game_of(Termination::Adjudication, Score::Draw, "tablebase")) ==
          "{Draw by adjudication: SyzygyTB}");
    CHECK(fc_reason(game_of(Termination::Unterminated, Score::Draw)) == "{Game interrupted}");
    // Bare kings: fastchess's insufficient material; a dead position of more men is the Laws'.
    GameRecord bare = game_of(Termination::DeadPosition, Score::Draw, "9.7");
    bare.start = rules::Position::from_fen("8/8/4k3/8/8/3K4/8/8 w - - 0 1");
    CHECK(fc_reason(bare) == "{Draw by insufficient mating material}");
    GameRecord blocked = game_of(Termination::DeadPosition, Score::Draw, "9.7");
    blocked.start = rules::Position::from_fen("8/8/4k3/1p1p1p1p/1P1P1P1P/8/3K4/8 w - - 0 1");
    CHECK(fc_reason(blocked) == "{Draw by dead position (9.7)}");
}

TEST_CASE("fastchess's Finished lines: the Laws' endings in its style, counted as the parsers count",
          "[match][output]") {
    CHECK(fc_reason(game_of(Termination::Threefold, Score::Draw, "9.2.2", true)) ==
          "{Draw by 3-fold repetition, claimed (9.2.2)}");
    CHECK(fc_reason(game_of(Termination::FiftyMoves, Score::Draw, "9.3.1", true)) ==
          "{Draw by fifty moves rule, claimed (9.3.1)}");
    CHECK(fc_reason(game_of(Termination::Fivefold, Score::Draw, "9.6.1")) ==
          "{Draw by 5-fold repetition (9.6.1)}");
    CHECK(fc_reason(game_of(Termination::SeventyFiveMoves, Score::Draw, "9.6.2")) ==
          "{Draw by 75 moves rule (9.6.2)}");
    CHECK(fc_reason(game_of(Termination::TimeForfeit, Score::Draw, "6.9")) ==
          "{Draw, flag fell and the opponent cannot checkmate (6.9)}");
    CHECK(fc_reason(game_of(Termination::Agreement, Score::Draw, "9.1.2")) == "{Draw by agreement}");

    // fishtest counts a crash by "disconnect"/"stall" and a time loss by "on time"/"timeout" in
    // any line, OpenBench the same words and "illegal" after the line's first ':'; its
    // tokens[2] and tokens[6] are the game number and the result.
    for (int t = 0; t <= int(Termination::Unterminated); ++t)
        for (Score s : {Score::WhiteWins, Score::BlackWins, Score::Draw}) {
            const auto term = Termination(t);
            const std::string line =
                Report::runner_finished_line(game_of(term, s, "x", true), rules::Wording::fastchess);
            INFO(line);
            for (char c : line) CHECK((unsigned char)c < 128);
            const Counted c = as_parsers(line);
            CHECK(c.crash == (term == Termination::Crash || term == Termination::Stall));
            CHECK(c.time_loss == (term == Termination::TimeForfeit && s != Score::Draw));
            CHECK(c.illegal == (term == Termination::IllegalMove));
            std::istringstream words(line);
            std::vector<std::string> tokens{std::istream_iterator<std::string>(words), {}};
            REQUIRE(tokens.size() > 6);
            CHECK(tokens[2] == "7");
            CHECK(tokens[6] == result_of(s, term));
        }
}

TEST_CASE("fastchess's PGN Termination tags, drawproxy's kept in its own format", "[match][output]") {
    const auto tag = [](Termination t, Score s, rules::Wording w) {
        const std::string pgn = write_pgn(game_of(t, s, "x"), false, w);
        const auto at = pgn.find("[Termination \"") + 14;
        return pgn.substr(at, pgn.find('"', at) - at);
    };
    const auto fc = rules::Wording::fastchess;
    CHECK(tag(Termination::Crash, Score::BlackWins, fc) == "abandoned");
    CHECK(tag(Termination::Stall, Score::BlackWins, fc) == "abandoned");
    CHECK(tag(Termination::TimeForfeit, Score::BlackWins, fc) == "time forfeit");
    CHECK(tag(Termination::IllegalMove, Score::BlackWins, fc) == "illegal move");
    CHECK(tag(Termination::Adjudication, Score::Draw, fc) == "adjudication");
    CHECK(tag(Termination::Checkmate, Score::WhiteWins, fc) == "normal");
    CHECK(tag(Termination::Threefold, Score::Draw, fc) == "normal");
    CHECK(tag(Termination::Unterminated, Score::Draw, fc) == "unterminated");
    const auto dp = rules::Wording::drawproxy;
    CHECK(tag(Termination::Crash, Score::BlackWins, dp) == "rules infraction");
    CHECK(tag(Termination::IllegalMove, Score::BlackWins, dp) == "rules infraction");
}

namespace {

// Scholar's mate, each move with a search behind it.
GameRecord scholars_mate() {
    GameRecord g = game_of(Termination::Checkmate, Score::WhiteWins, "5.1.1");
    rules::Position pos = g.start;
    int i = 0;
    for (const char* uci : {"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"}) {
        PlyRecord ply;
        ply.move = rules::parse_uci_move(pos, uci);
        ply.has_score = i != 1;
        ply.score = i == 0 ? 0 : 25 * i;
        ply.mate = i >= 5;
        if (i == 5) ply.score = -2;  // mated in 2 moves: -M4 (plies)
        if (i == 6) ply.score = 1;
        ply.depth = 5 + i;
        ply.time_ms = 4 + i;
        ply.timeleft_ms = 10100 - i;
        ply.latency_ms = i - 1;
        ply.nodes = 1000 + i;
        ply.seldepth = 7 + i;
        ply.nps = 250000;
        ply.hashfull = i;
        ply.tbhits = 0;
        ply.pv = uci;
        if (i == 2) ply.lines = {"info string pgncomment ply=2"};
        g.plies.push_back(ply);
        pos.play(ply.move);
        ++i;
    }
    return g;
}

// The movetext on one line (where it wraps is not what these tests check).
std::string movetext_of(const std::string& pgn) {
    std::string m = pgn.substr(pgn.find("\n\n") + 2);
    m.erase(m.find_last_not_of('\n') + 1);
    for (char& c : m)
        if (c == '\n') c = ' ';
    return m;
}

}  // namespace

TEST_CASE("fastchess's move comments: the -pgnout keys in its order, its reason on the last move",
          "[match][output]") {
    game::FastchessOutputSettings k;
    k.nodes = k.seldepth = true;
    const std::string some = movetext_of(write_pgn(scholars_mate(), false, rules::Wording::fastchess, &k));
    INFO(some);
    CHECK(some.rfind("1. e4 {0.00/5 0.004s, n=1000, sd=7} e5 {/6 0.005s, n=1001, sd=8} ", 0) == 0);
    CHECK(
        some.find(
            "Nf6 {-M4/10 0.009s, n=1005, sd=12} 4. Qxf7# {+M1/11 0.010s, n=1006, sd=13, White mates} 1-0") !=
        std::string::npos);
    k.nps = k.hashfull = k.tbhits = k.pv = k.timeleft = k.latency = true;
    const std::string all = movetext_of(write_pgn(scholars_mate(), false, rules::Wording::fastchess, &k));
    CHECK(
        all.find("2. Qh5 {+0.50/7 0.006s, tl=10.098s, latency=0.001s, n=1002, sd=9, nps=250000, hashfull=2, "
                 "tbhits=0, pv=\"d1h5\", line=\"info string pgncomment ply=2\"}") != std::string::npos);
    // Without the fastchess wording the keys are not drawproxy's.
    const std::string own = movetext_of(write_pgn(scholars_mate(), false, rules::Wording::drawproxy, &k));
    CHECK(own.find("n=") == std::string::npos);
}

TEST_CASE("fastchess's notation=lan and notation=uci", "[match][output]") {
    game::FastchessOutputSettings k;
    k.notation = game::FastchessOutputSettings::Notation::lan;
    GameRecord g = scholars_mate();
    const std::string lan = movetext_of(write_pgn(g, true, rules::Wording::fastchess, &k));
    CHECK(lan == "1. e2e4 e7e5 2. Qd1h5 Nb8c6 3. Bf1c4 Ng8f6 4. Qh5xf7# 1-0");
    k.notation = game::FastchessOutputSettings::Notation::uci;
    const std::string uci = movetext_of(write_pgn(g, true, rules::Wording::fastchess, &k));
    CHECK(uci == "1. e2e4 e7e5 2. d1h5 b8c6 3. f1c4 g8f6 4. h5f7 1-0");
}

TEST_CASE("fastchess's -output format=cutechess: its score line and Elo block", "[match][output]") {
    // fastchess 58072f23, -output format=cutechess -ratinginterval 2 -sprt elo0=0 elo1=10
    // alpha=0.05 beta=0.05, six games of 3 wins and 3 losses: its lines after games 4 and 6.
    HeadToHead h;
    h.first = "A", h.second = "B";
    stats::StatsSettings s;
    s.penta = false;
    s.sprt = stats::SprtParams{0, 10, 0.05, 0.05, stats::SprtModel::normalized};
    for (int i = 0; i < 2; ++i) h.games.add(stats::PlayerResult::win), h.games.add(stats::PlayerResult::loss);
    CHECK(fastchess_score_line(h) == "Score of A vs B: 2 - 2 - 0  [0.500] 4");
    CHECK(fastchess_cutechess_elo(h, s) ==
          "Elo difference: -0.00 +/- 798.10, LOS: 50.00 %, DrawRatio: 0.00 %\n"
          "SPRT: llr -0.00 (0.1%), lbound -2.94, ubound 2.94\n");
    h.games.add(stats::PlayerResult::loss);
    CHECK(fastchess_score_line(h) == "Score of A vs B: 2 - 3 - 0  [0.400] 5");
    h.games.add(stats::PlayerResult::win);
    CHECK(fastchess_cutechess_elo(h, s) ==
          "Elo difference: -0.00 +/- 381.84, LOS: 50.00 %, DrawRatio: 0.00 %\n"
          "SPRT: llr -0.00 (0.1%), lbound -2.94, ubound 2.94\n");
    s.sprt.reset();
    CHECK(fastchess_cutechess_elo(h, s) ==
          "Elo difference: -0.00 +/- 381.84, LOS: 50.00 %, DrawRatio: 0.00 %\n");
}
