#pragma once
// drawproxy's own status lines: the running score when -scoreinterval says, its Elo and
// statistics lines every -ratinginterval games, the SPRT's verdict, and at the end the score and
// Elo of each encounter, then (not with -quiet) the crosstable, the reasons and the claims.
#include "output/status_sink.h"

namespace drawproxy::output {

class DrawproxyLines : public StatusSink {
  public:
    using StatusSink::StatusSink;
    void match_ended(const MatchEnded& ev) override;
    // The lines after a scored game's score line (each ends with a newline; "" none).
    static std::string status_block(const StatusSnapshot& s);

  protected:
    void seed_notice(std::uint64_t seed) const override;
    void after_finished(const GameFinished& ev) override;
};

}  // namespace drawproxy::output
