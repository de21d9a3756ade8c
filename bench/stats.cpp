// bench_stats: the cost of updating a match's statistics after one game, as the runner does
// it: the counts, then Elo/nElo/LOS and the SPRT LLR from the counts (pure functions, nothing
// carried between games). Games come in pairs (the pentanomial is updated on the second game
// of a pair; the LLR is computed after every game all the same). Reference, same run: the
// trinomial Elo estimate drawproxy printed before (stats/elo.h). Times are CPU time.
// Then `merge` of part summaries (1,000 parts of 1,000 games by default; argv[1] parts,
// argv[2] games per part, written as the runner writes them by bench/support): merge's own code
// (merge/summaries.h: read, merge, write the merged JSON), in this process, against the
// reference of copying the same files' bytes into one file (read and write, as cat does).
#include <fmt/core.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <vector>

#include "bench/support/synthetic_parts.h"
#include "merge/parts.h"
#include "output/status_lines.h"
#include "stats/elo.h"
#include "stats/sprt.h"

using namespace drawproxy::stats;
using namespace drawproxy::merge;
using drawproxy::bench::cpu_seconds;

namespace {

// Results with a small edge for the first engine and 60% draws, as in engine testing.
std::vector<PlayerResult> outcomes(std::size_t n) {
    std::mt19937 rng(15);
    std::uniform_real_distribution<double> u(0, 1);
    std::vector<PlayerResult> v(n);
    for (PlayerResult& o : v) {
        const double x = u(rng);
        o = x < 0.21 ? PlayerResult::win : x < 0.40 ? PlayerResult::loss : PlayerResult::draw;
    }
    return v;
}

volatile double sink;

// ns per game of `update` over the results, best of `rounds`.
template <typename Update>
double time_per_game(const std::vector<PlayerResult>& results, int rounds, Update update) {
    double best = 1e300;
    for (int r = 0; r < rounds; ++r) {
        Trinomial games;
        Pentanomial pairs;
        double acc = 0;
        const double t0 = cpu_seconds();
        for (std::size_t i = 0; i < results.size(); ++i) {
            games.add(results[i]);
            if (i % 2 == 1) pairs.add(results[i - 1], results[i]);
            acc += update(games, pairs);
        }
        const double t = cpu_seconds() - t0;
        sink = acc;
        best = std::min(best, t / double(results.size()) * 1e9);
    }
    return best;
}

// The bytes of `files` copied into `out_path`, as cat does (read and write, 1 MB at a time).
std::size_t copy_files(const std::vector<std::string>& files, const std::string& out_path) {
    std::vector<char> buffer(1 << 20);
    std::FILE* out = std::fopen(out_path.c_str(), "wb");
    std::size_t bytes = 0;
    for (const std::string& f : files) {
        std::FILE* in = std::fopen(f.c_str(), "rb");
        while (std::size_t n = in ? std::fread(buffer.data(), 1, buffer.size(), in) : 0)
            bytes += std::fwrite(buffer.data(), 1, n, out);
        if (in) std::fclose(in);
    }
    std::fclose(out);
    return bytes;
}

void merge_bench(int parts, int games_per_part) {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / fmt::format("bench_stats.{}", getpid());
    fs::create_directories(dir);
    const drawproxy::bench::WrittenParts written =
        drawproxy::bench::write_parts(dir, parts, games_per_part, false);
    const std::string out = (dir / "merged.json").string();
    fmt::print("merge: {} parts of {} games ({:.0f} MB of JSON), CPU time, best of 3\n", parts,
               games_per_part, written.json_bytes / 1e6);
    double copy = 1e300, read = 1e300, write = 1e300;
    std::size_t games = 0;
    bool ok = true;
    for (int round = 0; round < 3; ++round) {
        fs::remove(out);
        double t0 = cpu_seconds();
        ok = ok && copy_files(written.json_files, out) == written.json_bytes;
        copy = std::min(copy, cpu_seconds() - t0);
        fs::remove(out);
        t0 = cpu_seconds();
        const MergedParts merged = merge_part_files(written.json_files, std::nullopt);
        const double t1 = cpu_seconds();
        ok = ok && write_merged_json(out, merged);
        read = std::min(read, t1 - t0);
        write = std::min(write, cpu_seconds() - t1);
        games = merged.games();
    }
    fs::remove_all(dir);
    fmt::print("  reference: copy the parts' bytes into one file  {:8.3f} s\n", copy);
    fmt::print("  read the parts, merge their counts, order {} games {:8.3f} s\n", games, read);
    fmt::print("  write the merged JSON                            {:8.3f} s\n", write);
    fmt::print(
        "  total                                            {:8.3f} s  ({:.1f}x the copy; budget 1 s){}\n",
        read + write, (read + write) / copy, ok ? "" : "  FAILED");
}

}  // namespace

int main(int argc, char** argv) {
    const std::vector<PlayerResult> results = outcomes(200'000);
    const int rounds = 3;
    const SprtParams normalized{0, 2, 0.05, 0.05, SprtModel::normalized};
    const SprtParams logistic{0, 5, 0.05, 0.05, SprtModel::logistic};

    const double reference = time_per_game(results, rounds, [](const Trinomial& t, const Pentanomial&) {
        return drawproxy::output::drawproxy_elo(t).elo_error;
    });
    const double counts = time_per_game(results, rounds, [](const Trinomial& t, const Pentanomial& p) {
        return double(t.games() + p.pairs());
    });
    const double elo = time_per_game(
        results, rounds, [](const Trinomial&, const Pentanomial& p) { return elo_stats(p).nelo_error; });
    const double llr_n = time_per_game(
        results, rounds, [&](const Trinomial&, const Pentanomial& p) { return llr(normalized, p); });
    const double llr_l = time_per_game(
        results, rounds, [&](const Trinomial&, const Pentanomial& p) { return llr(logistic, p); });
    const double llr_t = time_per_game(
        results, rounds, [&](const Trinomial& t, const Pentanomial&) { return llr(normalized, t); });
    const double full = time_per_game(results, rounds, [&](const Trinomial&, const Pentanomial& p) {
        const EloStats e = elo_stats(p);
        const double l = llr(normalized, p);
        return e.elo + e.nelo + l + double(sprt_status(normalized, l));
    });

    fmt::print("bench_stats: {} games in pairs, best of {} (CPU time per game)\n", results.size(), rounds);
    fmt::print("  reference: trinomial Elo (stats/elo.h)    {:8.1f} ns\n", reference);
    fmt::print("  counts only                               {:8.1f} ns\n", counts);
    fmt::print("  pentanomial Elo, nElo, LOS                {:8.1f} ns  ({:.1f}x reference)\n", elo,
               elo / reference);
    fmt::print("  LLR pentanomial, normalized               {:8.1f} ns  ({:.1f}x reference)\n", llr_n,
               llr_n / reference);
    fmt::print("  LLR pentanomial, logistic                 {:8.1f} ns  ({:.1f}x reference)\n", llr_l,
               llr_l / reference);
    fmt::print("  LLR trinomial, normalized                 {:8.1f} ns  ({:.1f}x reference)\n", llr_t,
               llr_t / reference);
    fmt::print(
        "  update after a game (Elo + LLR + status)  {:8.1f} ns  ({:.1f}x reference; budget 1000 ns)\n", full,
        full / reference);
    merge_bench(argc > 1 ? std::atoi(argv[1]) : 1000, argc > 2 ? std::atoi(argv[2]) : 1000);
    return 0;
}
