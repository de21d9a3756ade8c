#include "game/record.h"

namespace drawproxy::game {

std::string Outcome::rule_text() const {
    std::string s(word());
    if (!article.empty()) s += ' ' + article;
    if (!move.empty()) s += " move " + move;
    return s;
}

std::string Outcome::result_text() const {
    return unterminated() ? std::string("*") : std::string(rules::score_text(score));
}

rules::EndingFacts Outcome::facts() const {
    return {claimed, claimed && !move.empty(), score == rules::Score::Draw};
}

std::string outcome_category(const Outcome& o) {
    return rules::ending_category(o.termination, o.word(), o.article, o.facts());
}

}  // namespace drawproxy::game
