#pragma once
// Game results as xboard writes them in both directions: `result 1-0 {White mates}` from the
// GUI and `1/2-1/2 {Draw by repetition}` from an engine.
#include <optional>
#include <string_view>

#include "rules/game.h"

namespace drawproxy::cecp {

enum class ResultCode { WhiteWins, BlackWins, Draw, Unfinished };

// "1-0", "0-1", "1/2-1/2", "*".
std::string_view result_text(ResultCode code);
std::optional<ResultCode> parse_result_code(std::string_view word);
ResultCode result_code(rules::Score score);

// The text between the braces of `{...}` at the start of `s` (blanks before it skipped):
// `{White mates} x` gives "White mates". Without an opening brace, the text up to a '}'; an
// unclosed brace takes the rest.
std::string_view brace_comment(std::string_view s);

// The ending an engine's result comment names, read as leniently as GUIs do ("Draw by
// repetition", "3-fold", "50 move rule", "Stalemate", "insufficient material", "White mates");
// nullopt when it names none.
std::optional<rules::Reason> reason_in_comment(std::string_view comment);

// Whether xboard would read an engine's line as a draw claim or a draw offer: it looks for
// "Draw" anywhere, and for "offer" and "draw" anywhere in one line (after the commands it
// knows). Output that is neither a claim nor an offer must not match.
bool mentions_draw(std::string_view line);

}  // namespace drawproxy::cecp
