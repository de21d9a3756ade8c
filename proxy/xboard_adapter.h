#pragma once
// `drawproxy --xboard`: an XboardSession between our stdin/stdout (the xboard GUI) and a UCI
// engine, on one event loop with the engine's process (engine/), as the UCI relay runs. Nothing
// polls: an idle adapter waits in epoll.
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstdio>
#include <string>

#include "engine/engine_process.h"
#include "engine/stdio_stream.h"
#include "proxy/xboard_session.h"

namespace drawproxy::proxy {

struct XboardAdapterOptions {
    XboardOptions session;
    std::chrono::milliseconds quit_timeout{5000};
    // An engine that has not said uciok by then is given up: the GUI gets tellusererror.
    std::chrono::milliseconds start_timeout{30000};
    std::size_t queue_limit = std::size_t(4) << 20;  // as the relay's
    std::FILE* log = nullptr;
};

class XboardAdapter : XboardSession::Output {
  public:
    XboardAdapter(boost::asio::io_context& io, engine::EngineProcess& engine, XboardAdapterOptions options,
                  int gui_in = 0, int gui_out = 1);

    void start();
    // Ends the session as a signal asks: the engine is stopped, then the loop ends.
    void terminate(int signal_number);
    int exit_status() const { return exit_status_; }

  private:
    void to_gui(std::string_view text) override;
    void to_engine(std::string_view line) override;
    void quit() override;
    void on_gui_line(std::string_view line);
    void on_engine_line(std::string_view line);
    void on_engine_exit(int status);
    void on_gui_eof();
    void give_up(const std::string& why);
    void finish(int status);

    boost::asio::io_context& io_;
    engine::EngineProcess& engine_;
    XboardAdapterOptions options_;
    engine::InputStream gui_in_;
    engine::OutputStream gui_out_;
    boost::asio::steady_timer start_timer_, finish_timer_;
    XboardSession session_;
    bool quitting_ = false;
    bool engine_paused_ = false, gui_paused_ = false;
    bool finished_ = false;
    int signal_ = 0;
    int exit_status_ = 0;
};

}  // namespace drawproxy::proxy
