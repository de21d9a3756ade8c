#pragma once
// The arbiter of one game: judges every move and every claim by the edition's Laws and
// keeps both clocks. Pure logic, no I/O: the game driver reports what the players did.
#include <cstdint>
#include <optional>
#include <string>

#include "game/record.h"
#include "game/settings.h"
#include "game/time_control.h"
#include "rules/edition.h"
#include "rules/game.h"

namespace drawproxy::game {

// What a player claimed (9.2, 9.3): a reason, and the intended move for the 9.2.1/9.3.1 form.
struct ClaimRequest {
    rules::Reason reason = rules::Reason::Threefold;
    rules::Move intended;  // none: the "has appeared" / "completed" form
};

struct ClaimRuling {
    bool correct = false;
    std::string article;           // of the claim as judged (the claimed form's article)
    std::int64_t penalty_ms = 0;   // incorrect: time added to the opponent's clock
    std::int64_t deducted_ms = 0;  // incorrect, fide-2001: time taken from the claimant
    std::string note;              // a PGN comment text describing the ruling
};

class Arbiter {
  public:
    Arbiter(const rules::Edition& edition, const rules::Position& start, const TimeControl& white,
            const TimeControl& black, int event_min_agreement_move = 0);

    const rules::Game& game() const { return game_; }
    const rules::Position& position() const { return game_.position(); }
    rules::Color to_move() const { return game_.position().side_to_move(); }
    const Clock& clock(rules::Color c) const { return clocks_[c]; }
    const rules::Edition& edition() const { return edition_; }
    int incorrect_claims(rules::Color c) const { return incorrect_claims_[c]; }

    // The game may already be over in its start position (a FEN opening).
    std::optional<Outcome> check_start() const;
    // The side to move used `elapsed_ms` on its move; nullopt, or a flag fall (6.9).
    std::optional<Outcome> charge_time(std::int64_t elapsed_ms);
    // The side to move's flag fell while it was still thinking.
    Outcome flag_fall() const;
    // A claim by the side to move; a correct one ends the game (`ended` is set).
    ClaimRuling claim(const ClaimRequest& request, std::optional<Outcome>& ended);
    // The side to move plays a legal move; the automatic endings follow (5.1, 5.2, 9.6, 9.7).
    std::optional<Outcome> play(rules::Move m);
    // The side to move played an illegal or unreadable move (7.5.5).
    Outcome illegal_move(const std::string& text) const;
    // `loser`'s engine died (Crash) or went silent (Stall): a loss.
    Outcome forfeit(rules::Color loser, rules::Termination why) const;
    // `loser` resigns: a loss, even where the opponent could not checkmate (the Laws let a
    // player resign any lost or unlost game).
    Outcome resign(rules::Color loser) const;
    // The side that just moved offers a draw; it stands until the opponent moves.
    void offer_draw();
    bool draw_offered_to_mover() const { return offer_pending_; }
    // The side to move accepts the standing offer. Returns the outcome if agreement is
    // allowed now, else nullopt and `why` says which restriction refused it.
    std::optional<Outcome> accept_draw(std::string& why);

  private:
    // 6.9 and 7.5.5: a loss for `loser`, unless the opponent cannot checkmate at all.
    Outcome loss_unless_unwinnable(rules::Color loser, rules::Termination why, std::string article) const;
    static Outcome from_result(const rules::Result& r);

    const rules::Edition& edition_;
    rules::Game game_;
    Clock clocks_[2];
    int event_min_move_;
    int incorrect_claims_[2] = {0, 0};
    bool offer_pending_ = false;
};

rules::Score win_for(rules::Color c);

}  // namespace drawproxy::game
