#pragma once
// What an audit page shows, as plain data: a verdict per game, and for each disagreement
// the moves needed to draw the board where the Laws ended the game. Filled by audit/.
#include <optional>
#include <string>
#include <vector>

#include "rules/ending.h"
#include "rules/position.h"

namespace drawproxy::html {

struct AuditRow {
    std::string file;
    int game = 0;
    std::string white, black;
    std::string recorded;                 // the recorded result: "1-0", "0-1", "1/2-1/2", "*"
    std::string recorded_end;             // how the record says it ended ("threefold", "time forfeit", ...)
    std::string lawful;                   // the result by the Laws, "*" where they do not settle it
    std::string result_rule;              // "<reason> <article>" of the Laws' ending, "" if none
    std::string end_reason, end_article;  // the automatic ending, if any
    std::optional<rules::Termination> end;
    int end_ply = -1;  // where the Laws ended the game (-1: they did not)
    std::string claim_reason, claim_article;
    int claim_ply = -1;  // the first ply where a claim was open (-1: none)
    int plies = 0;
    bool agrees = true;
    std::string why;
    // Disagreements only: the game, to draw its boards and the plies after the end.
    rules::Position start;
    std::vector<rules::Move> moves;
};

struct AuditBroken {
    std::string file;
    int game = 0, ply = 0;
    std::string why;
};

struct AuditView {
    std::string title;
    std::string rules;
    std::vector<std::string> files;
    std::vector<AuditRow> rows;  // in file order; the page puts disagreements first
    std::vector<AuditBroken> broken;
};

}  // namespace drawproxy::html
