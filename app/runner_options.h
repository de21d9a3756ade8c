#pragma once
// The values of the runners' options that take several keys or spellings (app/option_table.h
// says which option means what in which dialect).
// Pure: errors throw game::OptionError with one clear line, naming the option as given (`opt`).
#include <string>
#include <vector>

#include "tournament/settings.h"

namespace drawproxy::app {

using game::EngineConfig;
using game::OptionError;
using stats::SprtParams;
using tournament::MatchOptions;

// -pgnout FILE [min] [fi] (cutechess-cli) and -pgnout file=F [notation=san] [append=B] [min=B]
// (fastchess' keys, drawproxy's meaning: only what its PGN writes).
void apply_pgnout(const std::vector<std::string>& values, MatchOptions& opts, const std::string& opt);
// fastchess' -pgnout file=F with every key of its PGN (notation=, nodes=, ..., match_line=).
void apply_fastchess_pgnout(const std::vector<std::string>& values, MatchOptions& opts,
                            const std::string& opt);

// -draw movenumber= movecount= score=, -resign movecount= score= [twosided=]; the keys left
// out take fastchess' defaults unless `keys_required` (cutechess-cli).
void apply_draw(const std::vector<std::string>& values, game::AdjudicationOptions& a, bool keys_required,
                const std::string& opt);
void apply_resign(const std::vector<std::string>& values, game::AdjudicationOptions& a, bool keys_required,
                  const std::string& opt);
// -epdout FILE (cutechess-cli) or -epdout file=F [append=B] (fastchess).
void apply_epdout(const std::vector<std::string>& values, MatchOptions& opts, const std::string& opt);
// -log file=F [level=L] [engine=B] [append=B] [compress=false] [realtime=B] (fastchess).
void apply_log(const std::vector<std::string>& values, MatchOptions& opts, const std::string& opt);
// Several words of a PGN tag or file name, joined by spaces.
std::string joined(const std::vector<std::string>& values, const std::string& opt);

// fastchess' args="A B 'C D'": words split on blanks, quotes group.
std::vector<std::string> split_engine_args(const std::string& text);

}  // namespace drawproxy::app
