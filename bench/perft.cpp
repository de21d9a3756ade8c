// bench_perft: perft speed (best of 3) on the start position at depth 6 and "kiwipete" (the
// second position of perft.epd) at depth 5, and the same counts by Stockfish's `go perft`
// through a pipe when /usr/games/stockfish exists. Stockfish's time runs from writing the
// `go perft` line to reading its "Nodes searched" line; nothing is subtracted. The machine
// may be shared, so CPU time is reported beside wall time (ours: this thread's; Stockfish's:
// the sum of its threads' on-CPU time from /proc/PID/task/*/schedstat).
#include <fmt/core.h>
#include <boost/asio/read_until.hpp>
#include <boost/asio/readable_pipe.hpp>
#include <boost/asio/writable_pipe.hpp>
#include <boost/asio/write.hpp>
#include <boost/process/v2/process.hpp>
#include <boost/process/v2/stdio.hpp>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <optional>
#include <tuple>

#include "rules/notation.h"
#include "rules/perft.h"

namespace asio = boost::asio;
namespace bp = boost::process::v2;
using namespace drawproxy::rules;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int RUNS = 3;
constexpr const char* STOCKFISH = "/usr/games/stockfish";

struct Case {
    std::string name, fen;
    int depth;
};

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

double thread_cpu_seconds() {
    timespec ts{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

// On-CPU seconds of every thread of a process, or a negative number when unavailable.
double process_cpu_seconds(int pid) {
    std::error_code ec;
    double total = 0;
    bool any = false;
    for (const auto& task :
         std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/task", ec)) {
        std::ifstream in(task.path() / "schedstat");
        std::uint64_t ns = 0;
        if (in >> ns) {
            total += double(ns) / 1e9;
            any = true;
        }
    }
    return any ? total : -1;
}

struct Timing {
    double wall = 1e9, cpu = 1e9;
    void keep_best(double w, double c) {
        wall = std::min(wall, w);
        cpu = std::min(cpu, c);
    }
};

// A Stockfish child driven line by line over pipes.
class Stockfish {
  public:
    Stockfish() : in_(ctx_), out_(ctx_), proc_(ctx_, STOCKFISH, {}, bp::process_stdio{in_, out_, {}}) {
        send("uci\n");
        wait_for("uciok");
        send("isready\n");
        wait_for("readyok");
    }
    ~Stockfish() {
        boost::system::error_code ec;
        asio::write(in_, asio::buffer(std::string("quit\n")), ec);
        proc_.wait(ec);
    }
    // Wall and CPU seconds from sending `go perft` to the "Nodes searched" line, and the count.
    std::tuple<double, double, std::uint64_t> perft(const std::string& fen, int depth) {
        send("position fen " + fen + "\n");
        send("isready\n");
        wait_for("readyok");
        const double cpu_start = process_cpu_seconds(proc_.id());
        const auto start = Clock::now();
        send("go perft " + std::to_string(depth) + "\n");
        std::string line = wait_for("Nodes searched:");
        const double wall = seconds_since(start);
        const double cpu = cpu_start < 0 ? -1 : process_cpu_seconds(proc_.id()) - cpu_start;
        return {wall, cpu, std::stoull(line.substr(line.find(':') + 1))};
    }

  private:
    void send(const std::string& s) { asio::write(in_, asio::buffer(s)); }
    std::string wait_for(std::string_view prefix) {
        for (;;) {
            std::size_t n = asio::read_until(out_, asio::dynamic_buffer(buf_), '\n');
            std::string line = buf_.substr(0, n - 1);
            buf_.erase(0, n);
            if (line.rfind(prefix, 0) == 0) return line;
        }
    }
    asio::io_context ctx_;
    asio::writable_pipe in_;
    asio::readable_pipe out_;
    bp::process proc_;
    std::string buf_;
};

std::string kiwipete_fen() {
    std::ifstream in(std::string(DRAWPROXY_SOURCE_DIR) + "/tests/data/perft.epd");
    std::string line;
    for (int i = 0; i < 2 && std::getline(in, line); ++i) {
    }
    if (line.empty()) return "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    return line.substr(0, line.find(" ;"));
}

}  // namespace

int main() {
    const std::vector<Case> cases = {{"startpos", std::string(Position::START_FEN), 6},
                                     {"kiwipete", kiwipete_fen(), 5}};
    std::optional<Stockfish> sf;
    if (std::filesystem::exists(STOCKFISH)) sf.emplace();

    fmt::print("perft, best of {} runs (ours and Stockfish alternate), one thread{}\n", RUNS,
               sf ? "" : "; no Stockfish at /usr/games/stockfish");
    fmt::print("ratio = our speed / Stockfish's speed (above 1: faster than Stockfish)\n\n");
    fmt::print("{:<10} {:>5} {:>11} | {:>8} {:>8} {:>8} {:>6} | {:>8} {:>8} {:>8} {:>6}\n", "", "", "",
               "wall s", "", "", "", "CPU s", "", "", "");
    fmt::print("{:<10} {:>5} {:>11} | {:>8} {:>8} {:>8} {:>6} | {:>8} {:>8} {:>8} {:>6}\n", "position",
               "depth", "nodes", "ours", "Mnps", "sf", "ratio", "ours", "Mnps", "sf", "ratio");
    int status = 0;
    for (const auto& c : cases) {
        Position pos = Position::from_fen(c.fen);
        Timing ours, theirs;
        std::uint64_t nodes = 0;
        for (int i = 0; i < RUNS; ++i) {
            const auto start = Clock::now();
            const double cpu_start = thread_cpu_seconds();
            nodes = perft(pos, c.depth);
            ours.keep_best(seconds_since(start), thread_cpu_seconds() - cpu_start);
            if (!sf) continue;
            auto [wall, cpu, sf_nodes] = sf->perft(c.fen, c.depth);
            if (sf_nodes != nodes) {
                fmt::print(stderr, "{}: Stockfish counts {} nodes, we count {}\n", c.name, sf_nodes, nodes);
                status = 1;
            }
            theirs.keep_best(wall, cpu < 0 ? 1e9 : cpu);
        }
        auto cols = [&](double our_s, double sf_s) {
            std::string sf_text = sf && sf_s < 1e9 ? fmt::format("{:>8.3f} {:>6.2f}", sf_s, sf_s / our_s)
                                                   : fmt::format("{:>8} {:>6}", "-", "-");
            return fmt::format("{:>8.3f} {:>8.1f} {}", our_s, double(nodes) / our_s / 1e6, sf_text);
        };
        fmt::print("{:<10} {:>5} {:>11} | {} | {}\n", c.name, c.depth, nodes, cols(ours.wall, theirs.wall),
                   cols(ours.cpu, theirs.cpu));
    }
    return status;
}
