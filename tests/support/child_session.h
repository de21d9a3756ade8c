#pragma once
// Test helper: drives a child process (the proxy, an engine) line by line on its own event
// loop, with timeouts, using the proxy's own EngineProcess.
#include <signal.h>

#include <boost/asio/io_context.hpp>
#include <chrono>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "engine/engine_process.h"
#include "support/paths.h"

namespace drawproxy::test {

inline std::string proxy_binary() { return binary_path("bin/drawproxy"); }
inline std::string fake_engine_binary() { return binary_path("bin/fake_engine"); }

class ChildSession {
  public:
    explicit ChildSession(const std::string& program, const std::vector<std::string>& args)
        : process_(io_, program, args) {
        process_.on_line([this](std::string_view l) { lines_.emplace_back(l); });
        process_.on_exit([this](int status) { status_ = status; });
        process_.start();
    }
    void send(std::string_view line) { process_.send_line(line); }
    // Runs the loop until `done()` or the timeout; returns done().
    bool run_until(const std::function<bool()>& done,
                   std::chrono::milliseconds timeout = std::chrono::seconds(20)) {
        auto deadline = std::chrono::steady_clock::now() + timeout;
        while (!done()) {
            if (std::chrono::steady_clock::now() >= deadline) return false;
            io_.run_one_for(std::chrono::milliseconds(50));
        }
        return true;
    }
    // Waits for a line equal to `text` (or starting with it when prefix is set).
    bool wait_line(const std::string& text, bool prefix = false,
                   std::chrono::milliseconds timeout = std::chrono::seconds(20)) {
        return run_until(
            [&] {
                for (; scanned_ < lines_.size(); ++scanned_) {
                    const std::string& l = lines_[scanned_];
                    if (prefix ? l.rfind(text, 0) == 0 : l == text) {
                        ++scanned_;
                        return true;
                    }
                }
                return false;
            },
            timeout);
    }
    bool wait_exit(std::chrono::milliseconds timeout = std::chrono::seconds(20)) {
        return run_until([this] { return status_.has_value(); }, timeout);
    }
    void close_input() { process_.close_input(); }
    void signal(int sig) { ::kill(process_.pid(), sig); }
    int pid() const { return process_.pid(); }
    std::optional<int> status() const { return status_; }
    std::vector<std::string>& lines() { return lines_; }

  private:
    boost::asio::io_context io_;
    engine::EngineProcess process_;
    std::vector<std::string> lines_;
    std::size_t scanned_ = 0;
    std::optional<int> status_;
};

// Alive and not a zombie.
inline bool process_alive(int pid) {
    std::FILE* f = std::fopen(("/proc/" + std::to_string(pid) + "/stat").c_str(), "r");
    if (!f) return false;
    char buf[512] = {};
    std::size_t n = std::fread(buf, 1, sizeof buf - 1, f);
    std::fclose(f);
    std::string stat(buf, n);
    auto paren = stat.rfind(')');
    return paren != std::string::npos && paren + 2 < stat.size() && stat[paren + 2] != 'Z';
}

// True once PID is gone (or a zombie), polling for up to 3 s.
inline bool gone_soon(int pid) {
    for (int i = 0; i < 150 && process_alive(pid); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    return !process_alive(pid);
}

}  // namespace drawproxy::test
