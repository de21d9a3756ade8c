// Runner overhead per move: everything between an engine's `bestmove` and the next `go` the
// runner sends (judging the move, claims, clocks, the next position command), at
// concurrency 2. Engines answer at once (Stockfish at depth 1) so games are many moves long.
// Measured twice in one run: without event rules, and with -draw, -resign, -maxmoves and -tb
// on (the reference is the first). Then one Syzygy probe, against generating the same
// position's legal moves.
//
//   bench_match [ENGINE] [GAMES] [OPENINGS.epd]   defaults: /usr/games/stockfish, 8, the shipped file
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "app/edition_loader.h"
#include "app/match_options.h"
#include "game/adjudicator.h"
#include "game/syzygy.h"
#include "tournament/scheduler.h"

using namespace drawproxy;
using Clock = std::chrono::steady_clock;

namespace {

const std::string TABLES = std::string(DRAWPROXY_SOURCE_DIR) + "/tests/data/syzygy";

struct Run {
    double median_us = 0, p90_us = 0, wall_s = 0;
    std::size_t samples = 0, games = 0, plies = 0;
};

Run run(std::vector<std::string> args) {
    tournament::MatchOptions opts = app::parse_match_options(args);
    tournament::Scheduler scheduler(opts, app::load_edition("fide-2023"), nullptr);
    const auto t0 = Clock::now();
    tournament::MatchSummary s = scheduler.run();
    Run r;
    r.wall_s = std::chrono::duration<double>(Clock::now() - t0).count();
    std::vector<std::int64_t> v = s.overhead;
    if (v.empty()) return r;
    std::sort(v.begin(), v.end());
    auto at = [&](double q) { return double(v[std::size_t(q * double(v.size() - 1))]) / 1000.0; };
    r.median_us = at(0.5);
    r.p90_us = at(0.9);
    r.samples = v.size();
    r.games = s.games.size();
    for (const auto& g : s.games) r.plies += g.plies.size();
    return r;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string engine = argc > 1 ? argv[1] : "/usr/games/stockfish";
    const std::string games = argc > 2 ? argv[2] : "8";
    const std::string openings =
        argc > 3 ? argv[3] : std::string(DRAWPROXY_SOURCE_DIR) + "/configs/openings/classical.epd";
    const std::vector<std::string> base = {
        "-engine", "cmd=" + engine, "name=e1",          "-engine", "cmd=" + engine, "name=e2",
        "-each",   "depth=1",       "-games",           games,     "-repeat",       "-concurrency",
        "2",       "-openings",     "file=" + openings, "-rules",  "fide-2023"};
    std::vector<std::string> adjudicated = base;
    for (const char* a : {"-draw", "movenumber=40", "movecount=8", "score=10", "-resign", "movecount=3",
                          "score=600", "-maxmoves", "200", "-tbpieces", "4"})
        adjudicated.push_back(a);
    adjudicated.push_back("-tb");
    adjudicated.push_back(TABLES);

    // Alternated, on a machine whose load changes: each configuration's best median counts.
    Run plain, adj;
    for (int i = 0; i < 3; ++i) {
        const Run p = run(base), a = run(adjudicated);
        if (p.samples == 0 || a.samples == 0) {
            std::puts("no samples");
            return 1;
        }
        std::printf(
            "  run %d: no event rules median %.1f us (p90 %.1f, %zu moves); with them %.1f us (p90 %.1f, "
            "%zu moves)\n",
            i + 1, p.median_us, p.p90_us, p.plies, a.median_us, a.p90_us, a.plies);
        if (i == 0 || p.median_us < plain.median_us) plain = p;
        if (i == 0 || a.median_us < adj.median_us) adj = a;
    }
    std::printf("runner overhead per move (bestmove -> next go), concurrency 2, best of 3 runs:\n");
    std::printf("  no event rules (reference):   median %.1f us\n", plain.median_us);
    std::printf("  -draw -resign -maxmoves -tb:  median %.1f us\n", adj.median_us);
    std::printf("  added by the event rules: %+.1f us per move at the median (%.2fx the reference)\n",
                adj.median_us - plain.median_us, adj.median_us / plain.median_us);

    // One probe: positions of 3 and 4 pieces, each probed many times after a first (cold) probe.
    if (game::syzygy::open(TABLES) == 0) {
        std::printf("no Syzygy tables in %s\n", TABLES.c_str());
        return 1;
    }
    // The event rules' own work per move, alone: the score rules and the tablebase rule's piece count.
    {
        game::AdjudicationOptions rules;
        rules.draw_movenumber = 40, rules.draw_movecount = 8, rules.draw_score = 10;
        rules.resign_movecount = 3, rules.resign_score = 600, rules.max_moves = 100000;
        game::Adjudicator adjudicator(rules);
        game::PlyRecord ply;
        ply.has_score = true;
        const rules::Position start;
        const int n = 10'000'000;
        int fired = 0, counted = 0;
        const auto a0 = Clock::now();
        for (int i = 0; i < n; ++i) {
            ply.score = (i * 37) % 41 - 20;
            fired += adjudicator.after_move(rules::Color(i & 1), ply, 2 + (i & 63), i & 31).has_value();
            counted += rules::popcount(start.pieces()) <= 4;
        }
        const double per_move_ns = std::chrono::duration<double, std::nano>(Clock::now() - a0).count() / n;
        std::printf(
            "event rules' own work per move (-draw -resign -maxmoves, -tb's piece count): %.1f ns "
            "(%d fired, %d counted)\n",
            per_move_ns, fired, counted);
    }

    // WDL only (halfmove clock 0, or a draw), and won positions with moves on the clock, where
    // a DTZ probe (Fathom's root probe) says whether the win is cursed.
    const std::vector<std::string> wdl_only = {
        "4k3/8/8/8/8/8/8/3QK3 b - - 0 1", "4k3/7r/8/8/8/8/R7/4K3 w - - 0 1", "7k/8/8/8/8/8/8/KBN5 w - - 0 1",
        "8/8/4k3/8/2p5/8/1P6/4K3 w - - 0 1", "8/5k2/8/8/3q4/8/2R5/1K6 w - - 0 1"};
    const std::vector<std::string> with_dtz = {"7k/8/8/8/8/8/3Q4/K7 b - - 37 1",
                                               "4k3/8/8/8/8/8/8/3QK3 b - - 12 1",
                                               "7k/8/8/8/8/8/8/KBN5 w - - 20 1"};
    auto time_probes = [](const std::vector<std::string>& fens, double& cold_us) {
        std::vector<rules::Position> positions;
        for (const auto& f : fens) positions.push_back(rules::Position::from_fen(f));
        const auto c0 = Clock::now();
        for (const auto& p : positions) (void)game::syzygy::probe(p);
        cold_us =
            std::chrono::duration<double, std::micro>(Clock::now() - c0).count() / double(positions.size());
        const int rounds = 5000;
        int found = 0;
        const auto t0 = Clock::now();
        for (int i = 0; i < rounds; ++i)
            for (const auto& p : positions) found += game::syzygy::probe(p).has_value();
        if (found != rounds * int(positions.size())) std::printf("  (a probe failed)\n");
        return std::chrono::duration<double, std::micro>(Clock::now() - t0).count() /
               double(rounds * positions.size());
    };
    double cold_wdl = 0, cold_dtz = 0;
    const double wdl_us = time_probes(wdl_only, cold_wdl), dtz_us = time_probes(with_dtz, cold_dtz);
    std::vector<rules::Position> all;
    for (const auto& f : wdl_only) all.push_back(rules::Position::from_fen(f));
    int moves = 0;
    const int rounds = 20000;
    const auto g0 = Clock::now();
    for (int i = 0; i < rounds; ++i)
        for (const auto& p : all) moves += p.legal_moves().size();
    const double gen_us =
        std::chrono::duration<double, std::micro>(Clock::now() - g0).count() / double(rounds * all.size());
    std::printf("Syzygy probe, 3-4 pieces (first probe of a position in brackets, files mapped):\n");
    std::printf("  WDL: %.2f us (%.1f us)   WDL + DTZ, a win with moves on the clock: %.2f us (%.1f us)\n",
                wdl_us, cold_wdl, dtz_us, cold_dtz);
    std::printf(
        "  reference, legal move generation of the WDL positions: %.2f us (WDL probe = %.1fx; %d moves)\n",
        gen_us, wdl_us / gen_us, moves);

    // One game's probes, position after position, along walks that keep the clock running near
    // the fifty moves (the case that needs DTZ: a won ending played on). Stateless probes against
    // game::syzygy::GameProber, which reads each position after a root probe from that probe.
    struct Walk {
        std::vector<rules::Position> positions;
        std::vector<rules::Move> moves;  // moves[i] led to positions[i] (none for the first)
    };
    std::vector<Walk> walks;
    for (const char* fen : {"7k/8/8/8/8/8/8/K2Q4 w - - 30 1", "8/8/3k4/8/8/8/8/R3K3 b - - 50 1",
                            "7k/8/8/8/8/8/8/KBN5 w - - 20 1", "8/5k2/8/8/3q4/8/2R5/1K6 w - - 40 1"}) {
        Walk w;
        auto pos = rules::Position::from_fen(fen);
        rules::Move last = rules::Move::none();
        unsigned pick = 11;
        while (int(w.positions.size()) < 60 && pos.halfmove_clock() < 100 && pos.has_legal_moves() &&
               rules::popcount(pos.pieces()) >= 4) {
            w.positions.push_back(pos);
            w.moves.push_back(last);
            const auto moves = pos.legal_moves();
            pick = pick * 1103515245u + 12345u;
            last = moves[int((pick >> 16) % unsigned(moves.size()))];
            pos.play(last);
        }
        walks.push_back(std::move(w));
    }
    int walk_positions = 0, dtz_probes = 0, mismatches = 0;
    for (const auto& w : walks) walk_positions += int(w.positions.size());
    const int walk_rounds = 200;
    const auto s0 = Clock::now();
    for (int i = 0; i < walk_rounds; ++i)
        for (const auto& w : walks)
            for (const auto& p : w.positions) mismatches += !game::syzygy::probe(p);
    const double stateless_us = std::chrono::duration<double, std::micro>(Clock::now() - s0).count() /
                                double(walk_rounds * walk_positions);
    const auto p0 = Clock::now();
    for (int i = 0; i < walk_rounds; ++i)
        for (const auto& w : walks) {
            game::syzygy::GameProber prober;
            for (std::size_t k = 0; k < w.positions.size(); ++k)
                mismatches += !prober.probe(w.positions[k], int(k), w.moves[k], true);
            dtz_probes += prober.dtz_probes();
        }
    const double game_us = std::chrono::duration<double, std::micro>(Clock::now() - p0).count() /
                           double(walk_rounds * walk_positions);
    for (const auto& w : walks) {  // the same values, checked outside the timing
        game::syzygy::GameProber prober;
        for (std::size_t k = 0; k < w.positions.size(); ++k)
            mismatches +=
                prober.probe(w.positions[k], int(k), w.moves[k], true) != game::syzygy::probe(w.positions[k]);
    }
    std::printf("Syzygy, one game's probes along %d positions of 4 pieces with the clock at 20-99:\n",
                walk_positions);
    std::printf("  stateless probe (WDL, + DTZ for a win):   %.2f us per position (%.1fx move generation)\n",
                stateless_us, stateless_us / gen_us);
    std::printf(
        "  GameProber (next position from the root probe): %.2f us per position (%.1fx; %.2fx stateless)\n",
        game_us, game_us / gen_us, game_us / stateless_us);
    std::printf("  root probes: %.0f%% of positions; values differing from the stateless probe: %d\n",
                100.0 * dtz_probes / double(walk_rounds * walk_positions), mismatches);
    return mismatches == 0 ? 0 : 1;
}
