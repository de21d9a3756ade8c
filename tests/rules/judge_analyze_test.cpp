// `drawproxy analyze` end to end: the exact line format on the Article 9 scenarios, and the
// errors for bad moves, FENs and edition files (exit 2, one line on stderr).
#include <unistd.h>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "support/paths.h"

using nlohmann::json;
using nlohmann::ordered_json;
namespace fs = std::filesystem;

namespace {

struct Run {
    int status = -1;
    std::vector<std::string> out, err;
};

std::vector<std::string> lines_of(const fs::path& p) {
    std::ifstream in(p);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::string quote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

Run analyze(const std::vector<std::string>& args) {
    const fs::path exe = drawproxy::test::binary_path("bin/drawproxy");
    REQUIRE(fs::exists(exe));
    // One directory per process and call: CTest runs test cases of this file in parallel.
    static int calls = 0;
    const fs::path dir = fs::path(drawproxy::test::binary_path("judge-analyze-test")) /
                         (std::to_string(::getpid()) + "-" + std::to_string(++calls));
    fs::create_directories(dir);
    std::string cmd = quote(exe.string()) + " analyze";
    for (const auto& a : args) cmd += " " + quote(a);
    cmd += " >" + quote((dir / "out").string()) + " 2>" + quote((dir / "err").string());
    Run r;
    int raw = std::system(cmd.c_str());
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    r.out = lines_of(dir / "out");
    r.err = lines_of(dir / "err");
    return r;
}

std::vector<std::string> position_words(const json& scenario) {
    std::vector<std::string> words;
    if (scenario.at("fen").is_null()) {
        words.push_back("startpos");
    } else {
        words.push_back("fen");
        std::istringstream in(scenario.at("fen").get<std::string>());
        for (std::string w; in >> w;) words.push_back(w);
    }
    if (!scenario.at("moves").empty()) words.push_back("moves");
    for (const auto& m : scenario.at("moves")) words.push_back(m.get<std::string>());
    return words;
}

}  // namespace

TEST_CASE("analyze: prints the expected lines for every scenario and FIDE edition",
          "[judge][analyze][engine]") {
    std::vector<json> scenarios;
    {
        std::ifstream in(drawproxy::test::source_path("tests/data/article9/scenarios.jsonl"));
        for (std::string line; std::getline(in, line);)
            if (!line.empty()) scenarios.push_back(json::parse(line));
    }
    REQUIRE(scenarios.size() >= 10);
#ifdef DRAWPROXY_SANITIZED
    // One process per game is slow under the sanitizers: the two fivefold modes there (the
    // library test judges every edition in-process either way).
    const std::vector<std::string> editions = {"fide-2023", "fide-2014"};
#else
    const std::vector<std::string> editions = {"fide-2023", "fide-2018", "fide-2014", "fide-2009",
                                               "fide-2001"};
#endif
    for (const std::string& edition : editions) {
        std::map<std::string, std::vector<json>> expected;
        std::ifstream in(drawproxy::test::source_path("tests/data/article9/expected-" + edition + ".jsonl"));
        for (std::string line; std::getline(in, line);) {
            json row = json::parse(line);
            std::string id = row.at("id");
            row.erase("id");
            expected[id].push_back(row);
        }
        for (const json& s : scenarios) {
            const std::string id = s.at("id");
            INFO(edition << " / " << id);
            std::vector<std::string> args = {"--rules", edition};
            for (const auto& w : position_words(s)) args.push_back(w);
            const Run r = analyze(args);
            REQUIRE(r.status == 0);
            CHECK(r.err.empty());
            const auto& want = expected.at(id);
            REQUIRE(r.out.size() == want.size());
            for (std::size_t i = 0; i < want.size(); ++i) {
                INFO(r.out[i]);
                const ordered_json got = ordered_json::parse(r.out[i]);
                std::vector<std::string> keys;
                for (const auto& item : got.items()) keys.push_back(item.key());
                CHECK(keys == std::vector<std::string>{"ply", "fen", "repetition", "halfmove_clock", "claims",
                                                       "result"});
                CHECK(r.out[i] == got.dump());  // compact
                // The FEN is informative (the expected files write en passant and clocks their
                // own way): its placement, side and castling fields must agree, the rest exactly.
                json mine = json::parse(r.out[i]), theirs = want[i];
                auto head = [](const json& row) {
                    std::istringstream fen(row.at("fen").get<std::string>());
                    std::string a, b, c;
                    fen >> a >> b >> c;
                    return a + " " + b + " " + c;
                };
                CHECK(head(mine) == head(theirs));
                mine.erase("fen");
                theirs.erase("fen");
                CHECK(mine == theirs);
            }
        }
    }
}

TEST_CASE("analyze: bad input exits 2 with one line naming the problem", "[judge][analyze][engine]") {
    Run r = analyze({"startpos", "moves", "e2e4", "e7e5", "e1e3"});
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    REQUIRE(r.err.size() == 1);
    CHECK(r.err[0].find("ply 3") != std::string::npos);
    CHECK(r.err[0].find("e1e3") != std::string::npos);

    r = analyze({"startpos", "moves", "e2e4", "e9"});
    CHECK(r.status == 2);
    REQUIRE(r.err.size() == 1);
    CHECK(r.err[0].find("ply 2") != std::string::npos);
    CHECK(r.err[0].find("'e9'") != std::string::npos);

    r = analyze({"fen", "8/8/8", "w", "-", "-", "0", "1"});
    CHECK(r.status == 2);
    REQUIRE(r.err.size() == 1);
    CHECK(r.err[0].find("bad FEN") != std::string::npos);

    r = analyze({"--rules", "fide-1999", "startpos"});
    CHECK(r.status == 2);
    REQUIRE(r.err.size() == 1);
    CHECK(r.err[0].find("fide-1999") != std::string::npos);

    r = analyze({});
    CHECK(r.status == 2);
    CHECK(r.err.size() == 1);
}

TEST_CASE("analyze: --rules takes a file, and a bad file names the key", "[judge][analyze][engine]") {
    // One directory per process and call: CTest runs test cases of this file in parallel.
    static int calls = 0;
    const fs::path dir = fs::path(drawproxy::test::binary_path("judge-analyze-test")) /
                         (std::to_string(::getpid()) + "-" + std::to_string(++calls));
    fs::create_directories(dir);
    std::ifstream in(drawproxy::test::source_path("configs/fide-2014.toml"));
    std::stringstream text;
    text << in.rdbuf();
    std::string toml = text.str();
    // An event that keeps the 2014 rules but labels articles its own way.
    toml.replace(toml.find("\"9.6a\""), 6, "\"event-5x\"");
    const fs::path good = dir / "event.toml";
    std::ofstream(good) << toml;
    const std::string knights = "g1f3 g8f6 f3g1 f6g8 ";
    std::vector<std::string> args = {"--rules", good.string(), "startpos", "moves"};
    for (int i = 0; i < 4; ++i)
        for (const char* m : {"g1f3", "g8f6", "f3g1", "f6g8"}) args.push_back(m);
    Run r = analyze(args);
    REQUIRE(r.status == 0);
    REQUIRE(r.out.size() == 17);
    CHECK(json::parse(r.out.back()).at("result").at("article") == "event-5x");

    toml.replace(toml.find("seventy_five_moves = true"), 25, "seventy_five_moves = 1");
    const fs::path bad = dir / "bad.toml";
    std::ofstream(bad) << toml;
    r = analyze({"--rules", bad.string(), "startpos"});
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    REQUIRE(r.err.size() == 1);
    CHECK(r.err[0].find("automatic.seventy_five_moves") != std::string::npos);
    CHECK(r.err[0].find("expected true or false") != std::string::npos);
}

TEST_CASE("analyze: --pretty prints a table with SAN and the result", "[judge][analyze][engine]") {
    Run r = analyze({"--pretty", "fen", "k7/8/1K6/8/8/8/8/2Q5", "w", "-", "-", "0", "1", "moves", "c1c2",
                     "a8b8", "c2c1", "b8a8", "c1c7"});
    REQUIRE(r.status == 0);
    REQUIRE(r.out.size() == 7);  // header and plies 0..5
    CHECK(r.out[0].find("claims") != std::string::npos);
    CHECK(r.out[6].find("Qc7") != std::string::npos);
    CHECK(r.out[6].find("1/2-1/2 stalemate 5.2.1") != std::string::npos);
}
