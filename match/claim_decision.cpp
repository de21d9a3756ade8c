#include "match/claim_decision.h"

#include <sstream>
#include <string>

#include "rules/notation.h"

namespace drawproxy::match {

std::optional<ClaimRequest> decide_claim(const rules::Game& game, const rules::Edition& edition,
                                         const ClaimPolicy& policy, bool score_known, int score_cp,
                                         rules::Move bestmove) {
    using Kind = ClaimPolicy::Kind;
    if (policy.kind == Kind::Never || policy.kind == Kind::Engine) return std::nullopt;
    if (edition.automatic_claims) return std::nullopt;  // the game already ended by itself
    if (policy.kind == Kind::Score && (!score_known || score_cp > policy.score_cp)) return std::nullopt;
    const rules::Verdict v = game.verdict(edition);
    for (const rules::Claim& c : v)
        if (!c.intended) return ClaimRequest{c.reason, rules::Move::none()};
    if (bestmove) {
        if (auto c = game.intended_claim(edition, bestmove)) return ClaimRequest{c->reason, bestmove};
    }
    return std::nullopt;
}

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

}  // namespace drawproxy::match
