#pragma once
// When a player claims a draw (9.2, 9.3) under its claim policy, decided in-process as the
// proxy's claimant would behind `drawproxy -- ENGINE`: the "has appeared / completed" form
// first, then the intended-move form for the move the engine chose. Pure.
#include <optional>
#include <string_view>

#include "match/arbiter.h"
#include "match/options.h"
#include "rules/edition.h"
#include "rules/game.h"

namespace drawproxy::match {

// `score_known` / `score_cp`: the engine's own last score for this move (mate scores count
// as far from a draw). `bestmove` may be none.
std::optional<ClaimRequest> decide_claim(const rules::Game& game, const rules::Edition& edition,
                                         const ClaimPolicy& policy, bool score_known, int score_cp,
                                         rules::Move bestmove);

// Reads `info string drawproxy claim <reason> <article> [move <uci>]` as printed by an engine
// that claims by itself. nullopt if the line is not such a claim or names no known reason.
std::optional<ClaimRequest> parse_engine_claim(std::string_view line, const rules::Position& pos);

}  // namespace drawproxy::match
