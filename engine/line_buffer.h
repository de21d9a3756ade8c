#pragma once
// Line framing for a byte stream: read into write_area(), commit() what arrived, then take
// the complete lines. The buffer grows to the longest line seen and is then reused, so the
// steady state allocates nothing. Its bytes are not zeroed: a runner starts an engine (and a
// buffer) per game slot, and zeroing touched every page of it where a read touches the first.
#include <algorithm>
#include <cstring>
#include <memory>
#include <string_view>

namespace drawproxy::engine {

class LineBuffer {
  public:
    explicit LineBuffer(std::size_t initial = 64 * 1024)
        : buf_(std::make_unique_for_overwrite<char[]>(initial)), size_(initial) {}

    // Room for at least `min` bytes after the data held; moves the held data to the front
    // first, so the buffer only grows when a single line is longer than it.
    char* write_area(std::size_t min = 16 * 1024) {
        if (begin_ > 0) {
            std::memmove(buf_.get(), buf_.get() + begin_, end_ - begin_);
            scan_ -= begin_;
            end_ -= begin_;
            begin_ = 0;
        }
        if (size_ - end_ < min) grow(std::max(size_ * 2, end_ + min));
        return buf_.get() + end_;
    }
    std::size_t write_capacity() const { return size_ - end_; }
    void commit(std::size_t n) { end_ += n; }

    // The next complete line without its '\n'; false when none is held. The view is valid
    // until the next write_area().
    bool next_line(std::string_view& line) {
        const char* base = buf_.get();
        const void* nl = std::memchr(base + scan_, '\n', end_ - scan_);
        if (!nl) {
            scan_ = end_;
            return false;
        }
        std::size_t pos = static_cast<const char*>(nl) - base;
        line = std::string_view(base + begin_, pos - begin_);
        begin_ = scan_ = pos + 1;
        return true;
    }
    // Bytes after the last complete line (an unterminated tail at end of stream).
    std::string_view rest() const { return std::string_view(buf_.get() + begin_, end_ - begin_); }
    void clear() { begin_ = end_ = scan_ = 0; }

  private:
    void grow(std::size_t size) {
        auto bigger = std::make_unique_for_overwrite<char[]>(size);
        std::memcpy(bigger.get(), buf_.get(), end_);
        buf_ = std::move(bigger);
        size_ = size;
    }

    std::unique_ptr<char[]> buf_;
    std::size_t size_;
    std::size_t begin_ = 0;  // first byte not yet returned
    std::size_t end_ = 0;    // end of the data
    std::size_t scan_ = 0;   // bytes before this hold no '\n' after begin_
};

}  // namespace drawproxy::engine
