#include "game/record.h"

namespace drawproxy::game {

std::string Outcome::rule_text() const {
    std::string s = reason;
    if (!article.empty()) s += ' ' + article;
    if (!move.empty()) s += " move " + move;
    return s;
}

std::string Outcome::result_text() const {
    return unterminated() ? std::string("*") : std::string(rules::score_text(score));
}

std::string outcome_category(const Outcome& o) {
    const bool draw = o.score == rules::Score::Draw;
    if (o.reason == "threefold") return o.claimed ? "threefold claimed" : "threefold (automatic)";
    if (o.reason == "fifty-moves") return o.claimed ? "fifty moves claimed" : "fifty moves (automatic)";
    if (o.reason == "fivefold") return "fivefold";
    if (o.reason == "seventy-five-moves") return "75 moves";
    if (o.reason == "dead-position") return "dead position";
    if (o.reason == "stalemate") return "stalemate";
    if (o.reason == "checkmate") return "checkmate";
    if (o.reason == "agreement") return "agreement";
    if (o.reason == "adjudication") return o.rule_text();  // an event rule: "adjudication draw-score"
    if (o.reason == "time-forfeit") return draw ? "flag fall drawn" : "flag fall won";
    if (o.reason == "illegal-move") return draw ? "illegal move drawn" : "forfeit (illegal move)";
    return "forfeit (" + o.reason + ")";
}

}  // namespace drawproxy::game
