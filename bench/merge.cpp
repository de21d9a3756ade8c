// bench_merge [PARTS] [GAMES_PER_PART]: `drawproxy merge` of the parts of a sharded match
// (default 1,000 parts of 1,000 games), written to a temp folder as the runner writes them
// (bench/support/synthetic_parts.h: -jsonout summaries and PGN files, the games of a part
// slightly out of order as with -concurrency). Times the real command (wall, and CPU =
// user + system of the child), three times each: the statistics only (no merged file), the
// merged summary JSON, then once with the PGN merge.
// References in the same run: `cat` of the summaries into one file (reading and writing the
// bytes, nothing more), parsing every summary with nlohmann::json and merging the trees (what
// merge did before; on the first 100 parts, scaled), and reading the merged PGN with the
// audit's PGN reader (games per second).
#include <fmt/core.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "bench/support/synthetic_parts.h"
#include "merge/summaries.h"
#include "output/status_lines.h"
#include "rules/pgn.h"
#include "tournament/shard.h"

using namespace drawproxy;
using namespace drawproxy::merge;
using drawproxy::bench::cpu_seconds;
namespace fs = std::filesystem;

namespace {

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
    const drawproxy::bench::WrittenParts written =
        drawproxy::bench::write_parts(dir, parts, games_per_part, true);
    const std::vector<std::string>& files = written.json_files;
    const std::string drawproxy = DRAWPROXY_BINARY_DIR "/bin/drawproxy";
    fmt::print("bench_merge: {} parts of {} games ({:.0f} MB of summaries, {:.0f} MB of PGN)\n", parts,
               games_per_part, written.json_bytes / 1e6, written.pgn_bytes / 1e6);

    // Reference: the bytes read and written once, by cat (a shell redirects its output).
    std::string cat_command = "exec cat";
    for (const std::string& f : files) cat_command += " '" + f + "'";
    cat_command += " > '" + (dir / "cat.json").string() + "'";
    const Timed cat = run({"/bin/sh", "-c", cat_command});
    fs::remove(dir / "cat.json");
    fmt::print("  reference: cat the summaries              {:7.2f} s wall {:7.2f} s CPU\n", cat.wall,
               cat.cpu);

    // Reference: the parts parsed into trees and merged (the old way), on at most 100 parts.
    const int sample = std::min(parts, 100);
    double t0 = cpu_seconds();
    std::vector<nlohmann::json> trees;
    for (int k = 0; k < sample; ++k) trees.push_back(nlohmann::json::parse(slurp(files[std::size_t(k)])));
    const std::string old_text = merge_summaries(std::move(trees), std::nullopt).summary.dump(2);
    const double dom = (cpu_seconds() - t0) * parts / sample;
    fmt::print("  reference: parse trees, merge, dump ({} parts, scaled)  {:7.2f} s CPU\n", sample, dom);

    // The statistics a driver reads (tables, pentanomial, Elo, SPRT status), no merged JSON written.
    std::vector<std::string> stats_args = {drawproxy, "merge"};
    stats_args.insert(stats_args.end(), files.begin(), files.end());
    Timed stats_only;
    for (int round = 1; round <= 3; ++round) {
        const Timed t = run(stats_args);
        fmt::print(
            "  merge, statistics only (run {})     {:7.2f} s wall {:7.2f} s CPU ({:.1f}x cat; budget 1 s), "
            "status {}\n",
            round, t.wall, t.cpu, t.cpu / cat.cpu, t.status);
        if (round == 1 || t.cpu < stats_only.cpu) stats_only = t;
    }

    std::vector<std::string> args = {drawproxy, "merge", "--jsonout", (dir / "merged.json").string()};
    args.insert(args.end(), files.begin(), files.end());
    Timed json_only;
    for (int round = 1; round <= 3; ++round) {
        fs::remove(dir / "merged.json");  // as cat's: a new file, not one truncated first
        const Timed t = run(args);
        fmt::print(
            "  merge, summaries only (run {})       {:7.2f} s wall {:7.2f} s CPU ({:.1f}x cat, {:.1f}x "
            "faster "
            "than the trees; budget 1 s) peak RSS {:.0f} MB, status {}\n",
            round, t.wall, t.cpu, t.cpu / cat.cpu, dom / t.cpu, t.peak_rss_kb / 1024.0, t.status);
        if (round == 1 || t.cpu < json_only.cpu) json_only = t;
    }
    args.insert(args.begin() + 2, {"--pgn", (dir / "merged.pgn").string()});
    fs::remove(dir / "merged.json");
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
    const bool ok = merged(stats_only.status) && merged(json_only.status) && merged(with_pgn.status) &&
                    read_games == long(games);
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
