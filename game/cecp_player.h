#pragma once
// An xboard engine (CECP v2): `xboard` and `protover 2`, its features accepted or rejected
// until `done=1` (or, from an engine that never says done, until its startup= time has run),
// `option NAME=VALUE` for option.NAME, `new` and `ping`/`pong` before each game. On its turn,
// in one write: `force`, the moves it has not seen (`usermove` or bare, coordinate or SAN as
// it asked), `time`/`otim` and `go`, so it always plays the side to move. At the end,
// `result` and a `ping` whose `pong` shows it is between games. Text only through cecp/.
#include "cecp/engine_message.h"
#include "cecp/gui_command.h"
#include "game/player.h"

namespace drawproxy::game {

class CecpPlayer final : public Player {
  public:
    CecpPlayer(const EngineConfig& config, engine::EngineProcess& process, bool chess960)
        : config_(config), process_(process), chess960_(chess960) {
        send_buf_.reserve(1024);
    }

    void start() override;
    Step handshake(std::string_view line) override;
    std::optional<std::int64_t> first_step_ms() const override;
    Step first_step_expired() override;
    std::optional<std::int64_t> nudge_ms() const override;
    void nudge() override;
    bool new_game() override;
    std::string_view awaited() const override { return initialized_ ? "pong" : "feature done=1"; }
    std::string_view awaited_since() const override { return initialized_ ? "ping" : "its start"; }
    bool initialized() const override { return initialized_; }
    const std::vector<std::string>& option_names() const override { return option_names_; }

    void turn(const Turn& t) override;
    PlayerEvent read(std::string_view line, const rules::Position& pos) override;
    void end_game(const Outcome& outcome, bool searching) override;
    bool drained(std::string_view line) override;
    bool reusable() const override { return reuse_; }

  private:
    // What the engine asked for with `feature`; the defaults are the protocol's.
    void take_feature(const cecp::Feature& f);
    // The features are agreed: options, then readying for the first game.
    Step initialize();
    // A line while it readies for a game: late features are still taken (GNU Chess sends
    // them only once it reads a command after `protover`).
    Step readying(const cecp::EngineMessage& msg);
    void begin_game(const rules::Game& game);
    void append_move(const rules::Position& pos, rules::Move m);
    void append_edit(const rules::Position& pos);
    void command(cecp::GuiCommandType type, std::int64_t number = 0);
    void send_ping();
    bool is_pong(std::string_view line);

    const EngineConfig& config_;
    engine::EngineProcess& process_;
    bool chess960_;
    bool initialized_ = false;
    bool feature_wait_ = false;  // done=0: it asked for time to send them
    bool probing_ = false;       // features timed out: a ping is sent whether or not it has ping
    // Features.
    bool ping_ = false, setboard_ = false, usermove_ = false, san_ = false, time_ = true, reuse_ = true;
    std::vector<std::string> option_names_;
    std::int64_t ping_id_ = 0;     // the last ping sent
    std::int64_t ready_ping_ = 0;  // the first ping of the current readying
    bool answered_ = false;        // a pong of this readying came: no more nudges
    bool latest_ = false;          // ... and the pong of its last ping
    bool second_ping_ = false;     // after a feature timeout, the second round trip is out
    bool in_game_ = false;         // the current game's set-up has been sent
    int synced_ = 0;               // plies of the current game the engine has been sent
    cecp::EngineMessage msg_;      // reused
    cecp::GuiCommand cmd_;         // reused
    std::string send_buf_;
    std::string move_buf_;  // its move as UCI text
};

}  // namespace drawproxy::game
