#pragma once
// `audit --rewrite`: a game written back with the result the Laws give and the ResultRule
// tag the match runner uses. Moves after the Laws' end of the game are dropped (a comment
// says how many); comments are kept, variations and NAGs are not.
#include <string>

#include "audit/audit.h"
#include "rules/pgn.h"

namespace drawproxy::audit {

// Appends the game as PGN text (tags, movetext, a blank line) to `out`.
void append_corrected_pgn(const rules::PgnGame& game, const GameAudit& audit, std::string& out);

}  // namespace drawproxy::audit
