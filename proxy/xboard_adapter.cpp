#include "proxy/xboard_adapter.h"

#include <fmt/format.h>

#include "proxy/session_log.h"

namespace drawproxy::proxy {

XboardAdapter::XboardAdapter(boost::asio::io_context& io, engine::EngineProcess& engine,
                             XboardAdapterOptions options, int gui_in, int gui_out)
    : io_(io),
      engine_(engine),
      options_(std::move(options)),
      gui_in_(io, gui_in),
      gui_out_(io, gui_out),
      start_timer_(io),
      finish_timer_(io),
      session_(options_.session, *this) {}

void XboardAdapter::start() {
    const std::size_t room = options_.queue_limit + (std::size_t(1) << 20);
    gui_out_.reserve(room);
    engine_.reserve_output(room);
    engine_.on_line([this](std::string_view line) { on_engine_line(line); });
    engine_.on_exit([this](int status) { on_engine_exit(status); });
    gui_out_.on_error([this] { quit(); });  // the GUI has gone
    gui_in_.start([this](std::string_view line) { on_gui_line(line); }, [this] { on_gui_eof(); });
    engine_.start();
    session_.start();
    start_timer_.expires_after(options_.start_timeout);
    start_timer_.async_wait([this](const boost::system::error_code& ec) {
        if (!ec && !session_.ready() && !quitting_)
            give_up(fmt::format("the engine did not say uciok within {} s",
                                options_.start_timeout.count() / 1000.0));
    });
}

void XboardAdapter::to_gui(std::string_view text) {
    log_line(options_.log, "proxy->gui", text);
    gui_out_.write_line(text);
    // A GUI that does not keep up makes the engine wait, as a direct pipe would.
    if (gui_out_.pending() > options_.queue_limit && !engine_paused_) {
        engine_paused_ = true;
        engine_.pause_reading();
        gui_out_.when_drained_to(options_.queue_limit / 2, [this] {
            engine_paused_ = false;
            engine_.resume_reading();
        });
    }
}

void XboardAdapter::to_engine(std::string_view line) {
    log_line(options_.log, "proxy->engine", line);
    engine_.send_line(line);
    if (engine_.pending_output() > options_.queue_limit && !gui_paused_) {
        gui_paused_ = true;
        gui_in_.pause_reading();
        engine_.when_drained_to(options_.queue_limit / 2, [this] {
            gui_paused_ = false;
            gui_in_.resume_reading();
        });
    }
}

void XboardAdapter::on_gui_line(std::string_view line) {
    if (quitting_) return;
    log_line(options_.log, "gui->proxy", line);
    session_.on_gui_line(line);
}

void XboardAdapter::on_engine_line(std::string_view line) {
    log_line(options_.log, "engine->proxy", line);
    session_.on_engine_line(line);  // also while quitting: a pong the engine's readyok releases
}

void XboardAdapter::quit() {
    if (quitting_) return;
    quitting_ = true;
    if (!engine_.running()) return finish(signal_ ? 128 + signal_ : 0);
    to_engine("quit");
    engine_.stop(options_.quit_timeout, false);
}

void XboardAdapter::on_gui_eof() {
    if (quitting_) return;
    quit();
    engine_.close_input();  // an engine that reads to the end sees EOF, as without us
}

void XboardAdapter::terminate(int signal_number) {
    if (signal_ != 0) {  // a second signal: no more patience
        engine_.kill();
        return;
    }
    signal_ = signal_number;
    quit();
}

void XboardAdapter::give_up(const std::string& why) {
    to_gui("tellusererror drawproxy: " + why);
    fmt::print(stderr, "drawproxy: {}\n", why);
    quitting_ = true;
    exit_status_ = 1;
    engine_.kill();
}

void XboardAdapter::on_engine_exit(int status) {
    start_timer_.cancel();
    const bool crashed = status >= 128 && !engine_.signalled_by_us();
    if (quitting_ && !crashed) return finish(exit_status_ ? exit_status_ : signal_ ? 128 + signal_ : 0);
    if (!quitting_ || crashed) {
        session_.engine_exited(status);
        fmt::print(stderr, "drawproxy: engine exited (status {})\n", status);
    }
    finish(signal_ ? 128 + signal_ : 1);
}

void XboardAdapter::finish(int status) {
    if (finished_) return;
    finished_ = true;
    exit_status_ = status;
    start_timer_.cancel();
    if (options_.log) std::fflush(options_.log);
    gui_out_.when_flushed([this] { io_.stop(); });
    finish_timer_.expires_after(std::chrono::seconds(2));  // a GUI that stopped reading must not keep us
    finish_timer_.async_wait([this](const boost::system::error_code& ec) {
        if (!ec) io_.stop();
    });
}

}  // namespace drawproxy::proxy
