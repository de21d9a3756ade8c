#pragma once
// Parsing the command line of `drawproxy match` (cutechess-cli's style) into MatchOptions.
// Pure: errors throw game::OptionError with one clear line.
#include <optional>
#include <string>
#include <vector>

#include "tournament/settings.h"

namespace drawproxy::app {

using game::EngineConfig;
using game::OptionError;
using stats::SprtParams;
using tournament::MatchOptions;

MatchOptions parse_match_options(const std::vector<std::string>& args);

// The values of -sprt (match) and --sprt (merge): elo0=, elo1=, alpha=, beta=, model=.
SprtParams parse_sprt_words(const std::vector<std::string>& words, const std::string& option);

// The full usage text of `drawproxy match` (for --help / -h).
const char* match_usage();

}  // namespace drawproxy::app
