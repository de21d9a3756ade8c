#pragma once
// A UCI engine as a child process on an Asio event loop: its stdin and stdout are
// asynchronous pipes, its stderr is our stderr. Complete lines arrive by callback; nothing
// blocks and nothing polls, so several engines can share one io_context (the match runner).
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace drawproxy::engine {

// The engine could not be started (not found, not executable, ...). what() says why.
class EngineStartError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

class EngineProcess {
  public:
    // One line from the engine, without its '\n' (a '\r' before it is kept: the relay
    // passes bytes unchanged). The view is valid only during the call.
    using LineHandler = std::function<void(std::string_view line)>;
    // The engine has exited and all its output has been delivered. `status` is the exit
    // code, or 128 + signal number when a signal ended it.
    using ExitHandler = std::function<void(int status)>;

    // Starts ENGINE with ARGS (a name without '/' is looked up in PATH). Throws
    // EngineStartError. The child dies with us (PR_SET_PDEATHSIG) so it is never orphaned.
    EngineProcess(boost::asio::io_context& io, const std::string& program,
                  const std::vector<std::string>& args);
    ~EngineProcess();  // kills the engine if it still runs
    EngineProcess(const EngineProcess&) = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;

    // Set the handlers, then start() begins reading; handlers run on the io_context.
    void on_line(LineHandler handler);
    void on_exit(ExitHandler handler);
    void start();

    // Queues `line` + '\n' for the engine; never blocks. Ignored once the engine is gone.
    void send_line(std::string_view line);
    // Closes the engine's stdin once the queued lines are written (the engine sees EOF).
    void close_input();
    // Bytes queued but not yet written to the engine.
    std::size_t pending_output() const;

    // Graceful stop: sends "quit" (unless the caller already relayed one), SIGTERM after
    // `timeout`, SIGKILL after another `timeout`. The exit handler reports the end.
    void stop(std::chrono::milliseconds timeout, bool send_quit = true);
    // SIGKILL now.
    void kill();

    bool running() const;
    int pid() const;
    const std::string& program() const;

  private:
    struct Impl;
    std::shared_ptr<Impl> impl_;  // shared with pending async operations
};

}  // namespace drawproxy::engine
