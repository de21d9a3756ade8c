#include "game/adjudicator.h"

#include <cstdlib>

namespace drawproxy::game {
namespace {

// A mate score counts as far beyond any centipawn threshold, with its sign.
constexpr int MATE_CP = 1'000'000;

Outcome adjudicated(rules::Score score, rules::EventRule rule) {
    Outcome o;
    o.score = score;
    o.termination = rules::Termination::Adjudication;
    o.article = rules::event_rule_word(rule);
    return o;
}

}  // namespace

std::optional<Outcome> Adjudicator::after_move(rules::Color mover, const PlyRecord& ply, int plies,
                                               int halfmove_clock) {
    const rules::Color other = mover == rules::WHITE ? rules::BLACK : rules::WHITE;
    // A capture or a pawn move starts the draw count again (the move's own score still counts).
    if (halfmove_clock == 0) draw_count_ = 0;
    if (ply.book || !ply.has_score) {
        // A move without a search (book, or no score printed) breaks every run, as in cutechess-cli.
        draw_count_ = 0;
        resign_count_[mover] = winning_count_[mover] = 0;
    } else {
        const int cp = ply.mate ? (ply.score > 0 ? MATE_CP : -MATE_CP) : ply.score;
        if (rules_.draw_movecount > 0) {
            draw_count_ = std::abs(cp) <= rules_.draw_score ? draw_count_ + 1 : 0;
            if (plies / 2 >= rules_.draw_movenumber && draw_count_ >= 2 * rules_.draw_movecount)
                return adjudicated(rules::Score::Draw, rules::EventRule::DrawScore);
        }
        if (rules_.resign_movecount > 0) {
            resign_count_[mover] = cp <= -rules_.resign_score ? resign_count_[mover] + 1 : 0;
            winning_count_[mover] = cp >= rules_.resign_score ? winning_count_[mover] + 1 : 0;
            if (resign_count_[mover] >= rules_.resign_movecount &&
                (!rules_.resign_twosided || winning_count_[other] >= rules_.resign_movecount))
                return adjudicated(other == rules::WHITE ? rules::Score::WhiteWins : rules::Score::BlackWins,
                                   rules::EventRule::ResignScore);
        }
    }
    if (rules_.max_moves > 0 && plies >= 2 * rules_.max_moves)
        return adjudicated(rules::Score::Draw, rules::EventRule::MaxMoves);
    return std::nullopt;
}

std::optional<Outcome> tablebase_verdict(const AdjudicationOptions& rules, syzygy::Wdl wdl,
                                         rules::Color to_move, bool defender_claims) {
    using syzygy::Wdl;
    using Results = AdjudicationOptions::TbResults;
    const rules::Color other = to_move == rules::WHITE ? rules::BLACK : rules::WHITE;
    auto winner = [](rules::Color c) {
        return c == rules::WHITE ? rules::Score::WhiteWins : rules::Score::BlackWins;
    };
    std::optional<rules::Score> score;
    switch (wdl) {
        case Wdl::Win:
            score = winner(to_move);
            break;
        case Wdl::Loss:
            score = winner(other);
            break;
        case Wdl::Draw:
            score = rules::Score::Draw;
            break;
        case Wdl::CursedWin:
        case Wdl::BlessedLoss:
            if (rules.tb_ignore50)
                score = winner(wdl == Wdl::CursedWin ? to_move : other);
            else if (defender_claims)
                score = rules::Score::Draw;
            break;  // else played on: the claim is the defender's to make, or the 75-move rule ends it
    }
    if (!score) return std::nullopt;
    const bool draw = *score == rules::Score::Draw;
    if ((draw && rules.tb_results == Results::WinLoss) || (!draw && rules.tb_results == Results::Draw))
        return std::nullopt;
    return adjudicated(*score, rules::EventRule::Tablebase);
}

}  // namespace drawproxy::game
