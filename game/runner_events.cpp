// What the runner does with an engine's words other than its moves and search reports:
// claims (9.2, 9.3, judged by the arbiter, 9.5 when wrong), draw offers, resignations, results
// it announces (checked, never trusted) and moves it refused.
#include <fmt/format.h>

#include "game/engine_claim.h"
#include "game/game_runner.h"

namespace drawproxy::game {

using rules::Color;

void GameRunner::on_event(Color c, const PlayerEvent& e) {
    Seat& p = players_[c];
    switch (e.kind) {
        case PlayerEvent::Claim: {
            if (p.config->protocol == Protocol::Uci) {
                p.engine_claim = e.claim;  // judged with the move it comes before
                return;
            }
            // An xboard claim is of the position now, and the engine stops: judged at once, and
            // after an incorrect one it is asked to move again.
            PlyRecord ply;
            ply.notes = std::move(pending_notes_);
            pending_notes_.clear();
            rules::Move none;
            if (judge_claim(e.claim, ply, none)) return;
            pending_notes_ = std::move(ply.notes);
            // Its clock runs on from its `go`: the same turn again, the moves unchanged.
            player(p).turn(Turn{arbiter_.game(), position_cmd_, go_});
            return;
        }
        case PlayerEvent::OfferDraw:
            p.offers_draw = true;
            return;
        case PlayerEvent::Resign:
            record_.final_notes.push_back(fmt::format("{} resigns", p.config->name));
            return finish(arbiter_.resign(c));
        case PlayerEvent::Announce:
            if (e.result == win_for(~c)) {
                record_.final_notes.push_back(fmt::format("{} resigns ({})", p.config->name, e.text));
                return finish(arbiter_.resign(c));
            }
            // A win it announces for itself is not so (a mate ends the game before it could):
            // the game goes on.
            if (!record_.plies.empty())
                record_.plies.back().notes.push_back(
                    fmt::format("{} announces {} {{{}}}: not so, the game goes on", p.config->name,
                                rules::score_text(e.result), e.text));
            return;
        case PlayerEvent::Refused:
            record_.final_notes.push_back(fmt::format("{} refused a legal move: {}", p.config->name, e.text));
            record_.crash = fmt::format("engine '{}' refused a legal move ({})", p.config->name, e.text);
            p.retire = true;
            return finish(arbiter_.forfeit(c, rules::Termination::Crash));
        default:
            return;
    }
}

std::optional<ClaimRequest> GameRunner::claim_in(const proxy::Claimant::Lines& lines) const {
    for (const std::string& line : lines)
        if (auto claim = parse_engine_claim(line, arbiter_.position())) return claim;
    return std::nullopt;
}

bool GameRunner::judge_claim(const ClaimRequest& request, PlyRecord& ply, rules::Move& move) {
    std::optional<Outcome> ended;
    ClaimRuling ruling = arbiter_.claim(request, ended);
    if (ended) {
        record_.final_notes.push_back(ruling.note);
        finish(*ended);
        return true;
    }
    ply.notes.push_back(ruling.note);
    // 9.1.2.3: where the edition says so, the claim is also a draw offer.
    if (edition_.claim_is_draw_offer) ply.offered_draw = true;
    if (request.intended) move = request.intended;  // a claimed intended move must be played
    return false;
}

}  // namespace drawproxy::game
