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

#include "proxy/claimant.h"
#include "engine/engine_process.h"
#include "engine/stdio_stream.h"
#include "uci/engine_message.h"
#include "uci/gui_command.h"

namespace drawproxy::proxy {

struct RelayOptions {
    rules::Edition edition = rules::Edition::builtin(rules::Edition::DEFAULT_NAME);
    ClaimPolicy policy;
    std::vector<std::pair<std::string, std::string>> setoptions;  // sent after the engine's uciok
    std::chrono::milliseconds quit_timeout{5000};
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
    void to_engine(std::string_view line, const char* who);
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
    bool finished_ = false;
    int signal_ = 0;
    int exit_status_ = 0;
};

}  // namespace drawproxy::proxy
