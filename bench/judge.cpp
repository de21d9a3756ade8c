// bench_judge: time per appended ply of the Article 9 judge on long shuffling games.
// The games never make an irreversible move (the worst case for the repetition look-back),
// and come back to earlier positions often (so claims have move lists to build).
//   play only          Game::play
//   + automatic        Game::play + automatic_result (the per-ply check of an arbiter)
//   + verdict          Game::play + verdict with claim lists
//   analyze            `drawproxy analyze` of the whole game in-process, JSON lines included
// Times are CPU time of this process.
// Editions: fide-2023 ends such games at ply 150 (75 moves) or on a fivefold, after which
// the verdict is cheap; fide-2009 has neither rule, so every ply pays for the claims.
#include <fcntl.h>
#include <fmt/core.h>
#include <unistd.h>

#include <chrono>
#include <ctime>
#include <random>
#include <string>
#include <vector>

#include "app/commands.h"
#include "rules/game.h"
#include "rules/notation.h"

using namespace drawproxy::rules;

// CPU time of this process: the machine is shared, and wall time would time the neighbours.
struct Clock {
    using duration = std::chrono::nanoseconds;
    using time_point = std::chrono::time_point<Clock>;
    static time_point now() {
        timespec ts;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
        return time_point(duration(std::int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec));
    }
};

namespace {

constexpr int PLIES = 600;

struct Line {
    Position start;
    std::vector<Move> moves;
};

// A game of PLIES quiet moves, or an empty one if the walk runs into a position without a
// quiet move (a mate, say); the caller then tries another seed.
Line shuffling_game(const char* fen, std::mt19937& rng) {
    Line line{Position::from_fen(fen), {}};
    Position pos = line.start;
    for (int ply = 0; ply < PLIES; ++ply) {
        const MoveList legal = pos.legal_moves();
        Move quiet[256];
        int n = 0;
        for (Move m : legal) {
            if (pos.is_zeroing(m) || pos.changes_castling(m)) continue;
            Position next = pos;
            next.play(m);
            if (next.has_legal_moves()) quiet[n++] = m;
        }
        if (n == 0) return {line.start, {}};
        Move pick = quiet[std::uniform_int_distribution<int>(0, n - 1)(rng)];
        // Mostly undo our own last move, so positions repeat.
        if (line.moves.size() >= 2 && std::uniform_int_distribution<int>(0, 99)(rng) < 70) {
            Move last = line.moves[line.moves.size() - 2];
            for (int i = 0; i < n; ++i)
                if (quiet[i].from() == last.to() && quiet[i].to() == last.from()) pick = quiet[i];
        }
        line.moves.push_back(pick);
        pos.play(pick);
    }
    return line;
}

template <typename F>
double ns_per_ply(const std::vector<Line>& lines, int rounds, F&& per_ply) {
    long plies = 0;
    Game game;
    auto t0 = Clock::now();
    for (int r = 0; r < rounds; ++r)
        for (const Line& l : lines) {
            game.reset(l.start);
            for (Move m : l.moves) {
                game.play(m);
                per_ply(game);
            }
            plies += long(l.moves.size());
        }
    return std::chrono::duration<double, std::nano>(Clock::now() - t0).count() / double(plies);
}

}  // namespace

int main() {
    const char* starts[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9",
        "2r2rk1/1b2qppp/p3pn2/1p6/3N4/1BP1Q3/PP3PPP/3RR1K1 w - - 0 20",
        "8/5pk1/6p1/3R4/7P/6P1/r4PK1/8 w - - 0 40",
    };
    std::mt19937 rng(7);
    std::vector<Line> lines;
    for (int i = 0; lines.size() < 20; ++i) {
        Line l = shuffling_game(starts[i % 4], rng);
        if (!l.moves.empty()) lines.push_back(std::move(l));
    }
    long total = 0;
    for (const Line& l : lines) total += long(l.moves.size());
    fmt::print("bench_judge: {} games, {} plies each on average, no irreversible move\n", lines.size(),
               total / long(lines.size()));

    const int rounds = 20;
    volatile long sink = 0;
    const double play = ns_per_ply(lines, rounds, [](const Game&) {});
    fmt::print("  play only                 {:8.1f} ns/ply\n", play);
    // "+material": the same edition with the dead-position test cut to insufficient material,
    // which shows the judge's own cost apart from the winnability proofs.
    for (std::string name :
         {"fide-2023", "fide-2014", "fide-2009", "fide-2023+material", "fide-2009+material"}) {
        Edition e = Edition::builtin(name.substr(0, 9));
        e.material_only_dead_position = name.size() > 9;
        const double automatic =
            ns_per_ply(lines, rounds, [&](const Game& g) { sink = sink + bool(g.automatic_result(e)); });
        long claims = 0, moves_listed = 0, over = 0;
        const double verdict = ns_per_ply(lines, rounds, [&](const Game& g) {
            const Verdict v = g.verdict(e);
            claims += v.claim_count;
            over += bool(v.result);
            for (const Claim& c : v) moves_listed += c.moves.size();
        });
        fmt::print("  {:<18} + automatic    {:8.1f} ns/ply\n", name, automatic);
        fmt::print(
            "  {:<18} + verdict      {:8.1f} ns/ply  ({:.2f} claims, {:.1f} listed moves per ply; "
            "{:.0f}% of plies after the end)\n",
            name, verdict, double(claims) / (rounds * double(total)),
            double(moves_listed) / (rounds * double(total)), 100.0 * double(over) / (rounds * double(total)));
    }

    // The whole analyze command on one game, output to /dev/null.
    for (const char* name : {"fide-2023", "fide-2009"}) {
        drawproxy::Args args = {"--rules", name, "fen", lines[0].start.fen(), "moves"};
        {
            Position pos = lines[0].start;
            for (Move m : lines[0].moves) {
                args.push_back(to_uci(pos, m));
                pos.play(m);
            }
        }
        std::fflush(stdout);
        int saved = dup(1);
        int null = open("/dev/null", O_WRONLY);
        dup2(null, 1);
        const int reps = 5;
        auto t0 = Clock::now();
        for (int r = 0; r < reps; ++r) drawproxy::run_analyze(args);
        std::fflush(stdout);
        double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count() / reps;
        dup2(saved, 1);
        close(null);
        close(saved);
        fmt::print("  analyze --rules {:<10} {:8.2f} ms for {} plies (stops at the first result)\n", name, ms,
                   lines[0].moves.size());
    }
    return int(sink & 0);
}
