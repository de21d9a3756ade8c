#pragma once
// Where the match's text goes: the status lines to the chosen stream (standard output), the
// diagnostics (warnings, interruption notices) to standard error. Nothing else in a match
// prints; a Console without a stream (muted(), -quiet's per-game lines) drops what it is given.
#include <cstdio>
#include <string>

namespace drawproxy::output {

class Console {
  public:
    explicit Console(std::FILE* out = nullptr) : out_(out) {}
    static Console muted() { return Console(nullptr); }
    bool on() const { return out_ != nullptr; }
    // `text` and a newline, flushed: a reader of the pipe sees each line as it is printed.
    void line(const std::string& text) const;
    // A block of whole lines, as is (flushed by the next line()).
    void text(const std::string& block) const;
    void flush() const;

  private:
    std::FILE* out_;
};

// A diagnostic: `text` and a newline on standard error.
void notice(const std::string& text);
// Said from a signal handler before the process exits at once: async-signal-safe.
void second_signal_notice() noexcept;

}  // namespace drawproxy::output
