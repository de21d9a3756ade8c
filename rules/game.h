#pragma once
// A game record: start position plus moves, with per-ply repetition counts (FIDE 9.2
// identity) and halfmove clock, and the Article 9 verdict for any ply. Appending a ply
// is O(1) amortised plus a look-back to the last irreversible move; nothing is replayed.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "rules/edition.h"
#include "rules/position.h"

namespace drawproxy::rules {

enum class Reason { Threefold, FiftyMoves, Fivefold, SeventyFiveMoves, DeadPosition, Stalemate, Checkmate };
// "threefold", "fifty-moves", "fivefold", "seventy-five-moves", "dead-position", "stalemate", "checkmate"
std::string_view reason_name(Reason r);

enum class Score { WhiteWins, BlackWins, Draw };
std::string_view score_text(Score s);  // "1-0", "0-1", "1/2-1/2"

// A game that ended by itself (5.1, 5.2, 9.6, 9.7).
struct Result {
    Score score;
    Reason reason;
    std::string_view article;  // points into the Edition, which must outlive it
};

// A claim open to the side to move (9.2, 9.3). `intended` claims name every move that
// qualifies (sorted by UCI text); the "has appeared / completed" forms have none.
struct Claim {
    Reason reason = Reason::Threefold;  // Threefold or FiftyMoves
    std::string_view article;
    bool intended = false;
    MoveList moves;  // only for intended claims
};

struct Verdict {
    std::optional<Result> result;  // set when the game is over at this ply
    int claim_count = 0;
    Claim claims[4];  // in contract order: threefold appeared, threefold intended, fifty completed, fifty
                      // intended
    const Claim* begin() const { return claims; }
    const Claim* end() const { return claims + claim_count; }
};

// Plies a game between engines seldom passes: what the runner's games reserve (Game::reserve).
inline constexpr int TYPICAL_GAME_PLIES = 256;

class Game;

// Where a copy of a game stands: the game it was last brought up to and that game's plies then.
// A game that has only gained plies since (the runner's, which never takes a move back) still
// shares those plies with the copy, so Game::follow copies the rest without comparing the games.
struct CopyMark {
    const Game* source = nullptr;
    int plies = 0;
};

class Game {
  public:
    explicit Game(const Position& start = Position());
    void reset(const Position& start);

    // Appends a legal move (check with Position::is_legal or a parser first; an illegal or
    // none move is undefined). Moves after the game has ended are recorded like any other.
    void play(Move m);
    // Drops plies after `ply` (0 = back to the start position); beyond the end, does nothing.
    void truncate(int ply);
    // Becomes `other`. When both start alike and `common` is the number of first moves they
    // share, only `other`'s plies past those are copied: a copy of each position, no replay.
    void catch_up(const Game& other, int common);
    // The number of first moves this game and `other` share, or -1 when they start apart.
    int common_plies(const Game& other) const;
    // Becomes `source` and marks it. When `mark` names `source`, that game must have only gained
    // plies since (moves played on this copy meanwhile are dropped); otherwise the games are
    // compared as common_plies does.
    void follow(const Game& source, CopyMark& mark);
    // Room for `plies` moves: a game played move by move then grows without reallocating.
    void reserve(int plies);

    int ply_count() const { return int(moves_.size()); }  // moves played so far
    const Position& start() const { return positions_.front(); }
    const Position& position() const { return positions_.back(); }
    const Position& position_at(int ply) const { return positions_[ply]; }
    Move move_at(int ply) const { return moves_[ply]; }  // the move played from position_at(ply)

    // Occurrences of the position at `ply` up to and including that ply.
    int repetition_count(int ply) const { return entries_[ply].repetition; }
    int repetition_count() const { return entries_.back().repetition; }
    int halfmove_clock(int ply) const { return positions_[ply].halfmove_clock(); }

    // Everything Article 9 (and 5.1/5.2) says at `ply`: the automatic result, if any, and
    // every claim open to the side to move (none once the game is over, none under rules
    // with automatic_claims). It judges the position at `ply` from the moves before it and
    // does not ask whether an earlier ply already ended the game: callers that keep playing
    // after a result stop at the first one (as `analyze` does).
    Verdict verdict(const Edition& e, int ply) const;
    Verdict verdict(const Edition& e) const { return verdict(e, ply_count()); }
    // Only the automatic ending: cheaper, for checking every ply.
    std::optional<Result> automatic_result(const Edition& e, int ply) const;
    std::optional<Result> automatic_result(const Edition& e) const {
        return automatic_result(e, ply_count());
    }
    // The claim that playing `m` from the current position would open as an intended-move
    // claim (threefold first, then fifty moves), if any; `m` must be legal. Like verdict(),
    // it does not check whether the game is already over.
    std::optional<Claim> intended_claim(const Edition& e, Move m) const;

  private:
    bool consecutive_alternate_fivefold(int ply) const;
    // Whether playing `m` at `ply` makes a position appear for at least the third time.
    bool would_repeat_thrice(int ply, Move m) const;

    struct Entry {
        std::uint64_t key;    // repetition key
        int repetition;       // occurrences so far, this one included
        int previous;         // ply of the previous occurrence, or -1
        int reversible_from;  // first ply reachable by the repetition look-back
    };
    std::vector<Position> positions_;
    std::vector<Move> moves_;
    std::vector<Entry> entries_;
};

}  // namespace drawproxy::rules
