#pragma once
// An engine process as the pool and the game loop talk to it, whatever its protocol: the
// handshake, readying it for another game, telling it to move, what its lines mean, and the
// end of a game. One implementation per protocol (uci_player.h, cecp_player.h), each writing
// and reading its protocol's text only through uci/ or cecp/.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/engine_process.h"
#include "game/arbiter.h"
#include "game/fastchess_options.h"
#include "game/settings.h"
#include "rules/game.h"
#include "uci/engine_message.h"
#include "uci/gui_command.h"

namespace drawproxy::game {

// What the side to move is told on its turn.
struct Turn {
    const rules::Game& game;      // the start position and every move so far
    const std::string& position;  // the same as a UCI `position` command
    const uci::GuiCommand& go;    // its clocks and limits, as a UCI `go`
};

// What one line from an engine means to the game.
struct PlayerEvent {
    enum Kind {
        None,       // nothing the game acts on
        Move,       // its move: `move` (UCI text, SAN read and converted)
        Info,       // a search report: `depth`, `score` (from the engine's side), `multipv`
        Claim,      // a draw claim now (9.2, 9.3): `claim`
        OfferDraw,  // a draw offer with the move it is about to send (or a claim on it)
        Resign,     // it resigns
        Announce,   // it announced a result the game must check: `result`, `text`
        Refused,    // it refused a move it was sent, or a command: `text`
    };
    Kind kind = None;
    std::string_view move;
    std::optional<int> depth;
    uci::Score score;
    int multipv = 1;
    ClaimRequest claim;
    rules::Score result = rules::Score::Draw;
    std::string_view text;
};

class Player {
  public:
    virtual ~Player() = default;

    // The pool's side. start(): the first lines after the process starts. handshake(): one
    // line while it is being readied; Initialized once the protocol is agreed (options are
    // sent then), Ready once it has answered the last request; Extend when the engine asks
    // for more time (the step's allowance starts again, in full).
    enum class Step { Waiting, Extend, Initialized, Ready };
    virtual void start() = 0;
    virtual Step handshake(std::string_view line) = 0;
    // The first step's allowance, if the protocol waits less than startup= (CECP waits 2 s for
    // features unless the engine sent done=0).
    virtual std::optional<std::int64_t> first_step_ms() const { return std::nullopt; }
    // The first step's allowance ran out: Waiting if that is a failure, else the protocol goes
    // on without it (an xboard engine of protocol 1 never sends done=1) as handshake() would.
    virtual Step first_step_expired() { return Step::Waiting; }
    // While it readies: how often to ask again, and the asking. GNU Chess 6 may stall at its
    // start until a line arrives (its input thread waits in fgets holding stdin's lock, which
    // its engine thread needs to start), and each line gives it another chance.
    virtual std::optional<std::int64_t> nudge_ms() const { return std::nullopt; }
    virtual void nudge() {}
    // An idle process readied for another game: true if it is ready at once (nothing to wait for).
    virtual bool new_game() = 0;
    // What the current step waits for, and from what ("uciok", "its start"), for failures.
    virtual std::string_view awaited() const = 0;
    virtual std::string_view awaited_since() const = 0;
    virtual bool initialized() const = 0;
    // The options the engine listed, for warnings about option.NAME it does not have.
    virtual const std::vector<std::string>& option_names() const = 0;
    // The options' declarations, where the protocol has them (UCI), for fastchess's checks.
    virtual const std::vector<OptionSpec>* option_specs() const { return nullptr; }

    // The game's side. turn(): the side to move is asked to move, in one write (its clock
    // starts when it is written). read(): one line while it plays (`pos`: the current position).
    virtual void turn(const Turn& t) = 0;
    virtual PlayerEvent read(std::string_view line, const rules::Position& pos) = 0;
    // The game is over: it is told the result (if its protocol has a word for it), and a
    // search is stopped. Then drained() says which line shows it is between games again.
    virtual void end_game(const Outcome& outcome, bool searching) = 0;
    virtual bool drained(std::string_view line) = 0;
    // As the runners ask an engine whose search ran past its time whether it still reads its
    // input: ask() sends the question (false: the protocol has none here); answers() knows the answer.
    virtual bool ask(FlagQuestion) { return false; }
    virtual bool answers(FlagQuestion, std::string_view) const { return false; }
    // Whether the process may play another game (CECP: feature reuse=0 says no).
    virtual bool reusable() const { return true; }
};

// The player for the engine's protocol= setting, on its process; `fastchess_options`: UCI options
// sent as fastchess sends them.
std::unique_ptr<Player> make_player(const EngineConfig& config, engine::EngineProcess& process, bool chess960,
                                    bool fastchess_options = false);

}  // namespace drawproxy::game
