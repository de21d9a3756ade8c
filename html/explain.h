#pragma once
// What an ending or a ruling means, in one plain line of the project's own words (not the
// FIDE text), for the reason names used everywhere (ResultRule, JSON, tables).
#include <string_view>

namespace drawproxy::html {

// `reason` as in ResultRule ("threefold", "time-forfeit", "adjudication", ...); `article` is
// the rule for adjudications ("resign-score", ...); `result` "1-0", "0-1", "1/2-1/2";
// `intended`: a claim naming the move about to be played (9.2.1 / 9.3.1 forms).
std::string_view ending_meaning(std::string_view reason, std::string_view article, std::string_view result,
                                bool claimed, bool intended);

inline constexpr std::string_view INCORRECT_CLAIM_MEANING =
    "The claim was checked and found wrong, so the game went on and the opponent was given extra time (9.5).";
inline constexpr std::string_view OFFER_MEANING =
    "A player proposed a draw with this move; the opponent played on instead of accepting (9.1).";

}  // namespace drawproxy::html
