// The match runner in cutechess-cli's dialect (run as cutechess-cli, or -dialect cutechess):
// where cutechess-cli 1.5.1 means something other than `drawproxy match`, its meaning.
#include <catch2/catch.hpp>

#include "app/match_options.h"
#include "support/match_helpers.h"

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
