#pragma once
// What a match page shows, as plain data. The readers (output/html_page.h) fill it from a
// running match, from the -jsonout summary or from PGN files; the page (match_page.h) only
// turns it into HTML.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "html/chart.h"
#include "rules/ending.h"
#include "rules/position.h"

namespace drawproxy::html {

struct PlyView {
    rules::Move move;
    bool book = false;
    bool has_score = false;
    bool mate = false;
    int score = 0;  // centipawns, or moves to mate (signed), from the mover's side
    int time_ms = -1;
    bool offered_draw = false;
    std::vector<std::string> notes;  // claims and rulings made at this move, as in the PGN
};

struct GameView {
    int number = 0;
    std::string white, black;
    std::string opening;  // a name, an ECO code or the opening's FEN; may be empty
    rules::Position start;
    std::vector<PlyView> plies;
    std::string result;                             // "1-0", "0-1", "1/2-1/2", "*"
    std::string reason, article, move;              // as in the ResultRule tag; move: a claimed intended move
    std::optional<rules::Termination> termination;  // the reason read (none: a word not known)
    bool claimed = false;
    std::vector<std::string> final_notes;  // after the last move (a claim that ended the game, a flag fall)
    int incorrect_claims[2] = {0, 0};      // by colour
    std::int64_t duration_ms = -1;         // -1: unknown
    // A game carried over from a resume state file: its result, reason and length are known,
    // its moves are not (the PGN file has them); it gets a row, marked, and no section.
    bool carried = false;
    int carried_plies = 0;

    int ply_count() const { return carried ? carried_plies : int(plies.size()); }

    rules::Color side_to_move_at_end() const {
        return rules::Color((int(start.side_to_move()) + int(plies.size())) % 2);
    }
};

// The first engine's standing after each game (against the second, or against the field).
struct ProgressPoint {
    double score_pct = 50;
    double elo = 0, elo_lo = 0, elo_hi = 0;  // may be infinite
};

struct MatchView {
    std::string title;
    std::vector<std::string> engines;
    std::vector<std::pair<std::string, std::string>> headline;  // label, value (rules, score, Elo, SPRT...)
    std::vector<ProgressPoint> progress;                        // one per game, in game order
    std::vector<BarBlock> reasons;                              // the Laws' block, then the event rules'
    std::vector<int> incorrect_claims;                          // per engine
    std::vector<GameView> games;
    // Up to this many games every game has a section written out; beyond, only games with a
    // claim or an ending of the Laws other than checkmate do, and the script draws the others.
    int full_sections_up_to = 1000;
};

}  // namespace drawproxy::html
