#include "game/engine_claim.h"

#include <sstream>
#include <string>

#include "rules/notation.h"

namespace drawproxy::game {

std::optional<ClaimRequest> parse_engine_claim(std::string_view line, const rules::Position& pos) {
    constexpr std::string_view prefix = "info string drawproxy claim ";
    if (line.substr(0, prefix.size()) != prefix) return std::nullopt;
    std::istringstream in{std::string(line.substr(prefix.size()))};
    std::string reason, article, word, move;
    in >> reason >> article >> word >> move;
    ClaimRequest r;
    if (reason == "threefold")
        r.reason = rules::Reason::Threefold;
    else if (reason == "fifty-moves")
        r.reason = rules::Reason::FiftyMoves;
    else
        return std::nullopt;
    if (word == "move") {
        r.intended = rules::parse_uci_move(pos, move);
        if (!r.intended) return std::nullopt;  // a claim naming an illegal move is no claim
    }
    return r;
}

}  // namespace drawproxy::game
