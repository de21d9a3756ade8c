#pragma once
// The saved state of a match (-autosaveinterval): enough to resume it after an interruption
// (-resume STATE.json, fastchess' -config file=STATE.json). The schedule is not saved: it is
// computed again from the saved command line (openings, colours and pairings are fixed by it
// and the seed), and the finished games are taken out of it. What the finished games leave
// behind (their result, reason and claims for the tables, their colours and pair for the
// statistics) is saved with the sizes of the PGN and EPD files when they were written, so a
// resumed match cuts off any game written after the last save and plays it again.
//
// The file is a journal, one JSON object a line: the state when the run started (version,
// command line, match id, the games saved before), written whole through a renamed temporary
// file; then a line per game saved since, appended at each save (a save costs its new games,
// not the whole match), then {"complete": true} when every game was played. A last line cut
// short (the process killed while appending) is ignored: its game is played again. Version 1
// files (the state as one JSON object) are read too.
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "game/record.h"

namespace drawproxy::journal {

using game::GameRecord;
using game::Outcome;

struct SavedGame {
    int number = 0;
    int pair = -1;
    std::string white, black;
    Outcome outcome;
    int plies = 0;
    int incorrect_claims[2] = {0, 0};
    std::int64_t pgn_bytes = -1;  // the -pgnout file's size with this game written (-1: none)
    std::int64_t epd_bytes = -1;
};

struct MatchState {
    static constexpr int VERSION = 2;
    std::vector<std::string> args;  // the match's command line after `match`, without -resume
    std::string match_id;
    std::vector<SavedGame> games;  // finished, in the order they finished
    std::int64_t pgn_bytes = -1;   // the -pgnout file's size after the last saved game (-1: none)
    std::int64_t epd_bytes = -1;
    bool complete = false;  // every game of the schedule was played
};

SavedGame saved_game(const GameRecord& g, int pair);
// A record the report and the statistics take as the finished game (no moves, `plies` long).
GameRecord record_of(const SavedGame& g);

// The journal's lines, each ending with a newline: the whole state, a game saved after it, the end.
std::string state_header_line(const MatchState& s);
std::string state_game_line(const SavedGame& g);
std::string state_complete_line();

// Reads a state file; throws std::runtime_error with one line (missing, bad JSON, not a state).
MatchState read_state_file(const std::string& path);
// Writes it whole (compacted: one line) through a temporary file renamed over it; false with
// `error` on failure.
bool write_state_file(const std::string& path, const MatchState& s, std::string& error);
// Appends journal lines (one write); false with `error` on failure.
bool append_state_lines(const std::string& path, const std::string& lines, std::string& error);

// Where a match keeps its state without -resume: beside its first output (-pgnout, else
// -epdout, else -jsonout) as OUTPUT.state.json; else drawproxy-state.json in the current folder.
std::string default_state_path(const std::string& pgnout, const std::string& epdout,
                               const std::string& jsonout);

}  // namespace drawproxy::journal
