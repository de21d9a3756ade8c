#pragma once
// The match page's data (html::MatchView) from what a match leaves behind: its game records
// while it runs (-htmlout), or afterwards its -jsonout summary and its PGN files
// (`drawproxy report`). Fields are read tolerantly: a summary from an older or newer
// drawproxy gives what it has.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "game/record.h"
#include "html/match_view.h"
#include "rules/pgn.h"

namespace drawproxy::output {

using game::GameRecord;

html::GameView game_view(const GameRecord& g);
// A game of a PGN file written by `drawproxy match` (scores, claims and offers from its comments).
html::GameView game_view(const rules::PgnGame& g);
// The games of a -jsonout summary (no moves: those come from the PGN).
std::vector<html::GameView> game_views(const nlohmann::json& summary);
// Adds what the summary knows about a game the PGN also gave (opening, time).
void add_summary_fields(html::GameView& g, const nlohmann::json& game);

// Title, headline, progress, reasons and incorrect claims from the games (in game order);
// the summary, if given, adds its statistics (Elo, nElo, pentanomial, SPRT) to the headline.
void complete_match_view(html::MatchView& m, const nlohmann::json* summary = nullptr);

// The whole page for a running or finished match.
std::string match_html(const std::vector<GameRecord>& games, const std::vector<std::string>& engines,
                       const std::string& rules, const nlohmann::json* summary = nullptr);

// Writes `text` to `path` through a temporary file renamed over it, so that a browser
// reloading the page never reads half of it. False, with `error` set, on failure.
bool write_file_atomically(const std::string& path, const std::string& text, std::string& error);

}  // namespace drawproxy::output
