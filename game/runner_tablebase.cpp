// The runner's tablebase adjudication: the Syzygy verdict on the position after each move, and
// whether the defender of a cursed win would claim under 9.3 (its claim policy on its last score).
#include <fmt/format.h>

#include "game/game_runner.h"

namespace drawproxy::game {

using rules::Color;

std::optional<Outcome> GameRunner::adjudicate_by_tablebase() {
    const rules::Position& pos = arbiter_.position();
    const Color to_move = pos.side_to_move();
    const std::optional<syzygy::Wdl> wdl =
        tb_prober_.probe(pos, int(record_.plies.size()), record_.plies.back().move, fifty_counts(to_move));
    if (!wdl) return std::nullopt;
    const bool cursed = *wdl == syzygy::Wdl::CursedWin || *wdl == syzygy::Wdl::BlessedLoss;
    const Color defender = *wdl == syzygy::Wdl::CursedWin ? ~to_move : to_move;
    const bool claims = cursed && would_claim(players_[defender]);
    std::optional<Outcome> o = tablebase_verdict(spec_.adjudication, *wdl, to_move, claims);
    const char* side = to_move == rules::WHITE ? "White" : "Black";
    const char* defending = defender == rules::WHITE ? "White" : "Black";
    if (o && cursed && !spec_.adjudication.tb_ignore50)
        record_.final_notes.push_back(
            fmt::format("tablebase: {} for {} to move, {} claims under 9.3 (claim={})",
                        syzygy::to_string(*wdl), side, defending, players_[defender].config->claim.text()));
    else if (o)
        record_.final_notes.push_back(
            fmt::format("tablebase: {} for {} to move", syzygy::to_string(*wdl), side));
    else if (cursed && !tb_played_on_noted_) {
        tb_played_on_noted_ = true;  // said once: the probe repeats after every move
        record_.plies.back().notes.push_back(
            fmt::format("tablebase: {} for {} to move, played on: {} does not claim under 9.3 (claim={})",
                        syzygy::to_string(*wdl), side, defending, players_[defender].config->claim.text()));
    }
    return o;
}

bool GameRunner::fifty_counts(Color to_move) const {
    // A cursed win is the win under -tbignore50; under -tbadjudicate DRAW a win is played on, and
    // so is a cursed win no one would claim (either side may be the one it is against).
    if (spec_.adjudication.tb_ignore50) return false;
    if (spec_.adjudication.tb_results != AdjudicationOptions::TbResults::Draw) return true;
    return would_claim(players_[to_move]) || would_claim(players_[~to_move]);
}

bool GameRunner::would_claim(const Seat& p) const {
    uci::Score s;
    if (p.has_score) {
        s.kind = p.mate ? uci::Score::Mate : uci::Score::Cp;
        s.value = p.score;
    }
    return p.config->claim.allows(s);
}

}  // namespace drawproxy::game
