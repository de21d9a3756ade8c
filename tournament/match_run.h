#pragma once
// One run of a match, as the Scheduler drives it: the games planned (openings, books, the match
// id, the shard), the saved games carried over, the outputs opened, the games' seeds, then
// `-concurrency` games at a time on one Asio event loop, each finished game handed to the
// report and to the sinks (output/sinks.h: the files and the status lines), and at the end the
// match's summary to them too. Each of those steps is a member; play() is the loop of them.
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "game/cpu_affinity.h"
#include "game/game_runner.h"
#include "game/polyglot_book.h"
#include "journal/state.h"
#include "output/engine_log.h"
#include "output/sink.h"
#include "tournament/engine_pool.h"
#include "tournament/knockout.h"
#include "tournament/live_status.h"
#include "tournament/scheduler.h"

namespace drawproxy::tournament {

// The games of the whole match and what identifies it, before the shard and a resume cut it.
struct MatchPlan {
    std::vector<GameSpec> schedule;
    std::map<std::string, std::unique_ptr<game::PolyglotBook>> books;  // each book= file read once
    std::string id;      // the hash of everything that fixes the games (see journal/)
    int pair_count = 0;  // game pairs of the whole schedule
    int total = 0;       // games of the whole match: game numbers and counts are its
    // A knockout's games are dealt as its encounters need them (the schedule grows), from the
    // openings kept here; `total` is cutechess-cli's count: its planned games, or the games started.
    std::vector<Opening> openings;
    std::optional<Knockout> knockout;
    std::optional<GameDealer> dealer;
};
MatchPlan plan_match(const MatchOptions& opts, const std::string& rules);

// Puts back the SIGINT and SIGTERM dispositions the run found, when it ends.
class SignalDispositions {
  public:
    SignalDispositions() {
        ::sigaction(SIGINT, nullptr, &saved_[0]);
        ::sigaction(SIGTERM, nullptr, &saved_[1]);
    }
    ~SignalDispositions() {
        ::sigaction(SIGINT, &saved_[0], nullptr);
        ::sigaction(SIGTERM, &saved_[1], nullptr);
    }
    SignalDispositions(const SignalDispositions&) = delete;
    SignalDispositions& operator=(const SignalDispositions&) = delete;

  private:
    struct sigaction saved_[2];
};

class MatchRun {
  public:
    MatchRun(const MatchOptions& opts, const rules::Edition& edition, std::FILE* out);
    MatchSummary play();

  private:
    // Before the first game.
    output::Resumed carry_saved_games();
    void start_sinks(std::optional<output::Resumed> resumed);
    void open_outputs();
    void seed_games();
    void seed_game(GameSpec& g);
    void watch_signals();
    // The loop.
    void launch();
    // Whether the schedule has a game to start next (a knockout's is dealt now, if it has one).
    bool game_waiting();
    // No game is left to start: the schedule played, or the knockout decided.
    bool schedule_done() const;
    // The games this run is to play: a knockout's as cutechess-cli counts them.
    int games_to_play() const { return plan_.knockout ? plan_.total : int(plan_.schedule.size()); }
    void start_game(GameSpec spec);
    int player_index(const game::EngineConfig* e) const;
    void game_finished(int number, int pair, GameRecord record, const OverheadSamples& overhead);
    void game_unterminated(int number, GameRecord record);
    void save_game(const GameRecord& record, int pair);
    void next_game();
    void on_signal(const boost::system::error_code& ec, int signo);
    // fastchess's -strict: its warnings' lines, said by the sinks; the first stops the match.
    void warn(const std::string& line);
    void strict_stop_at(const GameRecord& record);
    void wind_down();
    // The journal.
    void save_state();
    // After the last game.
    void close_state();
    void end_match();

    const MatchOptions& opts_;
    const rules::Edition& edition_;
    MatchPlan plan_;
    std::vector<std::string> names_;
    LiveStatus live_;
    MatchSummary summary_;
    std::vector<std::unique_ptr<output::Sink>> sinks_;  // every file and line of the match

    journal::MatchState state_;        // the saved state: the finished games count as played
    std::vector<GameRecord> carried_;  // the resumed games (results, no moves)
    std::string state_path_;
    int unsaved_ = 0;            // games finished since the last save
    std::string unsaved_lines_;  // ... as the journal's lines
    bool state_written_ = false;

    boost::asio::io_context io_;
    boost::asio::steady_timer wait_timer_;  // -wait: the pause before the next game starts
    // Declared before the pool, so it outlives the engines' last lines.
    std::unique_ptr<output::EngineLog> log_;
    std::optional<EnginePool> pool_;      // made once the outputs are open (the log's clock starts)
    std::optional<game::CpuSlots> cpus_;  // -use-affinity
    std::map<int, std::shared_ptr<game::GameRunner>> running_;
    std::size_t next_ = 0;  // the next game of the schedule to start
    const SignalDispositions restore_on_return_;
    std::optional<boost::asio::signal_set> signals_;  // from watch_signals() on
    bool winding_down_ = false;
    bool strict_stopped_ = false;  // -strict: a warning has stopped the match
    int stopping_game_ = 0;        // the game whose crash or stall stopped the match
    const std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

}  // namespace drawproxy::tournament
