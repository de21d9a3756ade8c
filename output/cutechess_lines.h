#pragma once
// cutechess-cli's status lines: "Score of A vs B: ..." when -scoreinterval says (and after a
// game the interruption left unfinished), its results block every -ratinginterval games, and
// before "Finished match" whichever of the two the last game did not print.
#include "output/status_sink.h"

namespace drawproxy::output {

class CutechessLines : public StatusSink {
  public:
    using StatusSink::StatusSink;
    void match_ended(const MatchEnded& ev) override;
    // The lines after a scored game (each ends with a newline; "" none).
    static std::string status_block(const StatusSnapshot& s);
    // The closing block before "Finished match".
    std::string final_block(const MatchEnded& ev) const;

  protected:
    void after_finished(const GameFinished& ev) override;

  private:
    int unterminated_line_at_ = -1;  // the game count when an unfinished game had its score line
};

}  // namespace drawproxy::output
