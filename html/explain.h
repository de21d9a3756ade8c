#pragma once
// What a ruling means, in one plain line of the project's own words (not the FIDE text). What
// each ending means is spelled with the ending, in rules/ending.h.
#include <string_view>

namespace drawproxy::html {

inline constexpr std::string_view INCORRECT_CLAIM_MEANING =
    "The claim was checked and found wrong, so the game went on and the opponent was given extra time (9.5).";
inline constexpr std::string_view OFFER_MEANING =
    "A player proposed a draw with this move; the opponent played on instead of accepting (9.1).";

}  // namespace drawproxy::html
