// The judge against a slow, obvious reference written here: positions are compared as FEN
// text, occurrences are counted over the whole game, every legal move is tried for the
// intended-move threefold claim. Games are random but biased to provoke what the judge
// must get right: shuffling back and forth, long quiet stretches, bare material, Chess960.
#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "rules/game.h"
#include "rules/notation.h"

using namespace drawproxy::rules;

namespace {

// FIDE 9.2 identity as text: placement, side, castling rights, and the en passant square
// only when some legal move actually captures en passant (found by trying the moves).
std::string identity(const Position& pos) {
    std::string fen = to_fen(pos);
    std::size_t cut = fen.find(' ');
    cut = fen.find(' ', cut + 1);
    cut = fen.find(' ', cut + 1);
    std::string id = fen.substr(0, cut);
    for (Move m : pos.legal_moves())
        if (m.kind() == Move::EN_PASSANT) return id + " ep " + square_name(m.to());
    return id + " -";
}

bool reference_insufficient(const Position& pos) {
    int knights = 0, light_bishops = 0, dark_bishops = 0;
    for (int s = 0; s < 64; ++s) {
        Piece p = pos.piece_on(Square(s));
        if (p == NO_PIECE) continue;
        switch (type_of(p)) {
            case KING:
                break;
            case KNIGHT:
                ++knights;
                break;
            case BISHOP:
                ((file_of(Square(s)) + rank_of(Square(s))) % 2 ? light_bishops : dark_bishops)++;
                break;
            default:
                return false;
        }
    }
    if (knights + light_bishops + dark_bishops <= 1) return true;
    return knights == 0 && (light_bishops == 0 || dark_bishops == 0);
}

struct Edition3 {
    std::string name;
    Edition edition;
};

// What the reference says at one ply, as text to compare.
struct RefPly {
    int repetition = 0;
    int clock = 0;
    std::string claims;  // "" or e.g. "threefold|threefold:f6g8|fifty|fifty:a1a2,..."
    std::string result;  // "" or "checkmate" ...
};

class Reference {
  public:
    explicit Reference(const Position& start) : clock_(start.halfmove_clock()) { add(start); }

    void play(const Position& before, Move m, const Position& after) {
        bool zeroing = type_of(before.piece_on(m.from())) == PAWN || m.kind() == Move::EN_PASSANT ||
                       (m.kind() != Move::CASTLING && before.piece_on(m.to()) != NO_PIECE);
        clock_ = zeroing ? 0 : clock_ + 1;
        add(after);
    }

    int repetition() const { return counts_.at(ids_.back()); }
    int clock() const { return clock_; }

    RefPly judge(const Position& pos, const Edition& e) const {
        RefPly r;
        r.repetition = repetition();
        r.clock = clock_;
        const MoveList legal = pos.legal_moves();
        const int n = int(ids_.size()) - 1;
        bool five_alternate = n >= 16;
        for (int k = 1; k <= 4 && five_alternate; ++k) five_alternate = ids_[n - 4 * k] == ids_[n];
        if (legal.empty())
            r.result = pos.is_check() ? "checkmate" : "stalemate";
        else if (reference_insufficient(pos))
            r.result = "dead-position";
        else if ((e.fivefold == FivefoldMode::AnyFive && r.repetition >= 5) ||
                 (e.fivefold == FivefoldMode::ConsecutiveAlternate && five_alternate))
            r.result = "fivefold";
        else if (e.seventy_five_moves && clock_ >= 150)
            r.result = "seventy-five-moves";
        if (!r.result.empty()) return r;

        std::vector<std::string> threefold, fifty;
        for (Move m : legal) {
            Position next = pos;
            next.play(m);
            auto it = counts_.find(identity(next));
            if (it != counts_.end() && it->second >= 2) threefold.push_back(to_uci(pos, m));
            bool zeroing = type_of(pos.piece_on(m.from())) == PAWN || m.kind() == Move::EN_PASSANT ||
                           (m.kind() != Move::CASTLING && pos.piece_on(m.to()) != NO_PIECE);
            if (clock_ + 1 >= 100 && !zeroing) fifty.push_back(to_uci(pos, m));
        }
        auto list = [](std::vector<std::string> v) {
            std::sort(v.begin(), v.end());
            std::string s;
            for (const auto& m : v) s += (s.empty() ? "" : ",") + m;
            return s;
        };
        if (r.repetition >= 3) r.claims += "threefold " + e.articles.threefold_appeared + "|";
        if (!threefold.empty())
            r.claims += "threefold " + e.articles.threefold_intended + ":" + list(threefold) + "|";
        if (clock_ >= 100) r.claims += "fifty-moves " + e.articles.fifty_completed + "|";
        if (!fifty.empty()) r.claims += "fifty-moves " + e.articles.fifty_intended + ":" + list(fifty) + "|";
        return r;
    }

  private:
    void add(const Position& pos) {
        ids_.push_back(identity(pos));
        ++counts_[ids_.back()];
    }
    std::vector<std::string> ids_;
    std::map<std::string, int> counts_;
    int clock_;
};

RefPly from_game(const Game& game, const Edition& e) {
    RefPly r;
    r.repetition = game.repetition_count();
    r.clock = game.position().halfmove_clock();
    const Verdict v = game.verdict(e);
    for (const Claim& c : v) {
        r.claims += std::string(reason_name(c.reason)) + " " + std::string(c.article);
        if (c.intended) {
            r.claims += ":";
            for (int i = 0; i < c.moves.size(); ++i)
                r.claims += (i ? "," : "") + to_uci(game.position(), c.moves[i]);
        }
        r.claims += "|";
    }
    if (v.result) r.result = std::string(reason_name(v.result->reason));
    auto automatic = game.automatic_result(e);
    CHECK(bool(automatic) == bool(v.result));
    return r;
}

// Picks the next move: mostly a quiet move, often the move that undoes our last one, so
// positions come back; now and then anything (captures, pawn moves, castling).
Move pick(const Game& game, std::mt19937& rng) {
    const Position& pos = game.position();
    const MoveList legal = pos.legal_moves();
    std::uniform_int_distribution<int> percent(0, 99);
    int roll = percent(rng);
    if (game.ply_count() >= 2 && roll < 55) {
        Move last = game.move_at(game.ply_count() - 2);
        for (Move m : legal)
            if (m.from() == last.to() && m.to() == last.from() && m.kind() == Move::NORMAL) return m;
    }
    if (roll < 85) {
        Move quiet[256];
        int n = 0;
        for (Move m : legal)
            if (!pos.is_zeroing(m)) quiet[n++] = m;
        if (n) return quiet[std::uniform_int_distribution<int>(0, n - 1)(rng)];
    }
    return legal[std::uniform_int_distribution<int>(0, legal.size() - 1)(rng)];
}

const char* const STARTS[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
    "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",                            // bare: rook ending
    "8/8/3k4/8/8/2n5/8/R3K3 w Q - 90 80",                        // near fifty, rook and knight
    "8/8/3k4/8/8/8/8/R3K3 w - - 140 120",                        // near seventy-five
    "8/2b5/8/3k4/8/2B5/4N3/4K3 b - - 0 1",                       // minor pieces about to come off
    "4k3/8/8/8/3p4/8/4P3/4K2N w - - 0 1",                        // en passant chances
    "8/8/8/8/k2p3R/8/4P3/4K2N w - - 0 1",                        // pinned en passant pawn
    "2k5/8/8/8/8/8/3Q4/4K3 w - - 0 1",                           // queen: mates and stalemates
    "4k3/3ppp2/8/8/8/8/3PPP2/4K3 w - - 0 1",                     // pawns only
    "bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKRNB w KQkq - 0 1",  // Chess960
    "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1",        // Chess960, castling nearby
    "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",                  // Chess960, bare rooks
};

}  // namespace

TEST_CASE("judge: agrees with a slow FEN-text reference on random games", "[judge][differential]") {
#ifdef DRAWPROXY_SANITIZED
    const int games = 300;
#else
    const int games = 1000;
#endif
    std::vector<Edition3> editions;
    for (const char* name : {"fide-2023", "fide-2014", "fide-2009"}) {
        Edition e = Edition::builtin(name);
        // The reference knows only insufficient material; the full dead-position test is the
        // winnability engine's and is tested there.
        e.material_only_dead_position = true;
        editions.push_back({name, e});
    }
    std::mt19937 rng(20261129);
    int plies = 0, threefold_claims = 0, fifty_claims = 0, endings = 0;
    std::map<std::string, int> reasons;  // "edition reason" -> games ended so
    for (int g = 0; g < games; ++g) {
        const std::string fen = STARTS[g % std::size(STARTS)];
        const bool chess960 = fen.find("bqnrkrnb") != std::string::npos ||
                              fen.find("rk2r3") != std::string::npos || fen.find("GBgb") != std::string::npos;
        const Position start = Position::from_fen(fen, chess960);
        Game game(start);
        Reference ref(start);
        std::vector<bool> open(editions.size(), true);
        const int length = std::uniform_int_distribution<int>(20, 160)(rng);
        for (int ply = 0;; ++ply) {
            bool any_open = false;
            for (std::size_t i = 0; i < editions.size(); ++i) {
                if (!open[i]) continue;
                INFO("game " << g << " from " << fen << ", ply " << ply << ", " << editions[i].name);
                const RefPly want = ref.judge(game.position(), editions[i].edition);
                const RefPly got = from_game(game, editions[i].edition);
                REQUIRE(got.repetition == want.repetition);
                REQUIRE(got.clock == want.clock);
                REQUIRE(got.claims == want.claims);
                REQUIRE(got.result == want.result);
                threefold_claims += want.claims.find("threefold") != std::string::npos;
                fifty_claims += want.claims.find("fifty") != std::string::npos;
                if (!want.result.empty()) {
                    open[i] = false;
                    ++endings;
                    ++reasons[editions[i].name + " " + want.result];
                }
                any_open = any_open || open[i];
            }
            if (!any_open || ply == length || !game.position().has_legal_moves()) break;
            const Position before = game.position();
            const Move m = pick(game, rng);
            game.play(m);
            ref.play(before, m, game.position());
            ++plies;
        }
    }
    // The generator must actually reach the interesting cases, or this test proves little.
    CHECK(plies > games * 40);
    CHECK(threefold_claims > games);
    CHECK(fifty_claims > games / 10);
    CHECK(endings > games / 2);
    for (const char* reason : {"checkmate", "stalemate", "dead-position", "fivefold", "seventy-five-moves"}) {
        INFO(reason);
        CHECK(reasons[std::string("fide-2023 ") + reason] > 0);
    }
    CHECK(reasons["fide-2014 fivefold"] > 0);
    CHECK(reasons["fide-2014 fivefold"] < reasons["fide-2023 fivefold"]);  // every 4 plies only
    CHECK(reasons["fide-2009 fivefold"] == 0);
}
