#pragma once
// The generalized SPRT: fishtest's LLRcalc.LLR_logistic and LLRcalc.LLR_normalized (the
// maximum-likelihood distributions of Van den Bergh's GSPRT), on [L, D, W] or
// [LL, LD, WL+DD, WD, WW] with empty cells regularised to 1e-3 as fishtest does, and the
// verdict against the bounds of alpha and beta.
#include <array>
#include <cstdint>

#include "stats/counts.h"

namespace drawproxy::stats {

// normalized, logistic: fishtest's; bayesian: fastchess's GSPRT on BayesElo scores (games only);
// bayeselo: cutechess-cli 1.5's SPRT in BayesElo (games only, a Jeffreys prior of half a game
// in each class, the draw Elo estimated from the counts).
enum class SprtModel : std::uint8_t { normalized, logistic, bayesian, bayeselo };
// The models that test single games: their pair counts are not used.
inline bool tests_games_only(SprtModel m) { return m == SprtModel::bayesian || m == SprtModel::bayeselo; }
enum class SprtStatus : std::uint8_t { running, h0, h1 };

struct SprtParams {
    double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
    SprtModel model = SprtModel::normalized;

    double lower_bound() const;  // ln(beta / (1 - alpha)): H0 accepted at or below it
    double upper_bound() const;  // ln((1 - beta) / alpha): H1 accepted at or above it
    // nullptr if the parameters make a test, else why not (elo0 < elo1, 0 < alpha, beta,
    // alpha + beta < 1).
    const char* invalid_reason() const;
};

// The generalized log-likelihood ratio of H1 (elo1) against H0 (elo0) for the counts.
double llr(const SprtParams& sprt, const Trinomial& t);
double llr(const SprtParams& sprt, const Pentanomial& p);
SprtStatus sprt_status(const SprtParams& sprt, double llr);

// fishtest's LLRcalc on raw count vectors ([L, D, W] or [LL, LD, WL+DD, WD, WW]).
double llr_logistic(double elo0, double elo1, const std::array<double, 3>& counts);
double llr_logistic(double elo0, double elo1, const std::array<double, 5>& counts);
double llr_normalized(double nelo0, double nelo1, const std::array<double, 3>& counts);
double llr_normalized(double nelo0, double nelo1, const std::array<double, 5>& counts);
// fastchess's "bayesian" and cutechess-cli's SPRT on [L, D, W].
double llr_bayesian(double elo0, double elo1, const std::array<double, 3>& counts);
double llr_bayeselo(double elo0, double elo1, const std::array<double, 3>& counts);

}  // namespace drawproxy::stats
