// `drawproxy audit` as a user meets it: broken games in --json and --rewrite,
// the file of each game when several are read, the fivefold and 75-move spellings of other
// tools, drawproxy's own PGN, table alignment, empty and unreadable inputs.
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "audit/audit.h"
#include "output/pgn.h"
#include "pgn_samples.h"
#include "rules/notation.h"
#include "rules/pgn.h"
#include "support/paths.h"

using namespace drawproxy;

namespace {

// A file in /tmp, removed when the object dies.
struct TempFile {
    std::string path;
    explicit TempFile(const std::string& content, const std::string& suffix = ".pgn") {
        static int counter = 0;
        path = "/tmp/drawproxy_audit_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++) +
               suffix;
        std::ofstream(path, std::ios::binary) << content;
    }
    ~TempFile() { std::remove(path.c_str()); }
};

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

struct Run {
    int status = -1;
    std::string out, err;
};

// drawproxy with `args`, stdout and stderr captured apart.
Run run_audit_cli(const std::string& args) {
    TempFile out("", ".out"), err("", ".err");
    const std::string cmd = test::binary_path("bin/drawproxy") + " audit " + args + " >" + out.path + " 2>" +
                            err.path + " </dev/null";
    const int st = std::system(cmd.c_str());
    Run r;
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    r.out = slurp(out.path);
    r.err = slurp(err.path);
    return r;
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream s(text);
    for (std::string line; std::getline(s, line);) out.push_back(line);
    return out;
}

std::vector<rules::PgnGame> read_games(const std::string& text) {
    std::vector<rules::PgnGame> games;
    rules::PgnReader reader;
    reader.feed(text);
    reader.finish();
    while (const rules::PgnGame* g = reader.next()) games.push_back(*g);
    return games;
}

// Knights out and back: the start position for the fifth time at ply 16.
const std::string KNIGHTS_16 =
    "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8";

std::string pgn_game(const std::string& tags, const std::string& movetext, const std::string& result) {
    return tags + "[Result \"" + result + "\"]\n\n" + movetext + " " + result + "\n\n";
}

}  // namespace

TEST_CASE("audit --json reports a broken game as a line with its error and the tags read",
          "[audit][cli][engine]") {
    const std::string dir = test::source_path("tests/data/pgn/");
    Run r = run_audit_cli("--json " + dir + "malformed.pgn");
    CHECK(r.status == 2);  // bad input, as design.md wants: still every game is reported
    const auto out = lines(r.out);
    REQUIRE(out.size() == 10);  // every game of the file, broken or not
    int broken = 0;
    for (std::size_t i = 0; i < out.size(); ++i) {
        INFO(out[i]);
        const auto j = nlohmann::json::parse(out[i]);
        CHECK(j["game"] == int(i) + 1);
        CHECK(!j.contains("file"));  // one file read
        if (j.contains("error")) ++broken;
    }
    CHECK(broken == 8);
    const auto bad_san = nlohmann::json::parse(out[3]);
    CHECK(bad_san["error"].get<std::string>().find("'Nf9'") != std::string::npos);
    CHECK(bad_san["error_ply"] == 2);
    CHECK(bad_san["plies"] == 2);
    CHECK(bad_san["recorded"] == "1-0");
    CHECK(bad_san["tags"]["Event"] == "bad san");
    // The stderr line per broken game stays.
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 8);
}

TEST_CASE("audit --rewrite copies a broken game unchanged, in its place", "[audit][cli][engine]") {
    // Eight games, the fifth with an illegal move: eight games come out, the fifth byte for byte.
    std::string text;
    const std::string broken =
        "[Event \"e5\"]\n[White \"x\"]\n[Black \"y\"]\n[Result \"1-0\"]\n\n"
        "1. e4 e5 2. Ke3 {a king's walk}\nNc6 1-0";
    for (int i = 1; i <= 8; ++i)
        text += i == 5 ? broken + "\n\n"
                       : pgn_game("[Event \"e" + std::to_string(i) + "\"]\n", "1. e4 e5 2. Nf3 Nc6", "*");
    TempFile in(text), out("", ".pgn");
    Run r = run_audit_cli("--rewrite " + out.path + " " + in.path);
    CHECK(r.status == 2);
    const std::string rewritten = slurp(out.path);
    CHECK(rewritten.find(broken + "\n") != std::string::npos);
    const auto games = read_games(rewritten);
    REQUIRE(games.size() == 8);
    for (int i = 0; i < 8; ++i) {
        CHECK(games[i].tag("Event") == "e" + std::to_string(i + 1));
        CHECK(games[i].ok() == (i != 4));
    }
    // The table lists it too.
    CHECK(r.out.find("BROKEN at ply 2") != std::string::npos);

    // Every broken game of the malformed sample survives the rewrite as it was.
    const std::string sample = test::pgn_sample("malformed.pgn");
    TempFile out2("", ".pgn");
    run_audit_cli("--json --rewrite " + out2.path + " " + test::source_path("tests/data/pgn/malformed.pgn"));
    const std::string rewritten2 = slurp(out2.path);
    CHECK(read_games(rewritten2).size() == 10);
    for (const char* piece :
         {"[Event \"unclosed variation\"]\n[Result \"*\"]\n\n1. e4 (1. d4 d5 (1... Nf6) 2. c4",
          "[Event \"bad tag\n[Result \"*\"]\n\n1. e4 *",
          "[Event \"binary junk\"]\n[Result \"*\"]\n\n1. e4 ",  // then a NUL byte
          "\xff\x13\x89PNG\r\n\x1a"}) {
        INFO(piece);
        REQUIRE(sample.find(piece) != std::string::npos);
        CHECK(rewritten2.find(piece) != std::string::npos);
    }
}

TEST_CASE("audit names the file of each game when several are read", "[audit][cli][engine]") {
    const std::string dir = test::source_path("tests/data/pgn/");
    Run r = run_audit_cli("--json " + dir + "cutechess.pgn " + dir + "malformed.pgn");
    const auto out = lines(r.out);
    REQUIRE(out.size() == 15);
    for (std::size_t i = 0; i < out.size(); ++i) {
        const auto j = nlohmann::json::parse(out[i]);
        REQUIRE(j.contains("file"));
        CHECK(j["file"] == dir + (i < 5 ? "cutechess.pgn" : "malformed.pgn"));
        CHECK(out[i].rfind("{\"file\":", 0) == 0);  // the first field
    }
    Run table = run_audit_cli(dir + "cutechess.pgn " + dir + "fastchess.pgn");
    CHECK(table.status == 0);
    CHECK(table.out.find(dir + "cutechess.pgn (rules fide-2023)\n") != std::string::npos);
    CHECK(table.out.find(dir + "fastchess.pgn (rules fide-2023)\n") != std::string::npos);
    CHECK(table.out.find("all 2 files: 9 games: 7 agree, 2 differ, 0 broken") != std::string::npos);
}

TEST_CASE("audit reads fivefold and 75-move terminations as such, in other tools' spellings",
          "[audit][cli][engine]") {
    std::string text;
    for (const char* t : {"fivefold repetition", "FIVEFOLD_REPETITION", "Draw by fivefold repetition"})
        text += pgn_game(std::string("[Termination \"") + t + "\"]\n", KNIGHTS_16, "1/2-1/2");
    TempFile in(text);
    Run r = run_audit_cli(in.path);
    CHECK(r.status == 0);
    CHECK(r.out.find("recorded as: fivefold repetition 3;") != std::string::npos);
    CHECK(r.out.find("3-fold") == std::string::npos);
    // Under an edition without fivefold, the draw stood on a threefold claim.
    Run r09 = run_audit_cli("--rules fide-2009 --json " + in.path);
    for (const std::string& line : lines(r09.out)) {
        const auto j = nlohmann::json::parse(line);
        CHECK(j["recorded_end"] == "fivefold repetition");
        CHECK(j["verdict"] == "agrees");
    }

    using audit::RecordedEnd;
    auto end_of = [](const std::string& termination) {
        const auto games = read_games("[Termination \"" + termination + "\"]\n\n1. e4 1/2-1/2");
        REQUIRE(games.size() == 1);
        return audit::classify_termination(games[0]);
    };
    CHECK(end_of("fivefold repetition") == RecordedEnd::Fivefold);
    CHECK(end_of("FIVEFOLD_REPETITION") == RecordedEnd::Fivefold);  // python-chess / lichess names
    CHECK(end_of("SEVENTYFIVE_MOVES") == RecordedEnd::SeventyFiveMoves);
    CHECK(end_of("75-move rule") == RecordedEnd::SeventyFiveMoves);
    CHECK(end_of("THREEFOLD_REPETITION") == RecordedEnd::Threefold);
    CHECK(end_of("FIFTY_MOVES") == RecordedEnd::FiftyMoves);
    CHECK(end_of("INSUFFICIENT_MATERIAL") == RecordedEnd::InsufficientMaterial);
    CHECK(end_of("Game drawn by repetition") == RecordedEnd::Threefold);  // chess.com
    CHECK(end_of("Game drawn by 50-move rule") == RecordedEnd::FiftyMoves);
    CHECK(end_of("Game drawn by timeout vs insufficient material") == RecordedEnd::TimeForfeit);
    CHECK(end_of("3-fold repetition") == RecordedEnd::Threefold);  // cutechess-cli
    CHECK(end_of("fifty moves rule") == RecordedEnd::FiftyMoves);
    CHECK(end_of("insufficient mating material") == RecordedEnd::InsufficientMaterial);
    CHECK(end_of("dead position") == RecordedEnd::DeadPosition);
}

namespace {

// A game as `drawproxy match` writes it: the knights' shuffle for `plies`, then `outcome`.
std::string drawproxy_pgn(int plies, const game::Outcome& outcome,
                          std::vector<std::string> final_notes = {}) {
    game::GameRecord g;
    g.number = 1;
    g.white = "A";
    g.black = "B";
    g.rules = "fide-2023";
    g.time_control = "10+0.1";
    g.date = "2026.12.01";
    g.start = rules::Position::startpos();
    static const char* const SHUFFLE[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
    rules::Position pos = g.start;
    for (int i = 0; i < plies; ++i) {
        game::PlyRecord p;
        p.move = rules::parse_uci_move(pos, SHUFFLE[i % 4]);
        REQUIRE(p.move);
        p.has_score = true;
        p.depth = 10;
        p.time_ms = 100;
        pos.play(p.move);
        g.plies.push_back(p);
    }
    g.final_notes = std::move(final_notes);
    g.outcome = outcome;
    return output::write_pgn(g) + output::write_pgn(g, /*minimal=*/true);
}

game::Outcome outcome(const char* reason, const char* article, const char* move = "", bool claimed = false) {
    game::Outcome o;
    o.score = rules::Score::Draw;
    o.termination = *rules::parse_termination(reason);
    o.article = article;
    o.move = move;
    o.claimed = claimed;
    return o;
}

}  // namespace

TEST_CASE("audit understands drawproxy's own PGN: ResultRule tags and ending comments",
          "[audit][cli][engine]") {
    // Black claims with the intended move Ng8 at ply 7; White claims the threefold that appeared
    // at ply 8; the fifth occurrence at ply 16; an event rule's adjudication.
    const std::string text = drawproxy_pgn(7, outcome("threefold", "9.2.1", "f6g8", true)) +
                             drawproxy_pgn(8, outcome("threefold", "9.2.2", "", true)) +
                             drawproxy_pgn(16, outcome("fivefold", "9.6.1")) +
                             drawproxy_pgn(10, outcome("adjudication", "draw-score"));
    const auto games = read_games(text);
    REQUIRE(games.size() == 8);  // each in full and in cutechess-cli's "min" form
    rules::Game scratch;
    const rules::Edition e = rules::Edition::builtin("fide-2023");
    using audit::RecordedEnd;
    const RecordedEnd expected[] = {RecordedEnd::Threefold, RecordedEnd::Threefold, RecordedEnd::Fivefold,
                                    RecordedEnd::Adjudication};
    for (std::size_t i = 0; i < games.size(); ++i) {
        INFO("game " << i + 1);
        REQUIRE(games[i].ok());
        const audit::GameAudit a = audit::audit_game(games[i], e, scratch);
        CHECK(a.recorded_end == expected[i / 2]);
        CHECK(a.agrees);
    }
    // The intended move is checked, not just the kind of claim: its ResultRule is kept.
    CHECK(audit::audit_game(games[0], e, scratch).result_rule == "threefold 9.2.1 move f6g8");
    CHECK(audit::audit_game(games[2], e, scratch).result_rule == "threefold 9.2.2");
    // A claim with a move that does not repeat the position is wrong.
    const auto wrong = read_games(drawproxy_pgn(7, outcome("threefold", "9.2.1", "f6h5", true)));
    CHECK(!audit::audit_game(wrong[0], e, scratch).agrees);
    // The ending comment alone (the tag removed) says the same.
    std::string untagged = drawproxy_pgn(16, outcome("fivefold", "9.6.1"));
    untagged.erase(untagged.find("[ResultRule"),
                   untagged.find('\n', untagged.find("[ResultRule")) - untagged.find("[ResultRule") + 1);
    CHECK(audit::classify_termination(read_games(untagged)[0]) == RecordedEnd::Fivefold);

    TempFile in(text);
    Run r = run_audit_cli(in.path);
    CHECK(r.status == 0);
    CHECK(r.out.find("unstated") == std::string::npos);
    CHECK(r.out.find("recorded as: 3-fold repetition 4; adjudication 2; fivefold repetition 2;") !=
          std::string::npos);
}

TEST_CASE("audit's table keeps its columns aligned whatever the cells hold", "[audit][cli][engine]") {
    // A 75-move end ("2 seventy-five-moves 9.6.2 1/2-1/2") is wider than the old fixed column,
    // a long name and a non-ASCII one, and a broken game's row.
    const std::string text = pgn_game(
                                 "[White \"A very long engine name 1.2.3 (dev)\"]\n[Black \"Émile Blöchl\"]\n"
                                 "[SetUp \"1\"]\n[FEN \"8/8/3k4/8/8/8/8/R3K3 w - - 148 120\"]\n",
                                 "120. Ra2 Kd5", "1-0") +
                             pgn_game("[White \"a\"]\n[Black \"b\"]\n", "1. e4 e5", "*") +
                             pgn_game("[White \"c\"]\n[Black \"d\"]\n", "1. e4 e5 2. Ke3", "1-0");
    TempFile in(text);
    Run r = run_audit_cli(in.path);
    const auto out = lines(r.out);
    REQUIRE(out.size() >= 5);
    CHECK(r.out.find("A very long engine name 1.2.3 (dev)") != std::string::npos);  // not clipped
    CHECK(r.out.find("2 seventy-five-moves 9.6.2 1/2-1/2") != std::string::npos);
    // Columns counted in characters (UTF-8 code points), as a terminal shows them.
    auto column = [](const std::string& line, const std::string& word) -> long {
        const std::size_t at = line.find(word);
        if (at == std::string::npos) return -1;
        return long(std::count_if(line.begin(), line.begin() + long(at),
                                  [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
    };
    const std::string& header = out[1];
    const long verdict = column(header, "verdict"), result = column(header, "result");
    REQUIRE(verdict > 0);
    for (std::size_t i = 2; i < 5; ++i) {
        INFO(out[i]);
        const long v =
            std::max({column(out[i], "agrees:"), column(out[i], "DIFFERS:"), column(out[i], "BROKEN")});
        CHECK(v == verdict);
        CHECK(column(out[i], i == 3 ? "*" : "1-0") == result);
    }
}

TEST_CASE("audit of an empty file says 'no games', and a directory or missing file names the reason",
          "[audit][cli][engine]") {
    TempFile empty(""), blank("\n  \n{a comment between games}\n");
    for (const std::string& path : {empty.path, blank.path}) {
        Run r = run_audit_cli(path);
        CHECK(r.status == 0);
        CHECK(r.out.empty());
        CHECK(r.err == "drawproxy: audit: " + path + ": no games\n");
        Run j = run_audit_cli("--json " + path);
        CHECK(j.status == 0);
        CHECK(j.out.empty());
    }
    const std::string dir = "/tmp/drawproxy_audit_test_dir_" + std::to_string(::getpid());
    REQUIRE(::mkdir(dir.c_str(), 0700) == 0);
    Run d = run_audit_cli(dir);
    Run both = run_audit_cli("--json " + dir + " " + test::source_path("tests/data/pgn/cutechess.pgn"));
    ::rmdir(dir.c_str());
    CHECK(d.status == 2);
    CHECK(d.out.empty());
    CHECK(d.err == "drawproxy: audit: cannot read " + dir + ": Is a directory\n");
    Run m = run_audit_cli("/nonexistent/drawproxy.pgn");
    CHECK(m.status == 2);
    CHECK(m.err == "drawproxy: audit: cannot read /nonexistent/drawproxy.pgn: No such file or directory\n");
    // The other files are still audited.
    CHECK(both.status == 2);
    CHECK(both.err == d.err);
    CHECK(lines(both.out).size() == 5);
}
