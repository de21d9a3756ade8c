#pragma once
// What the process benchmarks share: a child driven line by line on its own loop, and the CPU
// time of a process.
#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <fstream>
#include <functional>
#include <iterator>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/engine_process.h"

namespace drawproxy::bench {

struct Child {
    boost::asio::io_context io;
    engine::EngineProcess p;
    std::function<void(std::string_view)> handler;
    bool exited = false;
    Child(const std::string& program, const std::vector<std::string>& args) : p(io, program, args) {
        p.on_line([this](std::string_view l) {
            if (handler) handler(l);
        });
        p.on_exit([this](int) { exited = true; });
        p.start();
    }
    // Sends `line` and runs until a line starting with `prefix` arrives.
    void request(std::string_view line, std::string_view prefix) {
        bool seen = false;
        handler = [&](std::string_view l) { seen = seen || l.starts_with(prefix); };
        p.send_line(line);
        while (!seen) io.run_one();
        handler = nullptr;
    }
    void quit() {
        p.send_line("quit");
        while (!exited) io.run_one();
    }
};

// utime + stime of a process, in clock ticks.
inline long cpu_ticks(int pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto paren = stat.rfind(')');
    if (paren == std::string::npos) return -1;
    std::istringstream fields(stat.substr(paren + 2));
    std::string f;
    long utime = 0, stime = 0;
    for (int i = 3; fields >> f; ++i) {
        if (i == 14) utime = std::stol(f);
        if (i == 15) {
            stime = std::stol(f);
            break;
        }
    }
    return utime + stime;
}

inline double tick_ms() { return 1000.0 / double(sysconf(_SC_CLK_TCK)); }

inline int first_child(int pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/task/" + std::to_string(pid) + "/children");
    int child = -1;
    in >> child;
    return child;
}

}  // namespace drawproxy::bench
