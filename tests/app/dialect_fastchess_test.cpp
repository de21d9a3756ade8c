// The match runner in fastchess' dialect: the command lines of fishtest's and OpenBench's
// workers read unchanged, and every option whose meaning differs from cutechess-cli's takes
// fastchess' (its man page and its parser at the commit fishtest pins).
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <thread>

#include "app/match_options.h"
#include "support/match_helpers.h"
#include "tournament/schedule.h"

using namespace drawproxy;
using drawproxy::test::words;
using tournament::Dialect;

namespace {

const std::string TWO = "-engine cmd=a -engine cmd=b -each nodes=1 ";

tournament::MatchOptions fastchess(const std::vector<std::string>& args) {
    return app::parse_match_request(args, Dialect::fastchess).opts;
}
tournament::MatchOptions fastchess(const std::string& more) { return fastchess(words(TWO + more)); }

std::string error_of(const std::string& more, Dialect d = Dialect::fastchess) {
    try {
        app::parse_match_request(words(TWO + more), d);
    } catch (const game::OptionError& e) {
        return e.what();
    }
    return "";
}

// fishtest's worker (worker/games.py), as it builds the line: -event and -site one argv word each.
std::vector<std::string> fishtest_line() {
    auto w = words(
        "-testEnv -recover -repeat -games 2 -rounds 4 -ratinginterval 1 -scoreinterval 1 -autosaveinterval 0"
        " -report penta=true -pgnout file=results-7-0.pgn append=false -crc32 pgn=true -site");
    w.push_back("http://127.0.0.1:8000/tests/view/7");
    w.push_back("-event");
    w.push_back("Batch 0: patch vs master");
    for (const auto& x :
         words("-srand 14519057775963546895 -resign movecount=3 score=600 -draw movenumber=34 movecount=8 "
               "score=20"
               " -variant standard -concurrency 2 -openings file=4mvs_+90_+99.epd format=epd order=random "
               "plies=16"
               " start=1 -check-mate-pvs -engine name=New-e0bfc4b tc=32.729+0.327 "
               "cmd=/abs/testing/stockfish-new"
               " dir=. option.Hash=16 option.EvalFile=nn-x.nnue -engine name=Base-e1bfc4b tc=32.729+0.327"
               " cmd=/abs/testing/stockfish-base dir=. option.Hash=16 option.EvalFile=nn-y.nnue"
               " -each proto=uci option.Threads=1 timemargin=10000"))
        w.push_back(x);
    return w;
}

// OpenBench's client (Client/worker.py), split as shlex splits it: match_line= is one word.
std::vector<std::string> openbench_line() {
    auto w = words(
        "-recover -variant standard -testEnv -concurrency 2 -rounds 4 -games 2 -resign movecount=5 score=600"
        " -draw movenumber=32 movecount=6 score=15 -engine dir=Engines/ cmd=./Stockfish-1111AAAA proto=uci"
        " tc=38.98+0.39 timemargin=250 option.Threads=1 option.Hash=16 name=Stockfish-dev -engine "
        "dir=Engines/"
        " cmd=./Stockfish-2222BBBB proto=uci tc=38.98+0.39 timemargin=250 option.Threads=1 option.Hash=16"
        " name=Stockfish-base -openings file=Books/4mvs_+90_+99.epd format=epd order=random start=17 -srand 3"
        " -pgnout file=PGNs/3.7.1796215540.0.pgn seldepth=true nodes=true");
    w.push_back("match_line=^info string pgncomment .*");
    return w;
}

}  // namespace

TEST_CASE("fastchess dialect: fishtest's worker's command line, unchanged", "[dialect][fastchess]") {
    const auto o = fastchess(fishtest_line());
    CHECK(o.dialect == Dialect::fastchess);
    CHECK(o.fastchess_output.test_env);
    CHECK(o.fastchess_output.crc32_pgn);
    CHECK(o.fastchess_output.check_mate_pvs);
    CHECK(o.recover);
    CHECK((o.games == 2 && o.rounds == 4 && o.repeat && o.opening_repetitions == 2));
    CHECK((o.rating_interval == 1 && o.score_interval == 1 && o.autosave_interval == 0 && o.report_penta));
    CHECK((o.pgnout == "results-7-0.pgn" && !o.pgn_append));
    CHECK(o.site == "http://127.0.0.1:8000/tests/view/7");
    CHECK(o.event == "Batch 0: patch vs master");
    CHECK(o.seed == 14519057775963546895ULL);
    CHECK((o.adjudication.resign_movecount == 3 && o.adjudication.resign_score == 600));
    CHECK((o.adjudication.draw_movenumber == 34 && o.adjudication.draw_movecount == 8 &&
           o.adjudication.draw_score == 20));
    CHECK_FALSE(o.chess960);
    CHECK(o.concurrency == 2);
    REQUIRE(o.openings);
    CHECK((o.openings->random && o.openings->start == 1 &&
           o.openings->format == tournament::OpeningsOptions::Format::Epd));
    REQUIRE(o.engines.size() == 2);
    CHECK(o.engines[0].name == "New-e0bfc4b");
    CHECK(o.engines[0].cmd == "/abs/testing/stockfish-new");
    CHECK(o.engines[0].dir == ".");
    CHECK(o.engines[0].tc.base_ms == 32729);
    CHECK(o.engines[1].tc.margin_ms == 10000);  // -each comes after the engines' own keys
    using Options = std::vector<std::pair<std::string, std::string>>;
    CHECK(o.engines[1].options == Options{{"Hash", "16"}, {"EvalFile", "nn-y.nnue"}, {"Threads", "1"}});
    CHECK(o.output == output::OutputFormat::fastchess);
}

TEST_CASE("fastchess dialect: OpenBench's client's command line, unchanged", "[dialect][fastchess]") {
    const auto o = fastchess(openbench_line());
    CHECK(o.fastchess_output.test_env);
    CHECK((o.fastchess_output.seldepth && o.fastchess_output.nodes && !o.fastchess_output.nps));
    CHECK(o.fastchess_output.match_lines == std::vector<std::string>{"^info string pgncomment .*"});
    CHECK(o.pgnout == "PGNs/3.7.1796215540.0.pgn");
    CHECK(o.pgn_append);  // fastchess' default
    REQUIRE(o.engines.size() == 2);
    CHECK((o.engines[0].dir == "Engines/" && o.engines[0].cmd == "./Stockfish-1111AAAA"));
    CHECK(o.engines[0].tc.margin_ms == 250);
    CHECK(o.engines[1].name == "Stockfish-base");
    CHECK((o.adjudication.draw_movenumber == 32 && o.adjudication.resign_movecount == 5));
    REQUIRE(o.openings);
    CHECK(o.openings->start == 17);
    // -games 2 without -repeat: the two games of a round share one opening, colours swapped,
    // game ids 2k-1 and 2k in round k, the first engine White in the odd one.
    const auto openings = tournament::parse_epd(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n"
        "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1\n",
        "book");
    auto sequential = o;
    sequential.openings->random = false;
    sequential.openings->start = 1;
    const auto games = tournament::build_schedule(sequential, openings);
    REQUIRE(games.size() == 8);
    for (std::size_t k = 0; k < 4; ++k) {
        INFO("round " << k + 1);
        const auto &odd = games[2 * k], &even = games[2 * k + 1];
        CHECK((odd.number == int(2 * k + 1) && even.number == int(2 * k + 2)));
        CHECK((odd.round == int(k + 1) && even.round == int(k + 1)));
        CHECK(odd.start.fen() == even.start.fen());
        CHECK(odd.start.fen() == openings[k % 3].start.fen());
        CHECK(odd.white == &sequential.engines[0]);
        CHECK(even.white == &sequential.engines[1]);
        CHECK((odd.pair >= 0 && odd.pair == even.pair));
    }
}

TEST_CASE("fastchess dialect: the defaults are fastchess'", "[dialect][fastchess]") {
    const auto f = fastchess(std::string());
    CHECK((f.games == 2 && f.rounds == 2 && f.repeat));
    CHECK(f.rating_interval == 10);
    CHECK(f.output == output::OutputFormat::fastchess);
    CHECK(f.engines[0].tc.margin_ms == 0);
    const auto d = app::parse_match_request(words(TWO)).opts;  // drawproxy's own, unchanged
    CHECK((d.games == 1 && d.rounds == 1 && !d.repeat && d.rating_interval == 0));
    CHECK(d.output == output::OutputFormat::drawproxy);
    CHECK(d.engines[0].tc.margin_ms == 50);
}

TEST_CASE("fastchess dialect: -games is at most 2 a round, more trades places with -rounds",
          "[dialect][fastchess]") {
    const auto one = fastchess("-games 1 -rounds 6");
    CHECK((one.games == 1 && one.rounds == 6 && !one.repeat && !one.report_penta));
    const auto swapped = fastchess("-games 100 -rounds 2");
    CHECK((swapped.games == 2 && swapped.rounds == 100 && swapped.repeat));
    CHECK(error_of("-games 3 -rounds 5").find("-games") != std::string::npos);
    // cutechess-cli's meaning in drawproxy's dialect: any number of games, no pairs without -repeat
    const auto d = app::parse_match_request(words(TWO + "-games 3 -rounds 5")).opts;
    CHECK((d.games == 3 && d.rounds == 5 && !d.repeat));
    CHECK_FALSE(app::parse_match_request(words(TWO + "-games 2")).opts.repeat);
}

TEST_CASE("fastchess dialect: -repeat [N] sets -games", "[dialect][fastchess]") {
    const auto r = fastchess("-games 1 -repeat");
    CHECK((r.games == 2 && r.repeat));
    const auto r1 = fastchess("-repeat 1");
    CHECK((r1.games == 1 && !r1.repeat));
    const auto d = app::parse_match_request(words(TWO + "-games 1 -repeat")).opts;
    CHECK((d.games == 1 && d.repeat && d.opening_repetitions == 2));
}

TEST_CASE("fastchess dialect: -openings takes its format from the file's name", "[dialect][fastchess]") {
    using Format = tournament::OpeningsOptions::Format;
    CHECK(fastchess("-openings file=book.pgn").openings->format == Format::Pgn);
    CHECK(fastchess("-openings file=book.EPD").openings->format == Format::Epd);
    CHECK(fastchess("-openings file=book.pgn format=epd").openings->format == Format::Epd);
    CHECK(error_of("-openings file=book.txt").find("format=") != std::string::npos);
    CHECK(error_of("-openings file=book.epd policy=encounter").find("policy=encounter") != std::string::npos);
    // drawproxy's dialect: EPD unless format= says otherwise
    CHECK(app::parse_match_request(words(TWO + "-openings file=book.pgn")).opts.openings->format ==
          Format::Epd);
}

TEST_CASE("fastchess dialect: -concurrency 0 and -N are the hardware threads less N",
          "[dialect][fastchess]") {
    const int threads = int(std::thread::hardware_concurrency());
    REQUIRE(threads >= 1);
    CHECK(app::parse_match_options(words(TWO + "-concurrency 0"), Dialect::fastchess).concurrency == threads);
    if (threads > 1)
        CHECK(app::parse_match_options(words(TWO + "-concurrency -1"), Dialect::fastchess).concurrency ==
              threads - 1);
    CHECK_THROWS_WITH(app::parse_match_options(words(TWO + "-concurrency -100000"), Dialect::fastchess),
                      Catch::Contains("hardware threads"));
    CHECK(error_of("-concurrency 0", Dialect::drawproxy) == "bad value for -concurrency: '0'");
}

TEST_CASE("fastchess dialect: -draw and -resign keys may be left out", "[dialect][fastchess]") {
    const auto d = fastchess("-draw movenumber=34 -resign score=500");
    CHECK((d.adjudication.draw_movenumber == 34 && d.adjudication.draw_movecount == 1 &&
           d.adjudication.draw_score == 0));
    CHECK((d.adjudication.resign_movecount == 1 && d.adjudication.resign_score == 500));
    CHECK(error_of("-draw movenumber=34", Dialect::drawproxy) ==
          "-draw needs movenumber=, movecount= and score=");
}

TEST_CASE("fastchess dialect: -maxmoves 0 is refused on one line", "[dialect][fastchess]") {
    const std::string why = error_of("-maxmoves 0");
    CHECK(why.find("-maxmoves 0") != std::string::npos);
    CHECK(why.find('\n') == std::string::npos);
    CHECK(fastchess("-maxmoves 80").adjudication.max_moves == 80);
}

TEST_CASE("fastchess dialect: name= defaults to the program's stem", "[dialect][fastchess]") {
    const auto f = fastchess(words("-engine cmd=/e/sf-dev.exe -engine cmd=b.sh -each nodes=1"));
    CHECK(f.engines[0].name == "sf-dev");
    CHECK(f.engines[1].name == "b");
    const auto d =
        app::parse_match_request(words("-engine cmd=/e/sf-dev.exe -engine cmd=b -each nodes=1")).opts;
    CHECK(d.engines[0].name == "sf-dev.exe");
}

TEST_CASE("fastchess dialect: -event and -site join several words without spaces", "[dialect][fastchess]") {
    const auto f = fastchess("-event Batch 0: a vs b -site my lab");
    CHECK(f.event == "Batch0:avsb");
    CHECK(f.site == "mylab");
    CHECK(app::parse_match_request(words(TWO + "-event Batch 0")).opts.event == "Batch 0");
    CHECK(fastchess(std::string()).event == "Fastchess Tournament");
}

TEST_CASE("fastchess dialect: -each comes after the engine's own keys", "[dialect][fastchess]") {
    const auto f = fastchess(words("-engine cmd=a tc=10+0.1 -engine cmd=b -each tc=1+0.01"));
    CHECK(f.engines[0].tc.base_ms == 1000);
    const auto d =
        app::parse_match_request(words("-engine cmd=a tc=10+0.1 -engine cmd=b -each tc=1+0.01")).opts;
    CHECK(d.engines[0].tc.base_ms == 10000);
}

TEST_CASE("fastchess dialect: the -pgnout keys, -crc32, -check-mate-pvs, -testEnv are read",
          "[dialect][fastchess]") {
    using Notation = game::FastchessOutputSettings::Notation;
    const auto f = fastchess(
        "-pgnout file=g.pgn notation=lan nodes=true seldepth=true nps=true hashfull=true tbhits=true pv=true"
        " timeleft=true latency=true match_line=a match_line=b min=true -crc32 pgn=true -check-mate-pvs "
        "-testEnv");
    const auto& s = f.fastchess_output;
    CHECK(s.notation == Notation::lan);
    CHECK((s.nodes && s.seldepth && s.nps && s.hashfull && s.tbhits && s.pv && s.timeleft && s.latency));
    CHECK(s.match_lines == std::vector<std::string>{"a", "b"});
    CHECK((s.crc32_pgn && s.check_mate_pvs && s.test_env && f.pgn_minimal));
    CHECK(fastchess("-pgnout file=g.pgn notation=uci").fastchess_output.notation == Notation::uci);
    CHECK_FALSE(fastchess("-crc32 pgn=false").fastchess_output.crc32_pgn);
    CHECK(error_of("-pgnout g.pgn").find("key=value") != std::string::npos);
    CHECK(error_of("-pgnout file=g.pgn notation=xyz").find("notation") != std::string::npos);
    // drawproxy's dialect still refuses them: its PGN does not write them
    CHECK(error_of("-testEnv", Dialect::drawproxy).find("not supported") != std::string::npos);
    CHECK(error_of("-check-mate-pvs", Dialect::drawproxy).find("not supported") != std::string::npos);
}

TEST_CASE("fastchess dialect: -srand takes every 64-bit value", "[dialect][fastchess]") {
    CHECK(fastchess("-srand 18446744073709551615").seed == 18446744073709551615ULL);
    CHECK(error_of("-srand 18446744073709551616").find("-srand") != std::string::npos);
}

TEST_CASE("fastchess dialect: what cannot apply is one line naming the option", "[dialect][fastchess]") {
    const std::string why = error_of("-debug");
    CHECK(why.find("-debug") != std::string::npos);
    CHECK(why.find("not supported") != std::string::npos);
    CHECK(why.find('\n') == std::string::npos);
    // --compliance runs only as the first argument (tests/check/compliance_cli_test.cpp)
    const std::string later = error_of("--compliance x");
    CHECK(later.find("--compliance ENGINE [ARGS] comes first") != std::string::npos);
    CHECK(later.find('\n') == std::string::npos);
}

TEST_CASE("fastchess dialect: -use-affinity with and without a CPU list", "[dialect][fastchess]") {
    CHECK(!fastchess("").use_affinity);
    CHECK(fastchess("-use-affinity").use_affinity);
    CHECK(fastchess("-use-affinity").affinity_cpus.empty());
    CHECK(fastchess("-use-affinity 0-2,5").affinity_cpus == std::vector<int>{0, 1, 2, 5});
    CHECK(error_of("-use-affinity 3-1").find("-use-affinity") != std::string::npos);
    // cutechess-cli has no such option
    CHECK(error_of("-use-affinity", Dialect::cutechess).find("not supported") != std::string::npos);
}

TEST_CASE("fastchess dialect: -config outname= and stats=", "[dialect][fastchess]") {
    const auto o = app::parse_match_options(words(TWO + "-config outname=saved.json"), Dialect::fastchess);
    CHECK(o.state_file == "saved.json");
    CHECK(o.autosave_interval > 0);  // fastchess saves its state without an output file too
    CHECK(app::parse_match_options(words(TWO), Dialect::fastchess).state_file.empty());
    CHECK(error_of("-config stats=maybe").find("stats=") != std::string::npos);
    CHECK(error_of("-config outname=x.json stats=false").empty());
}

TEST_CASE("drawproxy's dialect: -strict's and -show-latency's refusals say what is true",
          "[dialect][fastchess]") {
    CHECK(error_of("-strict", Dialect::drawproxy).find("fastchess dialect") != std::string::npos);
    CHECK(error_of("-show-latency", Dialect::drawproxy).find("latency=true") != std::string::npos);
    CHECK(error_of("-strict").empty());
    CHECK(error_of("-show-latency").empty());
}

TEST_CASE("fastchess dialect: the saved command line names its dialect", "[dialect][fastchess]") {
    const auto o = app::parse_match_options(words(TWO + "-srand 5"), Dialect::fastchess);
    REQUIRE(o.args.size() >= 2);
    CHECK((o.args[0] == "-dialect" && o.args[1] == "fastchess"));
    // and read back, it has fastchess' meanings
    CHECK(app::parse_match_request(o.args).opts.dialect == Dialect::fastchess);
    CHECK(app::parse_match_request(o.args).opts.repeat);
}

TEST_CASE("dialects by program name and by -dialect", "[dialect]") {
    CHECK(app::dialect_of_program("fastchess") == Dialect::fastchess);
    CHECK(app::dialect_of_program("/opt/testing/fastchess") == Dialect::fastchess);
    CHECK(app::dialect_of_program("./fastchess-ob") == Dialect::fastchess);
    CHECK(app::dialect_of_program("C:\\w\\fastchess.exe") == Dialect::fastchess);
    CHECK(app::dialect_of_program("cutechess-cli") == Dialect::cutechess);
    CHECK_FALSE(app::dialect_of_program("drawproxy"));
    CHECK_FALSE(app::dialect_of_program("fastchess2"));
    CHECK(app::parse_match_request(words(TWO + "-dialect fastchess")).opts.games == 2);
    CHECK(app::parse_match_request(words("-dialect cutechess " + TWO)).opts.dialect == Dialect::cutechess);
    CHECK(error_of("-dialect xboard", Dialect::drawproxy) ==
          "bad dialect 'xboard' (drawproxy, fastchess, cutechess)");
}

TEST_CASE("the parser reads no file: -resume and conf= are left to the command", "[dialect]") {
    const auto r = app::parse_match_request(words("-resume /nonexistent/state.json"));
    CHECK(r.resume_path == "/nonexistent/state.json");
    const auto c = app::parse_match_request(words("-engine conf=Missing -engine cmd=b -each nodes=1"));
    CHECK(c.engines[0] == std::vector<std::string>{"conf=Missing"});
    CHECK_THROWS_WITH(app::parse_match_options(words("-resume /nonexistent/state.json")),
                      Catch::Contains("-resume"));
}

TEST_CASE("fastchess dialect: tc=0/T and tc=inf/T are T with no moves per period", "[dialect][fastchess]") {
    for (const char* tc : {"0/10+0.1", "inf/10+0.1"}) {
        INFO(tc);
        const auto f = fastchess(words(std::string("-engine cmd=a -engine cmd=b -each tc=") + tc));
        CHECK(f.engines[0].tc.base_ms == 10000);
        CHECK(f.engines[0].tc.increment_ms == 100);
        CHECK(f.engines[0].tc.moves == 0);
    }
    // cutechess-cli's meaning (drawproxy match's): 0/ is the whole game too; inf/ is no time control
    CHECK(error_of("-each tc=0/10+0.1", Dialect::drawproxy).empty());
    CHECK(error_of("-each tc=inf/10+0.1", Dialect::drawproxy) == "bad time control 'inf/10+0.1'");
    CHECK(fastchess(words("-engine cmd=a -engine cmd=b -each tc=40/60")).engines[0].tc.moves == 40);
}

// The whole command's parse (the machine's threads are read there, not in the pure parser).
std::string parse_error(const std::string& line, Dialect d) {
    try {
        app::parse_match_options(words(line), d);
    } catch (const game::OptionError& e) {
        return e.what();
    }
    return "";
}

TEST_CASE("fastchess dialect: -concurrency above the hardware threads needs -force-concurrency",
          "[dialect][fastchess]") {
    const unsigned threads = std::thread::hardware_concurrency();
    REQUIRE(threads > 0);
    const std::string over = TWO + "-srand 1 -concurrency " + std::to_string(threads + 1);
    CHECK(parse_error(over, Dialect::fastchess) ==
          fmt::format(
              "-concurrency {} exceeds the machine's {} hardware threads: give -force-concurrency to play "
              "that many games at once",
              threads + 1, threads));
    CHECK(app::parse_match_options(words(over + " -force-concurrency"), Dialect::fastchess).concurrency ==
          int(threads) + 1);
    // drawproxy match and cutechess-cli never cap it
    CHECK(parse_error(over, Dialect::drawproxy).empty());
    CHECK(parse_error(over, Dialect::cutechess).empty());
}
