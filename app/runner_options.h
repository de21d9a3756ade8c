#pragma once
// The options of cutechess-cli 1.4 and fastchess 1.x that `drawproxy match` takes beside its
// own, in both runners' spellings, and the one-line reason for each option it refuses.
// Pure: errors throw game::OptionError with one clear line.
#include <string>
#include <vector>

#include "tournament/settings.h"

namespace drawproxy::app {

using game::EngineConfig;
using game::OptionError;
using stats::SprtParams;
using tournament::MatchOptions;

// Applies a runner option drawproxy implements; false if `opt` is not one of them.
bool apply_runner_option(const std::string& opt, const std::vector<std::string>& values, MatchOptions& opts);

// -pgnout FILE [min] [fi] (cutechess-cli) and -pgnout file=F [notation=san] [append=B] [min=B] ...
// (fastchess).
void apply_pgnout(const std::vector<std::string>& values, MatchOptions& opts);

// An engine key of either runner beyond drawproxy's own; false if it is not one of them.
bool apply_runner_engine_key(EngineConfig& e, const std::string& key, const std::string& value);

// Why a known option of either runner is refused ("-tb: ..."), or empty if it is not refused.
std::string refused_option_reason(const std::string& opt);

// fastchess' args="A B 'C D'": words split on blanks, quotes group.
std::vector<std::string> split_engine_args(const std::string& text);

}  // namespace drawproxy::app
