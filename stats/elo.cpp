#include "stats/elo.h"

#include <cmath>

namespace drawproxy::stats {

namespace {

// The interval and nElo from a score, its variance per sample and the number of samples;
// nelo_factor is 1 for games, 2 for pairs (a pair score's variance as fastchess scales it).
EloStats from_score(double score, double variance, double samples, double nelo_factor, double quantile) {
    EloStats e;
    e.score = score;
    e.variance = variance;
    const double half = quantile * std::sqrt(variance / samples);
    const double hi = score + half, lo = score - half;
    e.elo = logistic_elo(score);
    e.elo_error = (logistic_elo(hi) - logistic_elo(lo)) / 2;
    const auto nelo = [&](double s) { return (s - 0.5) / std::sqrt(nelo_factor * variance) * NELO_PER_T; };
    e.nelo = nelo(score);
    e.nelo_error = (nelo(hi) - nelo(lo)) / 2;
    e.los = (1 - std::erf(-(score - 0.5) / std::sqrt(2.0 * variance / samples))) / 2;
    return e;
}

}  // namespace

double logistic_elo(double score) { return -400.0 * std::log10(1.0 / score - 1.0); }

EloStats elo_stats(const Trinomial& t, double quantile) {
    const double n = double(t.games());
    const double w = t.wins / n, l = t.losses / n, d = t.draws / n;
    const double score = w + 0.5 * d;
    const double var = w * (1 - score) * (1 - score) + d * (0.5 - score) * (0.5 - score) + l * score * score;
    EloStats e = from_score(score, var, n, 1.0, quantile);
    e.draw_ratio = d;
    return e;
}

EloStats elo_stats(const Pentanomial& p, double quantile) {
    const double n = double(p.pairs());
    const std::array<std::int64_t, 5> c = p.cells();
    double score = 0;
    for (std::size_t i = 0; i < 5; ++i) score += c[i] / n * (double(i) / 4);
    double var = 0;
    for (std::size_t i = 0; i < 5; ++i) var += c[i] / n * (double(i) / 4 - score) * (double(i) / 4 - score);
    EloStats e = from_score(score, var, n, 2.0, quantile);
    e.draw_ratio = c[2] / n;
    return e;
}

double pairs_ratio(const Pentanomial& p) { return double(p.ww + p.wd) / double(p.ld + p.ll); }

double wl_dd_ratio(const Pentanomial& p) { return double(p.wl) / double(p.dd); }

}  // namespace drawproxy::stats
