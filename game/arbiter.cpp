#include "game/arbiter.h"

#include <fmt/format.h>
#include <algorithm>

#include "rules/notation.h"
#include "rules/winnability/winnability.h"

namespace drawproxy::game {

using rules::Color;

rules::Score win_for(Color c) {
    return c == rules::WHITE ? rules::Score::WhiteWins : rules::Score::BlackWins;
}

Arbiter::Arbiter(const rules::Edition& edition, const rules::Position& start, const TimeControl& white,
                 const TimeControl& black, int event_min_agreement_move)
    : edition_(edition),
      game_(start),
      clocks_{Clock(white), Clock(black)},
      event_min_move_(event_min_agreement_move) {
    game_.reserve(rules::TYPICAL_GAME_PLIES);
}

Outcome Arbiter::from_result(const rules::Result& r) {
    Outcome o;
    o.score = r.score;
    o.termination = rules::termination_of(r.reason);
    o.article = std::string(r.article);
    return o;
}

std::optional<Outcome> Arbiter::check_start() const {
    if (auto r = game_.automatic_result(edition_)) return from_result(*r);
    return std::nullopt;
}

Outcome Arbiter::loss_unless_unwinnable(Color loser, rules::Termination why, std::string article) const {
    Outcome o;
    o.termination = why;
    o.article = std::move(article);
    // Only a proof of "cannot checkmate" turns the loss into a draw; undecided stays a loss.
    rules::winnability::Budget budget;
    budget.nodes = 200000;
    budget.want_witness = false;
    const bool unwinnable = rules::winnability::can_checkmate(position(), ~loser, budget).outcome ==
                            rules::winnability::Outcome::Unwinnable;
    o.score = unwinnable ? rules::Score::Draw : win_for(~loser);
    return o;
}

Outcome Arbiter::flag_fall() const {
    return loss_unless_unwinnable(to_move(), rules::Termination::TimeForfeit, edition_.articles.flag_fall);
}

std::optional<Outcome> Arbiter::charge_time(std::int64_t elapsed_ms) {
    Clock& own = clocks_[to_move()];
    if (!own.charge(elapsed_ms)) return flag_fall();
    // An hourglass (both clocks, as cutechess-cli) hands the time used to the opponent.
    Clock& other = clocks_[~to_move()];
    if (own.control().hourglass && other.control().hourglass) other.add(elapsed_ms);
    return std::nullopt;
}

Outcome Arbiter::illegal_move(const std::string& text) const {
    Outcome o = loss_unless_unwinnable(to_move(), rules::Termination::IllegalMove, "7.5.5");
    o.move = text;
    return o;
}

Outcome Arbiter::resign(Color loser) const {
    Outcome o;
    o.termination = rules::Termination::Resignation;
    o.score = win_for(~loser);
    return o;
}

Outcome Arbiter::forfeit(Color loser, rules::Termination why) const {
    Outcome o;
    o.termination = why;
    o.article = "forfeit";
    o.score = win_for(~loser);
    return o;
}

ClaimRuling Arbiter::claim(const ClaimRequest& request, std::optional<Outcome>& ended) {
    ClaimRuling ruling;
    const rules::Position& pos = position();
    const bool with_move = bool(request.intended);
    std::string move_text = with_move ? rules::to_uci(pos, request.intended) : "";
    const rules::Verdict v = game_.verdict(edition_);
    for (const rules::Claim& c : v) {
        if (c.reason != request.reason || c.intended != with_move) continue;
        if (with_move && !c.moves.contains(request.intended)) continue;
        ruling.correct = true;
        ruling.article = std::string(c.article);
    }
    const rules::Termination what = rules::termination_of(request.reason);
    if (ruling.article.empty()) {
        const auto& a = edition_.articles;
        if (request.reason == rules::Reason::Threefold)
            ruling.article = with_move ? a.threefold_intended : a.threefold_appeared;
        else
            ruling.article = with_move ? a.fifty_intended : a.fifty_completed;
    }
    std::string claim_text = fmt::format("claim {} {}{}", rules::termination_word(what), ruling.article,
                                         with_move ? " move " + move_text : "");
    if (ruling.correct) {
        Outcome o;
        o.score = rules::Score::Draw;
        o.termination = what;
        o.article = ruling.article;
        o.move = move_text;
        o.claimed = true;
        ended = o;
        ruling.note = claim_text + ": correct";
        return ruling;
    }
    // 9.5: an incorrect claim costs time; the game goes on.
    const Color claimant = to_move();
    ++incorrect_claims_[claimant];
    const auto& p = edition_.penalty;
    int bonus_s = p.opponent_bonus_seconds;
    switch (clocks_[claimant].control().fide_class()) {
        case TimeControl::Class::Blitz:
            bonus_s = p.opponent_bonus_seconds_blitz;
            break;
        case TimeControl::Class::Rapid:
            bonus_s = p.opponent_bonus_seconds_rapid;
            break;
        case TimeControl::Class::Standard:
            break;
    }
    if (clocks_[~claimant].control().has_clock()) {
        ruling.penalty_ms = std::int64_t(bonus_s) * 1000;
        clocks_[~claimant].add(ruling.penalty_ms);
    }
    if (p.claimant_loses_half && clocks_[claimant].control().has_clock()) {
        std::int64_t half = clocks_[claimant].remaining_ms() / 2;
        if (p.claimant_max_deduction_seconds > 0)
            half = std::min<std::int64_t>(half, std::int64_t(p.claimant_max_deduction_seconds) * 1000);
        ruling.deducted_ms = half;
        clocks_[claimant].add(-half);
    }
    ruling.note = fmt::format("{}: incorrect, {}", claim_text, edition_.articles.incorrect_claim);
    if (ruling.penalty_ms) ruling.note += fmt::format(", opponent +{}s", ruling.penalty_ms / 1000);
    if (ruling.deducted_ms)
        ruling.note += fmt::format(", claimant -{:g}s", double(ruling.deducted_ms) / 1000);
    if (!clocks_[~claimant].control().has_clock()) ruling.note += ", no clock to penalise";
    return ruling;
}

std::optional<Outcome> Arbiter::play(rules::Move m) {
    offer_pending_ = false;  // moving declines a standing offer
    game_.play(m);
    if (auto r = game_.automatic_result(edition_)) return from_result(*r);
    return std::nullopt;
}

void Arbiter::offer_draw() { offer_pending_ = true; }

std::optional<Outcome> Arbiter::accept_draw(std::string& why) {
    if (!offer_pending_) {
        why = "no draw offer stands";
        return std::nullopt;
    }
    const int move_number = position().fullmove_number();
    const auto& ag = edition_.agreement;
    if (ag.mode == rules::DrawAgreement::Mode::Never) {
        why = "agreement refused: the rules forbid draw agreement";
        return std::nullopt;
    }
    int min_move = ag.mode == rules::DrawAgreement::Mode::NotBeforeMove ? ag.min_move : 0;
    min_move = std::max(min_move, event_min_move_);
    if (move_number < min_move) {
        why = fmt::format("agreement refused: not before move {}", min_move);
        return std::nullopt;
    }
    Outcome o;
    o.score = rules::Score::Draw;
    o.termination = rules::Termination::Agreement;
    o.article = edition_.articles.agreement;
    offer_pending_ = false;
    return o;
}

}  // namespace drawproxy::game
