#pragma once
// fastchess's status lines, as fishtest's worker reads them: its finished line and warnings, its
// results block every -ratinginterval games (completed pairs, by pair number, with pentanomial
// statistics) and after the last game, the SPRT verdict, its engine-option warnings on standard
// output, and at the end the forfeits, "Finished match" and the wall time.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "output/status_sink.h"

namespace drawproxy::output {

// An engine's Threads and Hash as fastchess holds them once it has set the engine up (nullopt:
// the engine declares no such option), by engine name.
struct HeldOptions {
    std::optional<std::string> threads, hash;
};
using HeldOptionsByEngine = std::map<std::string, HeldOptions>;

// What fastchess's "Results of A vs B (...)" puts in brackets, from the first two engines and
// the opening file: time control, threads, hash ("NULL" for an option the engine does not have;
// before an engine has started, its configured value), book.
std::string fastchess_matchup_of(const std::vector<game::EngineConfig>& engines,
                                 const std::string& openings_file, const HeldOptionsByEngine& held = {});

class FastchessLines : public StatusSink {
  public:
    // `cutechess_blocks`: fastchess's -output format=cutechess, its "Score of" line and a short
    // Elo block in cutechess-cli's style instead of its own block.
    FastchessLines(Console live, Console out, const PgnFile* crc,
                   const std::vector<game::EngineConfig>& engines, std::string openings_file,
                   bool openings_random = false, bool cutechess_blocks = false)
        : StatusSink(live, out, crc, rules::Wording::fastchess),
          engines_(engines),
          openings_file_(std::move(openings_file)),
          matchup_(fastchess_matchup_of(engines_, openings_file_)),
          openings_random_(openings_random),
          cutechess_blocks_(cutechess_blocks) {}
    // The header names the Threads and Hash the engines declared, or were set to, as fastchess's.
    void engine_declared(const game::EngineConfig& engine,
                         const std::vector<game::OptionSpec>& declared) override;
    void match_started(const MatchStarted& ev) override;
    void match_ended(const MatchEnded& ev) override;
    // The lines after a scored game (each ends with a newline; "" none).
    std::string status_block(const StatusSnapshot& s) const;

  protected:
    void after_finished(const GameFinished& ev) override;

  private:
    std::string interval_block(const StatusSnapshot& s) const;
    std::string cutechess_block(const StatusSnapshot& s) const;
    const std::vector<game::EngineConfig>& engines_;
    std::string openings_file_;
    HeldOptionsByEngine held_;
    std::string matchup_;
    bool openings_random_;
    bool cutechess_blocks_;
};

}  // namespace drawproxy::output
