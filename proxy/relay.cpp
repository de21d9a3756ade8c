#include "proxy/relay.h"

#include <signal.h>

#include <fmt/format.h>
#include <chrono>

#include "proxy/session_log.h"
#include "uci/tokens.h"

namespace drawproxy::proxy {

namespace {

constexpr std::string_view OWN_PREFIX = "DrawProxy ";

bool starts_with_word(std::string_view line, std::string_view word) {
    std::size_t i = 0;
    while (i < line.size() && uci::is_space(line[i])) ++i;
    line.remove_prefix(i);
    return line.starts_with(word) && (line.size() == word.size() || uci::is_space(line[word.size()]));
}

}  // namespace

Relay::Relay(boost::asio::io_context& io, engine::EngineProcess& engine, RelayOptions options, int gui_in,
             int gui_out)
    : io_(io),
      engine_(engine),
      options_(std::move(options)),
      gui_in_(io, gui_in),
      gui_out_(io, gui_out),
      finish_timer_(io),
      claimant_(options_.edition, options_.policy),
      edition_names_(rules::Edition::builtin_names()) {
    bool known = false;
    for (const auto& n : edition_names_) known = known || n == options_.edition.name;
    if (!known) edition_names_.push_back(options_.edition.name);
}

void Relay::start() {
    // Pages of a reservation are only resident once written: this costs nothing up front.
    const std::size_t room = options_.queue_limit + (std::size_t(1) << 20);
    gui_out_.reserve(room);
    engine_.reserve_output(room);
    engine_.on_line([this](std::string_view line) { on_engine_line(line); });
    engine_.on_exit([this](int status) { on_engine_exit(status); });
    gui_out_.on_error([this] { quit(); });  // the GUI has gone: nobody to relay to
    gui_in_.start([this](std::string_view line) { on_gui_line(line); }, [this] { on_gui_eof(); });
    engine_.start();
}

void Relay::log(const char* direction, std::string_view line) { log_line(options_.log, direction, line); }

void Relay::insert(Claimant::Lines& lines) {
    for (const std::string& l : lines) {
        log("proxy->gui", l);
        if (engine_line_open_) {  // our line must not run on from the engine's last bytes
            gui_out_.write_line("");
            engine_line_open_ = false;
        }
        gui_out_.write_line(l);
    }
    lines.clear();
}

void Relay::to_gui(std::string_view line, bool newline) {
    gui_out_.write_line(line, newline);
    if (!newline) engine_line_open_ = true;
    if (gui_out_.pending() > options_.queue_limit) limit_engine_output();
}

void Relay::to_engine(std::string_view line, const char* who, bool newline) {
    log(who, line);
    engine_.send_line(line, newline);
    if (engine_.pending_output() > options_.queue_limit) limit_gui_input();
}

// A reader that does not keep up makes its producer wait, as a direct pipe would: the
// producer's next write blocks on a full pipe. Memory stays at the limit whatever the rate.
void Relay::limit_engine_output() {
    if (engine_paused_) return;
    engine_paused_ = true;
    engine_.pause_reading();
    gui_out_.when_drained_to(options_.queue_limit / 2, [this] {
        engine_paused_ = false;
        engine_.resume_reading();
    });
}

void Relay::limit_gui_input() {
    if (gui_paused_) return;
    gui_paused_ = true;
    gui_in_.pause_reading();
    engine_.when_drained_to(options_.queue_limit / 2, [this] {
        gui_paused_ = false;
        gui_in_.resume_reading();
    });
}

void Relay::send_quit() {
    if (!engine_.running()) return;
    // Our own quit is on a line of its own: after a last GUI line without '\n' it would run
    // on from it, so the engine then only sees the end of its input.
    if (!gui_line_open_) to_engine("quit", "proxy->engine");
    engine_.stop(options_.quit_timeout, false);
}

void Relay::on_gui_line(std::string_view line) {
    if (quitting_) return;
    const bool newline = !gui_in_.line_unterminated();
    gui_line_open_ = !newline;
    uci::parse_gui_command(line, command_);
    if (command_.type == uci::GuiCommandType::SetOption && own_option(command_)) {
        log("gui->proxy", line);
        on_setoption(command_, line);
        return;
    }
    if (command_.type == uci::GuiCommandType::Quit) {
        to_engine(line, "gui->engine", newline);
        quitting_ = true;
        engine_.stop(options_.quit_timeout, false);
        return;
    }
    claimant_.on_gui_command(command_, inserted_);
    to_engine(line, "gui->engine", newline);
    if (!inserted_.empty()) insert(inserted_);
}

bool Relay::own_option(const uci::GuiCommand& cmd) {
    std::string_view name = cmd.option_name;
    return name.size() > OWN_PREFIX.size() && uci::iequals(name.substr(0, OWN_PREFIX.size()), OWN_PREFIX);
}

void Relay::on_setoption(const uci::GuiCommand& cmd, std::string_view) {
    std::string_view name = cmd.option_name.substr(OWN_PREFIX.size());
    std::string_view value = cmd.option_value.value_or("");
    ClaimPolicy policy = claimant_.policy();
    if (uci::iequals(name, "Claim")) {
        if (uci::iequals(value, "always"))
            policy.kind = ClaimPolicy::Always;
        else if (uci::iequals(value, "never"))
            policy.kind = ClaimPolicy::Never;
        else if (uci::iequals(value, "score"))
            policy.kind = ClaimPolicy::ScoreAtMost;
        else if (auto p = ClaimPolicy::parse(value))
            policy = *p;
        else
            inserted_.push_back(fmt::format("info string drawproxy unknown claim policy: {}", value));
        claimant_.set_policy(policy);
    } else if (uci::iequals(name, "ClaimScore")) {
        if (auto cp = uci::to_number<int>(value)) {
            policy.max_cp = *cp;
            claimant_.set_policy(policy);
        } else {
            inserted_.push_back(fmt::format("info string drawproxy bad ClaimScore: {}", value));
        }
    } else if (uci::iequals(name, "Rules")) {
        if (value == options_.edition.name) {
            claimant_.set_edition(options_.edition);
        } else {
            try {
                claimant_.set_edition(rules::Edition::builtin(value));
            } catch (const std::exception& e) {
                inserted_.push_back(fmt::format("info string drawproxy {}", e.what()));
            }
        }
    } else {
        inserted_.push_back(fmt::format("info string drawproxy unknown option: {}", cmd.option_name));
    }
    if (!inserted_.empty()) insert(inserted_);
}

void Relay::send_options() {
    const ClaimPolicy& p = claimant_.policy();
    const char* kind = p.kind == ClaimPolicy::Always  ? "always"
                       : p.kind == ClaimPolicy::Never ? "never"
                                                      : "score";
    inserted_.push_back(fmt::format(
        "option name DrawProxy Claim type combo default {} var always var never var score", kind));
    inserted_.push_back(fmt::format(
        "option name DrawProxy ClaimScore type spin default {} min -100000 max 100000", p.max_cp));
    std::string rules =
        fmt::format("option name DrawProxy Rules type combo default {}", claimant_.edition().name);
    for (const auto& n : edition_names_) fmt::format_to(std::back_inserter(rules), " var {}", n);
    inserted_.push_back(std::move(rules));
    insert(inserted_);
}

void Relay::on_engine_line(std::string_view line) {
    log("engine->gui", line);
    const bool newline = !engine_.line_unterminated();
    if (starts_with_word(line, "info")) {
        // The hot path: most engine lines are info lines, relayed as they are.
        if (claimant_.wants_scores()) {
            int multipv = 1;
            uci::Score s = uci::parse_info_score(line, &multipv);
            claimant_.info_score(s, multipv);
        }
        to_gui(line, newline);
        return;
    }
    uci::parse_engine_message(line, message_);
    if (message_.type == uci::EngineMessageType::BestMove) {
        claimant_.bestmove(message_.bestmove, inserted_);
        insert(inserted_);
    } else if (message_.type == uci::EngineMessageType::UciOk) {
        send_options();
    }
    to_gui(line, newline);
    if (message_.type == uci::EngineMessageType::UciOk && !sent_setoptions_) {
        sent_setoptions_ = true;
        for (const auto& [name, value] : options_.setoptions)
            to_engine(fmt::format("setoption name {} value {}", name, value), "proxy->engine");
    }
}

void Relay::on_gui_eof() {
    if (quitting_) return;
    // Issue 4 item 6: quit first; closing its input too lets an engine that reads to the
    // end see EOF just as it would without us. Then SIGTERM and SIGKILL after the timeouts.
    quitting_ = true;
    send_quit();
    engine_.close_input();
}

void Relay::quit() {
    if (quitting_) return;
    quitting_ = true;
    send_quit();
}

void Relay::terminate(int signal_number) {
    if (signal_ != 0) {  // a second signal: no more patience
        engine_.kill();
        return;
    }
    signal_ = signal_number;
    quitting_ = true;
    send_quit();
}

void Relay::on_engine_exit(int status) {
    // After a quit or the end of input an engine may end as it likes, except by a signal it
    // did not get from us (a crash on the way out is still a crash).
    const bool crashed = status >= 128 && !engine_.signalled_by_us();
    if (quitting_ && !crashed) {
        finish(signal_ ? 128 + signal_ : 0);
        return;
    }
    std::string line = fmt::format("info string drawproxy engine exited (status {})", status);
    Claimant::Lines lines{line};
    insert(lines);
    fmt::print(stderr, "drawproxy: engine exited (status {})\n", status);
    finish(signal_ ? 128 + signal_ : 1);
}

void Relay::finish(int status) {
    if (finished_) return;
    finished_ = true;
    exit_status_ = status;
    if (options_.log) std::fflush(options_.log);
    gui_out_.when_flushed([this] { io_.stop(); });
    // A GUI that stopped reading must not keep us alive.
    finish_timer_.expires_after(std::chrono::seconds(2));
    finish_timer_.async_wait([this](const boost::system::error_code& ec) {
        if (!ec) io_.stop();
    });
}

}  // namespace drawproxy::proxy
