// A match in fastchess's format with engines that crash and that play illegal moves: the lines
// fishtest's worker and OpenBench's client read, and the PGN's Termination tags OpenBench reads.
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>

#include "support/match_helpers.h"

using namespace drawproxy;

namespace {

std::vector<std::string> text_lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

std::string finished_line_of(const std::vector<std::string>& lines, int game) {
    const std::string head = "Finished game " + std::to_string(game) + " ";
    for (const std::string& l : lines)
        if (l.rfind(head, 0) == 0) return l;
    return "";
}

}  // namespace

TEST_CASE("fastchess format: forfeits in fastchess's words, blocks of completed pairs, Finished match",
          "[match][output][engine]") {
    const auto [mode, reason_white, tag] =
        GENERATE(std::tuple{"crash=2", "{White disconnects}", "abandoned"},
                 std::tuple{"illegal=2", "{White makes an illegal move}", "illegal move"});
    test::TempFile pgn(".pgn");
    const test::CommandRun r = test::run_drawproxy(
        "match -engine " + test::fake_cmd(mode) + " name=X -engine " + test::fake_cmd("score=0") +
        " name=B -each nodes=1 -rounds 2 -games 2 -repeat -recover -output fastchess -ratinginterval 1 "
        "-pgnout " +
        pgn.path);
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    const auto lines = text_lines(r.out);
    // X is White in games 1 and 3 and forfeits them (as Black it is not reached: the fake's
    // moves repeat first).
    CHECK(finished_line_of(lines, 1) == std::string("Finished game 1 (X vs B): 0-1 ") + reason_white);
    CHECK(finished_line_of(lines, 3) == std::string("Finished game 3 (X vs B): 0-1 ") + reason_white);
    int forfeits = 0;
    for (const auto& g : test::read_pgn_file(pgn.path)) {
        if (g.tag("White") != "X") continue;
        CHECK(g.tag("Termination") == tag);
        ++forfeits;
    }
    CHECK(forfeits == 2);
    // One block per completed pair, Games twice its pairs; then Finished match and the time.
    std::vector<std::string> counts;
    for (const std::string& l : lines)
        if (l.rfind("Games: ", 0) == 0) counts.push_back(l.substr(0, l.find(',')));
    CHECK(counts == std::vector<std::string>{"Games: 2", "Games: 4"});
    // fastchess's list of the engines that forfeited on time or by a crash (X, in its two games
    // as White), then its last lines: "Finished match", the time, an empty line.
    const std::vector<std::string> forfeit_list = {
        "", "Player: X", "  Timeouts: 0",
        std::string("  Crashed: ") + (tag == std::string("abandoned") ? "2" : "0"), ""};
    if (tag == std::string("abandoned")) {
        REQUIRE(lines.size() >= 8);
        CHECK(std::vector<std::string>(lines.end() - 8, lines.end() - 3) == forfeit_list);
    } else {
        CHECK(std::find(lines.begin(), lines.end(), "Player: X") ==
              lines.end());  // an illegal move is neither
    }
    REQUIRE(lines.size() >= 3);
    CHECK(lines[lines.size() - 3] == "Finished match");
    CHECK(std::regex_match(lines[lines.size() - 2],
                           std::regex(R"(Total Time: \d\d:\d\d:\d\d \(hours:minutes:seconds\))")));
    CHECK(lines.back().empty());
    // OpenBench stops reading at the first empty line: none before the last Finished game line.
    bool empty = false;
    for (const std::string& l : lines) {
        if (l.empty()) empty = true;
        if (l.rfind("Finished game", 0) == 0) CHECK_FALSE(empty);
    }
}

TEST_CASE("fastchess format: a crash without -recover stops the match with fastchess's lines",
          "[match][output][engine]") {
    // fastchess 58072f23 and its HEAD, so stopped: the stop line before the game's Finished line,
    // no forfeit count for that game, the interrupted line (without a kept state, no command to
    // resume), status 1.
    const test::CommandRun r = test::run_drawproxy(
        "match -dialect fastchess -engine " + test::fake_cmd("crash=2") + " name=X -engine " +
        test::fake_cmd("score=0") + " name=B -each nodes=1 -rounds 2 -games 2");
    INFO(r.out << r.err);
    CHECK(r.status == 1);
    const auto lines = text_lines(r.out);
    const auto at =
        std::find(lines.begin(), lines.end(),
                  "Game 1 stalled / disconnected and no recover option set for engine, stopping tournament.");
    REQUIRE(at != lines.end());
    REQUIRE(lines.end() - at >= 6);
    CHECK(*(at + 1) == "Finished game 1 (X vs B): 0-1 {White disconnects}");
    CHECK(*(at + 2) == "Tournament was interrupted.");
    CHECK(*(at + 3) == "Finished match");
    CHECK(std::find(lines.begin(), lines.end(), "Player: X") == lines.end());
    CHECK(finished_line_of(lines, 2).empty());
}

namespace {

// CRC-32 (zlib's, as Python's zlib.crc32), bit by bit: independent of the runner's.
std::uint32_t crc32_of(const std::string& bytes) {
    std::uint32_t crc = 0xFFFFFFFFu;
    for (unsigned char c : bytes) {
        crc ^= c;
        for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

// Python's hex(): lowercase, "0x", no leading zeros.
std::string python_hex(std::uint32_t v) {
    std::ostringstream s;
    s << "0x" << std::hex << v;
    return s.str();
}

std::string run_to_text(const tournament::MatchOptions& opts) {
    std::FILE* out = std::tmpfile();
    REQUIRE(out);
    rules::Edition e = app::load_edition("fide-2023");
    tournament::Scheduler(opts, e, out).run();
    std::rewind(out);
    std::string text;
    char buf[4096];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, out)) > 0;) text.append(buf, n);
    std::fclose(out);
    return text;
}

}  // namespace

TEST_CASE(
    "CRC32 (-crc32 pgn=true): the whole file's CRC-32 after each PGN write, before the game's Finished line",
    "[match][output][engine]") {
    test::TempFile pgn(".pgn");
    const bool append = GENERATE(false, true);
    {
        std::ofstream earlier(pgn.path);
        earlier << "[Event \"earlier\"]\n\n*\n\n";
    }
    tournament::MatchOptions opts = app::parse_match_options(test::words(
        "-engine " + test::fake_cmd("score=0") + " name=A -engine " + test::fake_cmd("score=0") +
        " name=B -each nodes=1 -rounds 2 -games 2 -repeat -output fastchess -ratinginterval 1 -pgnout " +
        pgn.path));
    opts.pgn_append = append;
    opts.fastchess_output.crc32_pgn = true;
    const auto lines = text_lines(run_to_text(opts));
    const std::string head = "File " + pgn.path + " has CRC32: ";
    std::vector<std::string> crcs;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].rfind(head, 0) != 0) continue;
        crcs.push_back(lines[i].substr(head.size()));
        REQUIRE(i + 1 < lines.size());
        CHECK(lines[i + 1].rfind("Finished game ", 0) == 0);
    }
    CHECK(crcs.size() == 4);
    REQUIRE(!crcs.empty());
    // fishtest's worker: the last line's last word == hex(zlib.crc32(the file's bytes)).
    CHECK(crcs.back() == python_hex(crc32_of(test::slurp(pgn.path))));
    CHECK(test::slurp(pgn.path).rfind("[Event \"earlier\"]", 0) == (append ? 0 : std::string::npos));
}

TEST_CASE("without -crc32 no CRC line is printed", "[match][output][engine]") {
    test::TempFile pgn(".pgn");
    const tournament::MatchOptions opts = app::parse_match_options(test::words(
        "-engine " + test::fake_cmd("score=0") + " name=A -engine " + test::fake_cmd("score=0") +
        " name=B -each nodes=1 -rounds 1 -games 2 -repeat -output fastchess -pgnout " + pgn.path));
    CHECK(run_to_text(opts).find("CRC32") == std::string::npos);
}

TEST_CASE("fastchess format: its Warning lines for an illegal move and an option the engine lacks",
          "[match][output][engine]") {
    const test::CommandRun r =
        test::run_drawproxy("match -engine " + test::fake_cmd("illegal=2") + " name=X option.Foo=1 -engine " +
                            test::fake_cmd("score=0") +
                            " name=B -each nodes=1 -rounds 1 -games 2 -repeat -recover -output fastchess");
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    const auto lines = text_lines(r.out);
    // fishtest's worker stops the test on either: they must be fastchess's words, on stdout.
    const std::regex illegal(R"(^Warning; Illegal move \S+ played by X$)");
    std::size_t at = 0;
    while (at < lines.size() && !std::regex_match(lines[at], illegal)) ++at;
    REQUIRE(at + 1 < lines.size());
    CHECK(lines[at + 1] == "Finished game 1 (X vs B): 0-1 {White makes an illegal move}");
    CHECK(std::count(lines.begin(), lines.end(), "Warning; X doesn't have option Foo") >= 1);
    CHECK(std::count(lines.begin(), lines.end(), "Warning; B doesn't have option Foo") == 0);
    CHECK(r.err.find("has no option") == std::string::npos);
}

TEST_CASE("fastchess format: Indexing opening suite... before the first game with order=random",
          "[match][output][engine]") {
    const std::string book = test::source_path("configs/openings/classical.epd");
    for (const bool random : {true, false}) {
        INFO(random);
        const test::CommandRun r = test::run_drawproxy(
            "match -dialect fastchess -engine " + test::fake_cmd("score=0") + " name=A -engine " +
            test::fake_cmd("score=0") +
            " name=B -each nodes=1 -rounds 1 -srand 3 -maxmoves 2 -openings file=" + book +
            (random ? " order=random" : ""));
        INFO(r.out << r.err);
        REQUIRE(r.status == 0);
        const auto lines = text_lines(r.out);
        const auto indexing = std::find(lines.begin(), lines.end(), "Indexing opening suite...");
        const auto started = std::find_if(lines.begin(), lines.end(), [](const std::string& l) {
            return l.rfind("Started game 1 ", 0) == 0;
        });
        REQUIRE(started != lines.end());
        CHECK((indexing != lines.end()) == random);
        if (random) CHECK(indexing < started);
    }
}

TEST_CASE("fastchess's results header names the Threads and Hash the engines hold, as fastchess 58072f23",
          "[match][output][stockfish][e2e]") {
    // fastchess names what each engine holds once set up: Stockfish's declared defaults where
    // nothing is set, the default again where the value is refused (Hash=0, with its warning), the
    // number it reads from 032. The same command line through fastchess 58072f23 printed this.
    REQUIRE(::access(test::STOCKFISH, X_OK) == 0);
    const std::string sf = std::string("cmd=") + test::STOCKFISH;
    const test::CommandRun r =
        test::run_drawproxy("match -dialect fastchess -engine " + sf + " name=A option.Hash=0 -engine " + sf +
                            " name=B option.Hash=032 -each tc=inf nodes=200 -rounds 1 -openings file=" +
                            test::source_path("configs/openings/classical.epd"));
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    CHECK(test::occurrences(r.out, "Warning; Invalid value for option Hash; 0") == 2);
    CHECK(test::occurrences(r.out, "Results of A vs B (200 nodes, 1t, 16MB - 32MB, classical.epd):") == 1);
}
