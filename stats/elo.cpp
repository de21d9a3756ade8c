#include "stats/elo.h"

#include <cmath>
#include <limits>

namespace drawproxy::stats {

double elo_from_score(double score) {
    if (score <= 0) return -std::numeric_limits<double>::infinity();
    if (score >= 1) return std::numeric_limits<double>::infinity();
    return -400.0 * std::log10(1.0 / score - 1.0);
}

EloEstimate elo_estimate(int wins, int losses, int draws) {
    EloEstimate e;
    const int n = wins + losses + draws;
    if (n == 0) return e;
    const double w = double(wins) / n, l = double(losses) / n, d = double(draws) / n;
    e.score = w + d / 2;
    e.draw_ratio = d;
    e.diff = elo_from_score(e.score);
    const double dev =
        w * std::pow(1 - e.score, 2) + l * std::pow(0 - e.score, 2) + d * std::pow(0.5 - e.score, 2);
    const double stdev = std::sqrt(dev / n);
    const double z95 = 1.959963984540054;
    const double lo = e.score - z95 * stdev, hi = e.score + z95 * stdev;
    e.error = (elo_from_score(hi) - elo_from_score(lo)) / 2;
    return e;
}

}  // namespace drawproxy::stats
