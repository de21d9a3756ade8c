#pragma once
// The event's adjudication rules (-draw, -resign, -maxmoves), counted as cutechess-cli counts
// them: after each move, from the mover's own score. They are not the Laws: the runner asks
// only when the Laws have not ended the game at that move. Pure, O(1) per move, no allocation.
// The tablebase rule (-tb) is decided here too, from a probe the runner makes (game/syzygy.h).
#include <optional>

#include "game/record.h"
#include "game/settings.h"
#include "game/syzygy.h"

namespace drawproxy::game {

class Adjudicator {
  public:
    explicit Adjudicator(const AdjudicationOptions& rules) : rules_(rules) {}

    // `mover` has played `ply`; `plies` moves have now been played in the game (book moves
    // included) and the halfmove clock stands at `halfmove_clock`. An outcome if a rule fires.
    std::optional<Outcome> after_move(rules::Color mover, const PlyRecord& ply, int plies,
                                      int halfmove_clock);

  private:
    AdjudicationOptions rules_;
    int draw_count_ = 0;             // plies in a row with a score within +-draw_score
    int resign_count_[2] = {0, 0};   // by colour: own moves in a row at -resign_score or worse
    int winning_count_[2] = {0, 0};  // by colour: own moves in a row at +resign_score or better
};

// The tablebase rule on a probe `wdl` (side to move's view, `to_move`): a win or a loss ends the
// game, a draw is a draw. A cursed win or a blessed loss (won only past the fifty-move rule) is a
// draw when the defending side would claim under 9.3 (`defender_claims`: its claim policy allows
// it now), else the game is played on; with -tbignore50 it is the win. -tbadjudicate keeps only
// the decisive or only the drawn verdicts.
std::optional<Outcome> tablebase_verdict(const AdjudicationOptions& rules, syzygy::Wdl wdl,
                                         rules::Color to_move, bool defender_claims);

}  // namespace drawproxy::game
