#pragma once
// fastchess's status lines, as fishtest's worker reads them: its finished line and warnings, its
// results block every -ratinginterval games (completed pairs, by pair number, with pentanomial
// statistics) and after the last game, the SPRT verdict, its engine-option warnings on standard
// output, and at the end the forfeits, "Finished match" and the wall time.
#include <vector>

#include "output/status_sink.h"

namespace drawproxy::output {

// What fastchess's "Results of A vs B (...)" puts in brackets, from the first two engines and
// the opening file: time control, threads, hash, book.
std::string fastchess_matchup_of(const std::vector<game::EngineConfig>& engines,
                                 const std::string& openings_file);

class FastchessLines : public StatusSink {
  public:
    // `cutechess_blocks`: fastchess's -output format=cutechess, its "Score of" line and a short
    // Elo block in cutechess-cli's style instead of its own block.
    FastchessLines(Console live, Console out, const PgnFile* crc, std::string matchup,
                   bool openings_random = false, bool cutechess_blocks = false)
        : StatusSink(live, out, crc, rules::Wording::fastchess),
          matchup_(std::move(matchup)),
          openings_random_(openings_random),
          cutechess_blocks_(cutechess_blocks) {}
    void match_started(const MatchStarted& ev) override;
    void match_ended(const MatchEnded& ev) override;
    // The lines after a scored game (each ends with a newline; "" none).
    std::string status_block(const StatusSnapshot& s) const;

  protected:
    void after_finished(const GameFinished& ev) override;

  private:
    std::string interval_block(const StatusSnapshot& s) const;
    std::string cutechess_block(const StatusSnapshot& s) const;
    std::string matchup_;
    bool openings_random_;
    bool cutechess_blocks_;
};

}  // namespace drawproxy::output
