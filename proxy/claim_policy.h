#pragma once
// When a draw is claimed for the engine: always, never, or only when the engine's own last
// score in the search is at most CP centipawns (mate scores count as infinite). The match
// runner adds one kind, `engine`: the engine prints `info string drawproxy claim ...` itself,
// so no claim is made for it (the proxy refuses that kind: a proxy exists to claim).
#include <optional>
#include <string>
#include <string_view>

#include "uci/engine_message.h"

namespace drawproxy::proxy {

struct ClaimPolicy {
    enum Kind { Always, Never, ScoreAtMost, Engine };
    Kind kind = Always;
    int max_cp = 0;  // for ScoreAtMost

    // "always", "never", "score:CP", and "engine" where `engine_allowed`; else nullopt.
    static std::optional<ClaimPolicy> parse(std::string_view text, bool engine_allowed = false);
    // The value of the engine option Claim, set from a GUI: `always`, `never` or `score` in any
    // case (the last keeps this policy's CP, which option ClaimScore sets), or what parse takes.
    std::optional<ClaimPolicy> with_option_value(std::string_view value) const;
    std::string text() const;
    // Whether a claim may be made given the engine's last score (kind None: no score seen).
    bool allows(const uci::Score& last_score) const;
    // Whether any claim is ever made for the engine (not for never, nor engine).
    bool makes_claims() const { return kind != Never && kind != Engine; }
};

}  // namespace drawproxy::proxy
