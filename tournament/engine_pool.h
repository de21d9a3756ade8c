#pragma once
// Engine processes kept running between games, as cutechess-cli and fastchess do. A game
// asks the pool for a ready process per player: an idle one after `ucinewgame` and
// `readyok`, or a new one once it has answered `uci` with `uciok` and, after its options,
// `isready` with `readyok`. It gives the process back when the game is over; a process that
// crashed, stalled or misbehaved is retired instead (quit, SIGTERM, SIGKILL) and the next
// game gets a fresh one. With -concurrency N each running game holds its own processes, so
// a pool grows to at most N per engine.
//
// Start-up under load: a new process is started only while fewer than start_slots() are
// starting (a queue keeps the order asked in), so many engines starting at once do not share
// the cores and each take as long as all of them; each step has the engine's allowance (its
// startup_ms for uciok, from the process's start; ready_ms for readyok, from isready), never time
// spent in the queue or on the other steps; and a process that misses it is retired and
// started once more, with RETRY_SCALE times the allowance, before the game fails with what the
// engine did (with set_fastchess_timeouts, as fastchess: no second process).
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "game/engine_session.h"
#include "output/engine_log.h"

namespace drawproxy::tournament {

using game::EngineConfig;
using game::EngineSession;
using game::NotReady;

class EnginePool final : public game::EngineSource {
  public:
    // A ready process, or none and what the engine did instead, e.g. `sent no uciok within
    // 10 s of its start; a second process sent no uciok within 30 s of its start either (it
    // sent nothing)` (the caller names the engine).
    using ReadyHandler = game::EngineSource::ReadyHandler;
    using Ticket = game::EngineSource::Ticket;
    static constexpr int ATTEMPTS = 2;     // processes tried for one request before it fails on a timeout
    static constexpr int RETRY_SCALE = 3;  // the second process's allowance: startup= times this

    EnginePool(boost::asio::io_context& io, bool chess960);
    ~EnginePool();
    EnginePool(const EnginePool&) = delete;
    EnginePool& operator=(const EnginePool&) = delete;

    // Asks for a ready process of `config`; `ready` runs later on the loop, once. Throws
    // engine::EngineStartError if the engine cannot be started at all (not found, ...).
    Ticket acquire(const EngineConfig& config, ReadyHandler ready) override;
    // The asker no longer wants it: a queued start is dropped, a process being readied is
    // retired, and `ready` never runs.
    void cancel(Ticket t) override;
    // The game is over and the process is between games (no search, no pending readyok).
    void release(const std::shared_ptr<EngineSession>& s) override;
    // Ends the process: quit, SIGTERM after 300 ms, SIGKILL after 300 more.
    void retire(const std::shared_ptr<EngineSession>& s) override;
    // The match is over: every idle process is retired.
    void shutdown();
    // `done` runs on the loop once no retired process is left (at once if none is).
    void when_all_exited(std::function<void()> done);

    // -log / -debug: every line to and from every engine goes to `log` (nullptr: none).
    void set_log(output::EngineLog* log) { log_ = log; }
    // At each start of an engine whose configuration sets options: the ones it did not list
    // after `uci` (the options are still sent: an engine may accept more than it lists). Who
    // says it, and how often, is the output's (output/status_sink.h).
    using UnknownOptions = std::function<void(const EngineConfig&, const std::vector<std::string>&)>;
    void set_unknown_options(UnknownOptions f) { unknown_options_ = std::move(f); }
    // fastchess's format: an option the engine does not list, or a value its declaration does
    // not allow, is warned about in its words ("Warning; NAME doesn't have option X") at every
    // game's start, as it does; so is an engine that does not answer isready in time. The
    // lines go to `say` (the output prints them); options fastchess would not send are not sent.
    // Each time an engine answers `uci`: the options it declared (fastchess's header names them).
    using EngineDeclared = std::function<void(const EngineConfig&, const std::vector<game::OptionSpec>&)>;
    void set_engine_declared(EngineDeclared f) { engine_declared_ = std::move(f); }
    using FastchessWarnings = std::function<void(const std::string& line)>;
    void set_fastchess_warnings(FastchessWarnings say) { fastchess_say_ = std::move(say); }
    // fastchess's dialect: one process per request, no second try; a missed uciok fails the
    // request (fastchess's "Fatal; NAME engine startup failure" line is said), a missed readyok
    // or an exit after uciok (an engine that dies when an option is set) forfeits the game
    // (NotReady::forfeits).
    void set_fastchess_timeouts(bool on) { fastchess_timeouts_ = on; }
    // How many new processes may be starting at once (at least 2; default start_slots()).
    void set_start_slots(int n) { slots_ = n < 2 ? 2 : n; }
    // Twice the machine's cores: each start gets about half a core, and while one engine
    // waits on the disk another has the CPU.
    static int start_slots();

    bool chess960() const override { return chess960_; }
    int started() const { return started_; }  // processes started so far
    int idle() const;

  private:
    struct Request;
    void launch(const std::shared_ptr<Request>& r);
    void start_queued();
    void ready_idle(const std::shared_ptr<Request>& r, std::shared_ptr<EngineSession> s);
    void on_readying_line(const std::shared_ptr<EngineSession>& s, std::string_view line);
    void on_ready_timeout(Ticket t);
    // The protocol's step `step` of readying r's process has been reached.
    void on_step(Request& r, game::Player::Step step);
    // The request is over: its slot (if it started a process) is free and it is forgotten.
    std::shared_ptr<Request> close(Ticket t);
    void fail(Ticket t, const NotReady& why);
    // The current step's allowance starts now; wait() until it ends, nudging on the way.
    void arm(Request& r);
    void wait(Request& r);
    static std::int64_t allowance_ms(const Request& r);
    // The options the engine did not list after `uci`, to unknown_options_; in fastchess's
    // format its lines, at each game's start.
    void warn_unknown_options(const EngineSession& s);
    void warn_options_as_fastchess(const EngineSession& s);
    void print_fastchess(const std::string& line);
    void on_exit(const std::shared_ptr<EngineSession>& s, int status);
    void forget(const std::shared_ptr<EngineSession>& s);

    boost::asio::io_context& io_;
    bool chess960_;
    int slots_;
    int starting_ = 0;  // requests whose new process is not ready yet
    int started_ = 0;
    Ticket last_ticket_ = 0;
    output::EngineLog* log_ = nullptr;
    std::map<const EngineConfig*, std::vector<std::shared_ptr<EngineSession>>> idle_;
    std::map<Ticket, std::shared_ptr<Request>> requests_;
    std::deque<Ticket> queue_;  // waiting for a start slot, oldest first
    std::set<std::shared_ptr<EngineSession>> retiring_;
    std::function<void()> all_exited_;
    UnknownOptions unknown_options_;
    FastchessWarnings fastchess_say_;
    EngineDeclared engine_declared_;
    bool fastchess_timeouts_ = false;
};

}  // namespace drawproxy::tournament
