#pragma once
// The proxy proper: GUI lines go to the engine and engine lines to the GUI, byte for byte;
// the Claimant's lines are inserted toward the GUI between whole lines. Both directions run
// on one event loop, so neither side ever waits on the other, and nothing polls.
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "engine/engine_process.h"
#include "engine/stdio_stream.h"
#include "proxy/claimant.h"
#include "uci/engine_message.h"
#include "uci/gui_command.h"

namespace drawproxy::proxy {

struct RelayOptions {
    rules::Edition edition = rules::Edition::builtin(rules::Edition::DEFAULT_NAME);
    ClaimPolicy policy;
    std::vector<std::pair<std::string, std::string>> setoptions;  // sent after the engine's uciok
    std::chrono::milliseconds quit_timeout{5000};
    // Backpressure: at most about this many bytes wait in each direction; past it the proxy
    // stops reading that direction's producer until the consumer has taken half of them.
    std::size_t queue_limit = std::size_t(4) << 20;
    std::FILE* log = nullptr;  // every line both ways, when set
};

class Relay {
  public:
    Relay(boost::asio::io_context& io, engine::EngineProcess& engine, RelayOptions options, int gui_in = 0,
          int gui_out = 1);

    void start();
    // Ends the session as a signal asks: the engine is stopped, then the loop ends.
    void terminate(int signal_number);
    // The process exit status once the loop has ended.
    int exit_status() const { return exit_status_; }

  private:
    void on_gui_line(std::string_view line);
    void on_engine_line(std::string_view line);
    void on_engine_exit(int status);
    void on_setoption(const uci::GuiCommand& cmd, std::string_view line);
    bool own_option(const uci::GuiCommand& cmd);
    void send_options();
    void insert(Claimant::Lines& lines);
    void to_engine(std::string_view line, const char* who, bool newline = true);
    void to_gui(std::string_view line, bool newline = true);
    void send_quit();
    void limit_engine_output();
    void limit_gui_input();
    void quit();
    void on_gui_eof();
    void finish(int status);
    void log(const char* direction, std::string_view line);

    boost::asio::io_context& io_;
    engine::EngineProcess& engine_;
    RelayOptions options_;
    engine::InputStream gui_in_;
    engine::OutputStream gui_out_;
    boost::asio::steady_timer finish_timer_;
    Claimant claimant_;
    std::vector<std::string> edition_names_;
    uci::GuiCommand command_;  // reused: its vectors keep their capacity
    uci::EngineMessage message_;
    Claimant::Lines inserted_;
    bool sent_setoptions_ = false;
    bool quitting_ = false;
    bool gui_line_open_ = false;     // the GUI's last line came without '\n'
    bool engine_line_open_ = false;  // so did the engine's
    bool engine_paused_ = false, gui_paused_ = false;
    bool finished_ = false;
    int signal_ = 0;
    int exit_status_ = 0;
};

}  // namespace drawproxy::proxy
