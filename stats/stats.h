#pragma once
// Match statistics: trinomial and pentanomial counts, Elo and normalized Elo with their 95%
// intervals, LOS, and the generalized SPRT. Pure functions of the counts (no I/O, no state
// beyond the counts), so a merged set of shards gives the same figures as one run.
//
// Formulas, as the tools engine authors trust compute them:
//   Elo, nElo, LOS, draw and pairs ratios: fastchess (EloWDL / EloPentanomial: the variance of
//     the per-pair score for pairs, of the per-game score otherwise);
//   cutechess-cli's own Elo line: cutechess_elo();
//   LLR: fishtest's LLRcalc.LLR_logistic and LLRcalc.LLR_normalized (the maximum-likelihood
//     distributions of Van den Bergh's GSPRT), on [L, D, W] or [LL, LD, WL+DD, WD, WW] with
//     empty cells regularised to 1e-3 as fishtest does.
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace drawproxy::stats {

// A game's result from the first engine's side.
enum class PlayerResult : std::uint8_t { loss, draw, win };

struct Trinomial {
    std::int64_t wins = 0, losses = 0, draws = 0;

    std::int64_t games() const { return wins + losses + draws; }
    double points() const { return double(wins) + 0.5 * double(draws); }
    void add(PlayerResult o) {
        if (o == PlayerResult::win)
            ++wins;
        else if (o == PlayerResult::loss)
            ++losses;
        else
            ++draws;
    }
    Trinomial& operator+=(const Trinomial& o) {
        wins += o.wins, losses += o.losses, draws += o.draws;
        return *this;
    }
    bool operator==(const Trinomial&) const = default;
};

// Game pairs (the two games of one opening, colours swapped) by the first engine's points in
// the pair. WL and DD both score one point but stay apart: fastchess prints their ratio.
struct Pentanomial {
    std::int64_t ll = 0, ld = 0, wl = 0, dd = 0, wd = 0, ww = 0;

    std::int64_t pairs() const { return ll + ld + wl + dd + wd + ww; }
    // [LL, LD, WL+DD, WD, WW]: 0, 1/2, 1, 3/2 and 2 points.
    std::array<std::int64_t, 5> cells() const { return {ll, ld, wl + dd, wd, ww}; }
    void add(PlayerResult first, PlayerResult second);
    Pentanomial& operator+=(const Pentanomial& o) {
        ll += o.ll, ld += o.ld, wl += o.wl, dd += o.dd, wd += o.wd, ww += o.ww;
        return *this;
    }
    bool operator==(const Pentanomial&) const = default;
};

// Elo figures as fastchess reports them. Not finite where the formula is not (no games: NaN;
// 100% or 0%: +-inf Elo; no variance, e.g. all draws: NaN nElo and LOS).
struct EloStats {
    double score = 0;       // points per game, 0..1
    double elo = 0;         // logistic Elo difference
    double elo_error = 0;   // half the 95% interval, in Elo
    double nelo = 0;        // normalized Elo
    double nelo_error = 0;  // half the 95% interval, in nElo
    double los = 0;         // likelihood of superiority, 0..1
    double draw_ratio = 0;  // draws per game (trinomial) or WL+DD per pair (pentanomial), 0..1
};

EloStats elo_stats(const Trinomial& t);
EloStats elo_stats(const Pentanomial& p);
// (WW + WD) / (LD + LL): inf without losing pairs, NaN without any.
double pairs_ratio(const Pentanomial& p);
// WL / DD, as fastchess prints it.
double wl_dd_ratio(const Pentanomial& p);

// cutechess-cli's Elo line (its Elo class): the trinomial interval with cutechess's own
// approximation of the normal quantile, and LOS from wins and losses only.
struct CutechessElo {
    double diff = 0, error = 0;
    double los_percent = 0, draw_percent = 0;
};
CutechessElo cutechess_elo(const Trinomial& t);

// Logistic Elo of a score fraction: +-inf at 1 and 0, NaN outside [0, 1] (as fastchess).
double logistic_elo(double score);

enum class SprtModel : std::uint8_t { normalized, logistic };
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

std::string_view to_string(SprtModel m);
std::string_view to_string(SprtStatus s);  // "continue", "H0", "H1"
std::optional<SprtModel> parse_sprt_model(std::string_view text);

}  // namespace drawproxy::stats
