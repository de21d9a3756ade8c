#pragma once
// Reading a draw claim (9.2, 9.3) from its UCI line, as the proxy's claimant or an engine
// that claims by itself prints it. Pure.
#include <optional>
#include <string_view>

#include "game/arbiter.h"
#include "game/settings.h"
#include "rules/edition.h"
#include "rules/game.h"

namespace drawproxy::game {

// Reads `info string drawproxy claim <reason> <article> [move <uci>]` as printed by an engine
// that claims by itself. nullopt if the line is not such a claim or names no known reason.
std::optional<ClaimRequest> parse_engine_claim(std::string_view line, const rules::Position& pos);

}  // namespace drawproxy::game
