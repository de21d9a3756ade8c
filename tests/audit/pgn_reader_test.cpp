// The streaming PGN reader: formats written by cutechess-cli, fastchess and lichess,
// movetext features, malformed input, and independence from how the text is chunked.
#include <catch2/catch.hpp>
#include <cctype>
#include <fstream>
#include <sstream>
#include <utility>

#include "pgn_samples.h"
#include "rules/notation.h"
#include "rules/pgn.h"

using namespace drawproxy::rules;

namespace {

std::string data(const std::string& name) { return drawproxy::test::pgn_sample(name); }

// What a test needs to know of a game, copied out (the reader reuses its game).
struct Seen {
    int number;
    bool ok;
    int error_ply;
    std::string error;
    std::string result;
    std::vector<std::string> uci;
    std::vector<PgnMoveNote> notes;
    std::vector<std::string> comments;
    std::vector<PgnTag> tags;
    std::string start_fen;
};

std::vector<Seen> read_all(std::string_view text, std::size_t chunk = 1 << 16) {
    std::vector<Seen> out;
    PgnReader reader;
    auto drain = [&] {
        while (const PgnGame* g = reader.next()) {
            Seen s{g->number,
                   g->ok(),
                   g->ok() ? -1 : g->error->ply,
                   g->ok() ? "" : g->error->message,
                   g->result,
                   {},
                   g->notes,
                   {},
                   g->tags,
                   to_fen(g->start)};
            Position pos = g->start;
            for (int i = 0; i < g->ply_count(); ++i) {
                s.uci.push_back(to_uci(pos, g->moves[i]));
                s.comments.emplace_back(g->comment(i));
                pos.play(g->moves[i]);
            }
            out.push_back(std::move(s));
        }
    };
    for (std::size_t i = 0; i < text.size(); i += chunk) {
        reader.feed(text.substr(i, chunk));
        drain();
    }
    reader.finish();
    drain();
    return out;
}

std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : " ") + x;
    return s;
}

}  // namespace

TEST_CASE("cutechess-cli games: tags, moves, comments and FEN starts", "[pgn]") {
    auto games = read_all(data("cutechess.pgn"));
    REQUIRE(games.size() == 5);
    for (const auto& g : games) CHECK(g.ok);
    CHECK(joined(games[0].uci) == "f2f3 e7e5 g2g4 d8h4");
    CHECK(games[0].result == "0-1");
    CHECK(games[0].comments[3] == "+M1/2 0.003s, Black mates");
    CHECK(games[0].notes[3].mate == 1);
    CHECK(games[0].notes[3].depth == 2);
    CHECK(games[0].notes[3].elapsed_ms == 3);
    CHECK(games[0].notes[0].score_cp == -50);
    CHECK(games[0].notes[0].depth == 10);
    CHECK(games[0].notes[0].elapsed_ms == 12);
    CHECK(games[1].uci.size() == 8);
    CHECK(games[2].start_fen == "8/8/4k3/8/8/2r5/3B4/4K3 w - - 0 1");
    CHECK(joined(games[2].uci) == "d2c3");
    // A game starting with Black to move ("60... Rh2").
    CHECK(joined(games[3].uci) == "h1h2 d3e3");
    CHECK(games[3].tags[7].name == "FEN");
}

TEST_CASE("fastchess games: Chess960 castling, tl= clocks, UCI movetext", "[pgn]") {
    auto games = read_all(data("fastchess.pgn"));
    REQUIRE(games.size() == 4);
    for (const auto& g : games) CHECK(g.ok);
    // The Variant tag comes after FEN in fastchess output: castling is still read as 960.
    CHECK(joined(games[0].uci).substr(0, 19) == "h1g3 h8g6 f1g1 f8g8");
    CHECK(games[0].notes[0].clock_ms == 1969);
    CHECK(games[0].notes[0].elapsed_ms == 51);
    CHECK(games[0].notes[0].score_cp == 31);
    CHECK(games[1].start_fen == "8/8/4k3/8/8/3K4/R7/7r w - - 90 80");
    CHECK(games[2].uci.size() == 18);
    CHECK(joined(games[3].uci) == "e2e4 f7f6 d2d4 g7g5 d1h5");
    CHECK(games[3].notes[3].mate == -1);
}

TEST_CASE("lichess games: [%clk] and [%eval] commands, 1... numbers, glyphs", "[pgn]") {
    auto games = read_all(data("lichess.pgn"));
    REQUIRE(games.size() == 3);
    for (const auto& g : games) CHECK(g.ok);
    CHECK(joined(games[0].uci) == "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7");
    CHECK(games[0].notes[0].clock_ms == 180000);
    CHECK(games[0].notes[1].clock_ms == 179500);
    CHECK(games[0].notes[0].score_cp == 20);
    CHECK(games[0].notes[5].mate == 1);
    CHECK(games[1].uci.size() == 19);
    CHECK(games[2].result == "0-1");
}

TEST_CASE("movetext features: variations, NAGs, semicolon and % comments, escapes", "[pgn]") {
    const std::string text =
        "% an escape line\n"
        "[Event \"a \\\"quoted\\\" name\"]\n"
        "[White \"x\\\\y\"]\n"
        "\n"
        "1.e4 $1 e5!? (1... c5 2. Nf3 (2. c3 {a (paren ; not a line comment} d5) d6) 2. Nf3 ; to the end of "
        "line\n"
        "Nc6 {one} {two} 3.Bb5 a6 4. Bxc6 dxc6 5. O-O f6 6. d4 exd4 7. Nxd4 c5 8. Nb3 Qxd1 9. Rxd1 Bg4 10. "
        "f3 Be6\n"
        "11. Nc3 Bd6 1/2-1/2\n";
    auto games = read_all(text);
    REQUIRE(games.size() == 1);
    const auto& g = games[0];
    INFO(g.error);
    REQUIRE(g.ok);
    CHECK(g.tags[0].value == "a \"quoted\" name");
    CHECK(g.tags[1].value == "x\\y");
    CHECK(g.uci.size() == 22);
    CHECK(g.uci[1] == "e7e5");  // the variation's moves are skipped
    CHECK(g.uci[2] == "g1f3");
    CHECK(g.uci[8] == "e1g1");
    CHECK(g.uci[21] == "f8d6");
    CHECK(g.comments[3] == "one two");
    CHECK(g.result == "1/2-1/2");
}

TEST_CASE("games without tags and without a blank line between games", "[pgn]") {
    auto games = read_all("1. e4 e5 1-0 1. d4 d5 0-1\n[Event \"t\"]\n1. c4 *");
    REQUIRE(games.size() == 3);
    CHECK(games[0].result == "1-0");
    CHECK(joined(games[1].uci) == "d2d4 d7d5");
    CHECK(games[2].result == "*");
    CHECK(games[2].tags.size() == 1);
}

TEST_CASE("the Variant tag: Chess960 names, unsupported variants", "[pgn]") {
    CHECK(is_chess960_variant("Chess960"));
    CHECK(is_chess960_variant("chess 960"));
    CHECK(is_chess960_variant("fischerandom"));
    CHECK(!is_chess960_variant("Standard"));
    auto games = read_all(
        "[Variant \"Atomic\"]\n\n1. e4 *\n\n[Variant \"From Position\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 "
        "1\"]\n\n1. O-O *\n");
    REQUIRE(games.size() == 2);
    CHECK(!games[0].ok);
    CHECK(games[0].error.find("unsupported variant") != std::string::npos);
    CHECK(games[1].ok);
    CHECK(joined(games[1].uci) == "e1g1");
}

TEST_CASE("malformed PGN: each broken game is reported and reading goes on", "[pgn]") {
    auto games = read_all(data("malformed.pgn"));
    REQUIRE(games.size() == 10);
    for (int i = 0; i < 10; ++i) CHECK(games[i].number == i + 1);
    CHECK(games[0].error == "unclosed comment");
    CHECK(games[0].error_ply == 1);
    CHECK(games[1].ok);
    CHECK(games[1].result == "1/2-1/2");
    CHECK(games[2].error == "unclosed variation");
    CHECK(games[2].error_ply == 1);
    CHECK(games[3].error_ply == 2);
    CHECK(games[3].error.find("'Nf9'") != std::string::npos);
    CHECK(games[4].error_ply == 2);
    CHECK(games[4].error.find("illegal") != std::string::npos);
    CHECK(games[5].error == "missing result");
    CHECK(games[5].error_ply == 3);
    CHECK(!games[6].ok);
    CHECK(games[6].error_ply == 1);
    CHECK(games[7].error.find("bad tag") == 0);
    CHECK(games[8].ok);
    CHECK(joined(games[8].uci) == "e2e4 e7e5 g1f3");
    CHECK(games[9].error == "unclosed comment");
}

TEST_CASE("bad FEN tags, null moves and overlong tokens are reported", "[pgn]") {
    auto games = read_all("[FEN \"not a fen\"]\n\n1. e4 *\n\n1. e4 -- 2. d4 *\n\n1. " +
                          std::string(500, 'x') + " *\n\n1. e4 e5 *");
    REQUIRE(games.size() == 4);
    CHECK(games[0].error.find("bad FEN") == 0);
    CHECK(games[1].error.find("null move") == 0);
    CHECK(games[1].error_ply == 1);
    CHECK(games[2].error.find("not a move") != std::string::npos);
    CHECK(games[3].ok);
}

TEST_CASE("hostile input stays within the reader's limits", "[pgn]") {
    std::string many_tags;
    for (std::size_t i = 0; i <= PgnReader::MAX_TAGS; ++i)
        many_tags += "[T" + std::to_string(i) + " \"v\"]\n";
    auto games = read_all(many_tags + "\n1. e4 *\n\n1. d4 *");
    REQUIRE(games.size() == 2);
    CHECK(games[0].error.find("tags") != std::string::npos);
    CHECK(games[0].tags.size() == PgnReader::MAX_TAGS);
    CHECK(games[1].ok);
    // Comment text beyond the per-game budget is dropped; the moves still count.
    auto big = read_all("1. e4 {" + std::string(PgnReader::MAX_COMMENT_BYTES + 10, 'c') + "} e5 {short} *");
    REQUIRE(big.size() == 1);
    CHECK(big[0].ok);
    CHECK(big[0].comments[0].size() <= PgnReader::MAX_COMMENT_BYTES);
    CHECK(big[0].comments[1] == "short");
}

TEST_CASE("the games read do not depend on how the text is chunked", "[pgn]") {
    for (const char* file : {"cutechess.pgn", "fastchess.pgn", "lichess.pgn", "malformed.pgn"}) {
        const std::string text = data(file);
        const auto whole = read_all(text, text.size() + 1);
        for (std::size_t chunk : {1, 2, 3, 7, 64, 1000}) {
            const auto parts = read_all(text, chunk);
            REQUIRE(parts.size() == whole.size());
            for (std::size_t i = 0; i < whole.size(); ++i) {
                INFO(file << " chunk " << chunk << " game " << i + 1);
                CHECK(parts[i].ok == whole[i].ok);
                CHECK(parts[i].error == whole[i].error);
                CHECK(parts[i].error_ply == whole[i].error_ply);
                CHECK(parts[i].uci == whole[i].uci);
                CHECK(parts[i].comments == whole[i].comments);
                CHECK(parts[i].result == whole[i].result);
            }
        }
    }
}

TEST_CASE("Windows line ends and a byte order mark read the same", "[pgn]") {
    const std::string text = data("fastchess.pgn");
    std::string crlf = "\xEF\xBB\xBF";
    for (char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    const auto unix_games = read_all(text), windows_games = read_all(crlf, 100);
    REQUIRE(windows_games.size() == unix_games.size());
    for (std::size_t i = 0; i < unix_games.size(); ++i) {
        CHECK(windows_games[i].ok);
        CHECK(windows_games[i].uci == unix_games[i].uci);
        CHECK(windows_games[i].tags.size() == unix_games[i].tags.size());
        CHECK(windows_games[i].result == unix_games[i].result);
    }
}

TEST_CASE("move comments: clock and score forms", "[pgn]") {
    PgnMoveNote n;
    parse_move_comment("[%clk 1:02:03.5] [%emt 0:00:07] [%eval -1.25,18]", n);
    CHECK(n.clock_ms == 3723500);
    CHECK(n.elapsed_ms == 7000);
    CHECK(n.score_cp == -125);
    CHECK(n.depth == 18);
    PgnMoveNote c;
    parse_move_comment("-M5/20 1.2s, tl=12.5s, n=12345", c);
    CHECK(c.mate == -5);
    CHECK(c.depth == 20);
    CHECK(c.elapsed_ms == 1200);
    CHECK(c.clock_ms == 12500);
    PgnMoveNote b;
    parse_move_comment("book", b);
    CHECK(b.book);
    CHECK(!b.depth);
    PgnMoveNote plain;
    parse_move_comment("3/4 of the time", plain);
    CHECK(!plain.depth);
    CHECK(!plain.score_cp);
}

namespace {

// Each game's text, read with keep_broken_text on, `chunk` bytes at a time.
std::vector<std::pair<bool, std::string>> kept_texts(std::string_view text, std::size_t chunk, bool keep) {
    std::vector<std::pair<bool, std::string>> out;
    PgnReader reader;
    reader.keep_broken_text(keep);
    auto drain = [&] {
        while (const PgnGame* g = reader.next()) out.emplace_back(g->ok(), g->text);
    };
    for (std::size_t i = 0; i < text.size(); i += chunk) {
        reader.feed(text.substr(i, chunk));
        drain();
    }
    reader.finish();
    drain();
    return out;
}

// The games of a file whose games are separated by a blank line before each '[': each one's
// text up to its last non-space byte.
std::vector<std::string> split_games(const std::string& text) {
    std::vector<std::string> out;
    std::size_t begin = 0;
    while (begin < text.size()) {
        std::size_t end = text.find("\n\n[", begin);
        std::string game = text.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
        while (!game.empty() && std::isspace(static_cast<unsigned char>(game.back()))) game.pop_back();
        out.push_back(game);
        if (end == std::string::npos) break;
        begin = end + 2;
    }
    return out;
}

}  // namespace

TEST_CASE("a broken game's text is kept byte for byte, however the input is chunked", "[pgn]") {
    const std::string text = data("malformed.pgn") + "\n\n" + data("cutechess.pgn");
    const std::vector<std::string> expected = split_games(text);
    REQUIRE(expected.size() == 15);
    for (std::size_t chunk : {std::size_t(1), std::size_t(3), std::size_t(64), text.size()}) {
        const auto games = kept_texts(text, chunk, true);
        REQUIRE(games.size() == expected.size());
        int broken = 0;
        for (std::size_t i = 0; i < games.size(); ++i) {
            INFO("chunk " << chunk << " game " << i + 1);
            if (games[i].first) {
                CHECK(games[i].second.empty());  // a good game costs no copy
            } else {
                ++broken;
                CHECK(games[i].second == expected[i]);
            }
        }
        CHECK(broken == 8);
    }
    // Off by default: nothing kept.
    for (const auto& [ok, kept] : kept_texts(text, 64, false)) CHECK(kept.empty());
}
