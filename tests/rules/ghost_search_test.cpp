// The relaxed search with the winner's pieces as ghosts: cages it must prove, near-cages it
// must not, and mutated cages checked against real searches.
#include <array>
#include <catch2/catch.hpp>
#include <cstring>
#include <random>
#include <span>
#include <string>

#include "rules/winnability/ghost_search.h"
#include "rules/winnability/helpmate.h"
#include "winnability_support.h"

using namespace drawproxy;
using rules::Color;
using rules::winnability::ghost_search;
using rules::winnability::GhostVerdict;

namespace {

Color side_of(const char* sides) { return sides[0] == 'w' ? rules::WHITE : rules::BLACK; }

bool proved(const rules::Position& pos, Color winner, std::uint64_t nodes) {
    for (bool loser_ghosts : {true, false})
        if (ghost_search(pos, winner, nodes, loser_ghosts).verdict == GhostVerdict::Unwinnable) return true;
    return false;
}

// Cages from the community file that only the relaxed search proves, and the sides it proves.
struct Cage {
    const char* fen;
    const char* sides;
};
const Cage CAGES[] = {
    // The white king shuttles h4-h3; Black's king can cover h3 only from g2 or h2, and getting
    // there with the white king on h4 stalemates it: the dark bishops never check on h3.
    {"8/8/7p/5p1P/5p1K/5Pp1/6P1/5kb1 b - -", "wb"},
    {"8/8/3b3p/4bp1P/5p1K/4bPp1/3b1bP1/2b2kb1 b - -", "wb"},
    {"8/b1b5/k6p/5p1P/5p2/5PpK/6P1/8 w - -", "wb"},
    // Black's king behind its wall has no blocker for White's lone dark bishop (the knights are
    // frozen in place, and count exactly).
    {"N1b1N1N1/1pPpPpPp/1P1P1P1P/4B3/8/8/8/K1k5 w - -", "w"},
    // White's king may not take b7 or d7: the light bishop on c8 guards them along lines no
    // dark ghost can cut; the black king shuttles a8-b8, never mated.
    {"k1b5/1p1p4/1P1P4/B7/8/2B5/8/K7 w - -", "w"},
};

// The men a mutant may gain, drawn evenly (repeats weigh a kind).
constexpr rules::PieceType ADDED[] = {rules::PAWN,   rules::PAWN,   rules::BISHOP,
                                      rules::BISHOP, rules::KNIGHT, rules::ROOK};

// A mutant of `fen`: one to `max_edits` edits (a man removed or moved, a man of `added` put on,
// the turn), or with `check` at most one, then the side to move put in check by an enemy man
// where one attacks its king. Not always legal: the caller validates it.
rules::Position mutant(const char* fen, std::mt19937& rng, bool check,
                       std::span<const rules::PieceType> added = ADDED, int max_edits = 3) {
    const rules::Position base = test::fen(fen);
    std::array<rules::Piece, 64> board;
    for (int s = 0; s < 64; ++s) board[s] = base.piece_on(rules::Square(s));
    Color stm = base.side_to_move();
    auto random_square = [&](bool empty) {
        int s = 0;
        do s = int(rng() % 64);
        while ((board[s] == rules::NO_PIECE) != empty);
        return s;
    };
    for (int edits = check ? int(rng() % 2) : 1 + int(rng() % unsigned(max_edits)); edits > 0; --edits) {
        const int empty = random_square(true), occupied = random_square(false);
        switch (rng() % 4) {
            case 0:
                if (rules::type_of(board[occupied]) != rules::KING) board[occupied] = rules::NO_PIECE;
                break;
            case 1:
                board[empty] = board[occupied];
                board[occupied] = rules::NO_PIECE;
                break;
            case 2:
                board[empty] = rules::make_piece(Color(rng() & 1), added[rng() % added.size()]);
                break;
            default:
                stm = ~stm;
        }
    }
    rules::Position pos(rules::Position::Uninitialised{});
    pos.clear();
    for (int s = 0; s < 64; ++s)
        if (board[s] != rules::NO_PIECE) pos.put_piece(board[s], rules::Square(s));
    pos.set_side_to_move(stm);
    pos.set_clocks(0, 1);
    static constexpr rules::PieceType CHECKERS[] = {rules::PAWN, rules::PAWN, rules::KNIGHT, rules::BISHOP};
    for (int tries = 0; check && tries < 64; ++tries) {
        const rules::Square s = rules::Square(random_square(true));
        const rules::PieceType pt = CHECKERS[rng() % std::size(CHECKERS)];
        const rules::Bitboard attacks =
            pt == rules::PAWN ? rules::pawn_attacks(~stm, s) : rules::attacks_bb(pt, s, pos.pieces());
        if (!(attacks & rules::square_bb(pos.king_square(stm)))) continue;
        pos.put_piece(rules::make_piece(~stm, pt), s);
        break;
    }
    return pos;
}

}  // namespace

TEST_CASE("ghost search: proves the stalemate cages", "[winnability][ghost]") {
    for (const Cage& cage : CAGES) {
        const rules::Position pos = test::fen(cage.fen);
        for (Color side : {rules::WHITE, rules::BLACK}) {
            if (!std::strchr(cage.sides, side == rules::WHITE ? 'w' : 'b')) continue;
            INFO(cage.fen << (side == rules::WHITE ? " (white)" : " (black)"));
            CHECK(proved(pos, side, 40000));
        }
    }
}

TEST_CASE("ghost search: no proof where a mate exists", "[winnability][ghost]") {
    const char* const winnable[][2] = {
        // The cage with a light bishop for Black: it covers h3, and the mate exists.
        {"8/8/7p/5p1P/5p1K/5Pp1/6P1/3b1kb1 b - -", "b"},
        // A spare white pawn move: the stalemate is gone (f2-f3 waits while Black closes in).
        {"8/8/7p/5p1P/5p1K/6p1/5PP1/5kb1 b - -", "b"},
        // Knight and king against a king with its own blockers.
        {"7k/6pp/8/8/8/8/8/K5N1 w - -", "w"},
        // A pawn about to promote: every ghost kind then.
        {"8/P7/8/8/8/8/k7/2K5 w - -", "w"},
        // The loser's pieces as ghosts may cut the winner's rook and queen lines: a check
        // through them is not sure (these were wrongly proved once).
        {"1Rn1k3/Q1R2P2/5R2/5PR1/8/4K2N/8/8 b - - 0 1", "w"},
        {"5n2/4nQn1/3n1QQK/3QRq1P/3n1krn/3QnpP1/2QP4/1Qb5 b - -", "w"},
        // Black's only move, Kg8, crosses the rook's (queen's) file where the dark bishop may
        // cut it: the loser's king is kept off only the lines no ghost can cut.
        {"7k/7p/7P/8/8/6B1/8/K5R1 b - -", "w"},
        {"7k/7p/7P/8/8/6B1/8/K5Q1 b - -", "w"},
        // White in the a7 bishop's check along dark squares, which the light ghost cannot cut:
        // only Rf2 or Nf2 (the king has no square) answers it, and the mate comes later.
        {"4k3/b7/8/8/8/8/4B1PP/5RKN w - -", "w"},
    };
    for (const auto& [fen, side_text] : winnable) {
        const rules::Position pos = test::fen(fen);
        const Color side = side_of(side_text);
        INFO(fen << " (" << side_text << ")");
        // The real search finds the mate, so the relaxed one must not claim a proof.
        REQUIRE(rules::winnability::search_helpmate(pos, side, 200000).found);
        CHECK_FALSE(proved(pos, side, 40000));
    }
}

TEST_CASE("ghost search: a rook's or queen's check that may mate is flagged at once",
          "[winnability][ghost]") {
    // In each, a rook or queen check at the first move is a possible mate of the relaxed game
    // (and the real game has a mate): the search must stop among the root's children. Were rook
    // and queen checks not seen it would go on, for up to a million nodes behind the wall (its
    // pawns take the rook once it steps in reach).
    const char* const mates[][2] = {
        // Rh1+, Qh1+ behind a locked wall: a2 and b1 are light, where the loser's bishop, a
        // ghost here, may stand.
        {"8/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/2K3bR/k7 w - -", "1"},
        {"8/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/2K3bQ/k7 w - -", "1"},
        // Ra8#, Qa8# with a dark bishop, whose ghost cannot check the light e8.
        {"4k3/R7/4K3/8/8/8/8/B7 w - -", "0"},
        {"4k3/Q7/4K3/8/8/8/8/B7 w - -", "0"},
    };
    for (const auto& [fen, loser_ghosts] : mates) {
        const rules::Position pos = test::fen(fen);
        INFO(fen);
        REQUIRE(rules::winnability::search_helpmate(pos, rules::WHITE, 200000).found);
        const auto result = ghost_search(pos, rules::WHITE, 100000, loser_ghosts[0] == '1');
        CHECK(result.verdict == GhostVerdict::MaybeMate);
        CHECK(result.nodes <= std::uint64_t(pos.legal_moves().size()) + 16);
    }
}

TEST_CASE("ghost search: the game already over is left to the caller", "[winnability][ghost]") {
    // Black is mated (the b7 pawn checks, the king guards a7 and b7): a proof here would be wrong.
    const rules::Position mated = test::fen("k7/PP6/1K6/8/8/8/8/8 b - -");
    CHECK(ghost_search(mated, rules::WHITE, 1000, false).verdict == GhostVerdict::NotApplicable);
    // Castling is not modelled.
    const rules::Position castling = test::fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    CHECK(ghost_search(castling, rules::BLACK, 1000, false).verdict == GhostVerdict::NotApplicable);
}

namespace {
constexpr rules::PieceType PAWN_OR_BISHOP[] = {rules::BISHOP, rules::PAWN, rules::PAWN};
}  // namespace

TEST_CASE("ghost search: mutated cages, every proof survives real searches",
          "[winnability][ghost][property]") {
    std::mt19937 rng(20261129);
    int mutants = 0, proofs = 0;
    for (int round = 0; round < 240; ++round) {
        // One or two edits; the man added a pawn, or a bishop one time in three.
        rules::Position pos = mutant(CAGES[round % std::size(CAGES)].fen, rng, false, PAWN_OR_BISHOP, 2);
        if (!pos.validate().empty() || !pos.has_legal_moves()) continue;
        ++mutants;
        for (Color side : {rules::WHITE, rules::BLACK}) {
            if (!proved(pos, side, 20000)) continue;
            ++proofs;
            INFO(rules::to_fen(pos) << (side == rules::WHITE ? " (white)" : " (black)"));
            REQUIRE_FALSE(rules::winnability::search_helpmate(pos, side, 20000).found);
            REQUIRE_FALSE(test::exhaustive_mate(pos, side, 3));
        }
    }
    CHECK(mutants > 150);
    CHECK(proofs > 100);
}

namespace {

using rules::winnability::GhostOptions;

// Community cages only the finer relaxations prove: pieces shut in by pawns kept exact, the
// winner's bishops exact, the loser's ghosts counted. The side that cannot win is given.
const Cage FINER_CAGES[] = {
    // Black's light bishop is shut in on c8 (White's king may take it only by stalemating).
    {"k1b5/1p1p4/1P1P4/B7/8/2B5/8/K7 w - -", "b"},
    // The bishop on h2 (g1) is shut in below the wall: one dark ghost is left to block a flight.
    {"B2b4/8/8/4k3/1p1p1p1p/1PpP1P1P/K1P4b/RB6 b - -", "w"},
    {"B2b4/8/8/4k3/1p1p1p1p/1PpP1P1P/K1P5/RB4b1 b - -", "w"},
    {"BbK1kb2/b1p1p1p1/1pP1P1P1/1P6/8/8/8/1B2b2B b - -", "b"},
    {"8/2b5/8/4k2B/1p1p4/1P1Pp1p1/4P1P1/2b2BRK b - -", "w"},
    {"8/7B/7b/8/3p1p1p/b1pP1PpP/B1PpBkP1/3K1BRB w - -", "w"},
    // Both: White's bishops exact, and Black's bishop on f1 shut in.
    {"7B/1b6/3k4/1p1p4/1P1Pp1p1/1pppP1P1/2p5/2K2b2 b - -", "w"},
};

}  // namespace

TEST_CASE("ghost search: the finer relaxations prove what the coarse one cannot", "[winnability][ghost]") {
    for (const Cage& cage : FINER_CAGES) {
        const rules::Position pos = test::fen(cage.fen);
        const Color side = side_of(cage.sides);
        INFO(cage.fen << " (" << cage.sides << ")");
        CHECK(ghost_search(pos, side, 200000, GhostOptions{true, false, false}).verdict !=
              GhostVerdict::Unwinnable);
        CHECK(ghost_search(pos, side, 200000, true).verdict == GhostVerdict::Unwinnable);
    }
}

TEST_CASE("ghost search: the loser's ghosts are counted, not fewer", "[winnability][ghost]") {
    // The cage above with Black's second dark bishop free: Kh5, Bh6, Bg5, then a white bishop's
    // check from f7 or e8 mates, and needs both bishops on the flights.
    const rules::Position pos = test::fen("B2b4/8/7b/4k3/1p1p1p1p/1PpP1P1P/K1P5/RB6 b - -");
    REQUIRE(rules::winnability::search_helpmate(pos, rules::WHITE, 200000).found);
    for (int mode = 0; mode < 8; ++mode) {
        INFO("mode " << mode);
        const GhostOptions options{(mode & 1) != 0, (mode & 2) != 0, (mode & 4) != 0};
        CHECK(ghost_search(pos, rules::WHITE, 200000, options).verdict != GhostVerdict::Unwinnable);
    }
}

namespace {

// Every proof of `side` survives a helpmate search and an exhaustive search of 3 plies.
void check_proof(const rules::Position& pos, Color side) {
    INFO(rules::to_fen(pos) << (side == rules::WHITE ? " (white)" : " (black)"));
    REQUIRE_FALSE(rules::winnability::search_helpmate(pos, side, 20000).found);
    REQUIRE_FALSE(test::exhaustive_mate(pos, side, 3));
}

const Cage CHECK_CAGES[] = {
    {"8/2b5/kp1p1p2/1PpP1Pp1/K1P3P1/3B4/8/8 b - -", "b"},
    {"6b1/8/1k6/3p1p2/3PpP2/3pKp2/3P1P1n/B7 w - -", "w"},
    {"8/2b4B/4k3/8/8/2p1p1p1/2PpP1P1/3K3n b - -", "w"},
    {"3b1b2/3k4/2ppp3/3p4/1p1K1p1p/bP1P1P1P/8/1B3B2 w - -", "w"},
};

}  // namespace

TEST_CASE("ghost search: mutated finer cages, every proof survives real searches",
          "[winnability][ghost][property]") {
    std::mt19937 rng(20261130);
    int mutants = 0, proofs = 0;
    for (int round = 0; round < 300; ++round) {
        rules::Position pos = mutant(FINER_CAGES[round % std::size(FINER_CAGES)].fen, rng, false);
        if (!pos.validate().empty() || !pos.has_legal_moves()) continue;
        ++mutants;
        for (Color side : {rules::WHITE, rules::BLACK}) {
            bool proof = false;
            for (int mode : {3, 4, 5, 7})
                proof = proof || ghost_search(pos, side, 20000,
                                              GhostOptions{(mode & 1) != 0, (mode & 2) != 0, (mode & 4) != 0})
                                         .verdict == GhostVerdict::Unwinnable;
            if (!proof) continue;
            ++proofs;
            check_proof(pos, side);
        }
    }
    INFO(mutants << " mutants, " << proofs << " proofs");
    CHECK(mutants > 180);
    CHECK(proofs > 30);
}

TEST_CASE("ghost search: the winner in a check no ghost can cut answers it", "[winnability][ghost]") {
    // The winner's moves are pseudo-legal but for checks by the loser's pawns, knights and
    // lines no ghost can cut: only a king move, a capture of the checker or a man in between.
    // Each cage holds only because the winner must: Black, in the b5 pawn's check, never
    // reaches a5 again; the others, where a loser's pawn or knight checks during the search.
    for (const Cage& cage : CHECK_CAGES) {
        const rules::Position pos = test::fen(cage.fen);
        INFO(cage.fen << " (" << cage.sides << ")");
        bool proof = false;
        for (bool loser_ghosts : {true, false})
            proof = proof || ghost_search(pos, side_of(cage.sides), 200000, loser_ghosts).verdict ==
                                 GhostVerdict::Unwinnable;
        CHECK(proof);
    }
}

TEST_CASE("ghost search: mutated cages with the winner in check, every proof survives real searches",
          "[winnability][ghost][property]") {
    std::mt19937 rng(20261131);
    int mutants = 0, proofs = 0;
    for (int round = 0; round < 900; ++round) {
        const Cage& cage = round % 2 ? CHECK_CAGES[round / 2 % std::size(CHECK_CAGES)]
                                     : FINER_CAGES[round / 2 % std::size(FINER_CAGES)];
        rules::Position pos = mutant(cage.fen, rng, true);
        if (!pos.validate().empty() || !pos.has_legal_moves() || !pos.is_check()) continue;
        ++mutants;
        const Color side = pos.side_to_move();
        bool proof = false;
        for (bool loser_ghosts : {true, false})
            proof = proof || ghost_search(pos, side, 20000, loser_ghosts).verdict == GhostVerdict::Unwinnable;
        if (!proof) continue;
        ++proofs;
        check_proof(pos, side);
    }
    INFO(mutants << " mutants, " << proofs << " proofs");
    CHECK(mutants > 400);
    CHECK(proofs > 10);
}
