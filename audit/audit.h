#pragma once
// Re-judging a recorded game under an edition of the Laws: where the game ended by itself,
// where a claim was first open, how the record says it ended, and whether its result stands.
#include <optional>
#include <string>
#include <string_view>

#include "rules/edition.h"
#include "rules/game.h"
#include "rules/pgn.h"

namespace drawproxy::audit {

// How the record says the game ended, read from drawproxy's ResultRule tag, the comments
// drawproxy, cutechess-cli and fastchess leave at the last move, and the Termination tag
// (any tool's spelling: lichess, chess.com, python-chess names such as FIVEFOLD_REPETITION).
enum class RecordedEnd {
    Unstated,  // nothing said (or lichess "Normal")
    Checkmate,
    Stalemate,
    Threefold,
    FiftyMoves,
    Fivefold,
    SeventyFiveMoves,
    DeadPosition,
    InsufficientMaterial,
    TimeForfeit,
    Adjudication,
    Resignation,
    Agreement,
    IllegalMove,
    Abandoned,  // disconnection, stalled engine, abandoned
    Unfinished,
};
std::string_view recorded_end_name(RecordedEnd e);
RecordedEnd classify_termination(const rules::PgnGame& game);
// A ResultRule value as output/pgn writes it ("fivefold 9.6.1", "threefold 9.2.1 move g1f3",
// "adjudication draw-score", "time-forfeit 6.9"); Unstated for anything else.
RecordedEnd classify_result_rule(std::string_view rule);

struct AuditEnd {
    int ply = 0;  // counts positions as in `analyze`: 0 is the start position
    rules::Score score = rules::Score::Draw;
    rules::Reason reason = rules::Reason::Checkmate;
    std::string article;
};

struct AuditClaim {
    int ply = 0;
    rules::Reason reason = rules::Reason::Threefold;
    std::string article;
};

struct GameAudit {
    int game = 0;
    std::string white, black;
    std::string recorded;  // "1-0", "0-1", "1/2-1/2", "*"
    RecordedEnd recorded_end = RecordedEnd::Unstated;
    std::string recorded_rule;  // the record's own ResultRule tag, "" if none
    int plies = 0;
    std::optional<AuditEnd> automatic_end;
    std::optional<AuditClaim> first_claim;
    bool agrees = true;
    std::string why;
    // The result by the Laws ("*" where they do not settle it) and the ResultRule text
    // ("<reason> <article>"), empty when the Laws say nothing about how it ended.
    std::string corrected;
    std::string result_rule;
    int kept_plies = 0;  // plies that belong to the game under the Laws (the rest came after its end)
};

// Audits one well-formed game (game.ok()). `scratch` is reused between games to save allocations.
GameAudit audit_game(const rules::PgnGame& game, const rules::Edition& edition, rules::Game& scratch);

}  // namespace drawproxy::audit
