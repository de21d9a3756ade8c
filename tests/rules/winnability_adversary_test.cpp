// Adversarial checks of the winnability proofs, by an oracle written apart from them
// (winnability_oracle.h). Random positions of the kinds the proofs claim (locked walls with
// pieces, pieces already past a wall, kings caged by pawns, a lone minor against many men, positions right
// after a capture or promotion, small changes to the community's dead positions): every "unwinnable", from
// can_checkmate or from a static proof on its own, must survive an exhaustive helpmate search, random
// cooperative games and, where small enough, the exploration of every reachable position; every witness must
// end in the right mate; and no static proof (material, locked walls, the relaxed ghost search) may hold
// where a witness exists. The oracle itself is checked on positions with known short mates, so that finding
// nothing means something.
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <fstream>
#include <iostream>
#include <optional>
#include <random>
#include <string>

#include "rules/notation.h"
#include "rules/winnability/ghost_search.h"
#include "rules/winnability/material.h"
#include "rules/winnability/pawn_lock.h"
#include "support/paths.h"
#include "winnability_oracle.h"
#include "winnability_support.h"

using namespace drawproxy;
using rules::Bitboard;
using rules::Color;
using rules::PieceType;
using rules::winnability::Outcome;

namespace {

class Generator {
  public:
    explicit Generator(unsigned seed) : rng_(seed) {}

    int below(int n) { return int(rng_() % unsigned(n)); }
    std::mt19937& rng() { return rng_; }

    // A white-black pawn chain across the board, each file's pair one rank off its neighbour's;
    // `gaps`: maybe one file left out; a lever (the same rank twice) one time in `lever_odds`
    // (0: never). `low` and `high` get the squares below and above it.
    void chain(bool gaps, int lever_odds, Bitboard& low, Bitboard& high) {
        int rank = 1 + below(5);
        const int gap = gaps && below(3) == 0 ? below(8) : -1;
        for (int f = 0; f < 8; ++f) {
            if (f) {
                int d = below(2) ? 1 : -1;
                if (rank + d < 1 || rank + d > 5) d = -d;
                rank += lever_odds && below(lever_odds) == 0 ? 0 : d;
            }
            for (int r = 0; r < 8; ++r) {
                if (r < rank) low |= square(f, r);
                if (r > rank + 1) high |= square(f, r);
            }
            if (f == gap) continue;
            put(rules::WHITE, rules::PAWN, rank * 8 + f);
            put(rules::BLACK, rules::PAWN, (rank + 1) * 8 + f);
        }
    }

    // A pawn chain over every file (maybe one gap): kings and pieces mostly on their side.
    bool wall(rules::Position& out) {
        start();
        Bitboard low = 0, high = 0;
        chain(true, 8, low, high);
        const bool swapped = below(6) == 0;
        put_any(rules::WHITE, rules::KING, swapped ? high : low);
        put_any(rules::BLACK, rules::KING, swapped ? low : high);
        for (int n = below(4); n > 0; --n) {
            static constexpr PieceType TYPES[] = {rules::BISHOP, rules::BISHOP, rules::KNIGHT,
                                                  rules::ROOK,   rules::QUEEN,  rules::PAWN};
            const auto c = Color(below(2));
            put_any(c, TYPES[below(6)],
                    below(5) == 0 ? ~Bitboard(0) : ((c == rules::WHITE) != swapped ? low : high));
        }
        return finish(out, below(4) == 0 ? below(6) : 0);
    }

    // A locked chain on every file with one side's pieces already past it, on the other
    // king's side: back-rank mates and cages, where the relaxed ghost search settles most.
    bool invasion(rules::Position& out) {
        start();
        Bitboard low = 0, high = 0;
        chain(false, 0, low, high);
        const auto in = Color(below(2));
        const Bitboard home = in == rules::WHITE ? low : high, away = in == rules::WHITE ? high : low;
        put_any(in, rules::KING, below(4) ? home : away);
        put_any(~in, rules::KING, away);
        static constexpr PieceType TYPES[] = {rules::ROOK,   rules::ROOK,  rules::BISHOP,
                                              rules::KNIGHT, rules::QUEEN, rules::BISHOP};
        for (int n = 1 + below(2); n > 0; --n) put_any(in, TYPES[below(6)], away);
        if (below(2)) put_any(~in, TYPES[below(6)], below(2) ? away : home);
        return finish(out, below(3) == 0 ? below(4) : 0);
    }

    // A candidate checkmate on one side of a locked chain: the losing king there, one to
    // three of the winner's men within three squares of it (or a lone minor), the winning
    // king two squares off or anywhere, some defenders on its flights; the loser to move.
    bool wall_mate(rules::Position& out) {
        start();
        Bitboard low = 0, high = 0;
        chain(true, 10, low, high);
        const auto w = Color(below(2)), l = ~w;
        const Bitboard side = below(2) ? low : high;
        const auto k = rules::Square(pick(side));
        put(l, rules::KING, k);
        Bitboard zone = 0, ring = 0;
        for (int s = 0; s < 64; ++s) {
            const int d = test::king_distance(rules::Square(s), k);
            if (d >= 2 && d <= 3) zone |= rules::square_bb(rules::Square(s));
            if (d == 2) ring |= rules::square_bb(rules::Square(s));
        }
        static constexpr PieceType MEN[] = {rules::KNIGHT, rules::BISHOP, rules::ROOK, rules::QUEEN,
                                            rules::BISHOP, rules::KNIGHT, rules::PAWN};
        const bool lone = below(3) == 0;
        const PieceType minor = below(2) ? rules::KNIGHT : rules::BISHOP;
        const Bitboard colour = below(2) ? rules::DARK_SQUARES : rules::LIGHT_SQUARES;
        for (int n = 1 + below(lone ? (minor == rules::KNIGHT ? 1 : 2) : 3); n > 0; --n) {
            const Bitboard where = zone & ~used_ & (lone && minor == rules::BISHOP ? colour : ~Bitboard(0));
            if (where) put(w, lone ? minor : MEN[below(7)], pick(where));
        }
        const Bitboard king_where =
            (below(2) && (ring & ~used_)) ? ring & ~used_ : ~used_ & ~rules::king_attacks(k);
        if (!king_where) return false;
        put(w, rules::KING, pick(king_where));
        for (int n = below(4); n > 0; --n) {
            Bitboard where = rules::king_attacks(k) & ~used_;
            if (!where || below(4) == 0) where = ~used_;
            put(l, below(3) ? rules::PAWN : MEN[below(6)], pick(where));
        }
        pos_.set_side_to_move(l);
        pos_.set_clocks(0, 1);
        if (!pos_.validate().empty()) return false;
        out = pos_;
        return true;
    }

    // A king in a corner behind its own pawns, most of them blocked by enemy pawns.
    bool cage(rules::Position& out) {
        start();
        const auto c = Color(below(2));
        const int kf = below(2) ? below(3) : 5 + below(3), kr = below(2);
        put(c, rules::KING, rules::relative_square(c, rules::make_square(kf, kr)));
        const int base = 1 + kr + below(2);
        for (int f = kf - 2; f <= kf + 2; ++f) {
            if (f < 0 || f > 7 || below(5) == 0) continue;
            const int r = std::min(5, base + (below(3) == 0 ? 1 : 0));
            if (put(c, rules::PAWN, rules::relative_square(c, rules::make_square(f, r))) && below(6))
                put(~c, rules::PAWN, rules::relative_square(c, rules::make_square(f, r + 1)));
        }
        put_any(~c, rules::KING, ~Bitboard(0));
        for (int n = below(4); n > 0; --n)
            put_any(Color(below(2)), below(3) ? piece() : rules::PAWN, ~Bitboard(0));
        if (below(2)) put_any(c, below(2) ? rules::BISHOP : rules::KNIGHT, ~Bitboard(0));
        return finish(out, below(4) == 0 ? below(3) : 0);
    }

    // A lone knight, or bishops on one colour, against up to nine men.
    bool minor(rules::Position& out) {
        start();
        const auto w = Color(below(2));
        put_any(rules::WHITE, rules::KING, ~Bitboard(0));
        put_any(rules::BLACK, rules::KING, ~Bitboard(0));
        if (below(2)) {
            put_any(w, rules::KNIGHT, ~Bitboard(0));
        } else {
            const Bitboard colour = below(2) ? rules::DARK_SQUARES : rules::LIGHT_SQUARES;
            for (int n = below(3) == 0 ? 2 : 1; n > 0; --n) put_any(w, rules::BISHOP, colour);
        }
        static constexpr PieceType MEN[] = {rules::PAWN,   rules::PAWN, rules::PAWN, rules::KNIGHT,
                                            rules::BISHOP, rules::ROOK, rules::QUEEN};
        for (int n = below(10); n > 0; --n) put_any(~w, MEN[below(7)], ~Bitboard(0));
        return finish(out, below(3) == 0 ? below(4) : 0);
    }

    // Few men: each side a king and up to three pieces, minors most often (the material rules).
    bool small(rules::Position& out) {
        start();
        put_any(rules::WHITE, rules::KING, ~Bitboard(0));
        put_any(rules::BLACK, rules::KING, ~Bitboard(0));
        static constexpr PieceType MEN[] = {rules::KNIGHT, rules::KNIGHT, rules::BISHOP, rules::BISHOP,
                                            rules::BISHOP, rules::PAWN,   rules::ROOK,   rules::QUEEN};
        for (Color c : {rules::WHITE, rules::BLACK})
            for (int n = below(4); n > 0; --n) put_any(c, MEN[below(8)], ~Bitboard(0));
        return finish(out, below(3) == 0 ? below(6) : 0);
    }

    // Any of the above, then random moves up to (and usually stopping right after) a
    // capture, a promotion or a double pawn step.
    bool after_capture(rules::Position& out) {
        rules::Position pos(rules::Position::Uninitialised{});
        const int kind = below(4);
        if (!(kind == 0 ? wall(pos) : kind == 1 ? cage(pos) : kind == 2 ? minor(pos) : small(pos)))
            return false;
        for (int ply = 0; ply < 40; ++ply) {
            const rules::MoveList moves = pos.legal_moves();
            if (moves.empty()) break;
            const rules::Move m = moves[below(moves.size())];
            const bool event = pos.is_capture(m) || m.kind() == rules::Move::PROMOTION ||
                               (rules::type_of(pos.piece_on(m.from())) == rules::PAWN &&
                                std::abs(int(m.to()) - int(m.from())) == 16);
            pos.play(m);
            if (event && below(2)) break;
        }
        out = pos;
        return true;
    }

    // A dead community position changed a little: a man taken off, added, moved one step
    // or changed into another piece, the other side to move, or a few random moves.
    bool mutate(const rules::Position& dead, rules::Position& out) {
        start();
        std::vector<std::pair<rules::Piece, int>> men;
        for (int s = 0; s < 64; ++s)
            if (dead.piece_on(rules::Square(s)) != rules::NO_PIECE)
                men.emplace_back(dead.piece_on(rules::Square(s)), s);
        const int kind = below(6);
        const int i = below(int(men.size()));
        if (kind == 0 && rules::type_of(men[i].first) != rules::KING) men.erase(men.begin() + i);
        if (kind == 2) {
            Bitboard occupied = 0;
            for (const auto& m : men) occupied |= rules::square_bb(rules::Square(m.second));
            Bitboard near = rules::king_attacks(rules::Square(men[i].second)) & ~occupied;
            for (int k = below(std::max(1, rules::popcount(near))); k > 0 && near; --k) near &= near - 1;
            if (near) men[i].second = rules::lsb(near);
        }
        if (kind == 3 && rules::type_of(men[i].first) != rules::KING &&
            rules::type_of(men[i].first) != rules::PAWN)
            men[i].first = rules::make_piece(rules::color_of(men[i].first), piece());
        for (const auto& [p, s] : men)
            if (!put(rules::color_of(p), rules::type_of(p), s)) return false;
        if (kind == 1) put_any(Color(below(2)), PieceType(below(5)), ~Bitboard(0));
        pos_.set_side_to_move(kind == 4 ? ~dead.side_to_move() : dead.side_to_move());
        pos_.set_clocks(0, 1);
        if (!pos_.validate().empty()) return false;
        for (int n = kind == 5 ? 1 + below(6) : 0; n > 0; --n) {
            const rules::MoveList moves = pos_.legal_moves();
            if (moves.empty()) break;
            pos_.play(moves[below(moves.size())]);
        }
        out = pos_;
        return true;
    }

  private:
    static Bitboard square(int f, int r) { return rules::square_bb(rules::make_square(f, r)); }

    int pick(Bitboard b) {
        for (int n = below(rules::popcount(b)); n > 0; --n) b &= b - 1;
        return rules::lsb(b);
    }

    PieceType piece() {
        static constexpr PieceType TYPES[] = {rules::KNIGHT, rules::BISHOP, rules::BISHOP, rules::ROOK,
                                              rules::QUEEN};
        return TYPES[below(5)];
    }

    void start() {
        pos_ = rules::Position(rules::Position::Uninitialised{});
        pos_.clear();
        used_ = 0;
    }

    bool put(Color c, PieceType pt, int s) {
        if (s < 0 || s > 63 || (used_ & rules::square_bb(rules::Square(s)))) return false;
        if (pt == rules::PAWN && (s < 8 || s >= 56)) return false;
        used_ |= rules::square_bb(rules::Square(s));
        pos_.put_piece(rules::make_piece(c, pt), rules::Square(s));
        return true;
    }

    void put_any(Color c, PieceType pt, Bitboard allowed) {
        for (int tries = 0; tries < 100; ++tries) {
            const int s = below(64);
            if ((allowed & rules::square_bb(rules::Square(s))) && put(c, pt, s)) return;
        }
    }

    // Side to move, castling rights for kings and rooks at home, validity, random moves.
    bool finish(rules::Position& out, int random_plies) {
        if (rules::popcount(pos_.pieces(rules::KING)) != 2) return false;
        pos_.set_side_to_move(Color(below(2)));
        pos_.set_clocks(0, 1);
        for (Color c : {rules::WHITE, rules::BLACK}) {
            if (pos_.piece_on(rules::relative_square(c, rules::Square(4))) !=
                    rules::make_piece(c, rules::KING) ||
                below(3))
                continue;
            for (int f : {0, 7}) {
                const rules::Square rook = rules::relative_square(c, rules::Square(f));
                if (pos_.piece_on(rook) == rules::make_piece(c, rules::ROOK))
                    pos_.add_castling_right(c, rook);
            }
        }
        for (Color c : {rules::WHITE, rules::BLACK})
            if (rules::popcount(pos_.pieces(c, rules::PAWN)) > 8) return false;
        if (!pos_.validate().empty() || rules::popcount(pos_.checkers()) > 2) return false;
        for (int n = random_plies; n > 0; --n) {
            const rules::MoveList moves = pos_.legal_moves();
            if (moves.empty()) break;
            pos_.play(moves[below(moves.size())]);
        }
        out = pos_;
        return true;
    }

    std::mt19937 rng_;
    rules::Position pos_{rules::Position::Uninitialised{}};
    Bitboard used_ = 0;
};

struct Tally {
    int sides = 0, unwinnable = 0, explored = 0, winnable = 0, oracle_checked = 0;
};

// One side of one position: the checks described at the top of the file.
void attack(const rules::Position& pos, Color side, Generator& gen, Tally& tally) {
    namespace w = rules::winnability;
    INFO(rules::to_fen(pos) << (side == rules::WHITE ? " (white)" : " (black)"));
    ++tally.sides;
    const w::Result result = w::can_checkmate(pos, side, {3000, true});
    auto ghosts = [&](bool loser_ghosts) {
        return w::ghost_search(pos, side, 5000, loser_ghosts).verdict == w::GhostVerdict::Unwinnable;
    };
    const bool proof =
        w::material_unwinnable(pos, side) || w::locked_unwinnable(pos, side) || ghosts(true) || ghosts(false);
    std::vector<rules::Move> line;
    if (result.outcome == Outcome::Winnable) {
        ++tally.winnable;
        REQUIRE(test::witness_error(pos, side, result.witness) == "");
        REQUIRE_FALSE(proof);
        // The oracle must find the short mates the search found: else its silence is empty.
        if (result.witness.size() <= 5) {
            ++tally.oracle_checked;
            test::MateOracle oracle(200000);
            REQUIRE(oracle.mate_within(pos, side, int(result.witness.size()), line));
            REQUIRE(test::witness_error(pos, side, line) == "");
        }
        return;
    }
    if (result.outcome != Outcome::Unwinnable && !proof) return;
    ++tally.unwinnable;
    if (test::textbook_draw(pos, side)) return;  // nothing to search: no mate exists at all
    // Few men: mates need long cooperation (KNN v K) and the searches are cheap, so go deeper.
    const bool few = rules::popcount(pos.pieces()) <= 5;
    test::MateOracle oracle(few ? 20000 : 4000);
    CHECK_FALSE(oracle.mate_within(pos, side, few ? 9 : 5, line));
    CHECK_FALSE(test::mate_by_playouts(pos, side, few ? 20 : 3, 80, gen.rng(), line));
    const test::Reach reach = test::reach_all(pos, side, 3000);
    CHECK(reach != test::Reach::Mate);
    tally.explored += reach == test::Reach::Exhausted;
}

}  // namespace

// A quarter of the random positions under the sanitizers (see SANITIZED_SAMPLE).
constexpr int SAMPLE = test::SANITIZED_SAMPLE;

TEST_CASE("winnability adversary: the oracle finds known mates", "[winnability][adversary]") {
    std::mt19937 rng(7);
    std::vector<rules::Move> line;
    test::MateOracle oracle(100000);
    // Fool's mate for Black in two moves from the start (4 plies), none for White within 4.
    const rules::Position start = rules::Position::startpos();
    REQUIRE(oracle.mate_within(start, rules::BLACK, 4, line));
    CHECK(test::witness_error(start, rules::BLACK, line) == "");
    CHECK_FALSE(oracle.mate_within(start, rules::WHITE, 4, line));
    CHECK_FALSE(oracle.out_of_nodes());
    // A wall with a bishop that can never cross it: every reachable position is visited.
    const rules::Position wall = test::fen("4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1");
    CHECK(test::reach_all(wall, rules::WHITE, 100000) == test::Reach::Exhausted);
    // KNN v KP: the only mates need the defender's pawn; all three searches find one.
    const rules::Position knn = test::fen("7k/7p/5NK1/8/8/8/8/6N1 w - - 0 1");
    REQUIRE(oracle.mate_within(knn, rules::WHITE, 7, line));
    CHECK(test::witness_error(knn, rules::WHITE, line) == "");
    REQUIRE(test::mate_by_playouts(knn, rules::WHITE, 300, 80, rng, line));
    CHECK(test::witness_error(knn, rules::WHITE, line) == "");
    CHECK(test::reach_all(knn, rules::WHITE, 100000) == test::Reach::Mate);
}

TEST_CASE("winnability adversary: random positions of the kinds the proofs claim",
          "[winnability][adversary]") {
    Generator gen(20261130);
    Tally tally;
    rules::Position pos(rules::Position::Uninitialised{});
    for (int kind = 0; kind < 6; ++kind) {
        const int wanted = (kind == 5 ? 250 : 500) / SAMPLE;
        for (int made = 0, tries = 0; made < wanted && tries < 20000; ++tries) {
            const bool ok = kind == 0   ? gen.wall(pos)
                            : kind == 5 ? gen.invasion(pos)
                            : kind == 1 ? gen.cage(pos)
                            : kind == 2 ? gen.minor(pos)
                            : kind == 3 ? gen.small(pos)
                                        : gen.after_capture(pos);
            if (!ok || !pos.has_legal_moves()) continue;
            ++made;
            for (Color side : {rules::WHITE, rules::BLACK}) attack(pos, side, gen, tally);
        }
    }
    // Both answers must occur often, and the oracle must prove some unwinnable sides itself.
    std::cout << "adversary: " << tally.unwinnable << " unwinnable, " << tally.winnable << " winnable, "
              << tally.explored << " explored, " << tally.oracle_checked << " oracle-checked\n";
    CHECK(tally.unwinnable > 300 / SAMPLE);
    CHECK(tally.winnable > 2500 / SAMPLE);
    CHECK(tally.explored > 90 / SAMPLE);
    CHECK(tally.oracle_checked > 150 / SAMPLE);
}

TEST_CASE("winnability adversary: dead community positions changed a little", "[winnability][adversary]") {
    std::ifstream in(test::source_path("tests/data/winnability/community.txt"));
    REQUIRE(in);
    std::vector<rules::Position> dead;
    std::string line, error;
    rules::Position pos(rules::Position::Uninitialised{});
    while (std::getline(in, line))
        if (line.rfind("-- ", 0) == 0 && rules::parse_fen(line.substr(3), false, pos, error))
            dead.push_back(pos);
    REQUIRE(dead.size() > 100);
    Generator gen(1130);
    Tally tally;
    for (int made = 0, tries = 0; made < 400 && tries < 8000; ++tries) {
        if (!gen.mutate(dead[gen.below(int(dead.size()))], pos) || !pos.has_legal_moves()) continue;
        ++made;
        for (Color side : {rules::WHITE, rules::BLACK}) attack(pos, side, gen, tally);
    }
    CHECK(tally.unwinnable > 300);
    CHECK(tally.winnable > 180);
    CHECK(tally.explored > 180);
}

namespace {

// The positions one winner's move (no capture, promotion or castling) before `mate`, with
// that move.
std::vector<std::pair<rules::Position, rules::Move>> positions_before(const rules::Position& mate,
                                                                      Color winner) {
    std::vector<std::pair<rules::Position, rules::Move>> before;
    for (Bitboard men = mate.pieces(winner); men;) {
        const rules::Square to = rules::pop_lsb(men);
        const PieceType pt = rules::type_of(mate.piece_on(to));
        Bitboard from = 0;
        if (pt == rules::PAWN) {
            const int f = int(to) - rules::pawn_push(winner);
            if (f >= 8 && f < 56 && mate.piece_on(rules::Square(f)) == rules::NO_PIECE)
                from = rules::square_bb(rules::Square(f));
        } else {
            from = (pt == rules::KING ? rules::king_attacks(to) : rules::attacks_bb(pt, to, mate.pieces())) &
                   ~mate.pieces();
        }
        while (from) {
            const rules::Square f = rules::pop_lsb(from);
            rules::Position pos(rules::Position::Uninitialised{});
            pos.clear();
            for (int s = 0; s < 64; ++s)
                if (mate.piece_on(rules::Square(s)) != rules::NO_PIECE)
                    pos.put_piece(mate.piece_on(rules::Square(s)), s == to ? f : rules::Square(s));
            pos.set_side_to_move(winner);
            pos.set_clocks(0, 1);
            const rules::Move m(f, to);
            if (!pos.validate().empty() || !pos.is_legal(m)) continue;
            rules::Position after = pos;
            after.play(m);
            if (after.is_checkmate()) before.emplace_back(pos, m);
        }
    }
    return before;
}

// A random checkmate by a lone knight or by bishops on one colour against the loser's king and
// up to `max_men` men (most of them on the king's flights), with a single check; then the
// position before the checker's last move. Empty when the sample is no such mate.
std::optional<std::pair<rules::Position, rules::Move>> lone_minor_mate_in_one(Generator& gen, int max_men) {
    const auto w = Color(gen.below(2)), l = ~w;
    rules::Position pos(rules::Position::Uninitialised{});
    pos.clear();
    Bitboard used = 0;
    auto put = [&](Color c, PieceType pt, rules::Square s) {
        if ((used & rules::square_bb(s)) || (pt == rules::PAWN && (s < 8 || s > 55))) return false;
        used |= rules::square_bb(s);
        pos.put_piece(rules::make_piece(c, pt), s);
        return true;
    };
    auto pick = [&](Bitboard b) {
        for (int n = gen.below(rules::popcount(b)); n > 0; --n) b &= b - 1;
        return rules::lsb(b);
    };
    const auto k = rules::Square(gen.below(64));
    put(l, rules::KING, k);
    const int minor = gen.below(3);  // a knight, a bishop, or two or three bishops
    const rules::Square c = pick(minor == 0 ? rules::knight_attacks(k)
                                            : rules::attacks_bb(rules::BISHOP, k, rules::square_bb(k)));
    put(w, minor == 0 ? rules::KNIGHT : rules::BISHOP, c);
    const Bitboard colour =
        (rules::square_bb(c) & rules::DARK_SQUARES) ? rules::DARK_SQUARES : rules::LIGHT_SQUARES;
    for (int n = minor == 2 ? 1 + gen.below(2) : 0; n > 0; --n) put(w, rules::BISHOP, pick(colour & ~used));
    Bitboard near = 0;
    for (int s = 0; s < 64; ++s)
        if (test::king_distance(rules::Square(s), k) == 2 || test::king_distance(rules::Square(s), k) == 3)
            near |= rules::square_bb(rules::Square(s));
    if (!(near & ~used)) return std::nullopt;
    put(w, rules::KING, pick(near & ~used));
    static constexpr PieceType MEN[] = {rules::PAWN,   rules::PAWN, rules::KNIGHT,
                                        rules::BISHOP, rules::ROOK, rules::QUEEN};
    for (int n = 1 + gen.below(max_men); n > 0; --n) {
        const Bitboard flights = rules::king_attacks(k) & ~used;
        const Bitboard where = flights && gen.below(10) < 7 ? flights : ~used;
        put(l, MEN[gen.below(6)], pick(where));
    }
    pos.set_side_to_move(l);
    pos.set_clocks(0, 1);
    if (!pos.validate().empty() || !pos.is_checkmate() || rules::popcount(pos.checkers()) != 1)
        return std::nullopt;
    // Take the checker back to a square it could have come from.
    for (auto& [before, move] : positions_before(pos, w))
        if (move.to() == c) return std::make_pair(before, move);
    return std::nullopt;
}

}  // namespace

TEST_CASE("winnability adversary: a lone minor one move from mate is never called unwinnable",
          "[winnability][adversary]") {
    // The material rules for a lone knight or same-coloured bishops say "no mate exists with
    // this material": a real mate found by sampling, one move before, refutes any such claim.
    Generator gen(30);
    int found = 0;
    for (int sample = 0; sample < 300000; ++sample) {
        const auto mate = lone_minor_mate_in_one(gen, sample % 2 ? 4 : 9);
        if (!mate) continue;
        ++found;
        const auto& [before, move] = *mate;
        const Color winner = before.side_to_move();
        INFO(rules::to_fen(before) << " mates with " << rules::to_uci(before, move));
        REQUIRE_FALSE(rules::winnability::material_unwinnable(before, winner));
        REQUIRE(rules::winnability::can_checkmate(before, winner, {200, true}).outcome !=
                Outcome::Unwinnable);
    }
    CHECK(found > 500);
}

TEST_CASE("winnability adversary: one move before a mate behind a locked chain, no proof holds",
          "[winnability][adversary]") {
    // Random checkmates of a king on its side of a locked pawn chain, by pieces that got there
    // (or a lone minor, the case the wall proof sharpens): the position one move earlier has a
    // mate in one, so the wall proof, the ghost search and can_checkmate must all leave it open.
    namespace w = rules::winnability;
    Generator gen(31);
    int mates = 0, checked = 0;
    for (int sample = 0; sample < 100000; ++sample) {
        rules::Position mate(rules::Position::Uninitialised{});
        if (!gen.wall_mate(mate) || !mate.is_checkmate()) continue;
        const Color loser = mate.side_to_move();
        ++mates;
        const Color winner = ~loser;
        for (const auto& [before, move] : positions_before(mate, winner)) {
            ++checked;
            INFO(rules::to_fen(before) << " mates with " << rules::to_uci(before, move));
            REQUIRE_FALSE(w::locked_unwinnable(before, winner));
            REQUIRE_FALSE(w::material_unwinnable(before, winner));
            REQUIRE(w::ghost_search(before, winner, 20000, true).verdict != w::GhostVerdict::Unwinnable);
            REQUIRE(w::ghost_search(before, winner, 20000, false).verdict != w::GhostVerdict::Unwinnable);
            REQUIRE(w::can_checkmate(before, winner, {500, false}).outcome != Outcome::Unwinnable);
        }
    }
    CHECK(mates > 1500);
    CHECK(checked > 2000);
}
