// Polyglot opening books (book=, bookdepth=): the keys are the format's (its published test
// keys), castling is read king-takes-rook, book moves are played for the engine while the book
// has the position and within bookdepth, drawn by weight, the same for the same seed.
#include <unistd.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

#include "game/polyglot_book.h"
#include "rules/notation.h"
#include "rules/polyglot.h"
#include "support/match_helpers.h"

using namespace drawproxy;
using namespace drawproxy::test;

namespace {

rules::Position after(const std::string& fen, const std::vector<std::string>& moves) {
    rules::Position pos = rules::Position::from_fen(fen);
    for (const auto& m : moves) {
        rules::Move mv = rules::parse_uci_move(pos, m);
        REQUIRE(mv);
        pos.play(mv);
    }
    return pos;
}

rules::Position after(const std::vector<std::string>& moves) {
    return after(std::string(rules::Position::START_FEN), moves);
}

// A move as the format writes it: to in bits 0-5, from in 6-11, promotion in 12-14.
std::uint16_t raw(const std::string& uci) {
    auto sq = [&](int i) { return (uci[i + 1] - '1') * 8 + (uci[i] - 'a'); };
    int promo = 0;
    if (uci.size() == 5) promo = std::string("nbrq").find(uci[4]) + 1;
    return std::uint16_t(promo << 12 | sq(0) << 6 | sq(2));
}

struct Entry {
    std::uint64_t key;
    std::string move;
    int weight;
};

// The book's bytes: 16-byte big-endian entries sorted by key, as Polyglot writes them.
std::string book_bytes(std::vector<Entry> entries) {
    std::stable_sort(entries.begin(), entries.end(),
                     [](const Entry& a, const Entry& b) { return a.key < b.key; });
    std::string out;
    auto put = [&](std::uint64_t v, int bytes) {
        for (int i = bytes - 1; i >= 0; --i) out += char((v >> (8 * i)) & 0xFF);
    };
    for (const Entry& e : entries) {
        put(e.key, 8);
        put(raw(e.move), 2);
        put(std::uint64_t(e.weight), 2);
        put(0, 4);
    }
    return out;
}

rules::Position final_of(const game::GameRecord& g) {
    rules::Position pos = g.start;
    for (const auto& ply : g.plies) pos.play(ply.move);
    return pos;
}

tournament::MatchSummary play(const std::string& white_keys, const std::string& extra,
                              const std::string& white = "score=0", const std::string& black = "score=0") {
    return run_match_words(words("-engine " + fake_cmd(white) + " name=W " + white_keys + " -engine " +
                                 fake_cmd(black) + " name=B -each nodes=1 claim=never " + extra));
}

}  // namespace

TEST_CASE("Polyglot keys are the format's published test keys", "[match][polyglot]") {
    CHECK(rules::polyglot_key(after({})) == 0x463b96181691fc9cULL);
    CHECK(rules::polyglot_key(after({"e2e4"})) == 0x823c9b50fd114196ULL);
    CHECK(rules::polyglot_key(after({"e2e4", "d7d5"})) == 0x0756b94461c50fb0ULL);
    CHECK(rules::polyglot_key(after({"e2e4", "d7d5", "e4e5"})) == 0x662fafb965db29d4ULL);
    CHECK(rules::polyglot_key(after({"e2e4", "d7d5", "e4e5", "f7f5"})) == 0x22a48b5a8e47ff78ULL);
    CHECK(rules::polyglot_key(after({"e2e4", "d7d5", "e4e5", "f7f5", "e1e2"})) == 0x652a607ca3f242c1ULL);
    CHECK(rules::polyglot_key(after({"e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"})) ==
          0x00fdd303c946bdd9ULL);
    CHECK(rules::polyglot_key(after({"a2a4", "b7b5", "h2h4", "b5b4", "c2c4"})) == 0x3c8123ea7b067637ULL);
    CHECK(rules::polyglot_key(after({"a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"})) ==
          0x5c3f9b829b279560ULL);
}

TEST_CASE("Polyglot moves: castling king-takes-rook, promotions, illegal entries", "[match][polyglot]") {
    const rules::Position castle = rules::Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    rules::Move m = rules::polyglot_move(castle, raw("e1h1"));
    REQUIRE(m);
    CHECK(m.kind() == rules::Move::CASTLING);
    std::string uci;
    rules::append_uci(castle, m, uci);
    CHECK(uci == "e1g1");
    uci.clear();
    rules::append_uci(castle, rules::polyglot_move(castle, raw("e1a1")), uci);
    CHECK(uci == "e1c1");
    // e1g1 in a book is a king move of two squares, not castling: not a legal move.
    CHECK_FALSE(rules::polyglot_move(castle, raw("e1g1")));
    const rules::Position promo = rules::Position::from_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1");
    uci.clear();
    rules::append_uci(promo, rules::polyglot_move(promo, raw("a7a8n")), uci);
    CHECK(uci == "a7a8n");
    CHECK_FALSE(rules::polyglot_move(promo, raw("a7a8")));  // a pawn on the last rank must promote
}

TEST_CASE("book= plays book moves while in book, bookdepth= stops them, castling is translated",
          "[match][polyglot][engine]") {
    // White's book: 1.e4, and after 1.e4 e5 2.Nf3. Its engine would play 1.d4 and 2.c4.
    TempFile book(".bin", book_bytes({{rules::polyglot_key(after({})), "e2e4", 10},
                                      {rules::polyglot_key(after({"e2e4", "e7e5"})), "g1f3", 3}}));
    const std::string w = "score=0;moves=d2d4,,c2c4", b = "score=0;moves=,e7e5,,b8c6";
    SECTION("in book for two moves") {
        auto s = play("book=" + book.path, "-maxmoves 2", w, b);
        REQUIRE(s.games.size() == 1);
        const auto& p = s.games[0].plies;
        REQUIRE(p.size() == 4);
        CHECK(p[0].book);
        CHECK(p[2].book);
        CHECK_FALSE(p[1].book);
        CHECK(after({"e2e4", "e7e5", "g1f3", "b8c6"}).same_position(final_of(s.games[0])));
    }
    SECTION("bookdepth=1: one move from the book, then the engine") {
        auto s = play("book=" + book.path + " bookdepth=1", "-maxmoves 2", w, b);
        REQUIRE(s.games.size() == 1);
        const auto& p = s.games[0].plies;
        REQUIRE(p.size() == 4);
        CHECK(p[0].book);
        CHECK_FALSE(p[2].book);
        CHECK(after({"e2e4", "e7e5", "c2c4", "b8c6"}).same_position(final_of(s.games[0])));
    }
    SECTION("out of book after the engine's own move") {
        auto s = play("book=" + book.path, "-maxmoves 2", w, "score=0;moves=,c7c5");
        const auto& p = s.games[0].plies;
        REQUIRE(p.size() == 4);
        CHECK(p[0].book);
        CHECK_FALSE(p[2].book);  // 1.e4 c5 is not in the book
    }
    SECTION("castling: the book's e1h1 is played as O-O and sent to the engines as e1g1") {
        const std::string fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq -";
        TempFile openings(".epd", fen + "\n");
        TempFile castle(".bin", book_bytes({{rules::polyglot_key(after(fen + " 0 1", {})), "e1h1", 1}}));
        TempFile log(".log");
        auto s = play("book=" + castle.path, "-maxmoves 1 -openings file=" + openings.path + " format=epd",
                      "score=0", "score=0;log=" + log.path);
        REQUIRE(s.games.size() == 1);
        REQUIRE(s.games[0].plies.size() == 2);
        CHECK(s.games[0].plies[0].book);
        CHECK(s.games[0].plies[0].move.kind() == rules::Move::CASTLING);
        CHECK(slurp(log.path).find(" moves e1g1") != std::string::npos);
    }
    SECTION("a file that is not a book is refused on one line") {
        TempFile bad(".bin", "not a book");
        CHECK_THROWS_WITH(play("book=" + bad.path, "-maxmoves 1"), Catch::Contains("not a Polyglot book"));
        CHECK_THROWS_WITH(play("book=/nonexistent.bin", "-maxmoves 1"), Catch::Contains("cannot read"));
    }
}

TEST_CASE("book moves are drawn by weight and the same for the same seed", "[match][polyglot][engine]") {
    // 1.e4 weight 3, 1.d4 weight 1, 1.c4 weight 0 (never played).
    const std::uint64_t start = rules::polyglot_key(after({}));
    TempFile book(".bin", book_bytes({{start, "e2e4", 3}, {start, "d2d4", 1}, {start, "c2c4", 0}}));
    auto first_moves = [&](const std::string& seed) {
        auto s = play("book=" + book.path, "-maxmoves 1 -games 24 -noswap -srand " + seed);
        std::map<int, std::string> by_game;
        for (const auto& g : s.games) {
            std::string uci;
            rules::append_uci(g.start, g.plies[0].move, uci);
            CHECK(g.plies[0].book);
            by_game[g.number] = uci;
        }
        return by_game;
    };
    const auto a = first_moves("7"), b = first_moves("7"), c = first_moves("8");
    CHECK(a == b);
    CHECK(a != c);
    int e4 = 0, d4 = 0;
    for (const auto& [n, m] : a) {
        e4 += m == "e2e4";
        d4 += m == "d2d4";
    }
    CHECK(e4 + d4 == 24);  // never c4
    CHECK(e4 > d4);
    CHECK(d4 > 0);
}

TEST_CASE("seed from the clock without -srand: book moves differ by run, the seed is said and repeats them",
          "[match][polyglot][engine]") {
    const std::uint64_t start = rules::polyglot_key(after({}));
    const std::string bytes =
        book_bytes({{start, "e2e4", 1}, {start, "d2d4", 1}, {start, "c2c4", 1}, {start, "g1f3", 1}});
    TempFile book(".bin", bytes);
    const std::string engines = "-engine " + fake_cmd("score=0") + " name=W book=" + book.path + " -engine " +
                                fake_cmd("score=0") +
                                " name=B -each nodes=1 claim=never -maxmoves 1 -games 16 -noswap";
    // Each run draws its own seed, kept on the command line a resumed match reads back.
    const auto o1 = app::parse_match_options(words(engines)), o2 = app::parse_match_options(words(engines));
    CHECK_FALSE(o1.seed_given);
    CHECK(o1.seed != o2.seed);
    REQUIRE(o1.args.size() >= 2);
    CHECK(o1.args[o1.args.size() - 2] == "-srand");
    CHECK(o1.args.back() == std::to_string(o1.seed));

    auto first_moves = [&](const std::string& pgn_path) {
        std::vector<std::string> moves;
        for (const auto& g : read_pgn_file(pgn_path)) {
            REQUIRE(!g.moves.empty());
            moves.push_back(rules::to_uci(g.start, g.moves[0]));
        }
        return moves;
    };
    auto json_of = [](const std::string& path) { return nlohmann::json::parse(slurp(path)); };
    TempFile pgn1(".pgn"), json1(".json");
    const CommandRun run =
        run_drawproxy("match " + engines + " -pgnout " + pgn1.path + " -jsonout " + json1.path);
    INFO(run.err);
    REQUIRE(run.status == 0);
    const std::uint64_t seed = json_of(json1.path)["seed"].get<std::uint64_t>();
    CHECK(run.out.find("Seed " + std::to_string(seed) + " from the clock") != std::string::npos);
    // -srand with the seed said plays the same book moves, and is the same match.
    TempFile pgn2(".pgn"), json2(".json");
    const std::string again = engines + " -srand " + std::to_string(seed);
    REQUIRE(run_drawproxy("match " + again + " -pgnout " + pgn2.path + " -jsonout " + json2.path).status ==
            0);
    CHECK(first_moves(pgn1.path).size() == 16);
    CHECK(first_moves(pgn1.path) == first_moves(pgn2.path));
    CHECK(json_of(json1.path)["match_id"] == json_of(json2.path)["match_id"]);
    CHECK(run_drawproxy("match " + again + " -pgnout " + pgn2.path).out.find("from the clock") ==
          std::string::npos);

    // The book is in the match id by its content: the same bytes under another name are the
    // same match; other bytes under the same name are another (a shard or resume refuses it).
    auto id_with = [&](const std::string& book_path) {
        TempFile json(".json");
        std::string args = again;
        args.replace(args.find(book.path), book.path.size(), book_path);
        REQUIRE(run_drawproxy("match " + args + " -jsonout " + json.path).status == 0);
        return json_of(json.path)["match_id"].get<std::string>();
    };
    const std::string id = json_of(json2.path)["match_id"];
    TempFile copy(".bin", bytes);
    CHECK(id_with(copy.path) == id);
    TempFile other(".bin", book_bytes({{start, "e2e4", 1}, {start, "d2d4", 2}}));
    CHECK(id_with(other.path) != id);
    const std::string other_bytes = slurp(other.path);
    {
        std::ofstream rewrite(book.path, std::ios::binary | std::ios::trunc);
        rewrite << other_bytes;
    }
    CHECK(id_with(book.path) != id);
}

TEST_CASE("book= with Stockfish: book moves, castling sent as e1g1, then the engines play on",
          "[match][polyglot][stockfish][e2e]") {
    const std::string sf = "/usr/games/stockfish";
    if (::access(sf.c_str(), X_OK) != 0) FAIL("needs /usr/games/stockfish");
    const std::string fen = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    TempFile openings(".epd", fen.substr(0, fen.size() - 4) + "\n");
    // White castles from the book (e1h1); Black's 4...Nf6 from the book too, then both search.
    TempFile book(".bin", book_bytes({{rules::polyglot_key(after(fen, {})), "e1h1", 1},
                                      {rules::polyglot_key(after(fen, {"e1g1"})), "g8f6", 1}}));
    TempFile log(".log");
    auto s = run_match_words(words("-engine cmd=" + sf + " name=sf1 -engine cmd=" + sf +
                                   " name=sf2 -each nodes=1000 option.Hash=16 claim=never book=" + book.path +
                                   " -maxmoves 3 -noswap -openings file=" + openings.path +
                                   " format=epd -log file=" + log.path));
    REQUIRE(s.games.size() == 1);
    const auto& g = s.games[0];
    CHECK(g.outcome.rule_text() == "adjudication max-moves");
    REQUIRE(g.plies.size() == 6);
    CHECK(g.plies[0].book);
    CHECK(g.plies[0].move.kind() == rules::Move::CASTLING);
    CHECK(g.plies[1].book);
    CHECK_FALSE(g.plies[2].book);
    CHECK(g.plies[2].has_score);
    CHECK(slurp(log.path).find("moves e1g1 g8f6") != std::string::npos);
}
