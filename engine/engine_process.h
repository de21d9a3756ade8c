#pragma once
// A UCI engine as a child process on an Asio event loop: its stdin and stdout are
// asynchronous pipes, its stderr is our stderr or a file. Complete lines arrive by callback; nothing
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

// The file PROGRAM names: itself if it has a '/', else the first executable of that name in
// PATH. Throws EngineStartError saying why there is none.
std::string find_program(const std::string& program);

class EngineProcess {
  public:
    // One line from the engine, without its '\n' (a '\r' before it is kept: the relay
    // passes bytes unchanged). The view is valid only during the call.
    using LineHandler = std::function<void(std::string_view line)>;
    // The engine has exited and all its output has been delivered. `status` is the exit
    // code, or 128 + signal number when a signal ended it.
    using ExitHandler = std::function<void(int status)>;

    // Starts ENGINE with ARGS (a name without '/' is looked up in PATH). Throws
    // EngineStartError. The engine leads a process group of its own, so whatever it starts
    // (a wrapper's real engine, a helper) is stopped with it. Nothing outlives us: a small
    // reaper process kills the engine's whole group once we are gone, even by SIGKILL, or once
    // the engine itself has exited.
    // A non-empty `stderr_file` receives the engine's stderr (appended, created if need be)
    // instead of ours.
    EngineProcess(boost::asio::io_context& io, const std::string& program,
                  const std::vector<std::string>& args, const std::string& stderr_file = {});
    ~EngineProcess();  // kills the engine if it still runs
    EngineProcess(const EngineProcess&) = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;

    // Set the handlers, then start() begins reading; handlers run on the io_context.
    void on_line(LineHandler handler);
    void on_exit(ExitHandler handler);
    // Sees every line given to send_line() (for logs); unset by default.
    void on_sent(LineHandler handler);
    void start();

    // Queues `line` + '\n' (or `line` alone, when `newline` is false) for the engine; never
    // blocks. Ignored once the engine is gone.
    void send_line(std::string_view line, bool newline = true);
    // True during the line handler's call for a last line that ended without '\n'.
    bool line_unterminated() const;
    // Closes the engine's stdin once the queued lines are written (the engine sees EOF).
    void close_input();
    // Bytes queued but not yet written to the engine.
    std::size_t pending_output() const;
    // Room for `bytes` queued without reallocating (a copy on growth would double the peak).
    void reserve_output(std::size_t bytes);
    // Calls `done` once (on the loop) when pending_output() has come down to `bytes` or the
    // engine's input is gone: a producer paused for backpressure resumes there.
    void when_drained_to(std::size_t bytes, std::function<void()> done);
    // Backpressure: stop reading the engine's output (the pipe fills and the engine blocks
    // on its writes, as with a direct pipe) until resume_reading().
    void pause_reading();
    void resume_reading();

    // Graceful stop: sends "quit" (unless the caller already relayed one), SIGTERM after
    // `timeout`, SIGKILL after another `timeout`. The exit handler reports the end.
    void stop(std::chrono::milliseconds timeout, bool send_quit = true);
    // SIGKILL to the engine's process group now.
    void kill();
    // True when the engine's end came from a signal we sent (the stop's SIGTERM or SIGKILL).
    bool signalled_by_us() const;

    bool running() const;
    int pid() const;
    const std::string& program() const;

  private:
    struct Impl;
    std::shared_ptr<Impl> impl_;  // shared with pending async operations
    LineHandler sent_handler_;
};

}  // namespace drawproxy::engine
