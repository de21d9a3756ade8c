#pragma once
// Test helper: a child process with its stdin and stdout on plain pipes that the test drives
// by hand (writes that may block, a reader that stops reading), and its peak memory.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

extern char** environ;

namespace drawproxy::test {

class RawChild {
  public:
    explicit RawChild(const std::vector<std::string>& argv) {
        int in[2], out[2];
        if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0) return;
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, in[0], 0);
        posix_spawn_file_actions_adddup2(&actions, out[1], 1);
        std::vector<char*> args;
        for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        if (::posix_spawn(&pid_, args[0], &actions, nullptr, args.data(), environ) != 0) pid_ = -1;
        posix_spawn_file_actions_destroy(&actions);
        ::close(in[0]);
        ::close(out[1]);
        in_ = in[1];
        out_ = out[0];
    }
    ~RawChild() {
        close_input();
        if (out_ >= 0) ::close(out_);
        if (pid_ > 0 && !reaped_) {
            ::kill(pid_, SIGKILL);
            ::waitpid(pid_, nullptr, 0);
        }
    }
    RawChild(const RawChild&) = delete;
    RawChild& operator=(const RawChild&) = delete;

    int pid() const { return pid_; }
    int input() const { return in_; }
    int output() const { return out_; }
    void write(const std::string& bytes) {
        std::size_t done = 0;
        while (done < bytes.size()) {
            ssize_t n = ::write(in_, bytes.data() + done, bytes.size() - done);
            if (n <= 0) return;
            done += std::size_t(n);
        }
    }
    void close_input() {
        if (in_ >= 0) ::close(in_);
        in_ = -1;
    }
    // Everything it writes until EOF.
    std::string read_all() {
        std::string all;
        char buf[65536];
        for (ssize_t n; (n = ::read(out_, buf, sizeof buf)) > 0;) all.append(buf, std::size_t(n));
        return all;
    }
    // Reads until `text` has arrived; returns all read so far.
    std::string read_until(const std::string& text) {
        std::string got;
        char buf[65536];
        // Only the bytes just read (and the text's length before them) are searched: floods of
        // megabytes stay linear.
        for (std::size_t from = 0; got.find(text, from) == std::string::npos;) {
            from = got.size() >= text.size() ? got.size() - text.size() + 1 : 0;
            ssize_t n = ::read(out_, buf, sizeof buf);
            if (n <= 0) break;
            got.append(buf, std::size_t(n));
        }
        return got;
    }
    int wait() {
        int st = 0;
        ::waitpid(pid_, &st, 0);
        reaped_ = true;
        return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    }

  private:
    pid_t pid_ = -1;
    int in_ = -1, out_ = -1;
    bool reaped_ = false;
};

// Peak resident set (VmHWM) of a live process, in KiB; -1 when it is gone.
inline long peak_rss_kib(int pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("VmHWM:", 0) == 0) return std::stol(line.substr(6));
    return -1;
}

}  // namespace drawproxy::test
