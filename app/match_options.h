#pragma once
// Parsing the command line of the match runner into MatchOptions, in one of its dialects
// (drawproxy's own cutechess-style one, fastchess', cutechess-cli's). The options and engine
// keys are the tables of app/option_table.h. Errors throw game::OptionError with one clear line.
#include <string>
#include <vector>

#include "app/option_table.h"
#include "tournament/settings.h"

namespace drawproxy::app {

using game::EngineConfig;
using game::OptionError;
using stats::SprtModel;
using stats::SprtParams;
using tournament::MatchOptions;

// Pure: the command line alone (no file, no clock). Engines with conf= have their keys checked
// but are built only by parse_match_options, which reads engines.json.
MatchRequest parse_match_request(const std::vector<std::string>& args, Dialect dialect = Dialect::drawproxy);

// The match the command line asks for: parse_match_request, then what it leaves to files and
// the clock: the state file of -resume/-config, engines.json for conf=, the seed from the clock
// without -srand, and fastchess' -concurrency 0/-N from the machine's threads.
MatchOptions parse_match_options(const std::vector<std::string>& args, Dialect dialect = Dialect::drawproxy);

// Whether -sprt may leave alpha= and beta= out (drawproxy's 0.05 each) or must give them, as
// fastchess (whose defaults of 0 are refused) and cutechess-cli (which needs all four) require.
enum class ErrorRates { defaulted, required };

// The values of -sprt (match) and --sprt (merge): elo0=, elo1=, alpha=, beta=, model=.
SprtParams parse_sprt_words(const std::vector<std::string>& words, const std::string& option,
                            SprtModel default_model = SprtModel::normalized,
                            ErrorRates rates = ErrorRates::defaulted);

// The full usage text of the match runner in drawproxy's dialect (for --help / -h).
const char* match_usage();

}  // namespace drawproxy::app
