// bench_xboard: the xboard front end's costs, each beside its reference in the same run.
//  1. ping/pong round trip through `drawproxy --xboard -- stockfish`, after a command that the
//     engine must finish first (the pong waits for its readyok) and when idle (answered at
//     once), against an isready round trip through `drawproxy -- stockfish` (the limit: 1.2x)
//     and against PolyGlot's ping/pong in front of the same Stockfish.
//  2. CPU of the adapter and of PolyGlot while Stockfish thinks 10 s with thinking output on,
//     and while idle.
//  3. In-process cost per engine info line turned into a thinking line, and per move (the
//     GUI's move in, position and go out, the engine's bestmove back), with heap allocations
//     counted: none per line once warm.
// Needs the drawproxy target built in the same build directory; Stockfish and PolyGlot from
// Debian (skipped when missing). Usage: bench_xboard [--quick]
#include <unistd.h>

#include <fmt/core.h>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <new>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "bench/support/child_process.h"
#include "proxy/xboard_session.h"
#include "rules/notation.h"

namespace {

std::atomic<long> allocations{0};

}  // namespace

// Counts every heap allocation of the process. (free() is what the replaced new's malloc pairs
// with; GCC cannot see that through the replacement.)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void* operator new(std::size_t n) {
    ++allocations;
    if (void* p = std::malloc(n ? n : 1)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

using namespace drawproxy;
using bench::Child;
using Clock = std::chrono::steady_clock;

namespace {

const std::string PROXY = std::string(DRAWPROXY_BINARY_DIR) + "/bin/drawproxy";
const std::string STOCKFISH = "/usr/games/stockfish";
const std::string POLYGLOT = "/usr/games/polyglot";

// The xboard handshake, then a game's set-up, as xboard starts one.
void xboard_start(Child& c) {
    c.request("xboard\nprotover 2", "feature done=1");
    c.request("new\nlevel 0 5 0\neasy\nforce\nping 1", "pong 1");
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// Mean round trip over n requests of `send` answered by a line starting with `reply`.
double round_trip_us(Child& c, const std::function<std::string(int)>& send, const std::string& reply, int n) {
    auto t0 = Clock::now();
    for (int i = 0; i < n; ++i) c.request(send(i), reply);
    return std::chrono::duration<double, std::micro>(Clock::now() - t0).count() / n;
}

void round_trips(bool quick) {
    const int n = quick ? 200 : 2000, rounds = quick ? 3 : 7;
    std::vector<double> direct, uci, uci_option, busy, idle, pg_busy, pg_idle;
    const bool polyglot = ::access(POLYGLOT.c_str(), X_OK) == 0;
    auto pong = [](int i) { return fmt::format("ping {}", i + 10); };
    // After `easy` the adapter has sent the engine a setoption: the pong waits for readyok.
    auto easy_pong = [](int i) { return fmt::format("easy\nping {}", i + 10); };
    for (int r = 0; r < rounds; ++r) {  // interleaved, so all see the same machine load
        {
            Child c(STOCKFISH, {});
            c.request("uci", "uciok");
            direct.push_back(round_trip_us(
                c, [](int) { return std::string("isready"); }, "readyok", n));
            c.quit();
        }
        {
            Child c(PROXY, {"--", STOCKFISH});
            c.request("uci", "uciok");
            uci.push_back(round_trip_us(
                c, [](int) { return std::string("isready"); }, "readyok", n));
            // The engine's work behind the adapter's `easy` + `ping`: a setoption, then isready.
            uci_option.push_back(round_trip_us(
                c, [](int) { return std::string("setoption name Ponder value false\nisready"); }, "readyok",
                n));
            c.quit();
        }
        {
            Child c(PROXY, {"--xboard", "--", STOCKFISH});
            xboard_start(c);
            busy.push_back(round_trip_us(c, easy_pong, "pong", n));
            idle.push_back(round_trip_us(c, pong, "pong", n));
            c.quit();
        }
        if (polyglot) {
            Child c(POLYGLOT, {"-noini", "-ec", STOCKFISH});
            xboard_start(c);
            pg_busy.push_back(round_trip_us(c, easy_pong, "pong", n));
            pg_idle.push_back(round_trip_us(c, pong, "pong", n));
            c.quit();
        }
    }
    const double u = median(uci);
    fmt::print("1. round trips, median of {} rounds of {}:\n", rounds, n);
    fmt::print("   isready straight to Stockfish         {:7.1f} us\n", median(direct));
    fmt::print("   isready through drawproxy --           {:7.1f} us  (the reference)\n", u);
    fmt::print(
        "   setoption + isready through drawproxy -- {:5.1f} us  (the same engine work as easy + ping)\n",
        median(uci_option));
    fmt::print(
        "   easy + ping, drawproxy --xboard        {:7.1f} us  {:.2f}x the reference, {:.2f}x the same work "
        "(the pong waits for the engine's readyok; limit 1.2x)\n",
        median(busy), median(busy) / u, median(busy) / median(uci_option));
    fmt::print("   ping when nothing is pending, drawproxy --xboard {:.1f} us  {:.2f}x (answered at once)\n",
               median(idle), median(idle) / u);
    if (polyglot) {
        fmt::print(
            "   easy + ping, PolyGlot                  {:7.1f} us  {:.2f}x (PolyGlot does not wait for the "
            "engine)\n",
            median(pg_busy), median(pg_busy) / u);
        fmt::print("   ping when nothing is pending, PolyGlot {:7.1f} us  {:.2f}x\n", median(pg_idle),
                   median(pg_idle) / u);
    }
}

// CPU of the adapter (not its engine) while idle for 2 s and while Stockfish thinks `seconds`
// with thinking output on.
void cpu_of(const std::string& name, const std::string& program, const std::vector<std::string>& args,
            int seconds) {
    Child c(program, args);
    xboard_start(c);
    c.request("option Threads=1\npost\nping 2", "pong 2");
    const int engine = bench::first_child(c.p.pid());
    long own0 = bench::cpu_ticks(c.p.pid());
    std::this_thread::sleep_for(std::chrono::seconds(2));
    const long idle = bench::cpu_ticks(c.p.pid()) - own0;
    own0 = bench::cpu_ticks(c.p.pid());
    const long engine0 = engine > 0 ? bench::cpu_ticks(engine) : 0;
    c.request(fmt::format("st {}\ngo", seconds), "move ");
    const long own = bench::cpu_ticks(c.p.pid()) - own0;
    const long eng = engine > 0 ? bench::cpu_ticks(engine) - engine0 : 0;
    fmt::print(
        "   {}: {:.0f} ms CPU while Stockfish thought {} s ({:.0f} ms): {:.3f}%; idle 2 s: {:.0f} ms\n", name,
        double(own) * bench::tick_ms(), seconds, double(eng) * bench::tick_ms(),
        eng ? 100.0 * double(own) / double(eng) : 0.0, double(idle) * bench::tick_ms());
    c.quit();
}

struct NullOutput : proxy::XboardSession::Output {
    long gui = 0, engine = 0;
    void to_gui(std::string_view) override { ++gui; }
    void to_engine(std::string_view) override { ++engine; }
    void quit() override {}
};

void in_process(bool quick) {
    NullOutput out;
    proxy::XboardSession s(proxy::XboardOptions{}, out);
    s.start();
    for (const char* l : {"id name Bench", "uciok"}) s.on_engine_line(l);
    for (const char* l : {"xboard", "protover 2", "new", "level 0 5 0", "post", "easy", "force"})
        s.on_gui_line(l);
    const std::string info =
        "info depth 22 seldepth 31 multipv 1 score cp 23 nodes 2419350 nps 1612900 hashfull 812 tbhits 0 "
        "time 1500 "
        "pv e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8 h2h3";
    s.on_gui_line("go");
    const long n = quick ? 100000 : 1000000;
    for (int i = 0; i < 1000; ++i) s.on_engine_line(info);  // warm
    long a0 = allocations;
    auto t0 = Clock::now();
    for (long i = 0; i < n; ++i) s.on_engine_line(info);
    const double info_ns = std::chrono::duration<double, std::nano>(Clock::now() - t0).count() / double(n);
    const double info_allocs = double(allocations - a0) / double(n);
    s.on_engine_line("bestmove e2e4");
    // Moves: a random legal game of 120 plies in which nothing ends the game or opens a claim,
    // replayed after `new`: the GUI plays White's moves, the engine Black's.
    std::vector<std::string> game;
    std::mt19937 rng(7);
    while (game.size() < 120) {
        game.clear();
        rules::Game g;
        while (game.size() < 120) {
            auto legal = g.position().legal_moves();
            if (legal.empty()) break;
            const rules::Move m = legal[int(rng() % unsigned(legal.size()))];
            game.push_back(rules::to_uci(g.position(), m));
            g.play(m);
            const rules::Verdict v = g.verdict(rules::Edition::builtin("fide-2023"));
            if (v.result || v.claim_count > 0) break;
        }
    }
    std::vector<std::string> lines;
    for (std::size_t i = 0; i < game.size(); ++i)
        lines.push_back((i % 2 ? "bestmove " : "usermove ") + game[i]);
    const int games = quick ? 20 : 200, warm = 3;  // the first games grow the buffers
    long a1 = 0;
    auto t1 = Clock::now();
    for (int r = 0; r < warm + games; ++r) {
        if (r == warm) {
            a1 = allocations;
            t1 = Clock::now();
        }
        s.on_gui_line("new");
        for (std::size_t i = 0; i < lines.size(); ++i) {
            if (i % 2)
                s.on_engine_line(lines[i]);
            else
                s.on_gui_line(lines[i]);
        }
    }
    const int moves = games * int(game.size() / 2);
    const double move_us = std::chrono::duration<double, std::micro>(Clock::now() - t1).count() / moves;
    const double move_allocs = double(allocations - a1) / moves;
    fmt::print("3. in process: an info line to a thinking line {:.0f} ns, {:.3f} allocations a line;\n",
               info_ns, info_allocs);
    fmt::print(
        "   a move cycle (GUI move in, position and go out, bestmove back) {:.1f} us, {:.2f} allocations\n",
        move_us, move_allocs);
}

}  // namespace

int main(int argc, char** argv) {
    const bool quick = argc > 1 && std::string(argv[1]) == "--quick";
    if (::access(STOCKFISH.c_str(), X_OK) == 0) {
        round_trips(quick);
        fmt::print("2. CPU:\n");
        const int secs = quick ? 3 : 10;
        cpu_of("drawproxy --xboard", PROXY, {"--xboard", "--", STOCKFISH}, secs);
        if (::access(POLYGLOT.c_str(), X_OK) == 0)
            cpu_of("PolyGlot", POLYGLOT, {"-noini", "-ec", STOCKFISH}, secs);
    } else {
        fmt::print("1./2. skipped: no {}\n", STOCKFISH);
    }
    in_process(quick);
    return 0;
}
