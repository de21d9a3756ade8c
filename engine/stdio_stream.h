#pragma once
// Our own stdin and stdout on the event loop. Pipes, terminals and sockets are watched by
// epoll; a regular file or /dev/null cannot be, so stdin then falls back to a reader thread
// and stdout to plain writes (both never wait on a peer there).
#include <boost/asio/io_context.hpp>
#include <functional>
#include <memory>
#include <string_view>

namespace drawproxy::engine {

class InputStream {
  public:
    using LineHandler = std::function<void(std::string_view line)>;
    using EofHandler = std::function<void()>;
    InputStream(boost::asio::io_context& io, int fd);
    ~InputStream();
    // Starts reading; each complete line (without '\n') goes to `on_line`; an unterminated
    // tail is delivered as a line before `on_eof`.
    void start(LineHandler on_line, EofHandler on_eof);
    // True during the line handler's call for a last line that ended without '\n'.
    bool line_unterminated() const;
    // Backpressure: stop reading (the writer blocks on the full pipe) until resume_reading().
    void pause_reading();
    void resume_reading();

  private:
    struct Impl;
    std::shared_ptr<Impl> impl_;
};

class OutputStream {
  public:
    using ErrorHandler = std::function<void()>;
    OutputStream(boost::asio::io_context& io, int fd);
    ~OutputStream();
    // Queues `line` + '\n' (or `line` alone, when `newline` is false); never blocks. Lines
    // are written whole and in order.
    void write_line(std::string_view line, bool newline = true);
    // Bytes queued but not yet written.
    std::size_t pending() const;
    // Room for `bytes` queued without reallocating (a copy on growth would double the peak).
    void reserve(std::size_t bytes);
    // Calls `done` once when pending() has come down to `bytes` or the stream has failed.
    void when_drained_to(std::size_t bytes, std::function<void()> done);
    // Called once when the reader has gone (EPIPE and the like); later lines are dropped.
    void on_error(ErrorHandler handler);
    // Calls `done` once everything queued is written (or the stream failed).
    void when_flushed(std::function<void()> done);
    bool idle() const;

  private:
    struct Impl;
    std::shared_ptr<Impl> impl_;
};

}  // namespace drawproxy::engine
