// bench_report [GAMES [OTHER.html...]]: the HTML match report of GAMES engine-like games (default 10,000):
// time to build and write the page, its size, against writing the same games as PGN (the
// reference, measured in the same run), and, when Debian's chromium is installed, the time
// headless Chromium takes to open the page (to its load event, laid out) and to print its DOM,
// each against a tiny page; OTHER pages are opened the same way (an older build's report, for a
// before and after in one run). BENCH_REPORT_RUNS=N: best of N browser runs (default 2).
#include <fmt/core.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "output/html_page.h"
#include "output/pgn.h"
#include "rules/game.h"
#include "rules/notation.h"

using namespace drawproxy;
using Clock = std::chrono::steady_clock;

namespace {

// Random legal games of 60 to 200 plies with engine-like scores and times; about a third end
// in a claimed threefold (their sections carry boards), a few have an incorrect claim or a
// draw offer, the rest are decisive or end by an event rule.
std::vector<game::GameRecord> generate(int games, unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<game::GameRecord> out;
    out.reserve(games);
    const rules::Edition edition = rules::Edition::builtin("fide-2023");
    for (int n = 1; n <= games; ++n) {
        game::GameRecord g;
        g.number = n;
        g.white = n % 2 ? "Stockfish-A" : "Stockfish-B";
        g.black = n % 2 ? "Stockfish-B" : "Stockfish-A";
        g.time_control = "10+0.1";
        g.rules = "fide-2023";
        rules::Game game;
        const int length = 60 + int(rng() % 141);
        int score = 0;
        while (game.ply_count() < length) {
            const rules::MoveList moves = game.position().legal_moves();
            if (moves.empty() || game.automatic_result(edition)) break;
            game::PlyRecord p;
            p.move = moves[int(rng() % moves.size())];
            p.has_score = true;
            // One evaluation drifting through the game, reported from the mover's side as
            // engines do (so White's view, which the page codes, moves smoothly).
            score += int(rng() % 41) - 20;
            p.score = game.position().side_to_move() == rules::WHITE ? score : -score;
            p.depth = 12 + int(rng() % 10);
            p.time_ms = 50 + rng() % 300;
            if (n % 97 == 0 && game.ply_count() == 40)
                p.notes.push_back("claim threefold 9.2.2: incorrect, 9.5.2, opponent +120s");
            if (n % 53 == 0 && game.ply_count() > 50 && game.ply_count() < 54) p.offered_draw = true;
            game.play(p.move);
            g.plies.push_back(std::move(p));
        }
        const int kind = int(rng() % 100);
        g.outcome.score = kind < 35   ? rules::Score::Draw
                          : kind < 70 ? rules::Score::WhiteWins
                                      : rules::Score::BlackWins;
        if (kind < 33) {
            g.outcome.termination = rules::Termination::Threefold, g.outcome.article = "9.2.2",
            g.outcome.claimed = true;
            g.final_notes.push_back("claim threefold 9.2.2: correct");
        } else if (kind < 35) {
            g.outcome.termination = rules::Termination::FiftyMoves, g.outcome.article = "9.3.2",
            g.outcome.claimed = true;
        } else if (kind < 90) {
            g.outcome.termination = rules::Termination::Checkmate, g.outcome.article = "5.1.1";
        } else {
            g.outcome.termination = rules::Termination::Adjudication, g.outcome.article = "resign-score";
        }
        if (n % 97 == 0) g.incorrect_claims[0] = 1;
        out.push_back(std::move(g));
    }
    return out;
}

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

}  // namespace

int main(int argc, char** argv) {
    const int games = argc > 1 ? std::atoi(argv[1]) : 10000;
    if (games <= 0) {
        std::fprintf(stderr, "usage: bench_report [GAMES]\n");
        return 2;
    }
    fmt::print("generating {} games...\n", games);
    const std::vector<game::GameRecord> records = generate(games, 17);
    std::size_t plies = 0;
    for (const auto& g : records) plies += g.plies.size();
    const std::filesystem::path dir = std::filesystem::path(DRAWPROXY_BINARY_DIR) / "bench-report";
    std::filesystem::create_directories(dir);

    // Reference: the same games as PGN, as -pgnout writes them.
    auto t0 = Clock::now();
    std::string pgn;
    for (const auto& g : records) pgn += output::write_pgn(g);
    std::FILE* f = std::fopen((dir / "games.pgn").c_str(), "wb");
    std::fwrite(pgn.data(), 1, pgn.size(), f);
    std::fclose(f);
    const double pgn_s = seconds_since(t0);

    // Wall time, and this process's CPU time (the wall time on a loaded machine includes the
    // wait for a core).
    auto cpu_now = [] {
        rusage u{};
        getrusage(RUSAGE_SELF, &u);
        return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
               (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
    };
    double best = 1e9, best_cpu = 1e9;
    std::size_t bytes = 0;
    for (int run = 0; run < 3; ++run) {
        const double c0 = cpu_now();
        t0 = Clock::now();
        const std::string page = output::match_html(records, {"Stockfish-A", "Stockfish-B"}, "fide-2023");
        f = std::fopen((dir / "report.html").c_str(), "wb");
        std::fwrite(page.data(), 1, page.size(), f);
        std::fclose(f);
        best = std::min(best, seconds_since(t0));
        best_cpu = std::min(best_cpu, cpu_now() - c0);
        bytes = page.size();
    }
    fmt::print("{} games, {} plies ({:.0f} a game)\n", games, plies, double(plies) / games);
    fmt::print("PGN (reference):  {:8.3f} s  {:8.2f} MB\n", pgn_s, pgn.size() / 1e6);
    fmt::print(
        "HTML report:      {:8.3f} s  {:8.2f} MB   time x{:.2f} of PGN, size x{:.2f} of PGN, {:.0f} bytes a "
        "game; {:.3f} s CPU (best of 3)\n",
        best, bytes / 1e6, best / pgn_s, double(bytes) / pgn.size(), double(bytes) / games, best_cpu);
    fmt::print("written to {}\n", (dir / "report.html").string());

    // Opening it in headless Chromium, when installed: launch to DOM dump, against the same
    // command on a tiny page (the browser's own start-up), best of two each. CPU time (user +
    // system of Chromium's processes) is printed too: on a loaded machine the wall time
    // mostly measures the queue for the cores.
    if (std::system("command -v chromium >/dev/null 2>&1") != 0) {
        fmt::print("chromium: not installed (apt-get install chromium), open time not measured\n");
        return 0;
    }
    // Two ways of opening: --dump-dom of the page as it is (what the browser test does; printing
    // a DOM of megabytes is part of its cost), and a copy whose last script, at the load event,
    // forces style and layout, notes the time since navigation began and the number of
    // elements, and replaces the document with that one line, so the dump costs nothing: the
    // time to open the page, as a reader waits for it. Each against a tiny page in the same run.
    const std::string stamp =
        "<script>addEventListener('load',function(){var n=document.getElementsByTagName('*').length;"
        "var "
        "h=document.body.offsetHeight,t=performance.now(),d=performance.getEntriesByType('navigation')[0];"
        "document.documentElement.innerHTML='<body><p id=\"stamp\">'+[d.domContentLoadedEventEnd.toFixed(0),"
        "t.toFixed(0),n,h].join(' ')+'</p></body>';});</script>";
    auto write_text = [](const std::filesystem::path& path, const std::string& text) {
        std::FILE* out = std::fopen(path.c_str(), "wb");
        std::fwrite(text.data(), 1, text.size(), out);
        std::fclose(out);
    };
    const std::string tiny_text =
        "<!DOCTYPE html><html lang=\"en\"><head><title>t</title></head><body><p>t</p></body></html>\n";
    const std::filesystem::path tiny = dir / "tiny.html", tiny_load = dir / "tiny-load.html",
                                report_load = dir / "report-load.html";
    write_text(tiny, tiny_text);
    auto with_stamp = [&](std::string text) {
        const std::size_t end = text.rfind("</body>");
        return text.insert(end == std::string::npos ? text.size() : end, stamp);
    };
    write_text(tiny_load, with_stamp(tiny_text));
    {
        std::FILE* in = std::fopen((dir / "report.html").c_str(), "rb");
        std::string text(bytes, '\0');
        const std::size_t got = std::fread(text.data(), 1, text.size(), in);
        std::fclose(in);
        text.resize(got);
        write_text(report_load, with_stamp(std::move(text)));
    }
    ::prctl(PR_SET_CHILD_SUBREAPER, 1);
    struct Open {
        double wall = 1e9, cpu = 1e9;
        int status = 0;
        std::string stamp;  // the load page's line: DOMContentLoaded ms, laid out ms, elements, height
    };
    const int runs =
        std::getenv("BENCH_REPORT_RUNS") ? std::max(1, std::atoi(std::getenv("BENCH_REPORT_RUNS"))) : 2;
    auto open = [&](const std::filesystem::path& page) {
        Open best;
        for (int run = 0; run < runs; ++run) {
            const std::string profile = (dir / "chromium-profile").string();
            std::filesystem::remove_all(profile);
            const std::filesystem::path dom = dir / "dom.html";
            const std::string cmd = fmt::format(
                "chromium --headless --no-sandbox --disable-gpu --no-first-run "
                "--disable-background-networking "
                "--disable-component-update --disable-sync --user-data-dir={} --dump-dom file://{} > {} "
                "2>/dev/null",
                profile, page.string(), dom.string());
            rusage before{}, after{};
            getrusage(RUSAGE_CHILDREN, &before);
            const auto t = Clock::now();
            const int status = std::system(cmd.c_str());
            // Chromium's renderer and zygote outlive the browser process: reaped here (this
            // process is their subreaper), so their CPU time counts and none is left behind.
            while (::waitpid(-1, nullptr, 0) > 0) {
            }
            const double wall = seconds_since(t);
            getrusage(RUSAGE_CHILDREN, &after);
            auto secs = [](const timeval& v) { return double(v.tv_sec) + v.tv_usec / 1e6; };
            const double cpu =
                secs(after.ru_utime) - secs(before.ru_utime) + secs(after.ru_stime) - secs(before.ru_stime);
            if (wall < best.wall) {
                best.wall = wall;
                best.stamp.clear();
                if (std::FILE* in = std::fopen(dom.c_str(), "rb")) {
                    char line[4096];
                    const std::size_t got = std::fread(line, 1, sizeof line - 1, in);
                    std::fclose(in);
                    const std::string text(line, got);
                    const std::size_t at = text.find("<p id=\"stamp\">");
                    if (at != std::string::npos)
                        best.stamp = text.substr(at + 14, text.find('<', at + 14) - at - 14);
                }
            }
            best.cpu = std::min(best.cpu, cpu);
            best.status = WEXITSTATUS(status);
            std::filesystem::remove_all(profile);
        }
        return best;
    };
    const Open base_load = open(tiny_load);
    const Open load = open(report_load);
    // Other pages named on the command line (say, this report as an older build wrote it),
    // opened the same way in the same run.
    std::vector<std::pair<std::string, Open>> others;
    for (int i = 2; i < argc; ++i) {
        std::FILE* in = std::fopen(argv[i], "rb");
        if (!in) {
            fmt::print("cannot read {}\n", argv[i]);
            continue;
        }
        std::string text;
        char buf[1 << 16];
        for (std::size_t got; (got = std::fread(buf, 1, sizeof buf, in)) > 0;) text.append(buf, got);
        std::fclose(in);
        const std::filesystem::path copy = dir / fmt::format("other-{}-load.html", i);
        write_text(copy, with_stamp(std::move(text)));
        others.emplace_back(argv[i], open(copy));
    }
    const Open base = open(tiny);
    const Open report = open(dir / "report.html");
    double load_avg[3] = {0, 0, 0};
    getloadavg(load_avg, 3);
    fmt::print("chromium (best of {}), load average {:.1f}:\n", runs, load_avg[0]);
    fmt::print("  opened (launch to load event, style and layout done; no DOM printed):\n");
    fmt::print("    tiny page (reference): {:7.2f} s wall  {:6.2f} s CPU (exit {})  in page [{}]\n",
               base_load.wall, base_load.cpu, base_load.status, base_load.stamp);
    fmt::print("    report:                {:7.2f} s wall  {:6.2f} s CPU (exit {})  in page [{}]\n",
               load.wall, load.cpu, load.status, load.stamp);
    fmt::print(
        "    report / tiny:         x{:.2f} wall  x{:.2f} CPU; the report's own share {:.2f} s wall, {:.2f} "
        "s CPU\n",
        load.wall / base_load.wall, load.cpu / base_load.cpu, load.wall - base_load.wall,
        load.cpu - base_load.cpu);
    for (const auto& [name, o] : others)
        fmt::print("    {}: {:.2f} s wall  {:.2f} s CPU (exit {})  in page [{}]\n", name, o.wall, o.cpu,
                   o.status, o.stamp);
    fmt::print("    (in page: ms to DOMContentLoaded, ms to laid out, elements, page height px)\n");
    fmt::print("  --dump-dom (launch to the DOM printed):\n");
    fmt::print("    tiny page (reference): {:7.2f} s wall  {:6.2f} s CPU (exit {})\n", base.wall, base.cpu,
               base.status);
    fmt::print(
        "    report:                {:7.2f} s wall  {:6.2f} s CPU (exit {}), DOM {:.2f} MB\n", report.wall,
        report.cpu, report.status,
        std::filesystem::exists(dir / "dom.html") ? std::filesystem::file_size(dir / "dom.html") / 1e6 : 0.0);
    fmt::print(
        "    report / tiny:         x{:.2f} wall  x{:.2f} CPU; the report's own share {:.2f} s wall, {:.2f} "
        "s CPU\n",
        report.wall / base.wall, report.cpu / base.cpu, report.wall - base.wall, report.cpu - base.cpu);
    return 0;
}
