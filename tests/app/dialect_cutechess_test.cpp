// The match runner in cutechess-cli's dialect (run as cutechess-cli, or -dialect cutechess):
// where cutechess-cli 1.5.1 means something other than `drawproxy match`, its meaning.
#include <catch2/catch.hpp>

#include "app/match_options.h"
#include "support/match_helpers.h"
#include "tournament/engine_name.h"

using namespace drawproxy;
using drawproxy::test::words;
using tournament::Dialect;

namespace {

const std::string CC_TWO = "-engine cmd=a -engine cmd=b -each nodes=1 ";

tournament::MatchOptions cc_parse(const std::string& args, Dialect d) {
    return app::parse_match_request(words(args), d).opts;
}

std::string cc_error_of(const std::string& args, Dialect d) {
    try {
        app::parse_match_request(words(args), d);
    } catch (const game::OptionError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("cutechess dialect: -each comes after the engine's own keys, and only once",
          "[dialect][cutechess]") {
    const std::string line =
        "-engine cmd=a tc=10+0.1 option.Hash=32 -engine cmd=b -each tc=1+0.01 option.Hash=8";
    const auto c = cc_parse(line, Dialect::cutechess);
    CHECK(c.engines[0].tc.base_ms == 1000);
    CHECK(c.engines[0].options == std::vector<std::pair<std::string, std::string>>{{"Hash", "8"}});
    const auto d = cc_parse(line, Dialect::drawproxy);
    CHECK(d.engines[0].tc.base_ms == 10000);
    CHECK(d.engines[0].options == std::vector<std::pair<std::string, std::string>>{{"Hash", "32"}});
    CHECK(cc_error_of(CC_TWO + "-each tc=1", Dialect::cutechess) ==
          "-each may be given once (cutechess-cli)");
    CHECK(cc_error_of(CC_TWO + "-each tc=1", Dialect::drawproxy).empty());
}

TEST_CASE("cutechess dialect: -openings reads PGN unless format= says", "[dialect][cutechess]") {
    using Format = tournament::OpeningsOptions::Format;
    CHECK(cc_parse(CC_TWO + "-openings file=book.pgn", Dialect::cutechess).openings->format == Format::Pgn);
    CHECK(cc_parse(CC_TWO + "-openings file=b.epd format=epd", Dialect::cutechess).openings->format ==
          Format::Epd);
    CHECK(cc_parse(CC_TWO + "-openings file=book.pgn", Dialect::drawproxy).openings->format == Format::Epd);
    CHECK(cc_parse(CC_TWO + "-openings file=b policy=encounter", Dialect::cutechess).openings->policy ==
          tournament::OpeningsOptions::Policy::Encounter);
}

TEST_CASE("cutechess dialect: -maxmoves 0 is no limit", "[dialect][cutechess]") {
    CHECK(cc_parse(CC_TWO + "-maxmoves 0", Dialect::cutechess).adjudication.max_moves == 0);
    CHECK(cc_parse(CC_TWO + "-maxmoves 40", Dialect::cutechess).adjudication.max_moves == 40);
    CHECK(cc_error_of(CC_TWO + "-maxmoves 0", Dialect::drawproxy) == "bad value for -maxmoves: '0'");
}

TEST_CASE("cutechess dialect: -srand is 32 bits, -event and -site one word", "[dialect][cutechess]") {
    CHECK(cc_parse(CC_TWO + "-srand 4294967295", Dialect::cutechess).seed == 4294967295ULL);
    CHECK(cc_error_of(CC_TWO + "-srand 4294967296", Dialect::cutechess) ==
          "bad value for -srand: '4294967296'");
    CHECK(cc_parse(CC_TWO + "-srand 4294967296", Dialect::drawproxy).seed == 4294967296ULL);
    CHECK(cc_error_of(CC_TWO + "-event My Event", Dialect::cutechess) == "-event takes one value");
    CHECK(cc_parse(CC_TWO + "-event My Event", Dialect::drawproxy).event == "My Event");
    CHECK(cc_parse(CC_TWO + "-site Lab", Dialect::cutechess).site == "Lab");
}

TEST_CASE("cutechess dialect: the usage is cutechess-cli's", "[dialect][cutechess]") {
    const std::string u = app::usage_text(Dialect::cutechess);
    CHECK(u.rfind("usage: cutechess-cli ", 0) == 0);
    CHECK(u.find("format=pgn|epd") != std::string::npos);
    CHECK(u.find("-testEnv") == std::string::npos);
}

TEST_CASE("an engine key spelled option. without a name is unknown in every dialect", "[dialect]") {
    for (auto d : {Dialect::drawproxy, Dialect::fastchess, Dialect::cutechess})
        CHECK(cc_error_of("-engine cmd=a option.=1 -engine cmd=b -each nodes=1", d) ==
              "-engine: unknown key 'option.'");
}

// Every option and engine key of each runner, as its help text lists them, in that runner's
// dialect: taken, or refused on one line that names it; never "unknown".
TEST_CASE("each runner's every option and key is taken or refused by name in its own dialect", "[dialect]") {
    const std::pair<Dialect, std::vector<std::string>> lines[] = {
        {Dialect::fastchess,
         {"-concurrency 2",
          "-force-concurrency",
          "-rounds 3",
          "-games 1",
          "-repeat",
          "-repeat 2",
          "-sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 model=normalized",
          "-sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 model=bayesian",
          "-tournament roundrobin",
          "-tournament gauntlet -seeds 1",
          "-variant fischerandom",
          "-noswap",
          "-reverse",
          "-wait 5",
          "-draw movenumber=20 movecount=10 score=10",
          "-resign movecount=3 score=600 twosided=true",
          "-maxmoves 200",
          "-tb /tmp",
          "-tbpieces 5",
          "-tbignore50",
          "-tbadjudicate WIN_LOSS",
          "-openings file=x.pgn order=sequential plies=16 start=3 policy=round",
          "-srand 5",
          "-output format=cutechess",
          "-pgnout file=g.pgn notation=san append=false min=true",
          "-epdout file=e.epd append=false",
          "-event Test",
          "-site Here",
          "-ratinginterval 10",
          "-scoreinterval 1",
          "-report penta=false",
          "-config file=state.json discard=true",
          "-recover",
          "-autosaveinterval 20",
          "-log file=l.txt level=info append=true compress=false realtime=true engine=true",
          "-crc32 pgn=true",
          "-check-mate-pvs",
          "-show-latency",
          "-testEnv",
          "-use-affinity 0-3",
          "-startup-ms 1000",
          "-ucinewgame-ms 1000",
          "-ping-ms 1000",
          "-quick cmd=a cmd=b book=x.epd",
          "-debug",
          "--compliance x",
          "-strict",
          "-engine cmd=c name=c args=-x tc=10+0.1 timemargin=50 restart=on proto=uci option.T=1",
          "-engine cmd=c st=0.5 dir=/tmp",
          "-engine cmd=c nodes=10 plies=7",
          "-engine cmd=c depth=7"}},
        {Dialect::cutechess,
         {"-engines",
          "-variant standard",
          "-concurrency 2",
          "-draw movenumber=40 movecount=8 score=10",
          "-resign movecount=3 score=600 twosided=true",
          "-maxmoves 100",
          "-tb /tmp",
          "-tbpieces 5",
          "-tbignore50",
          "-tournament gauntlet",
          "-tournament knockout",
          "-event Test",
          "-games 2",
          "-rounds 3",
          "-sprt elo0=0 elo1=5 alpha=0.05 beta=0.05",
          "-ratinginterval 10",
          "-outcomeinterval 10",
          "-debug",
          "-openings file=x.epd format=epd order=random plies=8 start=1 policy=round",
          "-bookmode ram",
          "-pgnout g.pgn min fi",
          "-epdout e.epd",
          "-recover",
          "-repeat 2",
          "-noswap",
          "-reverse",
          "-seeds 2",
          "-site Here",
          "-srand 7",
          "-wait 10",
          "-resultformat small",
          "-engine cmd=c name=c dir=/tmp arg=-x initstr=hi stderr=e.txt restart=auto proto=uci tc=40/60+1",
          "-engine cmd=c st=1 timemargin=100 book=b.bin bookdepth=8 whitepov depth=5 nodes=100 tscale=2",
          "-engine cmd=c option.Hash=16 tc=inf nodes=5",
          "-engine cmd=c trust",
          "-engine cmd=c ponder",
          "-engine cmd=c debug",
          "-engine conf=Sf"}},
    };
    for (const auto& [dialect, options] : lines)
        for (const std::string& more : options) {
            const std::string name = more.substr(0, more.find(' '));
            INFO(int(dialect) << ": " << more);
            const std::string why = cc_error_of(CC_TWO + more, dialect);
            if (why.empty()) continue;
            INFO(why);
            CHECK(why.find("unknown") == std::string::npos);
            CHECK(why.find('\n') == std::string::npos);
            if (name != "-engine") CHECK(why.find(name) != std::string::npos);
        }
}

TEST_CASE("cutechess dialect: an engine without name= is called by its id name", "[dialect][cutechess]") {
    const auto c = cc_parse("-engine cmd=/x/sf16.bin -engine cmd=b name=B -each nodes=1", Dialect::cutechess);
    CHECK(c.engines[0].name == "sf16.bin");  // until the engine has said its name
    CHECK(c.engines[0].name_from_engine);
    CHECK_FALSE(c.engines[1].name_from_engine);
    CHECK_FALSE(cc_parse("-engine cmd=/x/sf -engine cmd=b -each nodes=1", Dialect::drawproxy)
                    .engines[0]
                    .name_from_engine);
    CHECK_FALSE(cc_parse("-engine cmd=/x/sf -engine cmd=b -each nodes=1", Dialect::fastchess)
                    .engines[0]
                    .name_from_engine);

    game::EngineConfig e;
    e.cmd = test::binary_path("bin/fake_player");
    e.args = {"idname=Fake_Engine_2.0"};
    CHECK(tournament::engine_id_name(e) == std::optional<std::string>("Fake Engine 2.0"));
    e.cmd = "/nonexistent/engine";
    CHECK(tournament::engine_id_name(e) == std::nullopt);
}

TEST_CASE("engines of one name are told apart as fastchess does: _2, _3", "[dialect]") {
    std::vector<game::EngineConfig> engines(4);
    engines[0].name = "X", engines[1].name = "X", engines[2].name = "X_2", engines[3].name = "Y";
    const std::vector<std::string> said = tournament::make_names_unique(engines);
    CHECK(engines[0].name == "X");
    CHECK(engines[1].name == "X_3");  // X_2 is taken
    CHECK(engines[2].name == "X_2");
    CHECK(engines[3].name == "Y");
    CHECK(said == std::vector<std::string>{"two engines are called 'X': engine 2 is called 'X_3'"});
}

TEST_CASE("run as cutechess-cli, two unnamed engines of one id name keep it, as cutechess-cli keeps it",
          "[dialect][cutechess][engine]") {
    const test::CommandRun r = test::run_drawproxy(
        "match -dialect cutechess -engine " + test::fake_cmd("idname=Twin") + " -engine " +
        test::fake_cmd("idname=Twin") + " -each nodes=1 -maxmoves 3 -games 2");
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    CHECK(r.err.find("two engines are called") == std::string::npos);
    CHECK(r.out.find("Started game 1 of 2 (Twin vs Twin)\n") != std::string::npos);
    CHECK(r.out.find("Score of Twin vs Twin: 0 - 0 - 2  [0.500] 2\n") != std::string::npos);
    // Each engine's own games, though the names are one: two each, not four for the first.
    const std::string tally = "Player: Twin\n   \"Draw by adjudication: maximal game length\": 2\n";
    CHECK(r.out.find(tally + tally + "Finished match") != std::string::npos);
}

TEST_CASE("cutechess dialect: -sprt is cutechess-cli's BayesElo test on games", "[dialect][cutechess]") {
    const std::string sprt = CC_TWO + "-sprt elo0=0 elo1=10 alpha=0.05 beta=0.05";
    CHECK(cc_parse(sprt, Dialect::cutechess).sprt->model == stats::SprtModel::bayeselo);
    CHECK(cc_parse(sprt, Dialect::drawproxy).sprt->model == stats::SprtModel::normalized);
    CHECK(cc_parse(sprt + " model=normalized", Dialect::cutechess).sprt->model ==
          stats::SprtModel::normalized);
    // fastchess: model=bayesian turns the pentanomial report off, with its warning.
    const auto fc =
        cc_parse(CC_TWO + "-sprt elo0=0 elo1=10 alpha=0.05 beta=0.05 model=bayesian", Dialect::fastchess);
    CHECK(fc.sprt->model == stats::SprtModel::bayesian);
    CHECK_FALSE(fc.report_penta);
    CHECK(fc.bayesian_penta_warning);
    CHECK_FALSE(cc_parse(CC_TWO + "-sprt elo0=0 elo1=10 alpha=0.05 beta=0.05", Dialect::fastchess)
                    .bayesian_penta_warning);
}

TEST_CASE("run as cutechess-cli, a shuffled book is 'indexed' first, as cutechess-cli says",
          "[dialect][cutechess][engine]") {
    test::TempFile book(".epd", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n");
    const std::string run = "match -dialect cutechess -engine " + test::fake_cmd("idname=A") +
                            " name=A -engine " + test::fake_cmd("idname=B") +
                            " name=B -each nodes=1 -maxmoves 2 -openings file=" + book.path + " format=epd";
    const test::CommandRun shuffled = test::run_drawproxy(run + " order=random -srand 3");
    INFO(shuffled.out << shuffled.err);
    CHECK(shuffled.out.rfind("Indexing opening suite...\nStarted game 1 of 1 (A vs B)\n", 0) == 0);
    CHECK(test::run_drawproxy(run).out.rfind("Started game 1 of 1 (A vs B)\n", 0) == 0);
}

TEST_CASE("The SPRT's alpha= and beta= have no default in the runners' dialects", "[dialect][cutechess]") {
    // fastchess takes 0 for a missing alpha or beta and refuses it; cutechess-cli needs all four keys.
    for (const Dialect d : {Dialect::fastchess, Dialect::cutechess}) {
        CHECK_THROWS_WITH(cc_parse(CC_TWO + "-sprt elo0=0 elo1=5", d),
                          Catch::Contains("-sprt needs alpha= and beta="));
        CHECK_THROWS_WITH(cc_parse(CC_TWO + "-sprt elo0=0 elo1=5 alpha=0.05", d), Catch::Contains("beta="));
        CHECK(cc_parse(CC_TWO + "-sprt elo0=0 elo1=5 alpha=0.1 beta=0.2", d).sprt->alpha == 0.1);
    }
    const auto dp = cc_parse(CC_TWO + "-sprt elo0=0 elo1=5", Dialect::drawproxy);
    CHECK(dp.sprt->alpha == 0.05);
    CHECK(dp.sprt->beta == 0.05);
}

TEST_CASE("cutechess-cli dialect: a search past its time is sent stop, and no bestmove in 15 s is a stall",
          "[match][cutechess][engine]") {
    // As cutechess-cli 1.5.1 plays an engine that stops reading at its second search (it waits
    // 15 s for the bestmove after `stop`, then kills it) and one that only answers late.
    using test::occurrences;
    const auto hung = test::run_drawproxy("match -dialect cutechess -engine " + test::fake_cmd("hang=2") +
                                          " name=Hangs -engine " + test::fake_cmd("score=0") +
                                          " name=B -each tc=0.5+0.05 -games 1 -rounds 1");
    INFO(hung.out << hung.err);
    CHECK(occurrences(hung.out, "Finished game 1 (Hangs vs B): 0-1 {White's connection stalls}") == 1);
    CHECK(hung.status == 0);  // stopped by the stall (no -recover), as cutechess-cli with status 0
    CHECK(hung.err.find("match stopped: engine 'Hangs' stalled in game 1") != std::string::npos);
    CHECK(occurrences(hung.out, "loses on time") == 0);
    const auto slow = test::run_drawproxy(
        "match -dialect cutechess -engine " + test::fake_cmd("sleep=2:1500") + " name=Slow -engine " +
        test::fake_cmd("score=0") + " name=B -each tc=0.5+0.05 -games 1 -rounds 1");
    INFO(slow.out << slow.err);
    CHECK(slow.status == 0);
    CHECK(occurrences(slow.out, "Finished game 1 (Slow vs B): 0-1 {White loses on time}") == 1);
}
