// bench_merge [PARTS] [GAMES_PER_PART]: `drawproxy merge` of the parts of a sharded match
// (default 1,000 parts of 1,000 games), written to a temp folder as the runner writes them
// (-jsonout summaries and PGN files, the games of a part slightly out of order as with
// -concurrency). Times the real command (wall and CPU of the child): the summaries alone, then
// with the PGN merge. References in the same run: parsing every summary with nlohmann::json
// and merging the trees (what merge did before; on the first 100 parts, scaled), and reading
// the merged PGN with the audit's PGN reader (games per second).
#include <fmt/core.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "match/shard.h"
#include "match/stats.h"
#include "rules/pgn.h"

using namespace drawproxy;
using namespace drawproxy::match;
namespace fs = std::filesystem;

namespace {

double cpu_seconds() {
    timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

// A game as the runner writes it: its tags, then 80 plies with "{score/depth time}" comments.
std::string pgn_game(int number, int round, bool swapped, const std::string& result) {
    static const char* const moves[] = {"e4",  "e5", "Nf3", "Nc6", "Bb5", "a6",  "Ba4", "Nf6", "O-O", "Be7",
                                        "Re1", "b5", "Bb3", "d6",  "c3",  "O-O", "h3",  "Nb8", "d4",  "Nbd7"};
    std::string text = fmt::format(
        "[Event \"bench\"]\n[Site \"?\"]\n[Date \"2026.12.01\"]\n[Round \"{}\"]\n[White \"{}\"]\n"
        "[Black \"{}\"]\n[Result \"{}\"]\n[ResultRule \"threefold 9.2.2\"]\n\n",
        round, swapped ? "B" : "A", swapped ? "A" : "B", result);
    std::string line;
    for (int ply = 0; ply < 20; ++ply) {
        std::string word =
            (ply % 2 == 0 ? fmt::format("{}. ", ply / 2 + 1) : std::string()) + moves[ply] +
            fmt::format(" {{+0.{:02}/{} 0.{:03}s}}", (number + ply) % 100, 10 + ply % 7, ply * 37);
        if (line.size() + word.size() + 1 > 80) {
            text += line + '\n';
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    text += line + ' ' + result + "\n\n";
    return text;
}

// Writes PARTS summaries and PGN files to `dir`; returns the summaries' total bytes.
std::size_t generate(const fs::path& dir, int parts, int games_per_part) {
    std::mt19937 rng(7);
    std::size_t bytes = 0;
    for (int k = 1; k <= parts; ++k) {
        EncounterStats stats({"A", "B"}, parts * games_per_part / 2);
        nlohmann::json j, games = nlohmann::json::array(), order = nlohmann::json::array();
        std::ofstream pgn(dir / fmt::format("part-{}.pgn", k), std::ios::binary);
        for (int g = 0; g < games_per_part; ++g) {
            // Two games at a time finish in either order.
            const int slot = (g % 4 == 1) ? g + 1 : (g % 4 == 2) ? g - 1 : g;
            const int unit = (k - 1) + (slot / 2) * parts, number = 2 * unit + slot % 2 + 1;
            const auto score = rules::Score(rng() % 3);
            stats.add(slot % 2, 1 - slot % 2, score, unit);
            const std::string result = score == rules::Score(0)   ? "1-0"
                                       : score == rules::Score(1) ? "0-1"
                                                                  : "1/2-1/2";
            games.push_back({{"game", number},
                             {"white", slot % 2 ? "B" : "A"},
                             {"black", slot % 2 ? "A" : "B"},
                             {"result", result},
                             {"reason", "threefold"},
                             {"article", "9.2.2"},
                             {"claimed", true},
                             {"result_rule", "threefold 9.2.2"},
                             {"plies", 87},
                             {"incorrect_claims", {{"white", 0}, {"black", 0}}}});
            order.push_back(number);
            pgn << pgn_game(number, unit + 1, slot % 2, result);
        }
        j["engines"] = {"A", "B"};
        j["rules"] = "fide-2023";
        j["match_id"] = "0123456789abcdef";
        j["shard"] = {{"index", k}, {"count", parts}};
        j["games"] = std::move(games);
        j["by_reason"] = {{"threefold claimed", games_per_part}};
        j["incorrect_claims"] = {{"A", 0}, {"B", 0}};
        j["pgn"] = {{"file", (dir / fmt::format("part-{}.pgn", k)).string()}, {"order", std::move(order)}};
        put_statistics(j, stats.all(), StatsSettings{true, SprtParams{}});
        const std::string text = j.dump(2) + '\n';
        std::ofstream(dir / fmt::format("part-{}.json", k), std::ios::binary) << text;
        bytes += text.size();
    }
    return bytes;
}

struct Timed {
    int status = -1;
    double wall = 0, cpu = 0;
    long peak_rss_kb = 0;
};

Timed run(const std::vector<std::string>& args) {
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    std::fflush(stdout);
    const auto t0 = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
        if (!std::freopen("/dev/null", "w", stdout)) _exit(127);
        execv(argv[0], argv.data());
        _exit(127);
    }
    Timed t;
    int status = 0;
    rusage ru{};
    wait4(pid, &status, 0, &ru);
    t.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    t.cpu = double(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
            double(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
    t.peak_rss_kb = ru.ru_maxrss;
    t.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return t;
}

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

int main(int argc, char** argv) {
    const int parts = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int games_per_part = argc > 2 ? std::atoi(argv[2]) : 1000;
    const fs::path dir = fs::temp_directory_path() / fmt::format("bench_merge.{}", getpid());
    fs::create_directories(dir);
    const std::size_t json_bytes = generate(dir, parts, games_per_part);
    std::vector<std::string> files;
    for (int k = 1; k <= parts; ++k) files.push_back((dir / fmt::format("part-{}.json", k)).string());
    const std::string drawproxy = DRAWPROXY_BINARY_DIR "/bin/drawproxy";
    fmt::print("bench_merge: {} parts of {} games ({:.0f} MB of summaries)\n", parts, games_per_part,
               json_bytes / 1e6);

    // Reference: the parts parsed into trees and merged (the old way), on at most 100 parts.
    const int sample = std::min(parts, 100);
    double t0 = cpu_seconds();
    std::vector<nlohmann::json> trees;
    for (int k = 0; k < sample; ++k) trees.push_back(nlohmann::json::parse(slurp(files[std::size_t(k)])));
    const std::string old_text = merge_summaries(std::move(trees), std::nullopt).summary.dump(2);
    const double dom = (cpu_seconds() - t0) * parts / sample;
    fmt::print("  reference: parse trees, merge, dump ({} parts, scaled)  {:7.2f} s CPU\n", sample, dom);

    std::vector<std::string> args = {drawproxy, "merge", "--jsonout", (dir / "merged.json").string()};
    args.insert(args.end(), files.begin(), files.end());
    const Timed json_only = run(args);
    fmt::print(
        "  merge, summaries only             {:7.2f} s wall {:7.2f} s CPU ({:.1f}x faster; budget 1 s) "
        "peak RSS {:.0f} MB, status {}\n",
        json_only.wall, json_only.cpu, dom / json_only.cpu, json_only.peak_rss_kb / 1024.0, json_only.status);
    args.insert(args.begin() + 2, {"--pgn", (dir / "merged.pgn").string()});
    const Timed with_pgn = run(args);
    const double pgn_cpu = with_pgn.cpu - json_only.cpu, pgn_wall = with_pgn.wall - json_only.wall;
    std::error_code no_file;
    const double pgn_mb = double(fs::file_size(dir / "merged.pgn", no_file)) / 1e6;
    const double games = double(parts) * games_per_part;
    fmt::print(
        "  merge with PGN ({:.0f} MB)          {:7.2f} s wall {:7.2f} s CPU, peak RSS {:.0f} MB, status {}\n",
        pgn_mb, with_pgn.wall, with_pgn.cpu, with_pgn.peak_rss_kb / 1024.0, with_pgn.status);

    // Reference: the audit's PGN reader on the merged file (reading only, as bench_audit's
    // "read only").
    rules::PgnReader reader;
    std::vector<char> chunk(1 << 16);
    std::FILE* in = std::fopen((dir / "merged.pgn").c_str(), "rb");
    long read_games = 0;
    t0 = cpu_seconds();
    while (std::size_t n = in ? std::fread(chunk.data(), 1, chunk.size(), in) : 0) {
        reader.feed(std::string_view(chunk.data(), n));
        while (reader.next()) ++read_games;
    }
    reader.finish();
    while (reader.next()) ++read_games;
    const double read_cpu = cpu_seconds() - t0;
    if (in) std::fclose(in);
    fmt::print("  PGN merge alone                   {:7.2f} s wall {:7.2f} s CPU = {:.0f} games/s\n",
               pgn_wall, pgn_cpu, games / pgn_cpu);
    fmt::print(
        "  reference: audit's PGN reader     {:7.2f} s CPU = {:.0f} games/s ({} games; merge {:.1f}x)\n",
        read_cpu, read_games / read_cpu, read_games,
        (read_games / read_cpu) > 0 ? (games / pgn_cpu) / (read_games / read_cpu) : 0.0);
    // 0, 3 or 4: the parts carry an SPRT, whose verdict is the exit status; 2 would be an error.
    const auto merged = [](int status) { return status == 0 || status == 3 || status == 4; };
    const bool ok = merged(json_only.status) && merged(with_pgn.status) && read_games == long(games);
    if (parts == sample) {
        const bool same = slurp(dir / "merged.json") == old_text + '\n';
        fmt::print("  merged JSON equals the tree merge's bytes: {}\n", same ? "yes" : "NO");
    }
    if (!std::getenv("BENCH_MERGE_KEEP"))
        fs::remove_all(dir);
    else
        fmt::print("  kept {}\n", dir.string());
    return ok ? 0 : 1;
}
