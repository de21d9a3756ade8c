#pragma once
// Engine processes kept running between games, as cutechess-cli and fastchess do. A game
// takes one idle process per player from the pool (or starts a new one), and gives it back
// when the game is over; a process that crashed, stalled or misbehaved is retired instead
// (quit, SIGTERM, SIGKILL) and the next game starts a fresh one. With -concurrency N each
// running game holds its own processes, so a pool grows to at most N per engine.
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string_view>
#include <vector>

#include "game/engine_session.h"

namespace drawproxy::tournament {

using game::EngineConfig;
using game::EngineSession;

class EnginePool final : public game::EngineSource {
  public:
    EnginePool(boost::asio::io_context& io, bool chess960) : io_(io), chess960_(chess960) {}
    EnginePool(const EnginePool&) = delete;
    EnginePool& operator=(const EnginePool&) = delete;

    // An idle process of `config`, or a new one; throws engine::EngineStartError.
    std::shared_ptr<EngineSession> acquire(const EngineConfig& config) override;
    // The game is over and the process is between games (no search, no pending readyok).
    void release(const std::shared_ptr<EngineSession>& s) override;
    // Ends the process: quit, SIGTERM after 300 ms, SIGKILL after 300 more.
    void retire(const std::shared_ptr<EngineSession>& s) override;
    // The match is over: every idle process is retired.
    void shutdown();
    // `done` runs on the loop once no retired process is left (at once if none is).
    void when_all_exited(std::function<void()> done);

    // -log / -debug: every line to and from every engine goes to `log` as cutechess-cli's
    // -debug prints it: "<ms since start> ><name>(<n>): <line>" (to the engine; '<' from it).
    void set_log(std::FILE* log) { log_ = log; }

    bool chess960() const override { return chess960_; }
    // True the first time it is asked for this engine: its warnings are printed once a match.
    bool first_warning(const EngineConfig& config) override { return warned_.insert(&config).second; }
    int started() const { return started_; }  // processes started so far
    int idle() const;

  private:
    void on_exit(const std::shared_ptr<EngineSession>& s, int status);
    void forget(const std::shared_ptr<EngineSession>& s);

    boost::asio::io_context& io_;
    bool chess960_;
    int started_ = 0;
    std::FILE* log_ = nullptr;
    std::chrono::steady_clock::time_point log_start_ = std::chrono::steady_clock::now();
    std::map<const EngineConfig*, std::vector<std::shared_ptr<EngineSession>>> idle_;
    std::set<std::shared_ptr<EngineSession>> retiring_;
    std::function<void()> all_exited_;
    std::set<const EngineConfig*> warned_;
};

}  // namespace drawproxy::tournament
