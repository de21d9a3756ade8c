#pragma once
// fastchess's checks of an engine's search output (match.cpp verifyPvLines, addMoveData), whose
// "Warning; ..." lines fishtest's worker treats as fatal, so they are made where fastchess makes
// them: once the search has given a bestmove with a move in it, first a search with output but no
// scored info line, or whose score fastchess cannot read; then for every scored info line the pv
// walked from the position before the move (an illegal move, or play past a checkmate, stalemate,
// threefold or fifty-move rule) and, with -check-mate-pvs, a mate score's pv length; last the
// bestmove against the last pv. A bare "bestmove" gets fastchess's "No bestmove found" alone. Each
// pv line is walked as it comes; its warnings wait for the bestmove. Each warning carries
// fastchess's context lines (Info;, Position;, Moves;), joined by " :: " under -testEnv. Idle
// unless given settings.
#include <string>
#include <string_view>
#include <vector>

#include "game/fastchess_settings.h"
#include "game/record.h"
#include "rules/game.h"

namespace drawproxy::game {

class PvCheck {
  public:
    // `settings`: nullptr outside fastchess's format (no check at all).
    void configure(const FastchessOutputSettings* settings);
    void reset();  // a new search starts
    // Each engine line during the search, `game` the game before the move: the same object at
    // every call, one that only gains plies (Game::follow).
    void line(std::string_view line, const rules::Game& game, const std::string& name);
    // The search's bestmove: `move` the text after the word ("" for a bare "bestmove"), `legal`
    // whether it is a legal move (an illegal one is not checked against the pv).
    void bestmove(std::string_view move, bool legal, const rules::Game& game, const std::string& name,
                  std::vector<std::string>& warnings);

    // After a legal move (`game` holds it, `plies` its record last): fastchess's "Sign mismatch
    // in mate scores" when this move's and the opponent's previous move's scores are both mates
    // of one sign; `them`/`us`: the opponent's and the mover's names and last info lines.
    void mate_signs(const std::vector<PlyRecord>& plies, const rules::Game& game, const std::string& them,
                    std::string_view their_info, const std::string& us, std::string_view our_info,
                    std::vector<std::string>& warnings) const;

  private:
    void check_pv(std::string_view info, const rules::Game& game, const std::string& name);
    std::string context(std::string_view info, const rules::Game& game) const;

    const FastchessOutputSettings* settings_ = nullptr;
    int lines_ = 0;                         // lines of this search
    bool scored_ = false;                   // a scored info line seen
    std::string last_single;                // the last scored info line without multipv or with multipv 1
    std::string last_exact_;                // of those, the last without lowerbound/upperbound
    std::vector<std::string> pv_warnings_;  // this search's, said at its bestmove
    // scratch_ = game; only the plies it lacks are copied when it holds an earlier state of it.
    void sync_scratch(const rules::Game& game);

    rules::Game scratch_;               // the game with a pv played on it, reused
    rules::CopyMark scratch_mark_;      // the game scratch_ last followed
    std::vector<std::string_view> pv_;  // reused
};

}  // namespace drawproxy::game
