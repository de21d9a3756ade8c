#include "game/uci_player.h"

#include <fmt/format.h>

#include <algorithm>

#include "game/cecp_player.h"
#include "game/engine_claim.h"

namespace drawproxy::game {

std::unique_ptr<Player> make_player(const EngineConfig& config, engine::EngineProcess& process, bool chess960,
                                    bool fastchess_options) {
    if (config.protocol == Protocol::Xboard) return std::make_unique<CecpPlayer>(config, process, chess960);
    return std::make_unique<UciPlayer>(config, process, chess960, fastchess_options);
}

void UciPlayer::start() { process_.send_line("uci"); }

Player::Step UciPlayer::handshake(std::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!initialized_) {
        uci::parse_engine_message(line, msg_);
        if (msg_.type == uci::EngineMessageType::Option) {
            option_names_.emplace_back(msg_.option.name);
            option_specs_.push_back(option_spec(msg_.option));
        } else if (msg_.type == uci::EngineMessageType::UciOk) {
            initialized_ = true;
            if (chess960_) process_.send_line("setoption name UCI_Chess960 value true");
            if (fastchess_options_) {
                send_options_as_fastchess();
            } else {
                for (const auto& [name, value] : config_.options)
                    process_.send_line(fmt::format("setoption name {} value {}", name, value));
            }
            new_game();
            return Step::Initialized;
        }
        return Step::Waiting;
    }
    return line == "readyok" ? Step::Ready : Step::Waiting;
}

// fastchess sends Threads first and leaves out an option the engine did not list or a value its
// declaration does not allow (the pool warns of both in fastchess's words).
void UciPlayer::send_options_as_fastchess() {
    for (const bool threads : {true, false})
        for (const auto& [name, value] : config_.options) {
            if ((name == "Threads") != threads) continue;
            const auto it = std::find_if(option_specs_.begin(), option_specs_.end(),
                                         [&wanted = name](const OptionSpec& o) { return o.name == wanted; });
            if (it == option_specs_.end() || !fastchess_option_warning(*it, value, config_.name).empty())
                continue;
            if (it->type == uci::OptionType::Button)
                process_.send_line(fmt::format("setoption name {}", name));
            else
                process_.send_line(fmt::format("setoption name {} value {}", name, value));
        }
}

bool UciPlayer::new_game() {
    if (config_.uci_debug) process_.send_line("debug on");  // before each game, as cutechess-cli
    process_.send_line("ucinewgame");
    process_.send_line("isready");
    return false;
}

void UciPlayer::turn(const Turn& t) {
    // One write for both lines: the clock starts when `go` is written, and a second line
    // queued behind the first would wait for the next turn of the event loop.
    send_buf_.assign(t.position);
    send_buf_ += '\n';
    uci::append_gui_command(t.go, send_buf_);
    process_.send_line(send_buf_);
}

PlayerEvent UciPlayer::read(std::string_view line, const rules::Position& pos) {
    PlayerEvent e;
    if (!line.starts_with("bestmove") && !line.starts_with("info")) return e;
    uci::parse_engine_message(line, msg_);
    if (msg_.type == uci::EngineMessageType::BestMove) {
        e.kind = PlayerEvent::Move;
        e.move = msg_.bestmove;
        return e;
    }
    if (msg_.type != uci::EngineMessageType::Info) return e;
    if (config_.claim.kind == ClaimPolicy::Engine && msg_.info.string &&
        msg_.info.string->find("drawproxy claim") != std::string_view::npos) {
        if (auto claim = parse_engine_claim(line, pos)) {
            e.kind = PlayerEvent::Claim;
            e.claim = *claim;
        }
        return e;
    }
    e.kind = PlayerEvent::Info;
    e.depth = msg_.info.depth;
    e.score = msg_.info.score;
    e.multipv = msg_.info.multipv.value_or(1);
    return e;
}

void UciPlayer::end_game(const Outcome&, bool searching) {
    if (searching) process_.send_line("stop");
}

bool UciPlayer::drained(std::string_view line) { return line.starts_with("bestmove"); }

bool UciPlayer::ask(FlagQuestion q) {
    process_.send_line(q == FlagQuestion::Isready ? "isready" : "stop");
    return true;
}

bool UciPlayer::answers(FlagQuestion q, std::string_view line) const {
    return q == FlagQuestion::Isready ? line == "readyok" : line.starts_with("bestmove");
}

}  // namespace drawproxy::game
