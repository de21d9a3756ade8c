// perft against the counts of tests/data (themselves counted by Stockfish), against a slow
// mailbox generator on random playouts, and against a live Stockfish on random positions.
#include <sys/wait.h>
#include <unistd.h>
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

#include "epd.h"
#include "rules/notation.h"
#include "rules/perft.h"
#include "slow_movegen.h"

using namespace drawproxy;
using namespace drawproxy::rules;
using test::EPD_FILES;

namespace {

// Sanitized builds run several times slower: they check the smaller counts only, and the
// test names say so.
#ifdef DRAWPROXY_SANITIZED
constexpr std::uint64_t NODE_CAP = 300'000;
#define CAP_TEXT "300,000 (sanitized build)"
#else
constexpr std::uint64_t NODE_CAP = 5'000'000;
#define CAP_TEXT "5,000,000"
#endif

void check_epd_file(const test::EpdFile& file) {
    int checked = 0;
    for (const auto& e : test::load_epd(file.path)) {
        Position pos(Position::Uninitialised{});
        std::string error;
        INFO(file.path << ": " << e.fen);
        REQUIRE(parse_fen(e.fen, file.chess960, pos, error));
        for (auto [depth, count] : e.counts) {
            if (count > NODE_CAP) continue;
            INFO("depth " << depth);
            CHECK(perft(pos, depth) == count);
            ++checked;
        }
    }
    CHECK(checked > 100);  // the cap must not silently skip a whole file
}

// Random legal playouts from every EPD position, with a fixed seed.
template <typename Visit>
void random_playouts(int plies, std::uint64_t seed, Visit visit) {
    std::mt19937_64 rng(seed);
    for (const auto& file : EPD_FILES) {
        for (const auto& e : test::load_epd(file.path)) {
            Position pos = Position::from_fen(e.fen, file.chess960);
            for (int ply = 0; ply < plies; ++ply) {
                visit(pos);
                MoveList moves = pos.legal_moves();
                if (moves.empty()) break;
                pos.play(moves[int(rng() % unsigned(moves.size()))]);
            }
        }
    }
}

std::vector<std::uint16_t> sorted_raw(const MoveList& list) {
    std::vector<Move> v(list.begin(), list.end());
    return test::slow::sorted_raw(v);
}

}  // namespace

TEST_CASE("perft.epd: every listed depth of at most " CAP_TEXT " nodes", "[perft]") {
    check_epd_file(EPD_FILES[0]);
}

TEST_CASE("perft960.epd (Chess960 mode): every listed depth of at most " CAP_TEXT " nodes", "[perft]") {
    check_epd_file(EPD_FILES[1]);
}

TEST_CASE("legal_moves equals a slow mailbox generator along random playouts", "[perft]") {
    int positions = 0;
    random_playouts(200, 2026, [&](const Position& pos) {
        INFO(to_fen(pos));
        REQUIRE(sorted_raw(pos.legal_moves()) == test::slow::sorted_raw(test::slow::legal_moves(pos)));
        ++positions;
    });
    CHECK(positions > 5000);
}

TEST_CASE("legal_moves_from: a square's moves are the slow generator's moves from it", "[perft]") {
    int positions = 0;
    random_playouts(60, 2027, [&](const Position& pos) {
        INFO(to_fen(pos));
        const std::vector<Move> all = test::slow::legal_moves(pos);
        for (int sq = 0; sq < 64; ++sq) {
            std::vector<Move> from;
            for (Move m : all)
                if (m.from() == Square(sq)) from.push_back(m);
            INFO("from " << sq);
            REQUIRE(sorted_raw(pos.legal_moves_from(Square(sq))) == test::slow::sorted_raw(from));
        }
        ++positions;
    });
    CHECK(positions > 1000);
}

TEST_CASE("play keeps the hash and state equal to a position rebuilt from its FEN", "[perft]") {
    random_playouts(200, 7, [](const Position& pos) {
        Position rebuilt(Position::Uninitialised{});
        std::string error;
        INFO(to_fen(pos));
        REQUIRE(parse_fen(to_fen(pos), pos.chess960(), rebuilt, error));
        CHECK(rebuilt.repetition_key() == pos.repetition_key());
        CHECK(rebuilt.same_position(pos));
        // The FEN shows en passant only when a legal capture exists (the key's rule too).
        REQUIRE(rebuilt.has_legal_en_passant() == pos.has_legal_en_passant());
        if (pos.has_legal_en_passant()) CHECK(rebuilt.ep_square() == pos.ep_square());
        CHECK(rebuilt.halfmove_clock() == pos.halfmove_clock());
        CHECK(rebuilt.fullmove_number() == pos.fullmove_number());
    });
}

namespace {

constexpr const char* STOCKFISH = "/usr/games/stockfish";

// Runs Stockfish on a script of commands and returns its output. Each `go perft` waits for
// the previous one to finish, so one process can count many positions.
std::string run_stockfish(const std::string& script) {
    auto path =
        std::filesystem::temp_directory_path() / ("drawproxy_sf_" + std::to_string(::getpid()) + ".txt");
    std::ofstream(path) << script << "quit\n";
    std::string out;
    if (FILE* p = ::popen((std::string(STOCKFISH) + " < " + path.string()).c_str(), "r")) {
        char buf[4096];
        while (std::size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
        ::pclose(p);
    }
    std::filesystem::remove(path);
    return out;
}

// Divides: "move: count" lines per position, in the order the positions were sent.
std::vector<std::map<std::string, std::uint64_t>> parse_divides(const std::string& out) {
    std::vector<std::map<std::string, std::uint64_t>> result(1);
    std::istringstream in(out);
    std::string line;
    while (std::getline(in, line)) {
        // "e2e4: 20" or "e7e8q: 3": a UCI move, a colon, a count.
        auto colon = line.find(": ");
        if ((colon == 4 || colon == 5) && line[0] >= 'a' && line[0] <= 'h' &&
            line.find_first_not_of("0123456789", colon + 2) == std::string::npos && line.size() > colon + 2)
            result.back()[line.substr(0, colon)] = std::stoull(line.substr(colon + 2));
        if (line.rfind("Nodes searched", 0) == 0) result.emplace_back();
    }
    result.pop_back();
    return result;
}

void compare_with_stockfish(bool chess960, int depth, int count, std::uint64_t seed) {
    if (!std::filesystem::exists(STOCKFISH))
        FAIL(STOCKFISH << " is not installed: this cross-check cannot run (apt-get install stockfish)");
    // Random positions: a random EPD position of the mode, then a random number of plies.
    std::vector<Position> positions;
    std::mt19937_64 rng(seed);
    const auto entries = test::load_epd(EPD_FILES[chess960 ? 1 : 0].path);
    while (int(positions.size()) < count) {
        Position pos = Position::from_fen(entries[rng() % entries.size()].fen, chess960);
        for (int plies = int(rng() % 40); plies > 0; --plies) {
            MoveList moves = pos.legal_moves();
            if (moves.empty()) break;
            pos.play(moves[int(rng() % unsigned(moves.size()))]);
        }
        if (pos.has_legal_moves()) positions.push_back(pos);
    }
    std::string script = chess960 ? "setoption name UCI_Chess960 value true\n" : "";
    for (const Position& pos : positions)
        script += "position fen " + to_fen(pos) + "\ngo perft " + std::to_string(depth) + "\n";
    const auto divides = parse_divides(run_stockfish(script));
    REQUIRE(divides.size() == positions.size());
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const Position& pos = positions[i];
        std::map<std::string, std::uint64_t> ours;
        for (Move m : pos.legal_moves()) {
            Position child = pos;
            child.play(m);
            ours[to_uci(pos, m)] = perft(child, depth - 1);
        }
        INFO(to_fen(pos));
        CHECK(ours == divides[i]);
    }
}

}  // namespace

TEST_CASE("divide equals Stockfish's go perft on random standard positions", "[perft][stockfish][e2e]") {
    compare_with_stockfish(false, 4, 200, 11);
}

TEST_CASE("divide equals Stockfish's go perft on random Chess960 positions", "[perft][stockfish][e2e]") {
    compare_with_stockfish(true, 4, 200, 12);
}

namespace {

std::string fmt_nodes(std::uint64_t n) { return "nodes " + std::to_string(n) + "\n"; }

// Runs the drawproxy executable through the shell; returns (exit status, stdout + stderr).
std::pair<int, std::string> run_drawproxy(const std::string& args) {
    const std::string exe = test::binary_path("bin/drawproxy");
    if (!std::filesystem::exists(exe)) FAIL(exe << " is not built (ninja drawproxy)");
    std::string out;
    FILE* p = ::popen((exe + " " + args + " 2>&1").c_str(), "r");
    REQUIRE(p);
    char buf[4096];
    while (std::size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
    const int status = ::pclose(p);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

}  // namespace

TEST_CASE("drawproxy perft: counts, divide, FEN as one or many words, usage errors", "[perft][cli][engine]") {
    CHECK(run_drawproxy("perft startpos 4") == std::pair<int, std::string>{0, "nodes 197281\n"});
    const std::string fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    CHECK(run_drawproxy("perft '" + fen + "' 3") == std::pair<int, std::string>{0, "nodes 97862\n"});
    CHECK(run_drawproxy("perft " + fen + " 3") == std::pair<int, std::string>{0, "nodes 97862\n"});

    auto [status, out] = run_drawproxy("perft --chess960 --divide '4k3/8/8/8/8/8/8/5K1R w K - 0 1' 2");
    CHECK(status == 0);
    // Castling, written king-takes-rook; after it the f1 rook takes f7 and f8 from the black king.
    CHECK_THAT(out, Catch::Contains("\nf1h1: 3\n"));
    CHECK_THAT(out, Catch::EndsWith(
                        fmt_nodes(perft(Position::from_fen("4k3/8/8/8/8/8/8/5K1R w K - 0 1", true), 2))));

    for (std::string bad :
         {"perft startpos", "perft startpos x", "perft startpos 21", "perft '8/8 w' 2", "perft"}) {
        auto [code, text] = run_drawproxy(bad);
        INFO(bad << " -> " << text);
        CHECK(code == 2);
        CHECK_THAT(text, Catch::StartsWith("drawproxy: perft: "));
        CHECK(std::count(text.begin(), text.end(), '\n') == 1);
    }
}
