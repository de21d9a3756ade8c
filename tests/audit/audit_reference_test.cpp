// The audit's automatic end and first open claim against a slow, obvious reference that
// compares positions as FEN text: on real Stockfish games in cutechess-cli and fastchess
// formats, and on random games built to repeat positions, written as PGN and read back.
#include <catch2/catch.hpp>
#include <fstream>
#include <random>
#include <sstream>
#include <unordered_map>

#include <fmt/core.h>

#include "audit/audit.h"
#include "pgn_samples.h"
#include "rules/dead_position.h"
#include "rules/notation.h"

using namespace drawproxy;
using rules::Move;
using rules::Position;

namespace {

// FIDE 9.2 identity as text: placement, side to move, castling, en passant (to_fen shows
// the en passant square only when a legal capture exists).
std::string identity(const Position& p) {
    std::string f = rules::to_fen(p);
    std::size_t cut = 0;
    for (int spaces = 0; cut < f.size(); ++cut)
        if (f[cut] == ' ' && ++spaces == 4) break;
    return f.substr(0, cut);
}

struct Expected {
    int end_ply = -1;
    std::string end;  // "reason article"
    int claim_ply = -1;
    std::string claim;
};

// fide-2023 when `modern`, else fide-2009 (no fivefold, no 75 moves).
Expected reference(const Position& start, const std::vector<Move>& moves, bool modern) {
    Expected x;
    std::unordered_map<std::string, int> seen;
    Position pos = start;
    for (int ply = 0;; ++ply) {
        const int count = ++seen[identity(pos)];
        const rules::MoveList legal = pos.legal_moves();
        const int clock = pos.halfmove_clock();
        std::string end;
        if (legal.empty())
            end = pos.is_check() ? (modern ? "checkmate 5.1.1" : "checkmate 5.1a")
                                 : (modern ? "stalemate 5.2.1" : "stalemate 5.2a");
        else if (rules::is_dead_position(pos))
            end = modern ? "dead-position 5.2.2" : "dead-position 9.6";
        else if (modern && count >= 5)
            end = "fivefold 9.6.1";
        else if (modern && clock >= 150)
            end = "seventy-five-moves 9.6.2";
        if (!end.empty()) {
            x.end_ply = ply;
            x.end = end;
            return x;
        }
        if (x.claim_ply < 0) {
            std::string claim;
            if (count >= 3) claim = modern ? "threefold 9.2.2" : "threefold 9.2b";
            for (Move m : legal) {
                if (!claim.empty()) break;
                Position next = pos;
                next.play(m);
                auto it = seen.find(identity(next));
                if (it != seen.end() && it->second >= 2)
                    claim = modern ? "threefold 9.2.1" : "threefold 9.2a";
            }
            if (claim.empty() && clock >= 100) claim = modern ? "fifty-moves 9.3.2" : "fifty-moves 9.3b";
            for (Move m : legal) {
                if (!claim.empty()) break;
                Position next = pos;
                next.play(m);
                if (next.halfmove_clock() >= 100) claim = modern ? "fifty-moves 9.3.1" : "fifty-moves 9.3a";
            }
            if (!claim.empty()) {
                x.claim_ply = ply;
                x.claim = claim;
            }
        }
        if (ply == int(moves.size())) return x;
        pos.play(moves[ply]);
    }
}

void compare(const rules::PgnGame& g, const rules::Edition& e, rules::Game& scratch, bool modern) {
    INFO("game " << g.number << " from " << rules::to_fen(g.start));
    REQUIRE(g.ok());
    const audit::GameAudit a = audit::audit_game(g, e, scratch);
    const Expected x = reference(g.start, g.moves, modern);
    CHECK((a.automatic_end ? a.automatic_end->ply : -1) == x.end_ply);
    if (a.automatic_end)
        CHECK(std::string(rules::reason_name(a.automatic_end->reason)) + " " + a.automatic_end->article ==
              x.end);
    CHECK((a.first_claim ? a.first_claim->ply : -1) == x.claim_ply);
    if (a.first_claim)
        CHECK(std::string(rules::reason_name(a.first_claim->reason)) + " " + a.first_claim->article ==
              x.claim);
}

// Random legal games that often move a piece back where it came from, so positions repeat;
// written as PGN with comments in the tools' styles.
std::string random_games(int n, std::mt19937& rng) {
    static const char* STARTS[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",    // castling rights inside repetitions
        "4k3/2p5/8/3P4/8/8/8/4K3 b - - 0 1",       // an en passant chance that comes and goes
        "8/8/4k3/8/8/3PP3/4K3/8 w - - 90 60",      // the clock near fifty moves
        "r3k1n1/8/8/8/8/8/8/R3K1N1 w - - 130 90",  // near 75 moves
        "nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w GBgb - 0 1",  // Chess960
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1",
    };
    std::string out;
    for (int i = 0; i < n; ++i) {
        const char* fen = STARTS[rng() % std::size(STARTS)];
        const bool c960 = fen[0] == 'n';
        Position pos = Position::from_fen(fen, c960);
        out += fmt::format("[Game \"{}\"]\n[FEN \"{}\"]\n", i + 1, fen);
        if (c960) out += "[Variant \"Chess960\"]\n";
        out += "\n";
        std::vector<Move> played;
        const int length = 20 + int(rng() % 200);
        for (int ply = 0; ply < length; ++ply) {
            rules::MoveList legal = pos.legal_moves();
            if (legal.empty()) break;
            Move m = legal[int(rng() % legal.size())];
            // Undo the own move of two plies ago when possible: repetitions.
            if (played.size() >= 2 && rng() % 10 < 7) {
                Move back = played[played.size() - 2];
                for (Move l : legal)
                    if (l.from() == back.to() && l.to() == back.from() && l.kind() == Move::NORMAL) m = l;
            }
            if (pos.side_to_move() == rules::WHITE)
                out += fmt::format("{}. ", pos.fullmove_number());
            else if (ply == 0)
                out += fmt::format("{}... ", pos.fullmove_number());
            out += rules::to_san(pos, m);
            out += ply % 3 == 0 ? " {+0.10/12 0.021s} " : ply % 3 == 1 ? " { [%clk 0:01:00] } " : " ";
            if (ply % 17 == 16) out += "\n";
            pos.play(m);
            played.push_back(m);
        }
        out += "*\n\n";
    }
    return out;
}

}  // namespace

TEST_CASE("audit agrees with the FEN-text reference on Stockfish games", "[audit][reference]") {
    for (const char* edition : {"fide-2023", "fide-2009"}) {
        const rules::Edition e = rules::Edition::builtin(edition);
        rules::Game scratch;
        int games = 0;
        for (const char* file : {"stockfish-cutechess.pgn", "stockfish-fastchess.pgn", "cutechess.pgn",
                                 "fastchess.pgn", "lichess.pgn"}) {
            rules::PgnReader reader;
            reader.feed(test::pgn_sample(file));
            reader.finish();
            while (const rules::PgnGame* g = reader.next()) {
                INFO(edition << " " << file);
                compare(*g, e, scratch, e.name == "fide-2023");
                ++games;
            }
        }
        CHECK(games == 30);
    }
}

TEST_CASE("audit agrees with the FEN-text reference on random repeating games", "[audit][reference]") {
    std::mt19937 rng(20261129);
#ifdef DRAWPROXY_SANITIZED
    const int n = 40;
#else
    const int n = 200;
#endif
    const std::string text = random_games(n, rng);
    for (const char* edition : {"fide-2023", "fide-2009"}) {
        const rules::Edition e = rules::Edition::builtin(edition);
        rules::Game scratch;
        rules::PgnReader reader;
        int games = 0, ended = 0, claimed = 0;
        // Fed in odd-sized pieces, as a file read in chunks would be.
        for (std::size_t i = 0; i < text.size(); i += 4093) {
            reader.feed(std::string_view(text).substr(i, 4093));
            while (const rules::PgnGame* g = reader.next()) {
                compare(*g, e, scratch, e.name == "fide-2023");
                rules::Game replay(g->start);
                audit::GameAudit a = audit::audit_game(*g, e, replay);
                ended += bool(a.automatic_end);
                claimed += bool(a.first_claim);
                ++games;
            }
        }
        reader.finish();
        CHECK(reader.next() == nullptr);
        CHECK(games == n);
        // The generator must actually provoke what is compared.
        CHECK(claimed > n / 2);
        if (e.name == "fide-2023") CHECK(ended > n / 4);
    }
}
