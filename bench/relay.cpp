// bench_relay: the proxy's costs, each measured against the same work without it.
//  1. isready/readyok round trip through the proxy vs straight to Stockfish (ratio).
//  2. An engine flooding info lines: lines/s through the proxy vs through `cat`.
//  3. CPU time of the proxy while Stockfish searches 10 s, and while idle.
//  4. Following a 600-ply `position startpos moves ...` that extends the previous by 2 plies.
//  5. Peak memory with a stalled reader, each direction, vs `cat` with a stalled reader.
//  6. Peak memory of the proxy and of `cat` during the flood of 2 (10M lines without --quick).
// Needs the drawproxy and fake_engine targets built in the same build directory.
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <fmt/core.h>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bench/support/child_process.h"
#include "engine/engine_process.h"
#include "proxy/claimant.h"
#include "rules/notation.h"
#include "tests/support/raw_child.h"

using namespace drawproxy;
using Clock = std::chrono::steady_clock;
using bench::Child;
using bench::cpu_ticks;
using bench::first_child;

namespace {

const std::string PROXY = std::string(DRAWPROXY_BINARY_DIR) + "/bin/drawproxy";
const std::string FAKE = std::string(DRAWPROXY_BINARY_DIR) + "/bin/fake_engine";
const std::string STOCKFISH = "/usr/games/stockfish";

double round_trip_us(const std::string& program, const std::vector<std::string>& args, int n) {
    Child c(program, args);
    c.request("uci", "uciok");
    c.request("isready", "readyok");
    auto t0 = Clock::now();
    for (int i = 0; i < n; ++i) c.request("isready", "readyok");
    double us = std::chrono::duration<double, std::micro>(Clock::now() - t0).count() / n;
    c.quit();
    return us;
}

// The pid of `parent`'s child named `name` (its comm), or -1.
int child_named(int parent, const std::string& name) {
    std::ifstream in("/proc/" + std::to_string(parent) + "/task/" + std::to_string(parent) + "/children");
    for (int child; in >> child;) {
        std::ifstream comm("/proc/" + std::to_string(child) + "/comm");
        std::string c;
        comm >> c;
        if (c == name) return child;
    }
    return -1;
}

// Peak RSS (MiB) of whichever process `measured` names, sampled while the flood runs.
double flood_lines_per_s(const std::string& program, const std::vector<std::string>& args, long n,
                         double* peak_mib = nullptr, const char* measured = nullptr) {
    Child c(program, args);
    c.request("isready", "readyok");
    long count = 0;
    bool done = false;
    c.handler = [&](std::string_view l) {
        ++count;
        if (l.starts_with("bestmove")) done = true;
    };
    auto t0 = Clock::now();
    c.p.send_line("go");
    while (!done) c.io.run_one();
    double s = std::chrono::duration<double>(Clock::now() - t0).count();
    c.handler = nullptr;
    if (peak_mib) {
        int pid = measured ? child_named(c.p.pid(), measured) : c.p.pid();
        *peak_mib = double(test::peak_rss_kib(pid)) / 1024.0;
    }
    c.quit();
    if (count < n) fmt::print("   (only {} of {} lines arrived!)\n", count, n);
    return double(count) / s;
}

// A reader that never reads: `producer` floods, the measured process sits in between.
double stalled_reader_peak_mib(const std::vector<std::string>& argv, double seconds) {
    test::RawChild p(argv);
    p.write("go\n");
    double peak = 0;
    for (auto end = Clock::now() + std::chrono::duration<double>(seconds); Clock::now() < end;) {
        peak = std::max(peak, double(test::peak_rss_kib(p.pid())) / 1024.0);
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return peak;
}

// A writer that pushes long lines as fast as the process takes them, into a consumer that
// never reads; returns the peak RSS (MiB) and sets the bytes it took.
double stalled_consumer_peak_mib(const std::vector<std::string>& argv, double seconds, double& taken_mib) {
    test::RawChild p(argv);
    ::fcntl(p.input(), F_SETFL, O_NONBLOCK);
    const std::string chunk = "setoption name Hash value " + std::string(65000, '1') + "\n";
    std::size_t taken = 0;
    double peak = 0;
    for (auto end = Clock::now() + std::chrono::duration<double>(seconds); Clock::now() < end;) {
        ssize_t w = ::write(p.input(), chunk.data(), chunk.size());
        if (w > 0) {
            taken += std::size_t(w);
            continue;
        }
        peak = std::max(peak, double(test::peak_rss_kib(p.pid())) / 1024.0);
        pollfd writable{p.input(), POLLOUT, 0};
        ::poll(&writable, 1, 20);
    }
    peak = std::max(peak, double(test::peak_rss_kib(p.pid())) / 1024.0);
    taken_mib = double(taken) / (1 << 20);
    return peak;
}

void stalled_readers(bool quick) {
    const double secs = quick ? 1.5 : 4.0;
    const std::string flood = "go=@flood 100000000;bestmove 0000";
    // The reference: cat between a writer and a reader that never reads.
    double cat_taken = 0;
    const double cat = stalled_consumer_peak_mib({"/bin/cat"}, secs, cat_taken);
    double gui = stalled_reader_peak_mib({PROXY, "--", FAKE, "--on", flood}, secs);
    double engine_taken = 0;
    double engine = stalled_consumer_peak_mib({PROXY, "--", FAKE, "--start", "@hang"}, secs, engine_taken);
    fmt::print("5. stalled reader, {:.1f} s: cat {:.1f} MiB peak ({:.1f} MiB taken in)\n", secs, cat,
               cat_taken);
    fmt::print("   GUI stops reading a flooding engine: proxy {:.1f} MiB peak: {:.1f}x cat (limit 16 MB)\n",
               gui, gui / cat);
    fmt::print(
        "   engine stops reading the GUI: proxy {:.1f} MiB peak, {:.1f} MiB taken in: {:.1f}x cat (limit 16 "
        "MB)\n",
        engine, engine_taken, engine / cat);
}

void cpu_while_searching() {
    Child c(PROXY, {"--", STOCKFISH});
    c.request("uci", "uciok");
    c.request("setoption name Threads value 1\nisready", "readyok");
    int engine = first_child(c.p.pid());
    long proxy0 = cpu_ticks(c.p.pid()), engine0 = cpu_ticks(engine);
    std::this_thread::sleep_for(std::chrono::seconds(2));
    long idle = cpu_ticks(c.p.pid()) - proxy0;
    proxy0 = cpu_ticks(c.p.pid());
    c.request("go movetime 10000", "bestmove");
    long proxy = cpu_ticks(c.p.pid()) - proxy0, eng = cpu_ticks(engine) - engine0;
    double tick_ms = 1000.0 / double(sysconf(_SC_CLK_TCK));
    fmt::print(
        "3. CPU during a 10 s Stockfish search: proxy {:.0f} ms, engine {:.0f} ms: {:.3f}% (limit 1%)\n",
        double(proxy) * tick_ms, double(eng) * tick_ms, eng ? 100.0 * double(proxy) / double(eng) : 0.0);
    fmt::print("   idle proxy for 2 s: {:.0f} ms CPU\n", double(idle) * tick_ms);
    c.quit();
}

void follow_cost() {
    // A 600-ply game of random legal moves (restarted if it ends early).
    std::mt19937 rng(1);
    std::vector<std::string> moves;
    while (moves.size() < 600) {
        moves.clear();
        rules::Position pos;
        while (moves.size() < 600) {
            auto legal = pos.legal_moves();
            if (legal.empty()) break;
            rules::Move m = legal[int(rng() % unsigned(legal.size()))];
            moves.push_back(rules::to_uci(pos, m));
            pos.play(m);
        }
    }
    std::string shorter = "position startpos moves", longer;
    for (std::size_t i = 0; i < 598; ++i) shorter += " " + moves[i];
    longer = shorter + " " + moves[598] + " " + moves[599];
    proxy::Claimant claimant;
    uci::GuiCommand cmd;
    proxy::Claimant::Lines out;
    uci::parse_gui_command(shorter, cmd);
    claimant.position(cmd, out);
    const int n = 20000;
    double total = 0;
    for (int i = 0; i < n; ++i) {
        uci::parse_gui_command(shorter, cmd);
        claimant.position(cmd, out);  // back to 598 plies (a truncation)
        auto t0 = Clock::now();
        uci::parse_gui_command(longer, cmd);
        claimant.position(cmd, out);
        total += std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
    }
    if (claimant.game().ply_count() != 600 || !out.empty()) fmt::print("   (the game was not followed!)\n");
    double parse_only = 0;
    for (int i = 0; i < n; ++i) {
        auto t0 = Clock::now();
        uci::parse_gui_command(longer, cmd);
        parse_only += std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
    }
    fmt::print("   of which parsing the command text: {:.2f} us\n", parse_only / n);
    fmt::print(
        "4. position of 600 plies extending the previous by 2: {:.2f} us (parse + follow; limit 10 us)\n",
        total / n);
}

}  // namespace

int main(int argc, char** argv) {
    bool quick = argc > 1 && std::string(argv[1]) == "--quick";
    if (::access(STOCKFISH.c_str(), X_OK) == 0) {
        const int n = quick ? 200 : 3000;
        // Interleaved, so both see the same machine load.
        double direct = 0, proxied = 0;
        for (int round = 0; round < 3; ++round) {
            direct += round_trip_us(STOCKFISH, {}, n);
            proxied += round_trip_us(PROXY, {"--", STOCKFISH}, n);
        }
        fmt::print(
            "1. isready round trip: direct {:.1f} us, through the proxy {:.1f} us: {:.2f}x (limit 2.5x)\n",
            direct / 3, proxied / 3, proxied / direct);
    } else {
        fmt::print("1./3. skipped: no {}\n", STOCKFISH);
    }
    const long lines = quick ? 200000 : 10000000;
    const std::string flood = "go=@flood " + std::to_string(lines) + ";bestmove 0000";
    double cat_peak = 0, proxy_peak = 0;
    double via_cat =
        flood_lines_per_s("/bin/sh", {"-c", FAKE + " --on '" + flood + "' | cat"}, lines, &cat_peak, "cat");
    double via_proxy = flood_lines_per_s(PROXY, {"--", FAKE, "--on", flood}, lines, &proxy_peak);
    fmt::print(
        "2. info flood of {} lines: through cat {:.0f} lines/s, through the proxy {:.0f} lines/s: {:.2f} "
        "(limit "
        ">= 0.5)\n",
        lines, via_cat, via_proxy, via_proxy / via_cat);
    stalled_readers(quick);
    if (::access(STOCKFISH.c_str(), X_OK) == 0 && !quick) cpu_while_searching();
    follow_cost();
    fmt::print("6. peak RSS during the flood of 2: cat {:.1f} MiB, proxy {:.1f} MiB: {:.1f}x\n", cat_peak,
               proxy_peak, proxy_peak / cat_peak);
    return 0;
}
