// The runner dialects chosen by the program's name: scripts/install_links.sh makes the links,
// and run as fastchess the binary answers --version as fishtest's and OpenBench's workers
// require (their own patterns, from worker/worker.py verify_fastchess and Client/worker.py
// get_version), and takes the whole command line as fastchess' options.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>
#include <sstream>

#include "support/match_helpers.h"

using namespace drawproxy;
using test::CommandRun;
using test::TempDir;
using test::TempFile;

namespace {

CommandRun run(const std::string& program, const std::string& args) {
    TempFile out(".out"), err(".err");
    const int st =
        std::system((program + " " + args + " >" + out.path + " 2>" + err.path + " </dev/null").c_str());
    CommandRun r;
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    r.out = test::slurp(out.path);
    r.err = test::slurp(err.path);
    return r;
}

// fishtest: a line "fastchess alpha X.Y.Z DATE-HEX" whose HEX (7 or more) begins the pinned commit.
bool fishtest_accepts(const std::string& out) {
    static const std::regex pattern(R"(fastchess alpha [0-9]*.[0-9]*.[0-9]* [0-9]*-([0-9a-f-]*)$)");
    std::string sha;
    std::istringstream in(out);
    for (std::string line; std::getline(in, line);) {
        std::smatch m;
        if (std::regex_search(line, m, pattern)) sha = m[1];
    }
    return sha.size() >= 7 && std::string("58072f231dc1ae33204254f867afd0a195f21a2e").rfind(sha, 0) == 0;
}

// OpenBench: the first "\d+.\d+(.\d+)?" of the output, at least 1.8.1.
std::string openbench_version(const std::string& out) {
    std::smatch m;
    static const std::regex version(R"(\d+\.\d+(\.\d+)?)");
    return std::regex_search(out, m, version) ? m.str() : "";
}

}  // namespace

TEST_CASE("install_links.sh links fastchess, fastchess-ob and cutechess-cli, and each answers --version",
          "[dialect][engine]") {
    TempDir dir;
    const CommandRun install = run(test::source_path("scripts/install_links.sh"),
                                   dir.path + " " + test::binary_path("bin/drawproxy"));
    INFO(install.err);
    REQUIRE(install.status == 0);
    for (const char* name : {"fastchess", "fastchess-ob"}) {
        INFO(name);
        REQUIRE(std::filesystem::is_symlink(dir.file(name)));
        for (const char* flag : {"--version", "-version", "-v"}) {
            const CommandRun r = run(dir.file(name), flag);
            CHECK(r.status == 0);
            CHECK(r.out.rfind("fastchess alpha 1.8.1 20260606-58072f23\n", 0) == 0);
            CHECK(fishtest_accepts(r.out));
            CHECK(openbench_version(r.out) == "1.8.1");
        }
    }
    const CommandRun cc = run(dir.file("cutechess-cli"), "--version");
    CHECK(cc.status == 0);
    CHECK(cc.out.rfind("cutechess-cli 1.5.1\n", 0) == 0);
    // -dialect says the same under drawproxy's own name; plain `match` keeps drawproxy's version
    const std::string drawproxy = test::binary_path("bin/drawproxy");
    CHECK(run(drawproxy, "match -dialect fastchess --version").out ==
          run(dir.file("fastchess"), "--version").out);
    CHECK(run(drawproxy, "match --version").out.rfind("drawproxy ", 0) == 0);
    // an existing file of another program is left alone
    TempDir other;
    std::ofstream(other.file("fastchess")) << "#!/bin/sh\n";
    CHECK(run(test::source_path("scripts/install_links.sh"), other.path + " " + drawproxy).status == 1);
    CHECK_FALSE(std::filesystem::is_symlink(other.file("fastchess")));
}

TEST_CASE("run as fastchess, the whole command line is the runner's, in fastchess' meanings",
          "[dialect][engine]") {
    TempDir dir;
    std::filesystem::create_symlink(test::binary_path("bin/drawproxy"), dir.file("fastchess"));
    const CommandRun help = run(dir.file("fastchess"), "-help");
    CHECK(help.status == 0);
    CHECK(help.out.rfind("usage: fastchess ", 0) == 0);
    CHECK(help.out.find("-testEnv") != std::string::npos);
    CHECK(run(dir.file("fastchess"), "").out == help.out);  // fastchess' answer to no argument at all
    // fastchess' -maxmoves 0 cannot apply: one line, exit 2 (before, every option was a stray argument)
    const CommandRun bad =
        run(dir.file("fastchess"), "-engine cmd=a -engine cmd=b -each nodes=1 -maxmoves 0");
    CHECK(bad.status == 2);
    CHECK(bad.out.empty());
    CHECK(std::count(bad.err.begin(), bad.err.end(), '\n') == 1);
    CHECK(bad.err.find("-maxmoves 0") != std::string::npos);
    // a real match: two games of one round on one opening, the second with colours swapped
    const std::string engines = "-engine " + test::fake_cmd("score=0") + " name=A -engine " +
                                test::fake_cmd("score=0") + " name=B -each nodes=1 claim=never -maxmoves 3";
    const CommandRun r = run(dir.file("fastchess"), engines + " -rounds 1 -pgnout file=" + dir.file("g.pgn"));
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    const auto games = test::read_pgn_file(dir.file("g.pgn"));
    REQUIRE(games.size() == 2);
    CHECK((games[0].tag("White") == "A" && games[1].tag("White") == "B"));
    CHECK(games[0].tag("Event") == "Fastchess Tournament");
    // OpenBench's engines: cmd=./X found in dir=Engines/, the runner started in the folder above
    std::filesystem::create_directory(dir.file("Engines"));
    std::filesystem::create_symlink(test::binary_path("bin/fake_player"), dir.file("Engines/dev"));
    const CommandRun ob = run("cd " + dir.path + " && ./fastchess",
                              "-rounds 1 -games 2 -engine dir=Engines/ cmd=./dev arg=score=0 proto=uci name=A"
                              " -engine dir=Engines/ cmd=./dev arg=score=0 proto=uci name=B -each nodes=1"
                              " claim=never -maxmoves 3");
    INFO(ob.out << ob.err);
    CHECK(ob.status == 0);
    CHECK(ob.out.find("Finished game 2 (B vs A)") != std::string::npos);
}

TEST_CASE("run as cutechess-cli, the status lines are cutechess-cli's", "[dialect][engine]") {
    TempDir dir;
    std::filesystem::create_symlink(test::binary_path("bin/drawproxy"), dir.file("cutechess-cli"));
    const std::string engines = "-engine " + test::fake_cmd("score=0") + " name=A -engine " +
                                test::fake_cmd("score=0") + " name=B -each nodes=1 claim=never -maxmoves 3";
    const CommandRun r = run(dir.file("cutechess-cli"), engines + " -games 2");
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    // cutechess-cli's score line (two spaces before the bracket) and its per-colour lines
    CHECK(r.out.find("Score of A vs B: 0 - 0 - 2  [0.500] 2\n") != std::string::npos);
    CHECK(r.out.find("...      A playing White: 0 - 0 - 1  [0.500] 1\n") != std::string::npos);
    CHECK(r.out.find("Finished match\n") != std::string::npos);
    // -output drawproxy still chooses drawproxy's own lines
    const CommandRun own = run(dir.file("cutechess-cli"), engines + " -games 2 -output drawproxy");
    CHECK(own.status == 0);
    CHECK(own.out.find("...      A playing White") == std::string::npos);
}

TEST_CASE("a Chess960 position is sent to the engines with the rooks' files, as both runners send it",
          "[dialect][engine]") {
    // The real fastchess sent `position fen ... w HFhf - 0 1` for this book line; cutechess-cli 1.5
    // sends a Shredder-FEN for any random variant (uciengine.cpp), though its PGN keeps an X-FEN.
    TempDir dir;
    TempFile book(".epd", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq -\n");
    std::filesystem::create_symlink(test::binary_path("bin/drawproxy"), dir.file("fastchess"));
    std::filesystem::create_symlink(test::binary_path("bin/drawproxy"), dir.file("cutechess-cli"));
    const auto sent_position = [&](const std::string& runner, const std::string& openings) {
        const std::string log = dir.file(runner + ".log");
        const std::string engines = "-engine " + test::fake_cmd_quoted("score=0;log=" + log) +
                                    " name=A -engine " + test::fake_cmd("score=0") +
                                    " name=B -each nodes=1 claim=never -maxmoves 2";
        const CommandRun r = run(dir.file(runner), engines + " -variant fischerandom -games 1 " + openings);
        INFO(r.out << r.err);
        CHECK(r.status == 0);
        std::istringstream in(test::slurp(log));
        for (std::string line; std::getline(in, line);)
            if (line.rfind("position ", 0) == 0) return line.substr(0, line.find(" moves"));
        return std::string("no position line");
    };
    CHECK(sent_position("fastchess", "-rounds 1 -openings file=" + book.path + " format=epd") ==
          "position fen bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    CHECK(sent_position("cutechess-cli", "-openings file=" + book.path + " format=epd") ==
          "position fen bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
}
