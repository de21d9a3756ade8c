#pragma once
// When the proxy claims a draw for the engine: always, never, or only when the engine's own
// last score in the search is at most CP centipawns (mate scores count as infinite).
#include <optional>
#include <string>
#include <string_view>

#include "uci/engine_message.h"

namespace drawproxy::proxy {

struct ClaimPolicy {
    enum Kind { Always, Never, ScoreAtMost };
    Kind kind = Always;
    int max_cp = 0;  // for ScoreAtMost

    // "always", "never", "score:CP"; nullopt for anything else.
    static std::optional<ClaimPolicy> parse(std::string_view text);
    std::string text() const;
    // Whether a claim may be made given the engine's last score (kind None: no score seen).
    bool allows(const uci::Score& last_score) const;
};

}  // namespace drawproxy::proxy
