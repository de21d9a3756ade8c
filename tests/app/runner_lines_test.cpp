// Command lines as real testing set-ups write them, run unchanged apart from the program name
// and paths, with real Stockfish at a small node count: a fishtest worker's (fastchess
// spelling), an OpenBench worker's (cutechess-ob, as its Client/worker.py builds it) and a
// CCRL-style cutechess-cli line with engines.json, -tb and a minimal PGN. Each plays its games,
// prints what the worker parses and writes a PGN that reads back.
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/match_helpers.h"

using namespace drawproxy;
using test::slurp;

namespace {

namespace fs = std::filesystem;
using test::STOCKFISH;

using test::TempDir;

test::CommandRun run_in(const std::string& dir, const std::string& line) {
    test::TempFile out(".out"), err(".err");
    const std::string cmd = "cd " + dir + " && env -u XDG_CONFIG_HOME HOME=" + dir + " " +
                            test::binary_path("bin/drawproxy") + " match " + line + " >" + out.path + " 2>" +
                            err.path + " </dev/null";
    test::CommandRun r;
    const int st = std::system(cmd.c_str());
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    r.out = slurp(out.path);
    r.err = slurp(err.path);
    return r;
}

// cutechess-cli's "Finished game N (A vs B): RESULT {REASON}" lines: the number and the result.
// With names of one word each (`words` true) also the way OpenBench's worker reads them: word 2
// the game number, word 6 the result.
std::vector<std::pair<int, std::string>> finished_games(const std::string& out, bool words) {
    std::vector<std::pair<int, std::string>> games;
    std::istringstream in(out);
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("Finished game ", 0) != 0) continue;
        const auto colon = line.find("): ");
        REQUIRE(colon != std::string::npos);
        const std::string result = line.substr(colon + 3, line.find(' ', colon + 3) - colon - 3);
        CHECK(line.find(" {", colon) != std::string::npos);
        games.emplace_back(std::stoi(line.substr(14)), result);
        if (words) {
            std::istringstream ws(line);
            std::vector<std::string> w;
            for (std::string x; ws >> x;) w.push_back(x);
            REQUIRE(w.size() > 7);
            CHECK(std::stoi(w[2]) == games.back().first);
            CHECK(w[6] == result);
        }
    }
    return games;
}

void check_games(const std::string& out, const std::string& pgn, std::size_t n, bool words = true) {
    const auto finished = finished_games(out, words);
    CHECK(finished.size() == n);
    std::vector<int> numbers;
    for (const auto& [number, result] : finished) {
        numbers.push_back(number);
        CHECK((result == "1-0" || result == "0-1" || result == "1/2-1/2"));
    }
    std::sort(numbers.begin(), numbers.end());
    for (std::size_t i = 0; i < numbers.size(); ++i) CHECK(numbers[i] == int(i) + 1);
    const auto games = test::read_pgn_file(pgn);
    REQUIRE(games.size() == n);
    for (const auto& g : games) {
        CHECK(g.ok());
        CHECK(g.tag("Result") != "*");
    }
}

}  // namespace

TEST_CASE("a fishtest worker's fastchess line runs unchanged", "[match][runners][stockfish][e2e]") {
    if (::access(STOCKFISH, X_OK) != 0) FAIL("needs /usr/games/stockfish");
    TempDir d;
    std::ofstream(d.path + "/UHO.epd") << slurp(test::source_path("configs/openings/classical.epd"));
    const std::string line =
        std::string("-recover -repeat -games 2 -rounds 2 -srand 321 -resign movecount=3 score=600 ") +
        "-draw movenumber=34 movecount=8 score=20 -variant standard -concurrency 2 " +
        "-openings file=UHO.epd format=epd order=random plies=16 start=3 " +
        "-engine name=New tc=60+0.6 nodes=600 cmd=" + STOCKFISH + " option.Hash=16 option.Threads=1 " +
        "-engine name=Base tc=60+0.6 nodes=600 cmd=" + STOCKFISH + " option.Hash=16 option.Threads=1 " +
        "-each proto=uci -pgnout file=games.pgn";
    const auto r = run_in(d.path, line);
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    check_games(r.out, d.path + "/games.pgn", 4);
    CHECK(!fs::exists(d.path + "/file=games.pgn"));
    CHECK(r.out.find("Score of New vs Base: ") != std::string::npos);
}

TEST_CASE("an OpenBench worker's cutechess line runs unchanged", "[match][runners][stockfish][e2e]") {
    if (::access(STOCKFISH, X_OK) != 0) FAIL("needs /usr/games/stockfish");
    TempDir d;
    for (const char* sub : {"/Engines", "/Books", "/PGNs"}) fs::create_directory(d.path + sub);
    fs::create_symlink(STOCKFISH, d.path + "/Engines/Stockfish-abc123");
    fs::create_symlink(STOCKFISH, d.path + "/Engines/Stockfish-def456");
    std::ofstream(d.path + "/Books/book.epd") << slurp(test::source_path("configs/openings/classical.epd"));
    // Client/worker.py: basic, concurrency, adjudication, book, engine and pgnout settings
    const std::string line =
        "-repeat -recover -variant standard -concurrency 2 -games 4 "
        "-resign movecount=3 score=400 -draw movenumber=40 movecount=8 score=10  "
        "-openings file=Books/book.epd format=epd order=random start=5 -srand 1234567 "
        "-engine dir=Engines/ cmd=./Stockfish-abc123 proto=uci tc=inf nodes=600 option.Threads=1 "
        "option.Hash=8 "
        "name=Stockfish-dev "
        "-engine dir=Engines/ cmd=./Stockfish-def456 proto=uci tc=inf nodes=600 option.Threads=1 "
        "option.Hash=8 "
        "name=Stockfish-base "
        "-pgnout PGNs/17.42.1700000000.0.pgn";
    const auto r = run_in(d.path, line);
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    check_games(r.out, d.path + "/PGNs/17.42.1700000000.0.pgn", 4);
    // The worker pairs games (1,2), (3,4) for its pentanomial: both games of a pair share
    // the opening with colours swapped
    const auto games = test::read_pgn_file(d.path + "/PGNs/17.42.1700000000.0.pgn");
    std::map<std::string, std::vector<std::string>> by_fen;
    for (const auto& g : games) by_fen[rules::to_fen(g.start)].push_back(std::string(g.tag("White")));
    CHECK(by_fen.size() == 2);
    for (const auto& [fen, whites] : by_fen) {
        REQUIRE(whites.size() == 2);
        CHECK(whites[0] != whites[1]);
    }
}

TEST_CASE("a CCRL-style cutechess-cli line with engines.json and -pgnout F min fi runs unchanged",
          "[match][runners][stockfish][e2e]") {
    if (::access(STOCKFISH, X_OK) != 0) FAIL("needs /usr/games/stockfish");
    TempDir d;
    std::ofstream(d.path + "/engines.json")
        << R"([
 {"command": ")"
        << STOCKFISH << R"(", "name": "Stockfish 15.1 64-bit", "protocol": "uci", "workingDirectory": "",
  "options": [{"name": "Hash", "type": "spin", "value": 16, "default": 16, "min": 1, "max": 33554432},
              {"name": "Threads", "type": "spin", "value": 1, "default": 1, "min": 1, "max": 1024}]},
 {"command": ")"
        << STOCKFISH << R"(", "name": "Stockfish 15.1 Move Overhead 100", "protocol": "uci",
  "options": [{"name": "Move Overhead", "type": "spin", "value": 100, "default": 10, "min": 0, "max": 5000}]}
])";
    std::ofstream(d.path + "/8moves.pgn") << slurp(test::source_path("configs/openings/classical.pgn"));
    const std::string line =
        std::string(
            "-engine conf=\"Stockfish 15.1 64-bit\" -engine \"conf=Stockfish 15.1 Move Overhead 100\" "
            "-each tc=40/60 nodes=600 -openings file=8moves.pgn format=pgn order=sequential -repeat -games 2 "
            "-rounds 2 -concurrency 2 -recover -event \"CCRL 40/15\" -site CCRL -pgnout ccrl.pgn min fi "
            "-tb ") +
        test::source_path("tests/data/syzygy") + " -tbpieces 4";
    const auto r = run_in(d.path, line);
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    check_games(r.out, d.path + "/ccrl.pgn", 4, false);  // names of several words
    const std::string pgn = slurp(d.path + "/ccrl.pgn");
    CHECK(pgn.find("[White \"Stockfish 15.1 64-bit\"]") != std::string::npos);
    CHECK(pgn.find("[Event \"CCRL 40/15\"]") != std::string::npos);
    CHECK(pgn.find("PlyCount") == std::string::npos);  // min: no move comments or PlyCount
    CHECK(pgn.find('{') == std::string::npos);
}
