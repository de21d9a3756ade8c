#pragma once
// One run of a match, as the Scheduler drives it: the games planned (openings, books, the match
// id, the shard), the saved games carried over, the outputs opened, the games' seeds, then
// `-concurrency` games at a time on one Asio event loop, each finished game handed to the
// report, the files and the live lines, and at the end the tables, the JSON and the HTML page.
// Each of those steps is a member; play() is the loop of them.
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/crc.hpp>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "game/cpu_affinity.h"
#include "game/game_runner.h"
#include "game/polyglot_book.h"
#include "journal/state.h"
#include "tournament/engine_pool.h"
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
    void carry_saved_games();
    void announce_seed() const;
    void open_outputs();
    void seed_games();
    void watch_signals();
    // The loop.
    void launch();
    void start_game(GameSpec spec);
    void game_finished(int number, int pair, GameRecord record, const OverheadSamples& overhead);
    void game_unterminated(int number, GameRecord record);
    void write_game(const GameRecord& record, int pair);
    void write_pgn_game(const GameRecord& record);
    void next_game();
    void on_signal(const boost::system::error_code& ec, int signo);
    void wind_down();
    // The journal and the pages.
    void save_state();
    bool write_html(const std::string& status);
    // After the last game.
    void close_state();
    void print_tables() const;
    void write_json() const;

    void print(const std::string& line) const;
    // The words of the chosen -output for endings: the Finished line, the PGN's Termination.
    rules::Wording wording() const {
        return opts_.output == OutputFormat::fastchess ? rules::Wording::fastchess
                                                       : rules::Wording::drawproxy;
    }
    std::string finished_line(const GameRecord& record) const {
        return opts_.output == OutputFormat::fastchess ? Report::fastchess_finished_line(record)
                                                       : Report::finished_line(record);
    }
    // -quiet drops the per-game lines and the tables, never the final score and Elo.
    void print_live(const std::string& line) const {
        if (!opts_.quiet) print(line);
    }

    const MatchOptions& opts_;
    const rules::Edition& edition_;
    std::FILE* out_;
    MatchPlan plan_;
    std::vector<std::string> names_;
    LiveStatus live_;
    MatchSummary summary_;

    journal::MatchState state_;        // the saved state: the finished games count as played
    std::vector<GameRecord> carried_;  // the resumed games, for -htmlout (results, no moves)
    std::string state_path_;
    int unsaved_ = 0;            // games finished since the last save
    std::string unsaved_lines_;  // ... as the journal's lines
    bool state_written_ = false;
    bool refresh_failed_ = false;  // an -htmlout refresh failed (said once)
    std::ofstream pgn_, epd_;
    boost::crc_32_type pgn_crc_;  // of the PGN file's every byte, for -crc32 pgn=true

    boost::asio::io_context io_;
    boost::asio::steady_timer wait_timer_;  // -wait: the pause before the next game starts
    // Declared before the pool, so it outlives the engines' last lines.
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> log_file_;
    std::optional<EnginePool> pool_;      // made once the outputs are open (the log's clock starts)
    std::optional<game::CpuSlots> cpus_;  // -use-affinity
    std::map<int, std::shared_ptr<game::GameRunner>> running_;
    std::size_t next_ = 0;  // the next game of the schedule to start
    const SignalDispositions restore_on_return_;
    std::optional<boost::asio::signal_set> signals_;  // from watch_signals() on
    bool winding_down_ = false;
    const std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

}  // namespace drawproxy::tournament
