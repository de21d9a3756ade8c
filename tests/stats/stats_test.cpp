// The statistics module against published figures and figures computed once with the
// reference tools' own formulas.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "stats/elo.h"
#include "stats/sprt.h"

using namespace drawproxy::stats;
using Catch::Detail::Approx;

namespace {

// LLR figures: fishtest's server/fishtest/stats/LLRcalc.py (commit b8eecff2), functions
// LLR_logistic and LLR_normalized, run on the count vectors below. scipy's brentq was replaced
// by a bisection to machine precision (the secular function is monotone on its bracket).
// Columns: logistic (0, 5), logistic (-3, 1), normalized (0, 2), normalized (-1.75, 0.25),
// normalized (0.5, 2.5).
struct LlrRow5 {
    std::array<double, 5> counts;
    std::array<double, 5> llr;
};
struct LlrRow3 {
    std::array<double, 3> counts;
    std::array<double, 5> llr;
};
const SprtParams LLR_COLUMNS[5] = {
    {0, 5, 0.05, 0.05, SprtModel::logistic},       {-3, 1, 0.05, 0.05, SprtModel::logistic},
    {0, 2, 0.05, 0.05, SprtModel::normalized},     {-1.75, 0.25, 0.05, 0.05, SprtModel::normalized},
    {0.5, 2.5, 0.05, 0.05, SprtModel::normalized},
};

// [LL, LD, WL+DD, WD, WW]; the first seven are fishtest's and fastchess's own test vectors,
// then all draws, all wins, all losses, empty cells, nothing at all, random vectors.
const LlrRow5 PENTA_LLR[] = {
    {{10789, 19328, 33806, 19402, 10543},
     {-38.51440847340527, 2.131067811785043, -6.070429067586407, -0.6271679157254129, -7.625571898047665}},
    {{39, 2226, 31451, 2412, 40},
     {-68.7187017259977, 65.97358529713055, 2.9369098172040977, 5.03359630821693, 2.337900017537503}},
    {{1187, 7410, 13475, 7378, 1164},
     {-18.87747108577025, 2.8615271805921605, -1.7287536221796225, 0.04652169672226447, -2.2359649171336065}},
    {{365, 16618, 36229, 16974, 390},
     {-33.81702251956739, 36.04489517141067, 2.250367703551081, 6.342915994782341, 1.0810681043676915}},
    {{127, 4883, 10712, 5150, 104},
     {-4.459130686125749, 15.049356404786915, 1.7938801910657878, 3.0101541966056997, 1.446412165294053}},
    {{223, 9863, 21279, 10037, 246},
     {-20.875457775844815, 20.243100402930917, 1.0968342541136542, 3.511923544933875, 0.40679895896111895}},
    {{871, 26175, 55983, 26678, 821},
     {-63.36074524332686, 44.34152627026936, 0.8044514731065008, 7.213779516134217, -1.0266813446964493}},
    {{0, 0, 100, 0, 0},
     {-1.441647908449787, 0.5778783135108176, -0.004706725759865152, 0.00337821615159099,
      -0.007740394290086681}},
    {{0, 0, 0, 0, 50},
     {0.7144087509831066, 0.577326249944829, 0.40538606532199367, 0.40828711016092845, 0.4045534562307432}},
    {{50, 0, 0, 0, 0},
     {-0.7247644917759741, -0.5740123442628018, -0.4086998489473667, -0.405801754427498,
      -0.4095240287322489}},
    {{0, 5, 0, 7, 0},
     {0.0525787238067809, 0.047622482422022085, 0.01587993590387349, 0.016576011367097146,
      0.015680918929684363}},
    {{0, 0, 0, 0, 0},
     {-1.0354483502281707e-06, 3.3135856699173514e-07, -1.6568074739997835e-07, 1.242611459992835e-07,
      -2.4851777573986314e-07}},
    {{1, 0, 0, 0, 0},
     {-0.014523779645967697, -0.01150258210723609, -0.008178043453493206, -0.008119903628877084,
      -0.008194577986569444}},
    {{0, 3, 10, 3, 0},
     {-0.01763840163298654, 0.005647251524048414, -0.0005302532212762026, 0.00039769038577727533,
      -0.0007953771471083153}},
    {{2, 0, 30, 0, 9},
     {0.36406957560450715, 0.30389226371398526, 0.1087619698813945, 0.11096326746550528, 0.108133729674229}},
    {{5, 10, 20, 10, 5},
     {-0.01725342547584277, 0.005522124442662894, -0.00165682943357615, 0.0012426243271379772,
      -0.0024852312818723736}},
    {{0, 1, 2, 1, 0},
     {-0.0033032863171044867, 0.0010571472790100213, -0.00013261156635329684, 9.945902915648316e-05,
      -0.00019891532446714334}},
    {{3, 17, 40, 25, 6},
     {0.426644522383177, 0.38793829722219936, 0.11991473623138907, 0.12512372156435284, 0.1184265058648193}},
    {{1, 77, 16, 103, 1},
     {0.7005091368759779, 0.6562641199615236, 0.2103775408061278, 0.22184876405030282, 0.20709870496887253}},
    {{54, 63, 15, 21, 45},
     {-0.7269548140036053, -0.5460411068454826, -0.31646557516898743, -0.30502507537096596,
      -0.3197336748383972}},
    {{351, 308, 837, 184, 318},
     {-3.9416835384575135, -2.579998184069978, -1.291188399291639, -1.1755235336556866, -1.3242409374350992}},
    {{190, 788, 435, 197, 388},
     {-3.7779901846363333, -2.4948281936156835, -1.2849991729920724, -1.1692358300071415,
      -1.3181206234519662}},
    {{3910, 3682, 6381, 3508, 2516},
     {-57.02658683280477, -40.022876134790096, -19.49840253990427, -18.3429237611654, -19.828393323299323}},
    {{2190, 4669, 5380, 2650, 5109},
     {57.05587271337195, 50.89412277776796, 22.640948841692328, 23.79548128938225, 22.310697790895198}},
    {{1, 3, 4, 5, 5},
     {0.16125707605851616, 0.13306008629388266, 0.06104685623078156, 0.06204530861974855,
      0.06076124588912603}},
    {{3, 5, 9, 1, 1},
     {-0.1846388825611168, -0.1429842505481507, -0.058250326312680345, -0.05720833320338347,
      -0.05854833978474784}},
};

// [L, D, W]
const LlrRow3 TRI_LLR[] = {
    {{36027, 68692, 36433},
     {-17.08956104066659, 18.215784807940157, 0.9232934509459172, 5.015916303405321, -0.2460152972890104}},
    {{10650, 20431, 10871},
     {-2.268310278749408, 7.669210956692112, 1.0811359543653387, 2.2975004071050735, 0.7336048606676097}},
    {{0, 0, 4250},
     {60.72233255160703, 49.07076301652211, 24.39441392488818, 24.517684169112282, 24.35908100378461}},
    {{21184, 40708, 21404},
     {-10.676731398032851, 10.35175379614986, 0.39104252744984247, 2.8061645334267835, -0.2989848896555422}},
    {{57030, 106593, 57433},
     {-33.00379278190593, 23.105722643785843, -0.4386393630201666, 5.970767379453439, -2.269874540771839}},
    {{0, 100, 0},
     {-1.4419061648166405, 0.5778682713133737, -0.002208436470476046, 0.0015895308082607702,
      -0.0036224677666410678}},
    {{10, 0, 12},
     {0.026505334900432928, 0.02375596446484414, 0.011148607546632248, 0.011786532382888053,
      0.010966295605504278}},
    {{0, 0, 0},
     {-4.6595899536905266e-07, 1.491122816104076e-07, -4.970467714282556e-08, 3.727860918800686e-08,
      -7.455643669040945e-08}},
    {{3, 5, 0},
     {-0.11589717176106677, -0.09178779662173207, -0.028300385445651385, -0.028104579595984357,
      -0.028356369927680997}},
    {{120, 300, 150},
     {0.7874378474891919, 0.768715295617859, 0.24148918763069674, 0.25798944075476005, 0.23677438313125973}},
};

// Both results at a relative precision of 1e-7 (and 1e-12 absolute near zero).
void check_llr(double got, double want) { CHECK(got == Approx(want).epsilon(1e-7).margin(1e-12)); }

}  // namespace

TEST_CASE("LLR of pentanomial counts as fishtest computes it", "[match][stats]") {
    for (const LlrRow5& row : PENTA_LLR) {
        INFO("counts " << row.counts[0] << " " << row.counts[1] << " " << row.counts[2] << " "
                       << row.counts[3] << " " << row.counts[4]);
        // Split WL+DD between the two kinds: the LLR must only see their sum.
        const auto n = [&](int i) { return std::int64_t(row.counts[i]); };
        const Pentanomial p{n(0), n(1), n(2) / 3, n(2) - n(2) / 3, n(3), n(4)};
        for (int c = 0; c < 5; ++c) {
            INFO("column " << c);
            check_llr(llr(LLR_COLUMNS[c], p), row.llr[c]);
        }
        check_llr(llr_logistic(0, 5, row.counts), row.llr[0]);
        check_llr(llr_normalized(0, 2, row.counts), row.llr[2]);
    }
}

TEST_CASE("LLR of trinomial counts as fishtest computes it", "[match][stats]") {
    for (const LlrRow3& row : TRI_LLR) {
        INFO("counts L " << row.counts[0] << " D " << row.counts[1] << " W " << row.counts[2]);
        const Trinomial t{std::int64_t(row.counts[2]), std::int64_t(row.counts[0]),
                          std::int64_t(row.counts[1])};
        for (int c = 0; c < 5; ++c) {
            INFO("column " << c);
            check_llr(llr(LLR_COLUMNS[c], t), row.llr[c]);
        }
    }
}

TEST_CASE("LLR figures fastchess publishes in its own tests", "[match][stats]") {
    // fastchess app/tests/sprt_test.cpp (commit 74deac23): figures to two decimals.
    // Stats(wins, losses, draws) and Stats(ll, ld, wl, dd, wd, ww) there.
    const auto tri = [](double w, double l, double d, double e0, double e1, SprtModel m) {
        return llr({e0, e1, 0.05, 0.05, m}, Trinomial{std::int64_t(w), std::int64_t(l), std::int64_t(d)});
    };
    const auto penta = [](Pentanomial p, double e0, double e1, SprtModel m) {
        return llr({e0, e1, 0.05, 0.05, m}, p);
    };
    const SprtModel N = SprtModel::normalized, L = SprtModel::logistic;
    CHECK(tri(36433, 36027, 68692, 0, 2, N) == Approx(0.92).epsilon(0.01));
    CHECK(tri(10871, 10650, 20431, -1.75, 0.25, N) == Approx(2.30).epsilon(0.01));
    CHECK(tri(4250, 0, 0, 0, 10, N) == Approx(120.56).epsilon(0.01));
    CHECK(tri(21404, 21184, 40708, 0.5, 2.5, L) == Approx(-1.57).epsilon(0.01));
    CHECK(tri(57433, 57030, 106593, 0, 2, L) == Approx(-2.59).epsilon(0.01));
    CHECK(penta({365, 16618, 36029, 200, 16974, 390}, 0, 2, N) == Approx(2.25).epsilon(0.01));
    CHECK(penta({127, 4883, 10311, 401, 5150, 104}, -1.75, 0.25, N) == Approx(3.01).epsilon(0.01));
    CHECK(penta({0, 0, 0, 0, 0, 5550}, 0, 5, N) == Approx(111.82).epsilon(0.01));
    CHECK(penta({223, 9863, 20279, 1000, 10037, 246}, 0.5, 2.5, L) == Approx(-3.07).epsilon(0.01));
    CHECK(penta({871, 26175, 55003, 980, 26678, 821}, 0, 2, L) == Approx(-4.98).epsilon(0.01));
}

TEST_CASE("SPRT bounds and verdicts", "[match][stats]") {
    SprtParams s{0, 2, 0.05, 0.05, SprtModel::normalized};
    CHECK(s.lower_bound() == Approx(std::log(0.05 / 0.95)));
    CHECK(s.upper_bound() == Approx(std::log(0.95 / 0.05)));
    CHECK(s.lower_bound() == Approx(-2.944438979));
    s.alpha = 0.1;
    s.beta = 0.2;
    CHECK(s.lower_bound() == Approx(std::log(0.2 / 0.9)));
    CHECK(s.upper_bound() == Approx(std::log(0.8 / 0.1)));
    CHECK(sprt_status(s, s.upper_bound()) == SprtStatus::h1);
    CHECK(sprt_status(s, s.lower_bound()) == SprtStatus::h0);
    CHECK(sprt_status(s, 0.0) == SprtStatus::running);
    CHECK(sprt_status(s, std::nextafter(s.upper_bound(), 0.0)) == SprtStatus::running);
    CHECK(s.invalid_reason() == nullptr);
    CHECK(SprtParams{2, 0, 0.05, 0.05}.invalid_reason() != nullptr);
    CHECK(SprtParams{0, 2, 0, 0.05}.invalid_reason() != nullptr);
    CHECK(SprtParams{0, 2, 0.05, 1}.invalid_reason() != nullptr);
    CHECK(SprtParams{0, 2, 0.6, 0.5}.invalid_reason() != nullptr);
}

TEST_CASE("pentanomial counts from game pairs", "[match][stats]") {
    Pentanomial p;
    const PlayerResult W = PlayerResult::win, D = PlayerResult::draw, L = PlayerResult::loss;
    p.add(L, L);
    p.add(L, D);
    p.add(D, L);
    p.add(W, L);
    p.add(L, W);
    p.add(D, D);
    p.add(W, D);
    p.add(D, W);
    p.add(W, W);
    CHECK(p == Pentanomial{1, 2, 2, 1, 2, 1});
    CHECK(p.cells() == std::array<std::int64_t, 5>{1, 2, 3, 2, 1});
    CHECK(p.pairs() == 9);
    Pentanomial q = p;
    q += p;
    CHECK(q.cells() == std::array<std::int64_t, 5>{2, 4, 6, 4, 2});
    Trinomial t;
    for (PlayerResult o : {W, W, D, L}) t.add(o);
    CHECK(t == Trinomial{2, 1, 1});
    CHECK(t.points() == 2.5);
}

TEST_CASE("Elo, nElo and LOS as fastchess reports them", "[match][stats]") {
    // fastchess app/tests/elo_test.cpp (commit 74deac23): figures to two decimals.
    EloStats e = elo_stats(Trinomial{76, 89, 123});
    CHECK(e.nelo == Approx(-20.76).epsilon(0.01));
    CHECK(e.nelo_error == Approx(40.13).epsilon(0.01));
    CHECK(e.los * 100 == Approx(15.53).margin(0.005));
    CHECK(e.score == Approx(0.477).epsilon(0.01));
    e = elo_stats(Trinomial{136, 96, 111});
    CHECK(e.nelo == Approx(49.77).epsilon(0.01));
    CHECK(e.nelo_error == Approx(36.77).epsilon(0.01));
    CHECK(e.elo == Approx(40.70).epsilon(0.01));
    CHECK(e.elo_error == Approx(30.43).epsilon(0.01));
    CHECK(e.los * 100 == Approx(99.60).margin(0.005));
    e = elo_stats(Trinomial{34, 356, 0});
    CHECK(e.nelo == Approx(-508.44).epsilon(0.01));
    CHECK(e.nelo_error == Approx(34.48).epsilon(0.01));
    e = elo_stats(Pentanomial{34, 54, 31, 32, 64, 75});
    CHECK(e.nelo == Approx(57.94).epsilon(0.01));
    CHECK(e.nelo_error == Approx(28.28).epsilon(0.01));
    CHECK(e.elo == Approx(55.58).epsilon(0.01));
    CHECK(e.elo_error == Approx(27.65).epsilon(0.01));
    CHECK(e.los * 100 == Approx(100.00).margin(0.005));
    CHECK(e.score == Approx(0.579).epsilon(0.01));
    e = elo_stats(Pentanomial{332, 433, 457, 41, 333, 334});
    CHECK(e.nelo == Approx(-9.17).epsilon(0.01));
    CHECK(e.nelo_error == Approx(10.96).epsilon(0.01));
    CHECK(e.elo == Approx(-8.64).epsilon(0.01));
    CHECK(e.elo_error == Approx(10.33).epsilon(0.01));
    CHECK(e.los * 100 == Approx(5.05).margin(0.005));
    e = elo_stats(Pentanomial{7895, 8757, 5485, 200, 568, 9999});
    CHECK(e.nelo == Approx(-19.01).epsilon(0.01));
    CHECK(e.nelo_error == Approx(2.65).epsilon(0.01));
    CHECK(e.elo == Approx(-21.04).epsilon(0.01));
    CHECK(e.elo_error == Approx(2.95).epsilon(0.01));
    CHECK(e.los * 100 == Approx(0.00).margin(0.005));
    CHECK(e.score == Approx(0.470).epsilon(0.01));
}

TEST_CASE("the pentanomial interval is the per-pair variance's", "[match][stats]") {
    // A pair score of 1/2 + or - 1/4 each half of the time: variance 1/16 per pair, so the
    // score interval is 1/2 +- 1.96 * sqrt(1/16 / n). 100 pairs: 0.5 +- 0.049; fastchess's
    // EloPentanomial formula with these counts.
    const EloStats e = elo_stats(Pentanomial{0, 50, 0, 0, 50, 0});
    CHECK(e.score == 0.5);
    CHECK(e.elo == Approx(0.0).margin(1e-12));
    const double half = 1.959963984540054 * std::sqrt(1.0 / 16 / 100);
    CHECK(e.elo_error == Approx(logistic_elo(0.5 + half)));
    // nElo: (s - 1/2) / sqrt(2 var) * 800 / ln 10
    CHECK(e.nelo_error == Approx(half / std::sqrt(2.0 / 16) * 800 / std::log(10.0)));
    CHECK(e.draw_ratio == 0);
    CHECK(pairs_ratio(Pentanomial{0, 50, 0, 0, 50, 0}) == 1.0);
    CHECK(pairs_ratio(Pentanomial{1, 2, 0, 0, 3, 6}) == 3.0);
    CHECK(wl_dd_ratio(Pentanomial{0, 0, 3, 4, 0, 0}) == 0.75);
    // Pairs that split a win and a loss (a one-sided opening) are nearly draws as pairs: the
    // pentanomial interval is narrower than the trinomial one of the same 200 games.
    const Pentanomial biased{0, 10, 40, 40, 10, 0};
    CHECK(elo_stats(Trinomial{50, 50, 100}).elo_error > 2 * elo_stats(biased).elo_error);
}

TEST_CASE("Elo at the edges: all draws, all wins, all losses, nothing", "[match][stats]") {
    const double inf = std::numeric_limits<double>::infinity();
    EloStats e = elo_stats(Pentanomial{0, 0, 0, 40, 0, 0});
    CHECK(e.score == 0.5);
    CHECK(e.elo == 0);
    CHECK(e.elo_error == 0);
    CHECK(std::isnan(e.nelo));  // no variance
    CHECK(e.draw_ratio == 1);
    e = elo_stats(Trinomial{0, 0, 40});
    CHECK(e.elo == 0);
    CHECK(e.draw_ratio == 1);
    e = elo_stats(Pentanomial{0, 0, 0, 0, 0, 7});
    CHECK(e.elo == inf);
    CHECK(e.los == 1);
    CHECK(std::isnan(e.elo_error));
    CHECK(pairs_ratio(Pentanomial{0, 0, 0, 0, 0, 7}) == inf);
    e = elo_stats(Trinomial{0, 9, 0});
    CHECK(e.elo == -inf);
    CHECK(e.los == 0);
    e = elo_stats(Pentanomial{});
    CHECK(std::isnan(e.score));
    CHECK(std::isnan(e.elo));
    CHECK(std::isnan(e.draw_ratio));
    CHECK(std::isnan(pairs_ratio(Pentanomial{})));
    e = elo_stats(Trinomial{});
    CHECK(std::isnan(e.elo));
}

TEST_CASE("the interval's quantile is a parameter: the estimate stays, the interval scales",
          "[match][stats]") {
    const Trinomial t{136, 96, 111};
    const EloStats z95 = elo_stats(t), narrow = elo_stats(t, 1.0), wide = elo_stats(t, 2.5758293035489);
    CHECK(narrow.elo == z95.elo);
    CHECK(wide.nelo == z95.nelo);
    CHECK(narrow.elo_error < z95.elo_error);
    CHECK(wide.elo_error > z95.elo_error);
    // In nElo the interval is linear in the quantile.
    CHECK(wide.nelo_error == Approx(z95.nelo_error * 2.5758293035489 / Z95));
    const Pentanomial p{34, 54, 31, 32, 64, 75};
    CHECK(elo_stats(p, 1.0).nelo_error == Approx(elo_stats(p).nelo_error / Z95));
}
