// bench_perft: perft speed (best of 3) on the start position at depth 6 and "kiwipete" (the
// second position of perft.epd) at depth 5, and the same counts by Stockfish's `go perft`
// through a pipe when /usr/games/stockfish exists. Stockfish's time runs from writing the
// `go perft` line to reading its "Nodes searched" line; nothing is subtracted.
#include <fmt/core.h>
#include <boost/asio/read_until.hpp>
#include <boost/asio/readable_pipe.hpp>
#include <boost/asio/writable_pipe.hpp>
#include <boost/asio/write.hpp>
#include <boost/process/v2/process.hpp>
#include <boost/process/v2/stdio.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>

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
    // Seconds from sending `go perft` to the "Nodes searched" line, and the count it gave.
    std::pair<double, std::uint64_t> perft(const std::string& fen, int depth) {
        send("position fen " + fen + "\n");
        send("isready\n");
        wait_for("readyok");
        auto start = Clock::now();
        send("go perft " + std::to_string(depth) + "\n");
        std::string line = wait_for("Nodes searched:");
        double t = seconds_since(start);
        return {t, std::stoull(line.substr(line.find(':') + 1))};
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
    std::ifstream in(std::string(DRAWPROXY_SHARED_DIR) + "/data/perft.epd");
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

    fmt::print("perft, best of {} runs, one thread{}\n", RUNS,
               sf ? "" : " (no Stockfish at /usr/games/stockfish)");
    fmt::print("{:<10} {:>5} {:>12} {:>10} {:>10} {:>10} {:>10} {:>7}\n", "position", "depth", "nodes",
               "ours s", "ours Mn/s", "sf s", "sf Mn/s", "ratio");
    int status = 0;
    for (const auto& c : cases) {
        Position pos = Position::from_fen(c.fen);
        double best = 1e9;
        std::uint64_t nodes = 0;
        for (int i = 0; i < RUNS; ++i) {
            auto start = Clock::now();
            nodes = perft(pos, c.depth);
            best = std::min(best, seconds_since(start));
        }
        std::string sf_cols = fmt::format("{:>10} {:>10} {:>7}", "-", "-", "-");
        if (sf) {
            double sf_best = 1e9;
            for (int i = 0; i < RUNS; ++i) {
                auto [t, sf_nodes] = sf->perft(c.fen, c.depth);
                if (sf_nodes != nodes) {
                    fmt::print(stderr, "{}: Stockfish counts {} nodes, we count {}\n", c.name, sf_nodes,
                               nodes);
                    status = 1;
                }
                sf_best = std::min(sf_best, t);
            }
            // Ratio of speeds, ours over Stockfish's: above 1 means faster than Stockfish.
            sf_cols =
                fmt::format("{:>10.3f} {:>10.1f} {:>7.2f}", sf_best, nodes / sf_best / 1e6, sf_best / best);
        }
        fmt::print("{:<10} {:>5} {:>12} {:>10.3f} {:>10.1f} {}\n", c.name, c.depth, nodes, best,
                   nodes / best / 1e6, sf_cols);
    }
    return status;
}
