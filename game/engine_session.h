#pragma once
// An engine process as a game sees it: its session (the process, the game listening to its
// lines, what its handshake told), and where a game gets one and gives it back. The pool that
// keeps processes between games is tournament/engine_pool.h.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/engine_process.h"
#include "game/player.h"
#include "game/settings.h"
#include "rules/types.h"

namespace drawproxy::game {

// The game that currently uses a process: it gets the process's lines and its exit.
class EngineListener {
  public:
    virtual void engine_line(rules::Color c, std::string_view line) = 0;
    virtual void engine_exit(rules::Color c, int status) = 0;

  protected:
    ~EngineListener() = default;
};

struct EngineSession {
    const EngineConfig* config = nullptr;
    std::unique_ptr<engine::EngineProcess> process;
    std::unique_ptr<Player> player;          // its protocol, on `process`
    std::weak_ptr<EngineListener> listener;  // empty while idle, being readied or retired
    rules::Color color = rules::WHITE;       // the side it plays for the listener
    std::uint64_t readying = 0;              // the pool's request it is being readied for, or 0
    bool exited = false;
    int games = 0;                                   // games it was given back after
    std::function<void(std::string_view)> log_line;  // set with -log / -debug
};

// Why a request got no process, in words that follow the engine's name. `forfeits`: as fastchess,
// the engine did not answer the isready after ucinewgame in time, or exited after its uciok, and
// loses the game (else the game is not played).
struct NotReady {
    std::string why;
    bool forfeits = false;
};

// Where a game takes its players' processes from, ready to play, and gives them back.
class EngineSource {
  public:
    // A ready process (and an empty `failure.why`), or none and what the engine did instead.
    using ReadyHandler = std::function<void(std::shared_ptr<EngineSession> s, const NotReady& failure)>;
    using Ticket = std::uint64_t;

    // Asks for a ready process of `config`; `ready` runs later on the loop, once. Throws
    // engine::EngineStartError if the engine cannot be started at all (not found, ...).
    virtual Ticket acquire(const EngineConfig& config, ReadyHandler ready) = 0;
    // The asker no longer wants it: `ready` never runs.
    virtual void cancel(Ticket t) = 0;
    // The game is over and the process is between games (no search, no pending readyok).
    virtual void release(const std::shared_ptr<EngineSession>& s) = 0;
    // Ends the process: quit, SIGTERM after 300 ms, SIGKILL after 300 more.
    virtual void retire(const std::shared_ptr<EngineSession>& s) = 0;
    // Whether the match is Chess960 (UCI_Chess960 is set after uciok).
    virtual bool chess960() const = 0;

  protected:
    ~EngineSource() = default;
};

}  // namespace drawproxy::game
