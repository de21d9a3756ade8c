// Every option of cutechess-cli 1.4 and fastchess 1.x (their help texts) is either taken with
// that runner's meaning or refused on one line that names it, exit 2; both runners' spellings.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "app/match_options.h"
#include "app/runner_options.h"
#include "support/match_helpers.h"

using namespace drawproxy;
using drawproxy::test::TempFile;
using drawproxy::test::words;

namespace {

const std::string BASE = "-engine cmd=a -engine cmd=b -each nodes=1 ";

// Option and sample values, as each runner's help text lists them.
const std::pair<const char*, const char*> CUTECHESS_OPTIONS[] = {
    {"-engines", ""},
    {"-variant", "standard"},
    {"-concurrency", "2"},
    {"-draw", "movenumber=40 movecount=8 score=10"},
    {"-resign", "movecount=3 score=600 twosided=true"},
    {"-maxmoves", "100"},
    {"-tb", "/tmp"},
    {"-tbpieces", "5"},
    {"-tbignore50", ""},
    {"-tournament", "gauntlet"},
    {"-event", "Test"},
    {"-games", "2"},
    {"-rounds", "3"},
    {"-sprt", "elo0=0 elo1=5 alpha=0.05 beta=0.05"},
    {"-ratinginterval", "10"},
    {"-outcomeinterval", "10"},
    {"-debug", ""},
    {"-openings", "file=x.epd format=epd order=random plies=8 start=1 policy=round"},
    {"-bookmode", "ram"},
    {"-pgnout", "g.pgn min fi"},
    {"-epdout", "e.epd"},
    {"-recover", ""},
    {"-repeat", "2"},
    {"-noswap", ""},
    {"-reverse", ""},
    {"-seeds", "2"},
    {"-site", "Here"},
    {"-srand", "7"},
    {"-wait", "10"},
    {"-resultformat", "small"},
    {"-each", "tc=1+0.01"}};

const std::pair<const char*, const char*> FASTCHESS_OPTIONS[] = {
    {"-quick", "cmd=a cmd=b book=x.epd"},
    {"-concurrency", "2"},
    {"-force-concurrency", ""},
    {"-rounds", "2"},
    {"-games", "2"},
    {"-repeat", ""},
    {"-sprt", "elo0=0 elo1=5 alpha=0.05 beta=0.05 model=normalized"},
    {"-tournament", "roundrobin"},
    {"-seeds", "1"},
    {"-variant", "fischerandom"},
    {"-noswap", ""},
    {"-reverse", ""},
    {"-wait", "5"},
    {"-draw", "movenumber=20 movecount=10 score=10"},
    {"-resign", "movecount=3 score=600 twosided=true"},
    {"-maxmoves", "200"},
    {"-tb", "/tmp"},
    {"-tbpieces", "5"},
    {"-tbignore50", ""},
    {"-tbadjudicate", "WIN_LOSS"},
    {"-openings", "file=x.pgn format=pgn order=sequential plies=16 start=3"},
    {"-srand", "5"},
    {"-output", "format=cutechess"},
    {"-pgnout", "file=g.pgn notation=san append=false min=true nodes=false seldepth=false nps=false"},
    {"-epdout", "file=e.epd append=false"},
    {"-event", "Test"},
    {"-site", "Here"},
    {"-ratinginterval", "10"},
    {"-scoreinterval", "1"},
    {"-report", "penta=true"},
    {"-config", "file=state.json discard=true"},
    {"-recover", ""},
    {"-autosaveinterval", "20"},
    {"--compliance", "x"},
    {"-crc32", "pgn=true"},
    {"-check-mate-pvs", ""},
    {"-show-latency", ""},
    {"-testEnv", ""},
    {"-strict", ""},
    {"-log", "file=log.txt level=info engine=true"},
    {"-use-affinity", "0-3"},
    {"-startup-ms", "1000"},
    {"-ucinewgame-ms", "1000"},
    {"-ping-ms", "1000"},
    {"-each", "tc=10+0.1"}};

const std::pair<const char*, const char*> CUTECHESS_ENGINE_KEYS[] = {{"conf", "conf=Sf"},
                                                                     {"name", "name=x"},
                                                                     {"cmd", "cmd=x"},
                                                                     {"dir", "dir=/tmp"},
                                                                     {"arg", "arg=-x"},
                                                                     {"initstr", "initstr=hi"},
                                                                     {"stderr", "stderr=e.txt"},
                                                                     {"restart", "restart=auto"},
                                                                     {"trust", "trust"},
                                                                     {"proto", "proto=uci"},
                                                                     {"tc", "tc=40/60+1"},
                                                                     {"st", "st=1"},
                                                                     {"timemargin", "timemargin=100"},
                                                                     {"book", "book=b.bin"},
                                                                     {"bookdepth", "bookdepth=8"},
                                                                     {"whitepov", "whitepov"},
                                                                     {"depth", "depth=5"},
                                                                     {"nodes", "nodes=100"},
                                                                     {"ponder", "ponder"},
                                                                     {"tscale", "tscale=2"},
                                                                     {"debug", "debug"},
                                                                     {"option.", "option.Hash=16"}};

const std::pair<const char*, const char*> FASTCHESS_ENGINE_KEYS[] = {{"cmd", "cmd=x"},
                                                                     {"name", "name=x"},
                                                                     {"args", "args=--threads=1"},
                                                                     {"tc", "tc=10+0.1"},
                                                                     {"timemargin", "timemargin=50"},
                                                                     {"st", "st=0.5"},
                                                                     {"nodes", "nodes=10"},
                                                                     {"restart", "restart=on"},
                                                                     {"plies", "plies=7"},
                                                                     {"depth", "depth=7"},
                                                                     {"proto", "proto=uci"},
                                                                     {"dir", "dir=/tmp"},
                                                                     {"option.", "option.Threads=1"}};

// Taken, or refused with a line that names the option and is not "unknown option".
void check_taken_or_refused(const std::string& name, const std::string& args) {
    INFO(args);
    try {
        app::parse_match_options(words(args));
        SUCCEED();
    } catch (const game::OptionError& e) {
        const std::string why = e.what();
        INFO(why);
        CHECK(why.find(name) != std::string::npos);
        CHECK(why.find("unknown") == std::string::npos);
        CHECK(why.find('\n') == std::string::npos);
    }
}

int status_of(const std::string& args, std::string& out, std::string& err) {
    TempFile o(".out"), e(".err");
    const int st = std::system((test::binary_path("bin/drawproxy") + " match " + args + " >" + o.path +
                                " 2>" + e.path + " </dev/null")
                                   .c_str());
    std::ifstream a(o.path), b(e.path);
    std::stringstream sa, sb;
    sa << a.rdbuf(), sb << b.rdbuf();
    out = sa.str(), err = sb.str();
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

}  // namespace

TEST_CASE("every cutechess-cli and fastchess option is taken or refused by name", "[match][cli][runners]") {
    for (const auto& [opt, values] : CUTECHESS_OPTIONS)
        check_taken_or_refused(opt, BASE + opt + " " + values);
    for (const auto& [opt, values] : FASTCHESS_OPTIONS)
        check_taken_or_refused(opt, BASE + opt + " " + values);
    for (const auto& [key, token] : CUTECHESS_ENGINE_KEYS)
        check_taken_or_refused(key, BASE + "-engine cmd=c " + token);
    for (const auto& [key, token] : FASTCHESS_ENGINE_KEYS)
        check_taken_or_refused(key, BASE + "-engine cmd=c " + token);
    // An option neither runner has is still unknown.
    CHECK_THROWS_WITH(app::parse_match_options(words(BASE + "-frobnicate")), "unknown option '-frobnicate'");
}

TEST_CASE("a refused runner option is one line on stderr naming it, exit 2",
          "[match][cli][runners][engine]") {
    for (const char* args :
         {"-crc32", "-engines", "--compliance x", "-use-affinity", "-engine cmd=c ponder"}) {
        INFO(args);
        std::string out, err;
        CHECK(status_of(BASE + args, out, err) == 2);
        CHECK(out.empty());
        CHECK(std::count(err.begin(), err.end(), '\n') == 1);
        CHECK(err.find("not supported") != std::string::npos);
    }
    std::string out, err;
    for (const char* v : {"-version", "--version", "-v"}) {
        INFO(v);
        CHECK(status_of(v, out, err) == 0);
        CHECK(out.rfind("drawproxy ", 0) == 0);
        CHECK(err.empty());
    }
}

TEST_CASE("both runners' spellings of one thing", "[match][cli][runners]") {
    auto parse = [](const std::string& more) { return app::parse_match_options(words(BASE + more)); };
    auto c = parse("-pgnout games.pgn min fi");
    CHECK(c.pgnout == "games.pgn");
    CHECK(c.pgn_minimal);
    CHECK(c.pgn_append);
    auto f = parse("-pgnout file=games.pgn notation=san append=false");
    CHECK(f.pgnout == "games.pgn");
    CHECK_FALSE(f.pgn_minimal);
    CHECK_FALSE(f.pgn_append);
    CHECK(parse("-pgnout file=g.pgn min=true").pgn_minimal);
    CHECK_THROWS_WITH(parse("-pgnout file=g.pgn notation=lan"),
                      "-pgnout notation=lan is not supported (san)");
    CHECK_THROWS_WITH(parse("-pgnout games.pgn max"), "-pgnout: unknown argument 'max' (min, fi)");
    CHECK(parse("-epdout e.epd").epdout == "e.epd");
    auto e = parse("-epdout file=f.epd append=false");
    CHECK((e.epdout == "f.epd" && !e.epd_append));
    CHECK(parse("-srand 9").seed == 9);
    CHECK(parse("-seed 9").seed == 9);
    auto args = words(BASE + "-engine cmd=c plies=7");
    args.push_back("args=-x 'two words' y");  // as the shell passes args="-x 'two words' y"
    auto a = app::parse_match_options(args);
    CHECK(a.engines[2].args == std::vector<std::string>{"-x", "two words", "y"});
    CHECK(a.engines[2].depth == 7);
    auto b = parse("-engine cmd=c arg=-x arg=y");
    CHECK(b.engines[2].args == std::vector<std::string>{"-x", "y"});
    CHECK(parse("-tournament roundrobin").tournament == tournament::MatchOptions::Tournament::RoundRobin);
    CHECK(parse("-log file=l.txt level=trace").log_file == "l.txt");
    CHECK(parse("-debug").debug_to_stdout);
    auto d = parse("-draw movenumber=34 movecount=8 score=20 -resign movecount=3 score=600 -maxmoves 150");
    CHECK(d.adjudication.draw_movenumber == 34);
    CHECK(d.adjudication.draw_movecount == 8);
    CHECK(d.adjudication.draw_score == 20);
    CHECK(d.adjudication.resign_movecount == 3);
    CHECK(d.adjudication.resign_score == 600);
    CHECK_FALSE(d.adjudication.resign_twosided);
    CHECK(d.adjudication.max_moves == 150);
    CHECK_THROWS_WITH(parse("-draw movecount=8"), "-draw needs movenumber=, movecount= and score=");
    auto t = parse("-event \"My Event\" -site Lab -wait 20 -noswap -reverse");
    CHECK(t.site == "Lab");
    CHECK(t.wait_ms == 20);
    CHECK((t.noswap && t.reverse));
}
