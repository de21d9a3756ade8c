#include "proxy/claim_policy.h"

#include "uci/tokens.h"

namespace drawproxy::proxy {

std::optional<ClaimPolicy> ClaimPolicy::parse(std::string_view text, bool engine_allowed) {
    if (text == "always") return ClaimPolicy{Always, 0};
    if (text == "never") return ClaimPolicy{Never, 0};
    if (text == "engine" && engine_allowed) return ClaimPolicy{Engine, 0};
    if (text.starts_with("score:")) {
        if (auto cp = uci::to_number<int>(text.substr(6))) return ClaimPolicy{ScoreAtMost, *cp};
    }
    return std::nullopt;
}

std::optional<ClaimPolicy> ClaimPolicy::with_option_value(std::string_view value) const {
    if (uci::iequals(value, "always")) return ClaimPolicy{Always, max_cp};
    if (uci::iequals(value, "never")) return ClaimPolicy{Never, max_cp};
    if (uci::iequals(value, "score")) return ClaimPolicy{ScoreAtMost, max_cp};
    return parse(value);
}

std::string ClaimPolicy::text() const {
    switch (kind) {
        case Always:
            return "always";
        case Never:
            return "never";
        case ScoreAtMost:
            return "score:" + std::to_string(max_cp);
        case Engine:
            return "engine";
    }
    return "always";
}

bool ClaimPolicy::allows(const uci::Score& s) const {
    switch (kind) {
        case Always:
            return true;
        case Never:
        case Engine:  // the engine claims for itself
            return false;
        case ScoreAtMost:
            if (s.kind == uci::Score::Cp) return s.value <= max_cp;
            // Mate for the engine is +infinity, being mated (or mated now: 0) is -infinity.
            if (s.kind == uci::Score::Mate) return s.value <= 0;
            return false;  // no score reported in this search
    }
    return false;
}

}  // namespace drawproxy::proxy
