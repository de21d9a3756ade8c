#pragma once
// The sinks of a match, built once from its settings: the files first (each game is in them
// before its lines are printed), then the status lines of the chosen -output format, the
// interruption notice, the JSON summary and the HTML page, in the order their events run.
// -quiet is the status sink with its per-game channel muted: what it still prints is the
// format's closing part (drawproxy's final score and Elo, the runners' closing blocks).
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "game/fastchess_settings.h"
#include "game/settings.h"
#include "output/sink.h"
#include "output/status_lines.h"

namespace drawproxy::output {

struct SinkSettings {
    OutputFormat format = OutputFormat::drawproxy;
    bool quiet = false;
    std::FILE* out = nullptr;  // the status lines (nullptr: none)
    std::string pgn;           // "": no file
    bool pgn_append = true, pgn_minimal = false;
    const game::FastchessOutputSettings* fastchess = nullptr;  // -pgnout keys, -crc32
    std::string epd;
    bool epd_append = true;
    std::string json, html;
    int rating_interval = 0;  // the HTML page's refreshes
    const std::vector<game::EngineConfig>* engines = nullptr;
    std::string openings_file;     // fastchess names it in its blocks
    bool openings_random = false;  // fastchess says it shuffles them
    std::string rules;             // the edition's name (the HTML page)
};

std::vector<std::unique_ptr<Sink>> make_sinks(const SinkSettings& s);

// Whether the games record the facts of fastchess's PGN comments and warnings.
inline bool uses_fastchess_facts(OutputFormat f) { return f == OutputFormat::fastchess; }

// The interruption said on standard error once the match's lines are printed.
class InterruptNotice : public Sink {
  public:
    void match_ended(const MatchEnded& ev) override;
};

}  // namespace drawproxy::output
