#include "output/status_lines.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace drawproxy::output {

namespace {

// cutechess-cli's inverse error function (Winitzki's approximation, with its value of pi).
double cutechess_erf_inv(double x) {
    const double pi = 3.1415926535897;
    const double a = 8.0 * (pi - 3.0) / (3.0 * pi * (4.0 - pi));
    const double y = std::log(1.0 - x * x);
    const double z = 2.0 / (pi * a) + y / 2.0;
    const double r = std::sqrt(std::sqrt(z * z - y / a) - z);
    return x < 0 ? -r : r;
}

double cutechess_phi_inv(double p) { return std::sqrt(2.0) * cutechess_erf_inv(2.0 * p - 1.0); }

}  // namespace

CutechessElo cutechess_elo(const Trinomial& t) {
    const EloStats e = elo_stats(t, cutechess_phi_inv(0.975));
    CutechessElo c;
    c.diff = e.elo;
    c.error = e.elo_error;
    c.los_percent =
        100 * (0.5 + 0.5 * std::erf(double(t.wins - t.losses) / std::sqrt(2.0 * double(t.wins + t.losses))));
    c.draw_percent = 100 * e.draw_ratio;
    return c;
}

namespace {

// Whether v sits exactly halfway between two numbers of `decimals` decimals (negative: tens,
// hundreds, ...): with |v| = m * 2^e, m odd, v * 10^decimals is an odd multiple of one half.
bool is_decimal_tie(double v, int decimals) {
    int exp = 0;
    const double f = std::frexp(std::abs(v), &exp);
    auto m = static_cast<std::uint64_t>(std::ldexp(f, 53));
    int e = exp - 53;
    if (m == 0) return false;
    while (m % 2 == 0) m /= 2, ++e;
    if (e != -(decimals + 1)) return false;
    for (int i = decimals; i < 0; ++i) {  // a tie at a tens digit: m holds the fives of 10^-decimals
        if (m % 5 != 0) return false;
        m /= 5;
    }
    return true;
}

// Qt formats with double-conversion, which rounds an exact tie away from zero where printf
// (and fmt) round it to even: 0.5625 is "0.563" in cutechess-cli's lines. A tie is moved one
// step away from zero, past the tie and short of any other rounding boundary.
double away_from_tie(double v, int decimals) {
    return is_decimal_tie(v, decimals) ? std::nextafter(v, std::copysign(HUGE_VAL, v)) : v;
}

std::string qt_special(double v) {
    if (std::isnan(v)) return "nan";
    return v > 0 ? "inf" : "-inf";
}

std::string qt_fixed1(double v) { return qt_fixed(v, 1); }
std::string qt_g3(double v) { return qt_general(v, 3); }

// cutechess-cli's counts and score: "[nan]" when no game was scored.
std::string score_counts(const Trinomial& t) {
    return fmt::format("{} - {} - {}  [{}] {}", t.wins, t.losses, t.draws,
                       qt_fixed(t.points() / double(t.games()), 3), t.games());
}

// drawproxy's own one-decimal figure: never "-0.0".
std::string fixed1(double v) { return fmt::format("{:.1f}", std::abs(v) < 0.05 ? 0.0 : v); }

}  // namespace

std::string qt_fixed(double v, int decimals, int width) {
    std::string text = std::isfinite(v)
                           ? fmt::format("{:.{}f}", away_from_tie(v == 0 ? 0.0 : v, decimals), decimals)
                           : qt_special(v);
    return qt_padded(text, width);
}

std::string qt_general(double v, int digits) {
    if (!std::isfinite(v)) return qt_special(v);
    if (v == 0) return "0";
    // The tie is at the decimal place of the last significant digit: from the exponent of v
    // itself (40 digits: no rounding up to the next power of ten).
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.40e", std::abs(v));
    const int exponent = std::atoi(std::strchr(buf, 'e') + 1);
    return fmt::format("{:.{}g}", away_from_tie(v, digits - 1 - exponent), digits);
}

std::string qt_padded(std::string_view text, int width) {
    // Qt counts UTF-16 units: one per UTF-8 lead byte, two for a four-byte sequence.
    int units = 0;
    for (const char c : text) {
        const auto b = static_cast<unsigned char>(c);
        if ((b & 0xC0) != 0x80) units += b >= 0xF0 ? 2 : 1;
    }
    const std::string pad(std::size_t(std::max(0, std::abs(width) - units)), ' ');
    return width > 0 ? pad + std::string(text) : std::string(text) + pad;
}

void put_number(nlohmann::json& j, const char* key, double v) {
    if (!std::isfinite(v)) return;  // an infinite Elo (no loss or no win) is left out, never null
    j[key] = v == 0 ? 0.0 : v;      // never -0.0
}

std::optional<OutputFormat> parse_output_format(std::string_view text) {
    if (text == "drawproxy") return OutputFormat::drawproxy;
    if (text == "cutechess") return OutputFormat::cutechess;
    if (text == "fastchess") return OutputFormat::fastchess;
    return std::nullopt;
}

std::string_view to_string(SprtModel m) {
    switch (m) {
        case SprtModel::logistic:
            return "logistic";
        case SprtModel::bayesian:
            return "bayesian";
        case SprtModel::bayeselo:
            return "bayeselo";
        default:
            return "normalized";
    }
}

std::string_view to_string(SprtStatus s) {
    switch (s) {
        case SprtStatus::h0:
            return "H0";
        case SprtStatus::h1:
            return "H1";
        default:
            return "continue";
    }
}

std::optional<SprtModel> parse_sprt_model(std::string_view text) {
    if (text == "normalized") return SprtModel::normalized;
    if (text == "logistic") return SprtModel::logistic;
    if (text == "bayesian") return SprtModel::bayesian;
    if (text == "bayeselo") return SprtModel::bayeselo;
    return std::nullopt;
}

EloStats drawproxy_elo(const Trinomial& t) {
    EloStats e;
    if (t.games() == 0) {
        e.score = 0.5;
        return e;
    }
    e = elo_stats(t);
    // fastchess's formula leaves an interval past 0% or 100% undefined; drawproxy's lines call
    // it unbounded.
    if (std::isnan(e.elo_error) && e.score > 0 && e.score < 1)
        e.elo_error = std::numeric_limits<double>::infinity();
    return e;
}

std::string cutechess_score_line(const HeadToHead& h) {
    return fmt::format("Score of {} vs {}: {}", h.first, h.second, score_counts(h.games));
}

std::string cutechess_results(const HeadToHead& h, const StatsSettings& s) {
    std::string out;
    // cutechess-cli's Tournament::resultsForSides: the first engine by colour, then White's
    // results against Black's.
    if (h.first_white.games())
        out += fmt::format("...      {} playing White: {}\n", h.first, score_counts(h.first_white));
    if (h.first_black.games())
        out += fmt::format("...      {} playing Black: {}\n", h.first, score_counts(h.first_black));
    if (h.games.games()) {
        const Trinomial white{h.first_white.wins + h.first_black.losses,
                              h.first_white.losses + h.first_black.wins, h.games.draws};
        out += fmt::format("...      White vs Black: {}\n", score_counts(white));
    }
    // Its figures as its Qt formatting prints them, undefined ones too (no game: all "nan"; a
    // 100% score: "inf +/- nan"): parsers of cutechess-cli's output meet the same text.
    const CutechessElo e = cutechess_elo(h.games);
    out += fmt::format("Elo difference: {} +/- {}, LOS: {} %, DrawRatio: {} %", qt_fixed1(e.diff),
                       qt_fixed1(e.error), qt_fixed1(e.los_percent), qt_fixed1(e.draw_percent));
    return out + "\n" + cutechess_sprt_line(s, s.sprt ? current_llr(h, s) : 0.0);
}

std::string cutechess_sprt_line(const StatsSettings& s, double llr) {
    // Without -sprt its test has alpha = beta = 0, so bounds of -inf and inf, and it prints
    // them all the same.
    if (!s.sprt) return "SPRT: llr 0 (0.0%), lbound -inf, ubound inf";
    const double lo = s.sprt->lower_bound(), hi = s.sprt->upper_bound();
    std::string out = fmt::format("SPRT: llr {} ({}%), lbound {}, ubound {}", qt_g3(llr),
                                  qt_fixed1(llr / hi * 100), qt_g3(lo), qt_g3(hi));
    const SprtStatus st = sprt_status(*s.sprt, llr);
    if (st == SprtStatus::h0) out += " - H0 was accepted";
    if (st == SprtStatus::h1) out += " - H1 was accepted";
    return out;
}

std::string fastchess_matchup(const std::string& tc, const std::string& threads, const std::string& hash,
                              const std::string& book) {
    return fmt::format("{}, {}, {}{}", tc, threads, hash, book.empty() ? "" : ", " + book);
}

std::string fastchess_interval(const HeadToHead& h, const StatsSettings& s, const std::string& matchup) {
    const EloStats e = s.penta ? elo_stats(h.pairs) : elo_stats(h.games);
    const Trinomial& t = h.games;
    std::string out = std::string(FASTCHESS_RULE) + "\n";
    out += fmt::format("Results of {} vs {} ({}):\n", h.first, h.second, matchup);
    out += fmt::format("Elo: {:.2f} +/- {:.2f}, nElo: {:.2f} +/- {:.2f}\n", e.elo, e.elo_error, e.nelo,
                       e.nelo_error);
    out += fmt::format("LOS: {:.2f} %, DrawRatio: {:.2f} %", e.los * 100, e.draw_ratio * 100);
    if (s.penta) out += fmt::format(", PairsRatio: {:.2f}", pairs_ratio(h.pairs));
    out += fmt::format("\nGames: {}, Wins: {}, Losses: {}, Draws: {}, Points: {:.1f} ({:.2f} %)\n", t.games(),
                       t.wins, t.losses, t.draws, t.points(), t.points() / double(t.games()) * 100);
    if (s.penta) {
        const auto c = h.pairs.cells();
        out += fmt::format("Ptnml(0-2): [{}, {}, {}, {}, {}], WL/DD Ratio: {:.2f}\n", c[0], c[1], c[2], c[3],
                           c[4], wl_dd_ratio(h.pairs));
    }
    if (s.sprt) {
        const double l = current_llr(h, s), lo = s.sprt->lower_bound(), hi = s.sprt->upper_bound();
        const double fraction = l >= 0 ? l / hi : -l / lo;  // fastchess's getFraction
        out += fmt::format("LLR: {:.2f} ({:.1f}%) ({:.2f}, {:.2f}) [{:.2f}, {:.2f}]\n", l, fraction * 100, lo,
                           hi, s.sprt->elo0, s.sprt->elo1);
    }
    out += FASTCHESS_RULE;
    return out;
}

std::string fastchess_rank_table(const EncounterStats& all, bool penta, bool own_format) {
    struct Row {
        stats::EngineTotals totals;
        EloStats elo;
    };
    std::vector<Row> rows;
    std::size_t width = 25;
    for (int e = 0; e < all.engines(); ++e) {
        stats::EngineTotals t = all.totals(e);
        const EloStats elo = penta ? elo_stats(t.pairs) : elo_stats(t.games);
        width = std::max(width, t.engine.size());
        rows.push_back({std::move(t), elo});
    }
    // Not a number (no games) last; a stable sort, as fastchess's sort of so few rows is.
    std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
        return (!std::isnan(a.elo.elo) && std::isnan(b.elo.elo)) || a.elo.elo > b.elo.elo;
    });
    std::string out = fmt::format("{:<4} {:<{}} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10}", "Rank",
                                  "Name", width, "Elo", "+/-", "nElo", "+/-", "Games", "Score", "Draw");
    out += own_format ? fmt::format(" {:>20}\n", "Ptnml(0-2)") : "\n";
    int rank = 0;
    for (const Row& r : rows) {
        // With pentanomial statistics fastchess counts the games of completed pairs only.
        const Trinomial& t = penta ? r.totals.paired : r.totals.games;
        const double draws =
            penta ? double(r.totals.pairs.wl + r.totals.pairs.dd) / double(r.totals.pairs.pairs())
                  : double(t.draws) / double(t.games());
        out += fmt::format("{:>4} {:<{}} {:>10.2f} {:>10.2f} {:>10.2f} {:>10.2f} {:>10} {:>9.1f}% {:>9.1f}%",
                           ++rank, r.totals.engine, width, r.elo.elo, r.elo.elo_error, r.elo.nelo,
                           r.elo.nelo_error, t.games(), t.points() / double(t.games()) * 100, draws * 100);
        if (own_format) {
            const auto c = r.totals.pairs.cells();
            out += fmt::format(
                " {:>20}",
                penta ? fmt::format("[{}, {}, {}, {}, {}]", c[0], c[1], c[2], c[3], c[4]) : std::string());
        }
        out += "\n";
    }
    return out;
}

std::string fastchess_score_line(const HeadToHead& h) {
    const Trinomial& t = h.games;
    return fmt::format("Score of {} vs {}: {} - {} - {}  [{:.3f}] {}", h.first, h.second, t.wins, t.losses,
                       t.draws, t.points() / double(t.games()), t.games());
}

std::string fastchess_cutechess_elo(const HeadToHead& h, const StatsSettings& s) {
    const EloStats e = elo_stats(h.games);
    std::string out = fmt::format("Elo difference: {:.2f} +/- {:.2f}, LOS: {:.2f} %, DrawRatio: {:.2f} %\n",
                                  e.elo, e.elo_error, e.los * 100, e.draw_ratio * 100);
    if (!s.sprt) return out;
    StatsSettings games = s;
    games.penta = false;  // that format's LLR is on games
    const double l = current_llr(h, games), lo = s.sprt->lower_bound(), hi = s.sprt->upper_bound();
    const char* verdict = l >= hi ? " - H1 was accepted" : l < lo ? " - H0 was accepted" : "";
    return out + fmt::format("SPRT: llr {:.2f} ({:.1f}%), lbound {:.2f}, ubound {:.2f}{}\n", l,
                             (l < 0 ? l / lo : l / hi) * 100, lo, hi, verdict);
}

std::string fastchess_sprt_completed(const SprtParams& sprt, SprtStatus status) {
    return fmt::format("SPRT ([{:.2f}, {:.2f}]) completed - {} was accepted", sprt.elo0, sprt.elo1,
                       status == SprtStatus::h0 ? "H0" : "H1");
}

std::string estimate_text(double value, double error, std::string_view plus_minus) {
    if (!std::isfinite(value)) return std::string(NOT_ENOUGH_GAMES);
    if (!(std::isfinite(error) && error > 0))
        return fmt::format("{} (interval: {})", fixed1(value), NOT_ENOUGH_GAMES);
    return fmt::format("{} {} {}", fixed1(value), plus_minus, fixed1(error));
}

std::string los_text(const EloStats& e) {
    if (!(e.variance > 0 && std::isfinite(e.los))) return std::string(NOT_ENOUGH_GAMES);
    return fixed1(e.los * 100) + " %";
}

std::string drawproxy_elo_line(const EloStats& e) {
    return fmt::format("Elo difference: {}, LOS: {}, DrawRatio: {} %", estimate_text(e.elo, e.elo_error),
                       los_text(e), fixed1(e.draw_ratio * 100));
}

std::string drawproxy_stats_lines(const HeadToHead& h, const StatsSettings& s) {
    std::string out;
    if (s.penta && h.pairs.pairs()) {
        const EloStats e = elo_stats(h.pairs);
        const auto c = h.pairs.cells();
        out +=
            fmt::format("Ptnml(0-2): [{}, {}, {}, {}, {}], {} pairs, nElo: {}, LOS: {}\n", c[0], c[1], c[2],
                        c[3], c[4], h.pairs.pairs(), estimate_text(e.nelo, e.nelo_error), los_text(e));
    }
    if (s.sprt) {
        const SprtParams& p = *s.sprt;
        const double l = current_llr(h, s);
        const SprtStatus st = sprt_status(p, l);
        out += fmt::format(
            "SPRT ({} elo0={:g} elo1={:g} alpha={:g} beta={:g}, {}): LLR {:.2f} [{:.2f}, {:.2f}] {}\n",
            to_string(p.model), p.elo0, p.elo1, p.alpha, p.beta, s.penta ? "pentanomial" : "trinomial",
            std::abs(l) < 0.005 ? 0.0 : l, p.lower_bound(), p.upper_bound(),
            st == SprtStatus::running ? "continue" : fmt::format("{} accepted", to_string(st)));
    }
    return out;
}

nlohmann::json stats_json(const HeadToHead& h, const StatsSettings& s) {
    const Trinomial& t = h.games;
    nlohmann::json j;
    j["wins"] = t.wins;
    j["losses"] = t.losses;
    j["draws"] = t.draws;
    j["games"] = t.games();
    j["points"] = t.points();
    j["pairs"] = h.pairs.pairs();
    j["pentanomial"] = h.pairs.cells();
    j["wl"] = h.pairs.wl;
    j["dd"] = h.pairs.dd;
    j["model"] = s.penta ? "pentanomial" : "trinomial";
    // A figure the counts do not determine is left out, as the text says "not enough games":
    // the interval when it has no width or leaves the score range, nElo and LOS without spread.
    const EloStats e = s.penta ? elo_stats(h.pairs) : elo_stats(h.games);
    put_number(j, "score", e.score);
    put_number(j, "elo", e.elo);
    if (e.elo_error > 0) {
        put_number(j, "elo_error", e.elo_error);
        put_number(j, "elo_lower", e.elo - e.elo_error);
        put_number(j, "elo_upper", e.elo + e.elo_error);
    }
    if (e.variance > 0) {
        put_number(j, "nelo", e.nelo);
        put_number(j, "nelo_error", e.nelo_error);
        put_number(j, "los", e.los);
    }
    put_number(j, "draw_ratio", e.draw_ratio);
    if (s.penta) put_number(j, "pairs_ratio", pairs_ratio(h.pairs));
    if (s.sprt) {
        const SprtParams& p = *s.sprt;
        const double l = current_llr(h, s);
        j["sprt"] = {{"elo0", p.elo0},
                     {"elo1", p.elo1},
                     {"alpha", p.alpha},
                     {"beta", p.beta},
                     {"model", std::string(to_string(p.model))},
                     {"lower_bound", p.lower_bound()},
                     {"upper_bound", p.upper_bound()},
                     {"status", std::string(to_string(sprt_status(p, l)))}};
        put_number(j["sprt"], "llr", l);
    }
    return j;
}

namespace {

nlohmann::json trinomial_json(const Trinomial& t) {
    return {{"wins", t.wins}, {"losses", t.losses}, {"draws", t.draws}};
}

}  // namespace

void put_statistics(nlohmann::json& summary, const std::vector<HeadToHead>& encounters,
                    const StatsSettings& settings) {
    nlohmann::json pairs = nlohmann::json::array();
    for (const HeadToHead& h : encounters) {
        if (h.games.games() == 0) continue;
        nlohmann::json p = stats_json(h, settings);
        p["a"] = h.first;
        p["b"] = h.second;
        p["first_white"] = trinomial_json(h.first_white);
        p["first_black"] = trinomial_json(h.first_black);
        pairs.push_back(std::move(p));
    }
    summary["pairs"] = std::move(pairs);
    nlohmann::json st = {{"penta", settings.penta}};
    if (settings.sprt) {
        const SprtParams& s = *settings.sprt;
        st["sprt"] = {{"elo0", s.elo0},
                      {"elo1", s.elo1},
                      {"alpha", s.alpha},
                      {"beta", s.beta},
                      {"model", std::string(to_string(s.model))}};
    }
    summary["statistics"] = std::move(st);
}

}  // namespace drawproxy::output
