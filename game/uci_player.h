#pragma once
// A UCI engine: `uci`/`uciok`, its options, `ucinewgame`/`isready`/`readyok`; on its turn
// `position` and `go` in one write; `info` and `bestmove` read with uci/'s parser; `stop` and
// its bestmove at the end of a game it was thinking in.
#include "game/player.h"

namespace drawproxy::game {

class UciPlayer final : public Player {
  public:
    // `fastchess_options`: options sent as fastchess sends them (send_options_as_fastchess).
    UciPlayer(const EngineConfig& config, engine::EngineProcess& process, bool chess960,
              bool fastchess_options = false)
        : config_(config), process_(process), chess960_(chess960), fastchess_options_(fastchess_options) {
        send_buf_.reserve(4096);
    }

    void start() override;
    Step handshake(std::string_view line) override;
    bool new_game() override;
    std::string_view awaited() const override { return initialized_ ? "readyok" : "uciok"; }
    std::string_view awaited_since() const override { return initialized_ ? "isready" : "its start"; }
    bool initialized() const override { return initialized_; }
    const std::vector<std::string>& option_names() const override { return option_names_; }
    const std::vector<OptionSpec>* option_specs() const override { return &option_specs_; }

    void turn(const Turn& t) override;
    PlayerEvent read(std::string_view line, const rules::Position& pos) override;
    void end_game(const Outcome& outcome, bool searching) override;
    bool drained(std::string_view line) override;
    bool ask(FlagQuestion q) override;
    bool answers(FlagQuestion q, std::string_view line) const override;

  private:
    void send_options_as_fastchess();

    const EngineConfig& config_;
    engine::EngineProcess& process_;
    bool chess960_;
    bool fastchess_options_;
    bool initialized_ = false;
    std::vector<std::string> option_names_;
    std::vector<OptionSpec> option_specs_;
    uci::EngineMessage msg_;  // reused: no allocation per line
    std::string send_buf_;    // position and go, written together
};

}  // namespace drawproxy::game
