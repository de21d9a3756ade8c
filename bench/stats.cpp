// bench_stats: the cost of updating a match's statistics after one game, as the runner does
// it: the counts, then Elo/nElo/LOS and the SPRT LLR from the counts (pure functions, nothing
// carried between games). Games come in pairs (the pentanomial is updated on the second game
// of a pair; the LLR is computed after every game all the same). Reference, same run: the
// trinomial Elo estimate drawproxy printed before (match/elo.h). Times are CPU time.
// Then `merge` of part summaries (1,000 parts of 1,000 games by default; argv[1] parts,
// argv[2] games per part): parsing the JSON text and merging, against the reference of
// parsing alone.
#include <fmt/core.h>

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <random>
#include <vector>

#include "match/elo.h"
#include "match/shard.h"
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

// Summaries as the runner writes them: per game the fields of drawproxy's JSON.
void merge_bench(int parts, int games_per_part) {
    const int pairs = parts * games_per_part / 2;
    std::vector<std::string> texts;
    std::mt19937 rng(7);
    for (int k = 1; k <= parts; ++k) {
        EncounterStats stats({"A", "B"}, pairs);
        nlohmann::json j;
        j["engines"] = {"A", "B"};
        j["rules"] = "fide-2023";
        j["match_id"] = "0123456789abcdef";
        j["shard"] = {{"index", k}, {"count", parts}};
        nlohmann::json games = nlohmann::json::array();
        for (int g = 0; g < games_per_part; ++g) {
            const int unit = (k - 1) + (g / 2) * parts, number = 2 * unit + g % 2 + 1;
            const auto score = drawproxy::rules::Score(rng() % 3);
            stats.add(g % 2, 1 - g % 2, score, unit);
            games.push_back({{"game", number},
                             {"white", g % 2 ? "B" : "A"},
                             {"black", g % 2 ? "A" : "B"},
                             {"result", "1/2-1/2"},
                             {"reason", "threefold"},
                             {"article", "9.2.2"},
                             {"claimed", true},
                             {"result_rule", "threefold 9.2.2"},
                             {"plies", 87},
                             {"incorrect_claims", {{"white", 0}, {"black", 0}}}});
        }
        j["games"] = std::move(games);
        j["by_reason"] = {{"threefold claimed", games_per_part}};
        j["incorrect_claims"] = {{"A", 0}, {"B", 0}};
        put_statistics(j, stats.all(), StatsSettings{true, SprtParams{}});
        texts.push_back(j.dump(2));
    }
    std::size_t bytes = 0;
    for (const auto& t : texts) bytes += t.size();
    double t0 = cpu_seconds();
    std::vector<nlohmann::json> parsed;
    for (const auto& t : texts) parsed.push_back(nlohmann::json::parse(t));
    const double parse = cpu_seconds() - t0;
    t0 = cpu_seconds();
    const MergeResult m = merge_summaries(parsed, std::nullopt);
    const double merge = cpu_seconds() - t0;
    t0 = cpu_seconds();
    const std::string out = m.summary.dump(2);
    const double write = cpu_seconds() - t0;
    fmt::print("merge: {} parts of {} games ({:.0f} MB of JSON)\n", parts, games_per_part, bytes / 1e6);
    fmt::print("  reference: parse the parts' JSON          {:8.3f} s\n", parse);
    fmt::print("  merge (counts, game list sorted, stats)   {:8.3f} s  ({:.2f}x parse)\n", merge,
               merge / parse);
    fmt::print("  write the merged JSON                     {:8.3f} s\n", write);
    fmt::print("  total                                     {:8.3f} s  (budget 1 s)\n",
               parse + merge + write);
}

}  // namespace

int main(int argc, char** argv) {
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
    merge_bench(argc > 1 ? std::atoi(argv[1]) : 1000, argc > 2 ? std::atoi(argv[2]) : 1000);
    return 0;
}
