#pragma once
// The one Elo computation, fastchess's (EloWDL / EloPentanomial): the logistic Elo of the
// score, its interval from the variance of the per-game score (trinomial) or of the per-pair
// score (pentanomial), normalized Elo, LOS and the draw and pairs ratios. The interval's
// normal quantile is a parameter: cutechess-cli's line uses its own approximation of it.
#include <cmath>

#include "stats/counts.h"

namespace drawproxy::stats {

inline constexpr double Z95 = 1.959963984540054;  // the normal quantile of 0.975
// nElo per unit of t-value (mean minus one half over the per-game standard deviation).
inline const double NELO_PER_T = 800.0 / std::log(10.0);

// Not finite where the formula is not (no games: NaN; 100% or 0%: +-inf Elo; an interval past
// the score range: NaN error; no variance, e.g. all draws: NaN nElo and LOS).
struct EloStats {
    double variance = 0;    // of the score per game (trinomial) or per pair: 0 leaves no interval
    double score = 0;       // points per game, 0..1
    double elo = 0;         // logistic Elo difference
    double elo_error = 0;   // half the interval, in Elo
    double nelo = 0;        // normalized Elo
    double nelo_error = 0;  // half the interval, in nElo
    double los = 0;         // likelihood of superiority, 0..1
    double draw_ratio = 0;  // draws per game (trinomial) or WL+DD per pair (pentanomial), 0..1
};

// `quantile`: the interval is score +- quantile standard errors (Z95: the 95% interval).
EloStats elo_stats(const Trinomial& t, double quantile = Z95);
EloStats elo_stats(const Pentanomial& p, double quantile = Z95);
// (WW + WD) / (LD + LL): inf without losing pairs, NaN without any.
double pairs_ratio(const Pentanomial& p);
// WL / DD, as fastchess prints it.
double wl_dd_ratio(const Pentanomial& p);

// Logistic Elo of a score fraction: +-inf at 1 and 0, NaN outside [0, 1] (as fastchess).
double logistic_elo(double score);

}  // namespace drawproxy::stats
