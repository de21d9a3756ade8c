// cutechess-cli 1.5.1's results table for more than two players. The expected tables are the
// ones cutechess-cli 1.5.1 printed for Stockfish at 1000 nodes (three engines A, B, C; the
// counts below are those games'), and tables computed by hand from its formulas
// (projects/lib/src/tournament.cpp, elo.cpp) where no such match was at hand.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "output/cutechess_table.h"
#include "output/status_lines.h"
#include "rules/position.h"

using namespace drawproxy;
using namespace drawproxy::output;
using rules::Score;
using rules::Termination;

namespace {

RankedPlayer ranked(std::string name, Trinomial white, Trinomial black, std::string tc = "inf") {
    RankedPlayer p;
    p.name = std::move(name);
    p.time_control = std::move(tc);
    p.white = white;
    p.black = black;
    return p;
}

void set_outcomes(RankedPlayer& p, OutcomeClass c, int n) { p.outcomes[std::size_t(c)] = n; }

const StatsSettings TABLE_NO_SPRT{false, std::nullopt};

// Every token, in an order none of the named formats has.
const std::string TABLE_TOKENS =
    "Rank,Name,TC,Elo,Error,Games,W,L,D,wW,wL,wD,bW,bL,bD,Points,Score,DScore,LOS,wScore,wDScore,wElo,"
    "wError,wLOS,bScore,bDScore,bElo,bError,Time,Illegal,Discon,Stall,WrClaim,RegulL,RegulW,OtherW,DStale,"
    "DMater,DRepet,DMoves,DCount,DAdj,DAgree,OtherD";

game::GameRecord table_game(Termination t, Score s, std::string article = "",
                            std::string_view fen = rules::Position::START_FEN) {
    game::GameRecord g;
    g.white = "A";
    g.black = "B";
    g.start = rules::Position::from_fen(fen);
    g.outcome.termination = t;
    g.outcome.score = s;
    g.outcome.article = std::move(article);
    return g;
}

int outcome_count(const Standings& s, int player, OutcomeClass c) {
    return s.players()[std::size_t(player)].outcomes[std::size_t(c)];
}

}  // namespace

TEST_CASE("cutechess-cli's gauntlet table: the first player first with rank 0, ties later player first",
          "[match][output]") {
    // A played White in every game and lost it (Black mated), won every Black game.
    const std::vector<RankedPlayer> players{ranked("A", {0, 4, 0}, {4, 0, 0}),
                                            ranked("B", {0, 2, 0}, {2, 0, 0}),
                                            ranked("C", {0, 2, 0}, {2, 0, 0})};
    Standings s(players);
    CHECK(cutechess_ranking(s, DEFAULT_RESULT_FORMAT, true, TABLE_NO_SPRT) ==
          "Rank Name                          Elo     +/-   Games   Score    Draw \n"
          "   0 A                               0     296       8   50.0%    0.0% \n"
          "   1 C                               0     786       4   50.0%    0.0% \n"
          "   2 B                               0     786       4   50.0%    0.0% \n"
          "\nSPRT: llr 0 (0.0%), lbound -inf, ubound inf");
    // -seeds 2: the first two players first, the later of them first (cutechess-cli 1.5.1, four
    // engines: "0 B", "1 A", then the others by score)
    const std::vector<RankedPlayer> four{ranked("A", {0, 0, 2}, {0, 0, 2}), ranked("B", {0, 0, 2}, {0, 0, 2}),
                                         ranked("C", {2, 0, 0}, {2, 0, 0}),
                                         ranked("D", {0, 0, 0}, {0, 0, 0})};
    CHECK(cutechess_table(four, "Rank,Name", 2) ==
          "Rank Name                      \n"
          "   0 B                         \n"
          "   1 A                         \n"
          "   2 C                         \n"
          "   3 D                         \n");
    // a named format and its list are one table
    CHECK(cutechess_table(players, "default", true) == cutechess_table(players, DEFAULT_RESULT_FORMAT, true));
}

TEST_CASE("cutechess-cli's wide3 table: time controls, the groups, an undefined error margin",
          "[match][output]") {
    RankedPlayer alpha = ranked("Alpha", {1, 0, 1}, {0, 1, 1});
    set_outcomes(alpha, OutcomeClass::MovesRule, 2);
    RankedPlayer b = ranked("B", {1, 0, 0}, {0, 1, 0}, "40/60+0.6");
    RankedPlayer c = ranked("C", {0, 0, 1}, {0, 0, 1}, "0.5/move");
    set_outcomes(c, OutcomeClass::MovesRule, 2);
    CHECK(cutechess_table({alpha, b, c}, "wide3", true) ==
          "Rank Name                                  TC     Elo     +/-   Games    Wins  Losses   Draws   "
          "Points "
          "  Score   WWins  WLoss.  WDraws   White   BWins  BLoss.  BDraws   Black    Draw  DStale  DMater  "
          "DRepet "
          " DMoves    DAdj  DAgree  OtherD    Time Illegal  Discon   Stall WrClaim \n"
          "   0 Alpha                                inf       0     296       4       1       1       2     "
          " 2.0 "
          "  50.0%       1       0       1   75.0%       0       1       1   25.0%   50.0%       0       0   "
          "    0 "
          "      2       0       0       0       0       0       0       0       0 \n"
          "   1 C                               0.5/move       0       0       2       0       0       2     "
          " 1.0 "
          "  50.0%       0       0       1   50.0%       0       0       1   50.0%  100.0%       0       0   "
          "    0 "
          "      2       0       0       0       0       0       0       0       0 \n"
          "   2 B                              40/60+0.6       0     nan       2       1       1       0     "
          " 1.0 "
          "  50.0%       1       0       0  100.0%       0       1       0    0.0%    0.0%       0       0   "
          "    0 "
          "      0       0       0       0       0       0       0       0       0 \n");
}

TEST_CASE("cutechess-cli's round-robin table with every token: ranks from 1, tokens without a cell",
          "[match][output]") {
    RankedPlayer a = ranked("A", {1, 1, 4}, {1, 1, 4});
    set_outcomes(a, OutcomeClass::RegularLoss, 2), set_outcomes(a, OutcomeClass::RegularWin, 2);
    set_outcomes(a, OutcomeClass::Material, 4), set_outcomes(a, OutcomeClass::MovesRule, 4);
    RankedPlayer b = ranked("B", {3, 1, 2}, {1, 3, 2});
    set_outcomes(b, OutcomeClass::RegularLoss, 4), set_outcomes(b, OutcomeClass::RegularWin, 4),
        set_outcomes(b, OutcomeClass::Material, 4);
    RankedPlayer c = ranked("C", {4, 0, 2}, {0, 4, 2});
    set_outcomes(c, OutcomeClass::RegularLoss, 4), set_outcomes(c, OutcomeClass::RegularWin, 4),
        set_outcomes(c, OutcomeClass::MovesRule, 4);
    CHECK(cutechess_table({a, b, c}, TABLE_TOKENS, false) ==
          "Rank Name                                  TC     Elo     +/-   Games    Wins  Losses   Draws   "
          "WWins "
          " WLoss.  WDraws   BWins  BLoss.  BDraws   Points   Score    Draw   White   WDraw   Black   BDraw  "
          "  Time "
          "Illegal  Discon   Stall WrClaim  RegulL  RegulW  OtherW  DStale  DMater  DRepet  DMoves  DCount   "
          " DAdj  "
          "DAgree  OtherD \n"
          "   1 C                                    inf       0     173      12       4       4       4     "
          "  4 "
          "      0       2       0       4       2      6.0   50.0%   33.3%   83.3%   33.3%   16.7%   33.3%  "
          "     0 "
          "      0       0       0       0       4       4       0       0       0       0       4       0   "
          "    0 "
          "      0       0 \n"
          "   2 B                                    inf       0     173      12       4       4       4     "
          "  3 "
          "      1       2       1       3       2      6.0   50.0%   33.3%   66.7%   33.3%   33.3%   33.3%  "
          "     0 "
          "      0       0       0       0       4       4       0       0       4       0       0       0   "
          "    0 "
          "      0       0 \n"
          "   3 A                                    inf       0     118      12       2       2       8     "
          "  1 "
          "      1       4       1       1       4      6.0   50.0%   66.7%   50.0%   66.7%   50.0%   66.7%  "
          "     0 "
          "      0       0       0       0       2       2       0       0       4       0       4       0   "
          "    0 "
          "      0       0 \n");
}

TEST_CASE("cutechess-cli's table by score: a player without games last, its figures nan, Qt's ties",
          "[match][output]") {
    const std::vector<RankedPlayer> players{ranked("Zero", {}, {}), ranked("Best", {1, 0, 0}, {1, 0, 0}),
                                            ranked("Mid", {2, 2, 0}, {2, 1, 1}),
                                            ranked("Worst", {0, 1, 0}, {0, 1, 0})};
    // Mid: 4.5 of 8, 56.25 %, which Qt rounds up (printf would say 56.2); Elo 43.66, error 275.03
    CHECK(cutechess_table(players, "Rank,Name,Elo,Error,Games,Score,DScore,wScore,bScore", false) ==
          "Rank Name                          Elo     +/-   Games   Score    Draw   White   Black \n"
          "   1 Best                          inf     nan       2  100.0%    0.0%  100.0%  100.0% \n"
          "   2 Mid                            44     275       8   56.3%   12.5%   50.0%   62.5% \n"
          "   3 Worst                        -inf     nan       2    0.0%    0.0%    0.0%    0.0% \n"
          "   4 Zero                          nan     nan       0    nan%    nan%    nan%    nan% \n");
    // in a gauntlet the first player stays first, without games too
    CHECK(cutechess_table(players, "Rank,Name", true) ==
          "Rank Name                      \n"
          "   0 Zero                      \n"
          "   1 Best                      \n"
          "   2 Mid                       \n"
          "   3 Worst                     \n");
}

TEST_CASE("a -resultformat value as cutechess-cli reads it: groups replaced as text, unknown tokens dropped",
          "[match][output]") {
    const std::vector<RankedPlayer> players{ranked("A", {1, 0, 0}, {}), ranked("B", {}, {0, 0, 1}),
                                            ranked("C", {0, 0, 1}, {0, 1, 0})};
    // " Rank , Foo,Name,,LOS": Foo and LOS print nothing (cutechess-cli 1.5.1's table for it)
    CHECK(cutechess_table(players, " Rank , Foo,Name,,LOS,wElo,Elo", false) ==
          "Rank Name                          Elo \n"
          "   1 A                             inf \n"
          "   2 B                               0 \n"
          "   3 C                            -191 \n");
    // "DrawStatsX": the group's text with an X after its last token (OtherDX, unknown)
    CHECK(cutechess_table(players, "DrawStatsX,Points", false) ==
          "   Draw  DStale  DMater  DRepet  DMoves    DAdj  DAgree   Points \n"
          "   0.0%       0       0       0       0       0       0      1.0 \n"
          " 100.0%       0       0       0       0       0       0      0.5 \n"
          "  50.0%       0       0       0       0       0       0      0.5 \n");
    // nothing known: an empty line per player
    CHECK(cutechess_table(players, "", false) == "\n\n\n\n");
    CHECK(result_format_value("  wide3 \t") == "wide3");
    CHECK(result_format_value(std::string(300, 'x')).size() == 256);
    CHECK(result_format_value(std::string(300, 'x') + "é").size() == 256);
    CHECK(result_format_value("é" + std::string(300, 'x')).size() == 257);  // é: one unit, two bytes
    CHECK(unknown_result_fields("wide3").empty());
    CHECK(unknown_result_fields("Rank,Name,WLDStats,wPoints").empty());
    CHECK(unknown_result_fields("Rank,Nmae,,Elo, Bogus ") == std::vector<std::string>{"Nmae", "Bogus"});
    CHECK(unknown_result_fields("wide3,Rank") == std::vector<std::string>{"wide3"});
}

TEST_CASE("cutechess-cli's outcome classes: forfeits, regular results, draws by their words",
          "[match][output]") {
    Standings s({ranked("A", {}, {}), ranked("B", {}, {}), ranked("C", {}, {})});
    const auto white = [](const Standings& st) { return st.players()[0].white; };
    s.add(0, 1, table_game(Termination::TimeForfeit, Score::BlackWins, "6.9"));
    CHECK(outcome_count(s, 0, OutcomeClass::Timeout) == 1);
    CHECK(outcome_count(s, 1, OutcomeClass::OtherWin) == 1);
    CHECK(white(s) == Trinomial{0, 1, 0});
    s.add(0, 1, table_game(Termination::TimeForfeit, Score::Draw, "6.9"));  // both players'
    CHECK(
        (outcome_count(s, 0, OutcomeClass::Timeout) == 2 && outcome_count(s, 1, OutcomeClass::Timeout) == 1));
    s.add(1, 0, table_game(Termination::IllegalMove, Score::BlackWins, "7.5.5"));
    CHECK(outcome_count(s, 1, OutcomeClass::IllegalMove) == 1);
    s.add(1, 0, table_game(Termination::Crash, Score::WhiteWins, "forfeit"));
    CHECK(outcome_count(s, 0, OutcomeClass::Disconnection) == 1);
    s.add(1, 0, table_game(Termination::Stall, Score::WhiteWins, "forfeit"));
    CHECK(outcome_count(s, 0, OutcomeClass::StalledConnection) == 1);
    CHECK(outcome_count(s, 1, OutcomeClass::OtherWin) == 3);
    s.add(0, 2, table_game(Termination::Checkmate, Score::WhiteWins));
    s.add(0, 2, table_game(Termination::Resignation, Score::WhiteWins));
    s.add(0, 2, table_game(Termination::Adjudication, Score::WhiteWins, "resign-score"));
    CHECK((outcome_count(s, 0, OutcomeClass::RegularWin) == 3 &&
           outcome_count(s, 2, OutcomeClass::RegularLoss) == 3));
    s.add(1, 2, table_game(Termination::Adjudication, Score::Draw, "max-moves"));
    s.add(1, 2, table_game(Termination::Agreement, Score::Draw, "9.1.2"));
    s.add(1, 2, table_game(Termination::Stalemate, Score::Draw, "5.2.1"));
    s.add(1, 2,
          table_game(Termination::DeadPosition, Score::Draw, "5.2.2", "8/8/4k3/8/8/3NK3/8/8 w - - 0 1"));
    s.add(1, 2, table_game(Termination::DeadPosition, Score::Draw, "9.7"));
    s.add(1, 2, table_game(Termination::Threefold, Score::Draw, "9.2.2"));
    s.add(1, 2, table_game(Termination::Fivefold, Score::Draw, "9.6.1"));
    s.add(1, 2, table_game(Termination::FiftyMoves, Score::Draw, "9.3.1"));
    s.add(1, 2, table_game(Termination::SeventyFiveMoves, Score::Draw, "9.6.2"));
    for (const auto& [c, n] : {std::pair{OutcomeClass::Adjudication, 1},
                               {OutcomeClass::Agreement, 1},
                               {OutcomeClass::Stalemate, 1},
                               {OutcomeClass::Material, 1},
                               {OutcomeClass::OtherDraw, 1},
                               {OutcomeClass::Repetition, 2},
                               {OutcomeClass::MovesRule, 2}}) {
        INFO(int(c));
        CHECK(outcome_count(s, 1, c) == n);
        CHECK(outcome_count(s, 2, c) == n);
    }
    s.add(1, 2, table_game(Termination::Checkmate, Score::WhiteWins));
    CHECK(outcome_count(s, 2, OutcomeClass::RegularLoss) == 4);
    // an unfinished game counts nowhere, nor does an unknown player
    const Standings before = s;
    s.add(0, 1, table_game(Termination::Unterminated, Score::Draw));
    s.add(0, 5, table_game(Termination::Checkmate, Score::WhiteWins));
    CHECK(s.players()[0].outcomes == before.players()[0].outcomes);
    CHECK(s.players()[0].white == before.players()[0].white);
    // its SPRT's counts: a win only where A won; B's and C's wins against each other are losses
    CHECK(s.sprt_counts() == Trinomial{4, 4, 10});
}

TEST_CASE("cutechess-cli's SPRT line under the table counts from the first player's side",
          "[match][output]") {
    Standings s({ranked("A", {}, {}), ranked("B", {}, {}), ranked("C", {}, {})});
    for (int i = 0; i < 30; ++i) s.add(0, 1 + i % 2, table_game(Termination::Checkmate, Score::WhiteWins));
    const StatsSettings sprt{false, stats::SprtParams{0, 300, 0.05, 0.05, stats::SprtModel::logistic}};
    const std::string text = cutechess_ranking(s, "minimal", true, sprt);
    CHECK(text.substr(text.find("\n\nSPRT: ")) ==
          "\n\n" + cutechess_sprt_line(sprt, stats::llr(*sprt.sprt, Trinomial{30, 0, 0})));
    CHECK(text.find(" - H1 was accepted") != std::string::npos);
}

TEST_CASE("cutechess-cli's time controls as its TimeControl::toString() writes them", "[match][output]") {
    const auto tc = [](std::string_view text) { return cutechess_tc_text(*game::parse_time_control(text)); };
    CHECK(tc("inf") == "inf");
    CHECK(tc("40/60+0.6") == "40/60+0.6");
    CHECK(tc("2:30+1") == "150+1");
    CHECK(tc("10") == "10");
    CHECK(tc("hg5:00") == "hg300");
    game::TimeControl st;
    st.infinite = false;
    st.movetime_ms = 500;
    CHECK(cutechess_tc_text(st) == "0.5/move");
}

TEST_CASE("Qt's number formats as cutechess-cli prints them: ties away from zero", "[match][output]") {
    CHECK(qt_fixed(0.5625, 3) == "0.563");
    CHECK(qt_fixed(6.25, 1) == "6.3");
    CHECK(qt_fixed(-12.5, 0) == "-13");
    CHECK(qt_fixed(0.125, 1) == "0.1");  // no tie at one decimal
    CHECK(qt_fixed(0.35, 1) == "0.3");   // the double is below 0.35
    CHECK(qt_fixed(-0.3, 0) == "-0");
    CHECK(qt_fixed(-0.0, 1) == "0.0");
    CHECK(qt_fixed(std::nan(""), 0, 7) == "    nan");
    CHECK(qt_fixed(-std::nan(""), 1) == "nan");
    CHECK(qt_fixed(-HUGE_VAL, 0, 7) == "   -inf");
    CHECK(qt_fixed(1234567.0, 0, 7) == "1234567");
    CHECK(qt_general(1.125, 3) == "1.13");
    CHECK(qt_general(999.5, 3) == "1e+03");
    CHECK(qt_general(2.675, 3) == "2.67");  // below the tie
    CHECK(qt_general(-2.94443897916644, 3) == "-2.94");
    CHECK(qt_general(1234567.0, 3) == "1.23e+06");
    CHECK(qt_padded("abé", -5) == "abé  ");
    CHECK(qt_padded("7", 4) == "   7");
    // the two-player lines: 4.5 of 8 is [0.563] in cutechess-cli's score line
    stats::HeadToHead h;
    h.first = "A", h.second = "B";
    h.games = Trinomial{4, 3, 1};
    CHECK(cutechess_score_line(h) == "Score of A vs B: 4 - 3 - 1  [0.563] 8");
}

TEST_CASE("cutechess-cli's -resultformat help: its list of formats, tokens and groups", "[match][output]") {
    const std::string help = result_format_help();
    CHECK(
        help.rfind(
            "\nOption -resultformat accepts a comma separated list of fields or one of following format "
            "names:\n\nconcise \n   Rank,Name,Elo,Error,Games\ndefault \n   Rank,Name,Elo,Error,Games,Score,"
            "DScore\n",
            0) == 0);
    CHECK(help.find(
              "\nwide3 \n   Rank,Name,TC,Elo,Error,Games,WLDStats,DrawStats,Terminations\nwith-points \n") !=
          std::string::npos);
    CHECK(help.find(
              "\n\nField tokens:\n   D DAdj DAgree DCount DMater DMoves DRepet DScore DStale Discon Elo "
              "Error Games Illegal L LOS Name OtherD OtherW Points Rank RegulL RegulW Score Stall TC Time W "
              "WrClaim bD bDScore bElo bError bL bScore bW wD wDScore wElo wError wL wLOS wScore wW \n") !=
          std::string::npos);
    CHECK(help.size() - help.find("\n\nNamed shortcuts:\n") ==
          std::string(
              "\n\nNamed shortcuts:\nDrawStats \n   DScore,DStale,DMater,DRepet,DMoves,DAdj,DAgree,OtherD\n"
              "Terminations \n   Time,Illegal,Discon,Stall,WrClaim\nWLDStats \n   W,L,D,Points,Score,"
              "wW,wL,wD,wPoints,wScore,bW,bL,bD,bPoints,bScore\n")
              .size());
    CHECK(std::count(help.begin(), help.end(), '\n') == 40);
}
