#pragma once
// The drawproxy executable started in the background, for tests that signal it while it runs
// (Ctrl-C during a match): its output goes to files, its child processes can be listed, and
// whether any of them (or anyone in their process groups) outlived it can be checked.
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "support/match_helpers.h"

extern char** environ;

namespace drawproxy::test {

// A process as /proc/PID/stat shows it; `start` (clock ticks after boot) tells a reused pid apart.
struct ProcInfo {
    int pid = 0, ppid = 0, pgrp = 0;
    char state = '?';
    unsigned long long start = 0;
};

inline bool read_proc(int pid, ProcInfo& p) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string text;
    if (!std::getline(in, text)) return false;
    const auto close = text.rfind(')');  // the command name may hold spaces and parentheses
    if (close == std::string::npos) return false;
    std::istringstream rest(text.substr(close + 2));
    p.pid = pid;
    rest >> p.state >> p.ppid >> p.pgrp;
    std::string skip;
    for (int field = 6; field < 22; ++field) rest >> skip;  // fields 6..21
    rest >> p.start;                                        // field 22
    return bool(rest);
}

inline std::vector<ProcInfo> all_processes() {
    std::vector<ProcInfo> out;
    DIR* dir = ::opendir("/proc");
    if (!dir) return out;
    while (dirent* e = ::readdir(dir)) {
        const int pid = std::atoi(e->d_name);
        ProcInfo p;
        if (pid > 0 && read_proc(pid, p)) out.push_back(p);
    }
    ::closedir(dir);
    return out;
}

// Still running (a zombie is not: it only waits to be reaped).
inline bool still_running(const ProcInfo& p) {
    ProcInfo now;
    return read_proc(p.pid, now) && now.start == p.start && now.state != 'Z';
}

// The processes of the given groups that still run.
inline std::vector<ProcInfo> running_in_groups(const std::vector<int>& groups) {
    std::vector<ProcInfo> out;
    for (const ProcInfo& p : all_processes())
        if (p.state != 'Z' && std::find(groups.begin(), groups.end(), p.pgrp) != groups.end())
            out.push_back(p);
    return out;
}

// Polls `done` every 20 ms for up to `limit`; true once it holds.
inline bool wait_until(const std::function<bool()>& done, std::chrono::milliseconds limit) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (!done()) {
        if (std::chrono::steady_clock::now() > end) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return true;
}

class BackgroundRun {
  public:
    // Starts `drawproxy ARGS...` with stdin from /dev/null, default SIGINT/SIGTERM handling and
    // no signal blocked, whatever the test process has.
    explicit BackgroundRun(const std::vector<std::string>& args) : out_(".out"), err_(".err") {
        std::vector<std::string> argv_text{binary_path("bin/drawproxy")};
        argv_text.insert(argv_text.end(), args.begin(), args.end());
        std::vector<char*> argv;
        for (std::string& a : argv_text) argv.push_back(a.data());
        argv.push_back(nullptr);
        posix_spawn_file_actions_t files;
        posix_spawn_file_actions_init(&files);
        posix_spawn_file_actions_addopen(&files, 0, "/dev/null", O_RDONLY, 0);
        posix_spawn_file_actions_addopen(&files, 1, out_.path.c_str(), O_WRONLY | O_TRUNC, 0);
        posix_spawn_file_actions_addopen(&files, 2, err_.path.c_str(), O_WRONLY | O_TRUNC, 0);
        posix_spawnattr_t attr;
        posix_spawnattr_init(&attr);
        sigset_t none, defaults;
        sigemptyset(&none);
        sigemptyset(&defaults);
        sigaddset(&defaults, SIGINT);
        sigaddset(&defaults, SIGTERM);
        sigaddset(&defaults, SIGPIPE);
        posix_spawnattr_setsigmask(&attr, &none);
        posix_spawnattr_setsigdefault(&attr, &defaults);
        posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
        if (posix_spawn(&pid_, argv[0], &files, &attr, argv.data(), environ) != 0) pid_ = -1;
        posix_spawn_file_actions_destroy(&files);
        posix_spawnattr_destroy(&attr);
    }
    ~BackgroundRun() {
        if (pid_ > 0 && !exited_) {
            ::kill(pid_, SIGKILL);
            ::waitpid(pid_, nullptr, 0);
        }
    }
    BackgroundRun(const BackgroundRun&) = delete;
    BackgroundRun& operator=(const BackgroundRun&) = delete;

    int pid() const { return pid_; }
    void signal(int sig) const { ::kill(pid_, sig); }
    bool exited() {
        if (exited_ || pid_ <= 0) return true;
        int st = 0;
        if (::waitpid(pid_, &st, WNOHANG) != pid_) return false;
        exited_ = true;
        status_ = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
        signalled_ = WIFSIGNALED(st);
        return true;
    }
    // Waits for the exit; false if it did not come within `limit` (it is then killed).
    bool wait(std::chrono::milliseconds limit) {
        if (wait_until([this] { return exited(); }, limit)) return true;
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, nullptr, 0);
        exited_ = true;
        return false;
    }
    int status() const { return status_; }         // exit status, or 128 + signal
    bool signalled() const { return signalled_; }  // died of a signal instead of exiting
    std::string out() const { return slurp(out_.path); }
    std::string err() const { return slurp(err_.path); }
    // Its children now (the engines and their reapers).
    std::vector<ProcInfo> children() const {
        std::vector<ProcInfo> out;
        for (const ProcInfo& p : all_processes())
            if (p.ppid == pid_ && p.state != 'Z') out.push_back(p);
        return out;
    }

  private:
    TempFile out_, err_;
    pid_t pid_ = -1;
    bool exited_ = false;
    bool signalled_ = false;
    int status_ = -1;
};

// How many games a PGN file holds so far (its [Event tags).
inline int pgn_game_count(const std::string& path) {
    const std::string text = slurp(path);
    int n = 0;
    for (std::size_t at = text.find("[Event "); at != std::string::npos; at = text.find("[Event ", at + 1))
        ++n;
    return n;
}

}  // namespace drawproxy::test
