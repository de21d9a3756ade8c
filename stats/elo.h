#pragma once
// Elo difference and its 95% error from a match score, computed as cutechess-cli does
// (normal approximation of the per-game score distribution).
namespace drawproxy::stats {

struct EloEstimate {
    double score = 0.5;  // fraction of the points, 0..1
    double diff = 0;     // Elo difference; +-inf at a 100% / 0% score
    double error = 0;    // half the 95% interval; inf when the interval touches 0 or 1
    double draw_ratio = 0;
};

EloEstimate elo_estimate(int wins, int losses, int draws);
// Elo difference for a score fraction in (0, 1).
double elo_from_score(double score);

}  // namespace drawproxy::stats
