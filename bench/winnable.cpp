// bench_winnable [NODES [GAME_FENS...]] (NODES 0: the dead-position check only): time of the winnability
// analysis per position on the community file and on positions from real games (by default
// bench/data/game_positions.txt, Stockfish self-play, and game_positions_2.txt, weak and varied
// engines), the fraction left undetermined, and the per-ply cost of the dead-position check.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>

#include "rules/dead_position.h"
#include "rules/notation.h"
#include "rules/winnability/winnability.h"

using namespace drawproxy;
// CPU time of this thread: the machine may be shared, and wall time would charge us for
// other people's work.
struct Clock {
    using duration = std::chrono::nanoseconds;
    using time_point = std::chrono::time_point<Clock, duration>;
    static time_point now() {
        timespec ts;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return time_point(duration(std::int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec));
    }
};

namespace {

struct Item {
    rules::Position pos{rules::Position::Uninitialised{}};
    std::string label;  // "" when unknown
};

std::vector<Item> load(const std::string& path, bool labelled) {
    std::vector<Item> items;
    std::ifstream in(path);
    std::string line, error;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        Item item;
        std::string text = line;
        if (labelled) {
            item.label = line.substr(0, 2);
            text = line.substr(3);
        }
        if (rules::parse_fen(text, false, item.pos, error)) items.push_back(std::move(item));
    }
    return items;
}

void analyse(const char* name, const std::vector<Item>& items, std::uint64_t nodes) {
    double total = 0, worst = 0;
    int undetermined = 0, wrong = 0, right_positions = 0;
    for (const Item& item : items) {
        const auto start = Clock::now();
        rules::winnability::Outcome out[2];
        for (rules::Color c : {rules::WHITE, rules::BLACK})
            out[c] = rules::winnability::can_checkmate(item.pos, c, {nodes, true}).outcome;
        const double us = std::chrono::duration<double, std::micro>(Clock::now() - start).count();
        total += us;
        worst = std::max(worst, us);
        bool right = true;
        for (rules::Color c : {rules::WHITE, rules::BLACK}) {
            if (out[c] == rules::winnability::Outcome::Undetermined) {
                ++undetermined;
                right = false;
            } else if (!item.label.empty() &&
                       (out[c] == rules::winnability::Outcome::Winnable) != (item.label[c] != '-')) {
                ++wrong;
                right = false;
            }
        }
        right_positions += right;
    }
    std::printf(
        "%s: %zu positions, both sides per position: avg %.1f us, worst %.1f ms; undetermined sides %.2f%%",
        name, items.size(), total / double(items.size()), worst / 1000,
        100.0 * undetermined / (2.0 * double(items.size())));
    if (!items.empty() && !items[0].label.empty())
        std::printf("; fully right %d (%.2f%%), wrong %d", right_positions,
                    100.0 * right_positions / double(items.size()), wrong);
    std::printf("\n");
}

void dead_check(const std::vector<Item>& items) {
    // Every position once per round, as the judge does every ply.
    const int rounds = 200;
    int dead = 0;
    double worst = 0;
    const auto start = Clock::now();
    for (int r = 0; r < rounds; ++r)
        for (const Item& item : items) dead += rules::is_dead_position(item.pos);
    const double ns = std::chrono::duration<double, std::nano>(Clock::now() - start).count() /
                      (rounds * double(items.size()));
    for (const Item& item : items) {
        const auto t = Clock::now();
        dead += rules::is_dead_position(item.pos);
        worst = std::max(worst, std::chrono::duration<double, std::micro>(Clock::now() - t).count());
    }
    std::printf("dead-position check on game positions: avg %.0f ns per ply, worst %.1f us, %d dead\n", ns,
                worst, dead / (rounds + 1));
}

}  // namespace

int main(int argc, char** argv) {
    const std::uint64_t nodes =
        argc > 1 ? std::strtoull(argv[1], nullptr, 10) : rules::winnability::Budget{}.nodes;
    const auto community = load(std::string(DRAWPROXY_SOURCE_DIR) + "/tests/data/winnability/community.txt", true);
    // The game positions sit next to this source file (no CMake definition names bench/).
    std::string here = __FILE__;
    here = here.substr(0, here.find_last_of('/') + 1);
    std::vector<std::string> game_files;
    for (int i = 2; i < argc; ++i) game_files.push_back(argv[i]);
    if (game_files.empty())
        game_files = {here + "data/game_positions.txt", here + "data/game_positions_2.txt"};
    std::vector<std::vector<Item>> games;
    for (const std::string& file : game_files) games.push_back(load(file, false));
    std::printf("budget %llu nodes per side\n", static_cast<unsigned long long>(nodes));
    dead_check(games[0]);
    if (nodes == 0) return 0;  // the dead-position check only
    for (std::size_t i = 0; i < games.size(); ++i)
        analyse(game_files[i].substr(game_files[i].find_last_of('/') + 1).c_str(), games[i], nodes);
    analyse("community", community, nodes);
}
