#pragma once
// cutechess-cli's status lines: with two engines "Score of A vs B: ..." when -scoreinterval
// says (and after a game the interruption left unfinished) and its results block, with more
// its results table (output/cutechess_table.h), every -ratinginterval games and before
// "Finished match" unless the last game printed it; then its list of each player's outcomes
// (every -outcomeinterval games, and at the end unless just printed).
// A knockout prints its bracket (output/knockout_text.h) where the results block or table would be.
#include <map>
#include <vector>

#include "output/cutechess_table.h"
#include "output/status_sink.h"

namespace drawproxy::output {

// cutechess-cli's tally of how each player's games ended, keyed by the ending's reason: a draw
// under its reason for both players, a decisive game as "Win: <reason>" and "Loss: <reason>".
class OutcomeTally {
  public:
    explicit OutcomeTally(std::vector<std::string> names);
    // A game of engines `white` and `black` (indices; -1, an unknown name, is not counted).
    void add(int white, int black, const GameRecord& g, rules::Wording wording);
    const std::vector<std::string>& names() const { return names_; }
    // "\nPlayer: A\n   \"Draw by stalemate\": 2..." (each player in the engines' order, the
    // reasons sorted), as cutechess-cli prints it: an empty line first, no newline last.
    std::string text() const;

  private:
    std::vector<std::string> names_;
    std::vector<std::map<std::string, int>> counts_;
};

// The results table's settings: -resultformat, and whether the match is a gauntlet.
struct CutechessTable {
    std::string format{DEFAULT_RESULT_FORMAT};
    int gauntlet_seeds = 0;  // a gauntlet: max(1, -seeds); else 0
};

class CutechessLines : public StatusSink {
  public:
    // `players`: each engine's name and time control, no games yet.
    CutechessLines(Console live, Console out, const PgnFile* crc, rules::Wording wording,
                   std::vector<RankedPlayer> players, int outcome_interval, CutechessTable table = {},
                   bool openings_random = false);
    void match_started(const MatchStarted& ev) override;
    void match_ended(const MatchEnded& ev) override;
    // The lines after a scored game (each ends with a newline; "" none). A knockout's bracket
    // takes the place of the results block, whatever the number of players.
    std::string status_block(const StatusSnapshot& s) const;
    // The closing block before "Finished match".
    std::string final_block(const MatchEnded& ev) const;

  protected:
    void after_finished(const GameFinished& ev) override;

  private:
    bool openings_random_;  // both runners say they index a book they will shuffle
    // fastchess's -output format=cutechess has no outcome list and no results table:
    // cutechess-cli's words only.
    bool lists_outcomes() const { return wording_ == rules::Wording::cutechess; }
    // With more than two players cutechess-cli prints no score line and its table for a block.
    bool ranks(int engines) const { return engines > 2 && lists_outcomes(); }
    void count(int white, int black, const GameRecord& g);
    int unterminated_line_at_ = -1;  // the game count when an unfinished game had its score line
    OutcomeTally outcomes_;
    Standings standings_;
    CutechessTable table_;
    int outcome_interval_;
    int finished_ = 0;  // games finished (the resumed ones included), the outcome interval's count
};

}  // namespace drawproxy::output
