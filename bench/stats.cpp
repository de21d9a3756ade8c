// bench_stats: the cost of updating a match's statistics after one game, as the runner does
// it: the counts, then Elo/nElo/LOS and the SPRT LLR from the counts (pure functions, nothing
// carried between games). Games come in pairs (the pentanomial is updated on the second game
// of a pair; the LLR is computed after every game all the same). Reference, same run: the
// trinomial Elo estimate drawproxy printed before (match/elo.h). Times are CPU time.
#include <fmt/core.h>

#include <chrono>
#include <ctime>
#include <random>
#include <vector>

#include "match/elo.h"
#include "match/stats.h"

using namespace drawproxy::match;

namespace {

double cpu_seconds() {
    timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

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

}  // namespace

int main() {
    const std::vector<PlayerResult> results = outcomes(200'000);
    const int rounds = 3;
    const SprtParams normalized{0, 2, 0.05, 0.05, SprtModel::normalized};
    const SprtParams logistic{0, 5, 0.05, 0.05, SprtModel::logistic};

    const double reference = time_per_game(results, rounds, [](const Trinomial& t, const Pentanomial&) {
        return elo_estimate(int(t.wins), int(t.losses), int(t.draws)).error;
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
    fmt::print("  reference: trinomial Elo (match/elo.h)    {:8.1f} ns\n", reference);
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
    return 0;
}
