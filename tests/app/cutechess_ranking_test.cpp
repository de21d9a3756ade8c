// cutechess-cli's results table of gauntlets of three and four fake engines, from the command
// line: the tables (and in the first the whole standard output) of `drawproxy match -dialect
// cutechess` are what cutechess-cli 1.5.1 printed for the same commands with the same engines.
// In the first A and B play the fool's mate from their move lists, C its first legal moves,
// -maxmoves 3 ends the games against C.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <filesystem>

#include "support/match_helpers.h"

using namespace drawproxy;
using test::CommandRun;
using test::TempDir;
using test::TempFile;

namespace {

CommandRun run_table(const std::string& program, const std::string& args) {
    TempFile out(".out"), err(".err");
    const int st =
        std::system((program + " " + args + " >" + out.path + " 2>" + err.path + " </dev/null").c_str());
    CommandRun r;
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    r.out = test::slurp(out.path);
    r.err = test::slurp(err.path);
    return r;
}

const std::string FOOLS_MATE = "moves=f2f3,e7e5,g2g4,d8h4";

std::string three_engines() {
    return "-tournament gauntlet -engine " + test::fake_cmd(FOOLS_MATE) + " name=A -engine " +
           test::fake_cmd(FOOLS_MATE) + " name=B -engine " + test::fake_cmd("score=0") +
           " name=C -each proto=uci tc=inf nodes=1 -maxmoves 3 -games 2";
}

}  // namespace

TEST_CASE("a cutechess-cli gauntlet of three engines prints its table, as cutechess-cli 1.5.1",
          "[dialect][cutechess][engine]") {
    const std::string drawproxy = test::binary_path("bin/drawproxy");
    const CommandRun r = run_table(drawproxy, "match -dialect cutechess " + three_engines() +
                                                  " -ratinginterval 2 -resultformat "
                                                  "Rank,Name,TC,Elo,Error,Games,W,L,D,Points,Score,DScore,"
                                                  "RegulW,RegulL,DAdj");
    INFO(r.err);
    CHECK(r.status == 0);
    // no "Score of" line with three players; after game 2 C has no game: last, its figures nan
    CHECK(r.out ==
          "Started game 1 of 4 (A vs B)\n"
          "Finished game 1 (A vs B): 0-1 {Black mates}\n"
          "Started game 2 of 4 (B vs A)\n"
          "Finished game 2 (B vs A): 0-1 {Black mates}\n"
          "Rank Name                                  TC     Elo     +/-   Games    Wins  Losses   Draws   "
          "Points "
          "  Score    Draw  RegulW  RegulL    DAdj \n"
          "   0 A                                    inf       0     nan       2       1       1       0     "
          " 1.0 "
          "  50.0%    0.0%       1       1       0 \n"
          "   1 B                                    inf       0     nan       2       1       1       0     "
          " 1.0 "
          "  50.0%    0.0%       1       1       0 \n"
          "   2 C                                    inf     nan     nan       0       0       0       0     "
          " 0.0 "
          "   nan%    nan%       0       0       0 \n"
          "\n"
          "SPRT: llr 0 (0.0%), lbound -inf, ubound inf\n"
          "Started game 3 of 4 (A vs C)\n"
          "Finished game 3 (A vs C): 1/2-1/2 {Draw by adjudication: maximal game length}\n"
          "Started game 4 of 4 (C vs A)\n"
          "Finished game 4 (C vs A): 1/2-1/2 {Draw by adjudication: maximal game length}\n"
          "Rank Name                                  TC     Elo     +/-   Games    Wins  Losses   Draws   "
          "Points "
          "  Score    Draw  RegulW  RegulL    DAdj \n"
          "   0 A                                    inf       0     296       4       1       1       2     "
          " 2.0 "
          "  50.0%   50.0%       1       1       2 \n"
          "   1 C                                    inf       0       0       2       0       0       2     "
          " 1.0 "
          "  50.0%  100.0%       0       0       2 \n"
          "   2 B                                    inf       0     nan       2       1       1       0     "
          " 1.0 "
          "  50.0%    0.0%       1       1       0 \n"
          "\n"
          "SPRT: llr 0 (0.0%), lbound -inf, ubound inf\n"
          "\n"
          "Player: A\n"
          "   \"Draw by adjudication: maximal game length\": 2\n"
          "   \"Loss: Black mates\": 1\n"
          "   \"Win: Black mates\": 1\n"
          "Player: B\n"
          "   \"Loss: Black mates\": 1\n"
          "   \"Win: Black mates\": 1\n"
          "Player: C\n"
          "   \"Draw by adjudication: maximal game length\": 2\n"
          "Finished match\n");
    // without -ratinginterval the default format, once before the outcomes
    const CommandRun plain = run_table(drawproxy, "match -dialect cutechess " + three_engines());
    CHECK(plain.status == 0);
    CHECK(plain.out.find("Finished game 4 (C vs A): 1/2-1/2 {Draw by adjudication: maximal game length}\n"
                         "Rank Name                          Elo     +/-   Games   Score    Draw \n"
                         "   0 A                               0     296       4   50.0%   50.0% \n"
                         "   1 C                               0       0       2   50.0%  100.0% \n"
                         "   2 B                               0     nan       2   50.0%    0.0% \n\n"
                         "SPRT: llr 0 (0.0%), lbound -inf, ubound inf\n\nPlayer: A\n") != std::string::npos);
}

TEST_CASE(
    "cutechess-cli's forfeit columns: illegal move, disconnection and flag fall, as cutechess-cli 1.5.1",
    "[dialect][cutechess][engine]") {
    // B answers an illegal move, C exits, D thinks past its second: each at its first move as
    // Black; as White they play on to -maxmoves.
    const std::string line =
        "match -dialect cutechess -tournament gauntlet -engine " + test::fake_cmd("score=0") +
        " name=A -engine " + test::fake_cmd("illegal=1") + " name=B -engine " + test::fake_cmd("crash=1") +
        " name=C -engine " + test::fake_cmd("sleep=1:1500") +
        " name=D -each proto=uci tc=1 nodes=1 -maxmoves 3 -games 2 -recover -resultformat "
        "Rank,Name,TC,Games,Time,Illegal,Discon,Stall,RegulW,RegulL,OtherW,DAdj,OtherD";
    const CommandRun r = run_table(test::binary_path("bin/drawproxy"), line);
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    CHECK(r.out.find(
              "Finished game 6 (D vs A): 1/2-1/2 {Draw by adjudication: maximal game length}\n"
              "Rank Name                                  TC   Games    Time Illegal  Discon   Stall  RegulW "
              " RegulL  OtherW    DAdj  OtherD \n"
              "   0 A                                      1       6       0       0       0       0       0 "
              "      0       3       3       0 \n"
              "   1 D                                      1       2       1       0       0       0       0 "
              "      0       0       1       0 \n"
              "   2 C                                      1       2       0       0       1       0       0 "
              "      0       0       1       0 \n"
              "   3 B                                      1       2       0       1       0       0       0 "
              "      0       0       1       0 \n"
              "\n"
              "SPRT: llr 0 (0.0%), lbound -inf, ubound inf\n") != std::string::npos);
}

TEST_CASE("cutechess-cli's -resultformat help: the list on standard output, exit 1",
          "[dialect][cutechess][engine]") {
    TempDir dir;
    std::filesystem::create_symlink(test::binary_path("bin/drawproxy"), dir.file("cutechess-cli"));
    const CommandRun help = run_table(dir.file("cutechess-cli"), "-resultformat help");
    CHECK(help.status == 1);
    CHECK(help.err.empty());
    CHECK(help.out.rfind("\nOption -resultformat accepts a comma separated list of fields", 0) == 0);
    CHECK(help.out.find("\nwide3 \n   Rank,Name,TC,Elo,Error,Games,WLDStats,DrawStats,Terminations\n") !=
          std::string::npos);
    // drawproxy's own dialect: the same list, exit 0; a field it does not know is refused there
    const std::string drawproxy = test::binary_path("bin/drawproxy");
    const CommandRun own = run_table(drawproxy, "match -resultformat help");
    CHECK(own.status == 0);
    CHECK(own.out == help.out);
    const CommandRun typo = run_table(drawproxy, "match " + three_engines() + " -resultformat Rank,Nmae");
    CHECK(typo.status == 2);
    CHECK(typo.err ==
          "drawproxy: -resultformat: unknown field 'Nmae' (-resultformat help lists the fields)\n");
    // fastchess has no such option
    const CommandRun fc = run_table(drawproxy, "match -dialect fastchess -resultformat help");
    CHECK(fc.status == 2);
    CHECK(fc.err.find("-resultformat is not supported") != std::string::npos);
}
