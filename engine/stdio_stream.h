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

  private:
    struct Impl;
    std::shared_ptr<Impl> impl_;
};

class OutputStream {
  public:
    using ErrorHandler = std::function<void()>;
    OutputStream(boost::asio::io_context& io, int fd);
    ~OutputStream();
    // Queues `line` + '\n'; never blocks. Lines are written whole and in order.
    void write_line(std::string_view line);
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
