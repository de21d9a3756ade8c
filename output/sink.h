#pragma once
// The one output path of a match: every file it writes and every line it prints is a Sink's
// answer to the match's events. The runner (tournament/) says what happened and when a line is
// due; the sinks say it, each in its own words and files (sinks.h builds the list).
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "game/fastchess_options.h"
#include "game/record.h"
#include "game/settings.h"
#include "output/knockout_text.h"
#include "output/report.h"
#include "stats/encounters.h"

namespace drawproxy::output {

using game::GameRecord;

// A resumed match's state: its games count as played.
struct Resumed {
    std::string state_file;
    std::size_t played = 0, to_play = 0;
};

struct MatchStarted {
    const std::vector<GameRecord>& carried;  // the resumed games (results, no moves)
    std::optional<Resumed> resumed;
    std::optional<std::uint64_t> clock_seed;  // a seed from the clock that decides openings or books
};

struct GameStarted {
    int number = 0, total = 0;  // total: the games of the whole match
    std::string white, black;
};

// What the runner counted when a game finished, and which status lines that makes due. The
// formats differ in which of the due intervals they follow.
struct StatusSnapshot {
    const stats::HeadToHead* encounter = nullptr;  // of this game's engines, lower index's side
    const stats::StatsSettings* settings = nullptr;
    int white = 0, black = 0;         // engine indices
    int engines = 0;                  // engines in the match
    int games = 0;                    // scored games so far (the resumed ones included)
    bool last = false;                // the match's last game
    bool score_due = false;           // -scoreinterval (or the last game)
    bool games_interval_due = false;  // -ratinginterval, counting games
    bool pairs_interval_due = false;  // -ratinginterval, counting completed pairs by pair number
    stats::SprtStatus verdict = stats::SprtStatus::running;  // an SPRT verdict this game reached
    const KnockoutRounds* knockout = nullptr;                // a knockout's bracket, this game counted
    const stats::EncounterStats* all = nullptr;              // every encounter (more than two engines)
};

// A game that ended: scored, or stopped by an interruption (record.outcome.unterminated()).
struct GameFinished {
    const GameRecord& record;
    int pair = -1;
    const Report& report;  // this game added
    StatusSnapshot status;
    int played = 0;   // games this run finished, this one included (unterminated ones too)
    int to_play = 0;  // games this run was to play
};

struct MatchEnded {
    const Report& report;
    const std::vector<GameRecord>& games;  // this run's, in the order they finished
    const std::vector<std::string>& names;
    const stats::EncounterStats& stats;
    const stats::StatsSettings& settings;
    int games_counted = 0;          // scored games (the resumed ones included)
    bool score_due_at_end = false;  // the last scored game had its score line due
    bool interval_at_end = false;   // ... and its -ratinginterval block (counting games)
    std::string interrupted;        // the signal's name, "" when not interrupted
    std::string match_id;
    std::uint64_t seed = 0;
    std::optional<std::pair<int, int>> shard;  // index, count
    long long seconds = 0;                     // the match's wall time
    const KnockoutRounds* knockout = nullptr;  // a knockout's bracket
    // Ended before its schedule: interrupted, or stopped by an engine or -strict.
    bool ended_early = false;
    int stopping_game = 0;     // the game whose crash or stall stopped the match, 0 if none
    std::string program{};     // how the runner was run (argv[0])
    std::string state_file{};  // the saved state that resumes the match, "" when none is kept
};

class Sink {
  public:
    virtual ~Sink() = default;
    // Opens its files: the first that cannot be opened fails the run (game::OptionError).
    virtual void open() {}
    virtual void match_started(const MatchStarted&) {}
    virtual void game_started(const GameStarted&) {}
    virtual void game_finished(const GameFinished&) {}
    virtual void match_ended(const MatchEnded&) {}
    // An engine started without listing the options `unknown` its configuration sets (the
    // options are still sent); said at each start of an engine with options.
    virtual void unknown_options(const game::EngineConfig&, const std::vector<std::string>&) {}
    // A line of fastchess's about an engine ("Warning; ..."), said when fastchess says it: its
    // options at each game's start, an engine that does not answer isready in time.
    virtual void engine_warning(const std::string&) {}
    // An engine answered `uci`: the options it declared.
    virtual void engine_declared(const game::EngineConfig&, const std::vector<game::OptionSpec>&) {}
};

}  // namespace drawproxy::output
