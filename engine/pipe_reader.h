#pragma once
// The read end of an engine's output pipe, read through asio's reactor as asio's own
// readable_pipe is, with one difference: a read that returns less than it asked for has
// emptied the pipe, and the reactor is told so. asio's pipe cannot tell (in Boost 1.81 only a
// socket's end of file does), so after every read it tries another at once, which fails with
// EAGAIN: one system call wasted for each time an engine writes. Here the next read waits for
// the pipe to become readable again.
//
// This uses asio's reactor interface (boost/asio/detail), stable within the Boost release the
// project builds with (1.81); the static_assert below fails the build if the reactor changes.
#include <unistd.h>

#include <boost/asio/detail/reactor.hpp>
#include <boost/asio/error.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/system/error_code.hpp>
#include <cerrno>
#include <cstddef>
#include <memory>
#include <type_traits>
#include <utility>

namespace drawproxy::engine {

class PipeReader {
    using Reactor = boost::asio::detail::reactor;
    static_assert(std::is_same_v<Reactor, boost::asio::detail::epoll_reactor>,
                  "PipeReader knows asio's epoll reactor only");

  public:
    explicit PipeReader(boost::asio::io_context& io) : reactor_(boost::asio::use_service<Reactor>(io)) {}
    PipeReader(const PipeReader&) = delete;
    PipeReader& operator=(const PipeReader&) = delete;
    ~PipeReader() { close(); }

    // Takes `fd` (made non-blocking here); on an error it is left to the caller.
    void assign(int fd, boost::system::error_code& ec);
    bool is_open() const { return fd_ >= 0; }
    // A pending read ends with boost::asio::error::operation_aborted.
    void close();

    // One read of at most `size` bytes into `data`; `handler(ec, n)` runs from the loop, with
    // boost::asio::error::eof at the end of the output. One read at a time.
    template <typename Handler>
    void async_read_some(char* data, std::size_t size, Handler&& handler) {
        auto* op = new ReadOp<std::decay_t<Handler>>(fd_, data, size, std::forward<Handler>(handler));
        if (fd_ < 0) {
            op->ec_ = boost::asio::error::bad_descriptor;
            reactor_.post_immediate_completion(op, false);
            return;
        }
        reactor_.start_op(Reactor::read_op, fd_, state_, op, false, true);
    }

  private:
    template <typename Handler>
    struct ReadOp : boost::asio::detail::reactor_op {
        ReadOp(int fd, char* data, std::size_t size, Handler handler)
            : reactor_op(boost::system::error_code(), &perform, &complete),
              fd_(fd),
              data_(data),
              size_(size),
              handler_(std::move(handler)) {}

        static status perform(reactor_op* base) {
            auto* op = static_cast<ReadOp*>(base);
            for (;;) {
                const ssize_t n = ::read(op->fd_, op->data_, op->size_);
                if (n > 0) {
                    op->bytes_transferred_ = std::size_t(n);
                    return std::size_t(n) < op->size_ ? done_and_exhausted : done;
                }
                if (n == 0) {
                    op->ec_ = boost::asio::error::eof;
                    return done;
                }
                if (errno == EINTR) continue;
                if (errno == EAGAIN || errno == EWOULDBLOCK) return not_done;
                op->ec_ = boost::system::error_code(errno, boost::system::system_category());
                return done;
            }
        }

        // `owner` is null when the loop is destroyed with the read pending: no handler then.
        static void complete(void* owner, boost::asio::detail::operation* base,
                             const boost::system::error_code&, std::size_t) {
            std::unique_ptr<ReadOp> op(static_cast<ReadOp*>(base));
            if (!owner) return;
            Handler handler = std::move(op->handler_);
            const boost::system::error_code ec = op->ec_;
            const std::size_t n = op->bytes_transferred_;
            op.reset();
            handler(ec, n);
        }

        int fd_;
        char* data_;
        std::size_t size_;
        Handler handler_;
    };

    Reactor& reactor_;
    Reactor::per_descriptor_data state_ = nullptr;
    int fd_ = -1;
};

}  // namespace drawproxy::engine
