#include "game/engine_claim.h"

#include "rules/ending.h"
#include "rules/notation.h"
#include "uci/tokens.h"

namespace drawproxy::game {

std::optional<ClaimRequest> parse_engine_claim(std::string_view line, const rules::Position& pos) {
    constexpr std::string_view prefix = "info string drawproxy claim ";
    if (line.substr(0, prefix.size()) != prefix) return std::nullopt;
    uci::Tokens words(line.substr(prefix.size()));
    const std::optional<rules::Termination> reason = rules::parse_termination(words.next());
    words.next();  // the article, which the arbiter judges for itself
    ClaimRequest r;
    if (reason == rules::Termination::Threefold)
        r.reason = rules::Reason::Threefold;
    else if (reason == rules::Termination::FiftyMoves)
        r.reason = rules::Reason::FiftyMoves;
    else
        return std::nullopt;
    if (words.next() == "move") {
        r.intended = rules::parse_uci_move(pos, words.next());
        if (!r.intended) return std::nullopt;  // a claim naming an illegal move is no claim
    }
    return r;
}

}  // namespace drawproxy::game
