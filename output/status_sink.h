#pragma once
// What every -output format's status lines share: the started and finished line of each game,
// the warnings about the game's end and the PGN's CRC line before the finished line (those about
// its search are said as they arise, engine_warning), the resume note. Each
// format (drawproxy_lines.h, cutechess_lines.h, fastchess_lines.h) says the rest.
// Two consoles: `live` gets the per-game lines and the long tables (-quiet mutes it), `out` what
// a quiet match still prints (the final score and Elo, the runners' closing blocks).
#include <set>
#include <string>

#include "output/console.h"
#include "output/pgn_file.h"
#include "output/sink.h"

namespace drawproxy::output {

class StatusSink : public Sink {
  public:
    // `wording`: whose finished lines and warnings: a runner's format in the other runner's
    // dialect (fastchess's -output format=cutechess) keeps the dialect's endings and warnings.
    StatusSink(Console live, Console out, const PgnFile* crc, rules::Wording wording)
        : live_(live), out_(out), wording_(wording), crc_(crc) {}
    void match_started(const MatchStarted& ev) override;
    void game_started(const GameStarted& ev) override;
    void game_finished(const GameFinished& ev) override;
    // drawproxy's and cutechess-cli's: one stderr line per unknown option, once per engine.
    void unknown_options(const game::EngineConfig& e, const std::vector<std::string>& unknown) override;
    // fastchess's warning lines, on standard output where fastchess prints them.
    void engine_warning(const std::string& line) override;

  protected:
    // A seed from the clock is said where it decides something, so the run can be repeated.
    virtual void seed_notice(std::uint64_t seed) const;
    // The game's lines before its finished line, beyond the engines' own warnings.
    std::string warnings(const GameRecord& g) const;
    std::string finished_line(const GameRecord& g) const;
    // The format's lines after the finished line: scores, status blocks, SPRT verdicts.
    virtual void after_finished(const GameFinished& ev) = 0;
    // A block of whole lines, printed without its last newline (nothing when empty).
    void live_block(const std::string& block) const;

    Console live_, out_;
    rules::Wording wording_;

  private:
    const PgnFile* crc_;  // the PGN file whose CRC line follows each game, or none
    std::set<const game::EngineConfig*> warned_;
};

}  // namespace drawproxy::output
