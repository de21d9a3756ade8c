#include "stats/sprt.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "stats/elo.h"

namespace drawproxy::stats {

namespace {

constexpr double NaN = std::numeric_limits<double>::quiet_NaN();

template <std::size_t K>
using Dist = std::array<double, K>;

// The score of cell i of a K-cell distribution: [L, D, W] -> 0, 1/2, 1; pairs in quarters.
template <std::size_t K>
constexpr double cell_score(std::size_t i) {
    return double(i) / double(K - 1);
}

template <std::size_t K>
void mean_variance(const Dist<K>& p, double& mu, double& var) {
    mu = 0;
    for (std::size_t i = 0; i < K; ++i) mu += p[i] * cell_score<K>(i);
    var = 0;
    for (std::size_t i = 0; i < K; ++i) var += p[i] * (cell_score<K>(i) - mu) * (cell_score<K>(i) - mu);
}

// The root of the secular equation sum_i w_i phi_i / (1 + x phi_i) = 0 between -1/max(phi)
// and -1/min(phi), where the left side falls from +inf to -inf (it is strictly decreasing):
// Newton's steps from `start`, with a bisection whenever a step would leave the bracket.
template <std::size_t K>
double secular_root(const Dist<K>& w, const Dist<K>& phi, double start = 0) {
    const auto [lo, hi] = std::minmax_element(phi.begin(), phi.end());
    if (!(*lo < 0 && *hi > 0)) return NaN;
    double a = -1.0 / *hi, b = -1.0 / *lo;
    double x = start > a && start < b ? start : 0;
    for (int iter = 0; iter < 200; ++iter) {
        double f = 0, df = 0;
        for (std::size_t i = 0; i < K; ++i) {
            const double d = 1.0 / (1.0 + x * phi[i]);
            const double term = w[i] * phi[i] * d;
            f += term;
            df -= term * phi[i] * d;
        }
        if (f == 0) return x;
        (f > 0 ? a : b) = x;
        double next = x - f / df;
        if (!(next > a && next < b)) next = 0.5 * (a + b);
        if (std::abs(next - x) <= 4e-16 * std::max(1.0, std::abs(x))) return next;
        x = next;
    }
    return x;
}

// The distribution nearest to phat (maximum likelihood) whose expectation is s.
template <std::size_t K>
Dist<K> mle_expected(const Dist<K>& phat, double s) {
    Dist<K> phi;
    for (std::size_t i = 0; i < K; ++i) phi[i] = cell_score<K>(i) - s;
    const double x = secular_root(phat, phi);
    Dist<K> p;
    for (std::size_t i = 0; i < K; ++i) p[i] = phat[i] / (1.0 + x * phi[i]);
    return p;
}

// The distribution nearest to phat whose t-value (mu - ref) / sigma is t: fishtest's fixed
// point from the uniform distribution, at most 10 rounds, stopping at a change below 1e-9.
template <std::size_t K>
Dist<K> mle_t_value(const Dist<K>& phat, double ref, double t) {
    Dist<K> p;
    p.fill(1.0 / K);
    double x = 0;  // each round's root starts from the last one's: they converge together
    for (int round = 0; round < 10; ++round) {
        double mu, var;
        mean_variance(p, mu, var);
        const double sigma = std::sqrt(var);
        Dist<K> phi;
        for (std::size_t i = 0; i < K; ++i) {
            const double a = cell_score<K>(i), z = (mu - a) / sigma;
            phi[i] = a - ref - t * sigma * (1 + z * z) / 2;
        }
        x = secular_root(phat, phi, x);
        double change = 0;
        for (std::size_t i = 0; i < K; ++i) {
            const double next = phat[i] / (1.0 + x * phi[i]);
            change = std::max(change, std::abs(next - p[i]));
            p[i] = next;
        }
        if (change < 1e-9) break;
    }
    return p;
}

// fishtest's results_to_pdf: empty cells get 1e-3 games so that every cell has weight.
template <std::size_t K>
double to_pdf(const Dist<K>& counts, Dist<K>& phat) {
    double n = 0;
    for (std::size_t i = 0; i < K; ++i) {
        phat[i] = counts[i] == 0 ? 1e-3 : counts[i];
        n += phat[i];
    }
    for (double& v : phat) v /= n;
    return n;
}

template <std::size_t K>
double log_likelihood_ratio(double n, const Dist<K>& phat, const Dist<K>& p0, const Dist<K>& p1) {
    double sum = 0;
    for (std::size_t i = 0; i < K; ++i) sum += phat[i] * (std::log(p1[i]) - std::log(p0[i]));
    return n * sum;
}

double score_from_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

template <std::size_t K>
double llr_logistic_k(double elo0, double elo1, const Dist<K>& counts) {
    Dist<K> phat;
    const double n = to_pdf(counts, phat);
    return log_likelihood_ratio(n, phat, mle_expected(phat, score_from_elo(elo0)),
                                mle_expected(phat, score_from_elo(elo1)));
}

template <std::size_t K>
double llr_normalized_k(double nelo0, double nelo1, const Dist<K>& counts) {
    // A pair's score has twice a game's variance (as fraction of two games, half): the
    // t-value per pair is sqrt(2) times the per-game one.
    const double scale = K == 5 ? std::sqrt(2.0) : 1.0;
    Dist<K> phat;
    const double n = to_pdf(counts, phat);
    return log_likelihood_ratio(n, phat, mle_t_value(phat, 0.5, scale * nelo0 / NELO_PER_T),
                                mle_t_value(phat, 0.5, scale * nelo1 / NELO_PER_T));
}

}  // namespace

double SprtParams::lower_bound() const { return std::log(beta / (1 - alpha)); }

double SprtParams::upper_bound() const { return std::log((1 - beta) / alpha); }

const char* SprtParams::invalid_reason() const {
    if (!(std::isfinite(elo0) && std::isfinite(elo1))) return "elo0 and elo1 must be numbers";
    if (!(elo0 < elo1)) return "elo0 must be less than elo1";
    if (!(alpha > 0 && alpha < 1)) return "alpha must be between 0 and 1";
    if (!(beta > 0 && beta < 1)) return "beta must be between 0 and 1";
    if (!(alpha + beta < 1)) return "alpha + beta must be less than 1";
    return nullptr;
}

double llr_logistic(double elo0, double elo1, const std::array<double, 3>& counts) {
    return llr_logistic_k(elo0, elo1, counts);
}
double llr_logistic(double elo0, double elo1, const std::array<double, 5>& counts) {
    return llr_logistic_k(elo0, elo1, counts);
}
double llr_normalized(double nelo0, double nelo1, const std::array<double, 3>& counts) {
    return llr_normalized_k(nelo0, nelo1, counts);
}
double llr_normalized(double nelo0, double nelo1, const std::array<double, 5>& counts) {
    return llr_normalized_k(nelo0, nelo1, counts);
}

// A BayesElo difference's expected score at a draw Elo.
double score_from_bayeselo(double bayeselo, double drawelo) {
    const double win = 1.0 / (1.0 + std::pow(10.0, (drawelo - bayeselo) / 400.0));
    const double loss = 1.0 / (1.0 + std::pow(10.0, (drawelo + bayeselo) / 400.0));
    return win + 0.5 * (1.0 - win - loss);
}

double llr_bayesian(double elo0, double elo1, const std::array<double, 3>& counts) {
    if (counts[0] == 0 || counts[2] == 0) return 0;  // no draw Elo without a win and a loss
    Dist<3> phat;
    const double n = to_pdf(counts, phat);
    const double drawelo = 200 * std::log10((1 - phat[0]) / phat[0] * (1 - phat[2]) / phat[2]);
    return log_likelihood_ratio(n, phat, mle_expected(phat, score_from_bayeselo(elo0, drawelo)),
                                mle_expected(phat, score_from_bayeselo(elo1, drawelo)));
}

double llr_bayeselo(double elo0, double elo1, const std::array<double, 3>& counts) {
    const double losses = counts[0] + 0.5, draws = counts[1] + 0.5, wins = counts[2] + 0.5;
    const double n = wins + losses + draws;
    const double pw = wins / n, pl = losses / n;
    const double drawelo = 200.0 * std::log10((1.0 - pl) / pl * (1.0 - pw) / pw);
    // The BayesElo scale at that draw Elo turns the bounds' Elo into BayesElo.
    const double x = std::pow(10.0, -drawelo / 400.0), scale = 4.0 * x / ((1.0 + x) * (1.0 + x));
    const auto probabilities = [drawelo](double bayeselo, double& win, double& loss, double& draw) {
        win = 1.0 / (1.0 + std::pow(10.0, (drawelo - bayeselo) / 400.0));
        loss = 1.0 / (1.0 + std::pow(10.0, (drawelo + bayeselo) / 400.0));
        draw = 1.0 - win - loss;
    };
    double w0, l0, d0, w1, l1, d1;
    probabilities(elo0 / scale, w0, l0, d0);
    probabilities(elo1 / scale, w1, l1, d1);
    return wins * std::log(w1 / w0) + losses * std::log(l1 / l0) + draws * std::log(d1 / d0);
}

double llr(const SprtParams& sprt, const Trinomial& t) {
    const std::array<double, 3> c{double(t.losses), double(t.draws), double(t.wins)};
    switch (sprt.model) {
        case SprtModel::logistic:
            return llr_logistic(sprt.elo0, sprt.elo1, c);
        case SprtModel::bayesian:
            return llr_bayesian(sprt.elo0, sprt.elo1, c);
        case SprtModel::bayeselo:
            return llr_bayeselo(sprt.elo0, sprt.elo1, c);
        default:
            return llr_normalized(sprt.elo0, sprt.elo1, c);
    }
}

double llr(const SprtParams& sprt, const Pentanomial& p) {
    const std::array<std::int64_t, 5> n = p.cells();
    const std::array<double, 5> c{double(n[0]), double(n[1]), double(n[2]), double(n[3]), double(n[4])};
    return sprt.model == SprtModel::logistic ? llr_logistic(sprt.elo0, sprt.elo1, c)
                                             : llr_normalized(sprt.elo0, sprt.elo1, c);
}

SprtStatus sprt_status(const SprtParams& sprt, double llr) {
    if (llr >= sprt.upper_bound()) return SprtStatus::h1;
    if (llr <= sprt.lower_bound()) return SprtStatus::h0;
    return SprtStatus::running;
}

}  // namespace drawproxy::stats
