// Property tests on random legal positions with few men: an "unwinnable" answer must
// survive a bounded exhaustive helpmate search, and every witness must be a legal line
// ending in the winner's checkmate.
#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <random>

#include "rules/notation.h"
#include "rules/winnability/helpmate.h"
#include "support/paths.h"
#include "winnability_support.h"

using namespace drawproxy;
using rules::winnability::can_checkmate;
using rules::winnability::Outcome;

namespace {

// A random legal position: two kings plus a few random men, then a short random playout.
bool random_position(std::mt19937& rng, rules::Position& out) {
    static constexpr char MEN[] = "PPPNBRQppppnbrq";
    std::uniform_int_distribution<int> square(0, 63), men(1, 4), man(0, 14), plies(0, 12);
    rules::Position pos(rules::Position::Uninitialised{});
    pos.clear();
    std::array<bool, 64> used{};
    auto place = [&](rules::Piece p) {
        for (;;) {
            int s = square(rng);
            if (used[s]) continue;
            if (rules::type_of(p) == rules::PAWN && (s < 8 || s >= 56)) continue;
            used[s] = true;
            pos.put_piece(p, rules::Square(s));
            return;
        }
    };
    place(rules::make_piece(rules::WHITE, rules::KING));
    place(rules::make_piece(rules::BLACK, rules::KING));
    for (int n = men(rng); n > 0; --n) {
        const char c = MEN[man(rng)];
        const rules::Color color = std::isupper(c) ? rules::WHITE : rules::BLACK;
        const std::string types = "pnbrq";
        const auto pt = rules::PieceType(types.find(char(std::tolower(c))));
        place(rules::make_piece(color, pt));
    }
    pos.set_side_to_move(rules::Color(rng() & 1));
    pos.set_clocks(0, 1);
    if (!pos.validate().empty()) return false;
    for (int n = plies(rng); n > 0; --n) {
        const rules::MoveList moves = pos.legal_moves();
        if (moves.empty()) break;
        pos.play(moves[int(rng() % unsigned(moves.size()))]);
    }
    out = pos;
    return true;
}

}  // namespace

TEST_CASE("winnability: random positions, unwinnable survives exhaustive search", "[winnability][property]") {
    std::mt19937 rng(20261129);
    int checked = 0, unwinnable = 0, winnable = 0;
    rules::Position pos(rules::Position::Uninitialised{});
    while (checked < 400) {
        if (!random_position(rng, pos)) continue;
        ++checked;
        for (rules::Color side : {rules::WHITE, rules::BLACK}) {
            INFO(rules::to_fen(pos) << (side == rules::WHITE ? " (white)" : " (black)"));
            const auto result = can_checkmate(pos, side, {3000, true});
            if (result.outcome == Outcome::Unwinnable) {
                ++unwinnable;
                REQUIRE_FALSE(test::exhaustive_mate(pos, side, 3));
            } else if (result.outcome == Outcome::Winnable) {
                ++winnable;
                REQUIRE(test::witness_error(pos, side, result.witness) == "");
            }
        }
    }
    // Both answers must actually occur, or the property says nothing.
    CHECK(unwinnable > 50);
    CHECK(winnable > 50);
}

TEST_CASE("winnability: random play from dead community positions stays dead", "[winnability][property]") {
    // A dead position stays dead whatever is played; so the analysis must never find a
    // mate after random moves from a position labelled '--', and its witnesses are checked.
    std::ifstream in(test::source_path("tests/data/winnability/community.txt"));
    REQUIRE(in);
    std::mt19937 rng(5);
    std::string line, error;
    int positions = 0;
    rules::Position pos(rules::Position::Uninitialised{});
    while (std::getline(in, line) && positions < 150) {
        if (line.rfind("-- ", 0) != 0 || !rules::parse_fen(line.substr(3), false, pos, error)) continue;
        if (rng() % 6) continue;  // a sample keeps the test quick
        ++positions;
        for (int ply = 0; ply < 16; ++ply) {
            const rules::MoveList moves = pos.legal_moves();
            if (moves.empty()) break;
            pos.play(moves[int(rng() % unsigned(moves.size()))]);
        }
        for (rules::Color side : {rules::WHITE, rules::BLACK}) {
            INFO(line << " -> " << rules::to_fen(pos));
            CHECK(can_checkmate(pos, side, {2000, true}).outcome != Outcome::Winnable);
        }
    }
    CHECK(positions > 50);
}

namespace {

// A random pawn chain across the board (each file's pair one rank off its neighbour's), the
// white king below it and the black king above, plus a few random men: walls that the
// blockade proof settles, and walls it must not settle.
bool random_wall(std::mt19937& rng, rules::Position& out) {
    rules::Position pos(rules::Position::Uninitialised{});
    pos.clear();
    std::array<bool, 64> used{};
    auto put = [&](rules::Piece p, int s) {
        if (s < 0 || s > 63 || used[s]) return false;
        if (rules::type_of(p) == rules::PAWN && (s < 8 || s >= 56)) return false;
        used[s] = true;
        pos.put_piece(p, rules::Square(s));
        return true;
    };
    int rank = 2 + int(rng() % 3);
    for (int file = 0; file < 8; ++file) {
        rank = std::clamp(rank + int(rng() % 3) - 1, 1, 5);
        if (rng() % 8 == 0) continue;
        put(rules::make_piece(rules::WHITE, rules::PAWN), rank * 8 + file);
        put(rules::make_piece(rules::BLACK, rules::PAWN), (rank + 1) * 8 + file);
    }
    if (!put(rules::make_piece(rules::WHITE, rules::KING), int(rng() % 8)) ||
        !put(rules::make_piece(rules::BLACK, rules::KING), 56 + int(rng() % 8)))
        return false;
    for (int n = int(rng() % 4); n > 0; --n) {
        const auto color = rules::Color(rng() & 1);
        const auto type = rules::PieceType(rules::PAWN + int(rng() % 5));
        for (int tries = 0; tries < 20 && !put(rules::make_piece(color, type), int(rng() % 64)); ++tries) {
        }
    }
    pos.set_side_to_move(rules::Color(rng() & 1));
    pos.set_clocks(0, 1);
    if (!pos.validate().empty() || !pos.has_legal_moves()) return false;
    out = pos;
    return true;
}

}  // namespace

TEST_CASE("winnability: random pawn walls, unwinnable survives long helpmate searches",
          "[winnability][property]") {
    std::mt19937 rng(1129);
    int walls = 0, unwinnable = 0;
    rules::Position pos(rules::Position::Uninitialised{});
    while (walls < 4000) {
        if (!random_wall(rng, pos)) continue;
        ++walls;
        for (rules::Color side : {rules::WHITE, rules::BLACK}) {
            INFO(rules::to_fen(pos) << (side == rules::WHITE ? " (white)" : " (black)"));
            const auto result = can_checkmate(pos, side, {3000, true});
            if (result.outcome != Outcome::Unwinnable) continue;
            ++unwinnable;
            // Another search, with a far larger budget, must not find a mate either.
            REQUIRE_FALSE(rules::winnability::search_helpmate(pos, side, 30000).found);
            REQUIRE_FALSE(test::exhaustive_mate(pos, side, 3));
        }
    }
    CHECK(unwinnable > 60);
}
