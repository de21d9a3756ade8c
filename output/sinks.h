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
#include "output/cutechess_lines.h"
#include "output/sink.h"
#include "output/status_lines.h"

namespace drawproxy::output {

struct SinkSettings {
    OutputFormat format = OutputFormat::drawproxy;
    // Whose words the endings, the PGN and the warnings are in (wording_of()).
    rules::Wording wording = rules::Wording::drawproxy;
    bool quiet = false;
    std::FILE* out = nullptr;  // the status lines (nullptr: none)
    std::string pgn;           // "": no file
    bool pgn_append = true, pgn_minimal = false;
    const game::FastchessOutputSettings* fastchess = nullptr;  // -pgnout keys, -crc32
    std::string epd;
    bool epd_append = true;
    std::string json, html;
    int rating_interval = 0;         // the HTML page's refreshes
    int outcome_interval = 0;        // cutechess-cli's outcome list every N games (0: at the end)
    CutechessTable cutechess_table;  // its results table with more than two engines
    const std::vector<game::EngineConfig>* engines = nullptr;
    std::string openings_file;     // fastchess names it in its blocks
    bool openings_random = false;  // fastchess says it shuffles them
    std::string rules;             // the edition's name (the HTML page)
};

std::vector<std::unique_ptr<Sink>> make_sinks(const SinkSettings& s);

// The -output format's words, except that the fastchess dialect keeps fastchess's whatever the
// format (fastchess's -output format=cutechess changes its status lines only).
inline rules::Wording wording_of(OutputFormat f, bool fastchess_dialect) {
    if (fastchess_dialect || f == OutputFormat::fastchess) return rules::Wording::fastchess;
    return f == OutputFormat::cutechess ? rules::Wording::cutechess : rules::Wording::drawproxy;
}

// The interruption said on standard error once the match's lines are printed.
class InterruptNotice : public Sink {
  public:
    void match_ended(const MatchEnded& ev) override;
};

}  // namespace drawproxy::output
