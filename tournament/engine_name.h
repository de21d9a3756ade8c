#pragma once
// cutechess-cli calls an engine given no name= by the name it gives itself ("id name"): each
// such engine is started once before the match, asked, and quit.
#include <optional>
#include <string>
#include <vector>

#include "game/settings.h"

namespace drawproxy::tournament {

// The engine's "id name" (after its initstr= lines and "uci", before "uciok" or its start-up
// time); nothing when it cannot be started, says none, or exits or times out first: the match's
// own start then reports what is wrong.
std::optional<std::string> engine_id_name(const game::EngineConfig& e);

// Each engine with name_from_engine set takes its id name.
void name_engines_by_id(std::vector<game::EngineConfig>& engines);

// A match tells its engines apart by name: a name that is taken already gets "_2", "_3", ...
// as fastchess renames them. Returns a sentence for each engine renamed.
std::vector<std::string> make_names_unique(std::vector<game::EngineConfig>& engines);

}  // namespace drawproxy::tournament
