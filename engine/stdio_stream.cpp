#include "engine/stdio_stream.h"

#include <unistd.h>

#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <cerrno>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/line_buffer.h"

namespace drawproxy::engine {

namespace asio = boost::asio;
using boost::system::error_code;

struct InputStream::Impl : std::enable_shared_from_this<Impl> {
    asio::io_context& io;
    asio::posix::stream_descriptor stream;
    int fd;
    bool threaded = false;
    bool paused = false, read_pending = false, tail = false, ended = false;
    // The reader thread hands over one chunk at a time, and waits while paused.
    std::mutex mutex;
    std::condition_variable wake;
    bool chunk_pending = false, thread_paused = false;
    LineBuffer buffer;
    LineHandler on_line;
    EofHandler on_eof;

    Impl(asio::io_context& ctx, int f) : io(ctx), stream(ctx), fd(f) {
        int copy = ::dup(f);
        error_code ec;
        stream.assign(copy, ec);
        if (ec) {  // not pollable (regular file, /dev/null)
            ::close(copy);
            threaded = true;
        }
    }

    void deliver(std::size_t n, bool eof) {
        buffer.commit(n);
        std::string_view line;
        while (buffer.next_line(line)) on_line(line);
        if (eof) {
            ended = true;
            tail = true;
            if (!buffer.rest().empty()) on_line(buffer.rest());
            tail = false;
            buffer.clear();
            if (on_eof) on_eof();
        }
    }

    void read() {
        if (paused || read_pending || ended) return;
        read_pending = true;
        char* area = buffer.write_area();
        stream.async_read_some(asio::buffer(area, buffer.write_capacity()),
                               [self = shared_from_this()](const error_code& ec, std::size_t n) {
                                   self->read_pending = false;
                                   self->deliver(n, bool(ec));
                                   if (!ec) self->read();
                               });
    }
    void set_paused(bool p) {
        paused = p;
        if (threaded) {
            {
                std::lock_guard<std::mutex> lock(mutex);
                thread_paused = p;
            }
            wake.notify_one();
        } else if (!p) {
            read();
        }
    }

    void read_in_thread() {
        // Blocking reads of a file never wait on a peer; each chunk is handed to the loop.
        std::thread([self = shared_from_this()] {
            std::vector<char> chunk(64 * 1024);
            for (;;) {
                {
                    std::unique_lock<std::mutex> lock(self->mutex);
                    self->wake.wait(lock, [&] { return !self->chunk_pending && !self->thread_paused; });
                    self->chunk_pending = true;
                }
                ssize_t n = ::read(self->fd, chunk.data(), chunk.size());
                if (n < 0 && errno == EINTR) continue;
                if (n <= 0) {
                    asio::post(self->io, [self] { self->deliver(0, true); });
                    return;
                }
                asio::post(self->io, [self, data = std::string(chunk.data(), std::size_t(n))] {
                    char* area = self->buffer.write_area(data.size());
                    std::copy(data.begin(), data.end(), area);
                    self->deliver(data.size(), false);
                    {
                        std::lock_guard<std::mutex> lock(self->mutex);
                        self->chunk_pending = false;
                    }
                    self->wake.notify_one();
                });
            }
        }).detach();
    }
};

InputStream::InputStream(asio::io_context& io, int fd) : impl_(std::make_shared<Impl>(io, fd)) {}
InputStream::~InputStream() {
    error_code ignored;
    impl_->stream.close(ignored);
}

void InputStream::start(LineHandler on_line, EofHandler on_eof) {
    impl_->on_line = std::move(on_line);
    impl_->on_eof = std::move(on_eof);
    if (impl_->threaded)
        impl_->read_in_thread();
    else
        impl_->read();
}

bool InputStream::line_unterminated() const { return impl_->tail; }
void InputStream::pause_reading() {
    if (!impl_->paused) impl_->set_paused(true);
}
void InputStream::resume_reading() {
    if (impl_->paused) impl_->set_paused(false);
}

struct OutputStream::Impl : std::enable_shared_from_this<Impl> {
    asio::posix::stream_descriptor stream;
    int fd;
    bool direct = false;  // plain blocking writes
    bool writing = false, failed = false;
    std::string queued, in_flight;
    ErrorHandler error_handler;
    std::vector<std::function<void()>> flushed;
    std::size_t drain_level = 0;
    std::function<void()> drained;

    Impl(asio::io_context& ctx, int f) : stream(ctx), fd(f) {
        int copy = ::dup(f);
        error_code ec;
        stream.assign(copy, ec);
        if (ec) {
            ::close(copy);
            direct = true;
        }
    }

    void fail() {
        if (failed) return;
        failed = true;
        queued.clear();
        notify_flushed();
        if (error_handler) error_handler();
    }
    void notify_drained() {
        if (!drained || (!failed && queued.size() + in_flight.size() > drain_level)) return;
        auto done = std::move(drained);
        drained = nullptr;
        done();
    }
    void notify_flushed() {
        notify_drained();
        auto waiting = std::move(flushed);
        flushed.clear();
        for (auto& f : waiting) f();
    }
    void write_direct() {
        std::size_t done = 0;
        while (done < queued.size()) {
            ssize_t n = ::write(fd, queued.data() + done, queued.size() - done);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) return fail();
            done += std::size_t(n);
        }
        queued.clear();
    }
    void flush() {
        notify_drained();
        if (failed || writing) return;
        if (queued.empty()) return notify_flushed();
        writing = true;
        in_flight.swap(queued);
        queued.clear();
        asio::async_write(stream, asio::buffer(in_flight),
                          [self = shared_from_this()](const error_code& ec, std::size_t) {
                              self->writing = false;
                              self->in_flight.clear();
                              if (ec) return self->fail();
                              self->flush();
                          });
    }
};

OutputStream::OutputStream(asio::io_context& io, int fd) : impl_(std::make_shared<Impl>(io, fd)) {}
OutputStream::~OutputStream() {
    error_code ignored;
    impl_->stream.close(ignored);
}

void OutputStream::write_line(std::string_view line, bool newline) {
    Impl& s = *impl_;
    if (s.failed) return;
    s.queued.append(line);
    if (newline) s.queued.push_back('\n');
    if (s.direct)
        s.write_direct();
    else
        s.flush();
}

void OutputStream::reserve(std::size_t bytes) {
    impl_->queued.reserve(bytes);
    impl_->in_flight.reserve(bytes);
}

std::size_t OutputStream::pending() const { return impl_->queued.size() + impl_->in_flight.size(); }

void OutputStream::when_drained_to(std::size_t bytes, std::function<void()> done) {
    impl_->drain_level = bytes;
    impl_->drained = std::move(done);
    impl_->notify_drained();
}

void OutputStream::on_error(ErrorHandler handler) { impl_->error_handler = std::move(handler); }

void OutputStream::when_flushed(std::function<void()> done) {
    Impl& s = *impl_;
    if (s.failed || (!s.writing && s.queued.empty())) return done();
    s.flushed.push_back(std::move(done));
}

bool OutputStream::idle() const { return !impl_->writing && impl_->queued.empty(); }

}  // namespace drawproxy::engine
