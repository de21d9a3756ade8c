#pragma once
// cutechess-cli's engine configurations: `-engine conf=NAME` takes the engine NAME from
// engines.json, looked up as cutechess-cli does (./engines.json, else engines.json in its
// configuration folder: $XDG_CONFIG_HOME/cutechess, or ~/.config/cutechess).
// Errors throw game::OptionError with one line (missing file, bad JSON, unknown name).
#include <string>

#include "tournament/settings.h"

namespace drawproxy::app {

using game::EngineConfig;
using game::OptionError;
using stats::SprtParams;
using tournament::MatchOptions;

// The engines.json cutechess-cli would read, or empty when there is none.
std::string find_engines_json();

// Sets in `e` what engines.json says of the engine named `name` in `path`: name, command,
// workingDirectory, stderrFile, protocol (uci only), initStrings, whitepov, restart,
// timeoutScaleFactor and options ({"name": N, "value": V, ...}; a value replaces the one `e`
// has for N). Keys given on the command line after conf= override these.
void apply_engines_json(EngineConfig& e, const std::string& name, const std::string& path);

}  // namespace drawproxy::app
