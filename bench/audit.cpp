// bench_audit [GAMES...]: games per second for `audit` (PGN reading + judging every ply) on
// generated files of engine-like games, and the peak memory, which must not grow with the file.
// Each size is audited in a child process so that its peak RSS is its own.
#include <fmt/core.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <ctime>
#include <random>
#include <string>

#include "audit/audit.h"
#include "rules/notation.h"
#include "rules/pgn.h"

using namespace drawproxy;

namespace {

// Random legal games from the start position, 60 to 200 plies, written as cutechess-cli
// writes: its tags, a "score/depth time" comment on every move, the ending at the last.
void generate(const std::string& path, int games, unsigned seed) {
    std::FILE* f = std::fopen(path.c_str(), "w");
    if (!f) throw std::runtime_error("cannot write " + path);
    std::mt19937 rng(seed);
    std::string text, line;
    for (int g = 1; g <= games; ++g) {
        rules::Position pos;
        const int length = 60 + int(rng() % 141);
        text = fmt::format(
            "[Event \"bench\"]\n[Site \"?\"]\n[Date \"2026.11.29\"]\n[Round \"{}\"]\n[White \"engine-a\"]\n"
            "[Black \"engine-b\"]\n[Result \"1/2-1/2\"]\n[GameDuration \"00:00:07\"]\n[PlyCount \"{}\"]\n"
            "[Termination \"adjudication\"]\n[TimeControl \"10+0.1\"]\n\n",
            g, length);
        line.clear();
        auto word = [&](const std::string& w) {
            if (!line.empty() && line.size() + 1 + w.size() >= 80) {
                text += line;
                text += '\n';
                line.clear();
            }
            if (!line.empty()) line += ' ';
            line += w;
        };
        int ply = 0;
        for (; ply < length; ++ply) {
            rules::MoveList legal = pos.legal_moves();
            if (legal.empty()) break;
            rules::Move m = legal[int(rng() % legal.size())];
            if (pos.side_to_move() == rules::WHITE) word(fmt::format("{}.", pos.fullmove_number()));
            word(rules::to_san(pos, m));
            const int cp = int(rng() % 200) - 100;
            word(fmt::format("{{{}{}.{:02}/{} {}.{:03}s{}}}", cp < 0 ? "-" : "+", std::abs(cp) / 100,
                             std::abs(cp) % 100, 10 + rng() % 15, rng() % 2, rng() % 1000,
                             ply + 1 == length ? ", Draw by adjudication" : ""));
            pos.play(m);
        }
        word("1/2-1/2");
        text += line;
        text += "\n\n";
        std::fwrite(text.data(), 1, text.size(), f);
    }
    std::fclose(f);
}

struct Figures {
    int games = 0, broken = 0, differs = 0;
    double read_seconds = 0, audit_seconds = 0;
};

// What `drawproxy audit` does, minus the printing: 64 KiB chunks, reader, audit per game.
Figures audit_file(const std::string& path, bool judge) {
    Figures f;
    const rules::Edition e = rules::Edition::builtin(rules::Edition::DEFAULT_NAME);
    rules::Game scratch;
    rules::PgnReader reader;
    std::vector<char> chunk(1 << 16);
    std::FILE* in = std::fopen(path.c_str(), "rb");
    if (!in) throw std::runtime_error("cannot read " + path);
    // CPU time: the machine is shared, and the target is per core.
    const std::clock_t t0 = std::clock();
    auto drain = [&] {
        while (const rules::PgnGame* g = reader.next()) {
            ++f.games;
            if (!g->ok()) {
                ++f.broken;
                continue;
            }
            if (judge) f.differs += !audit::audit_game(*g, e, scratch).agrees;
        }
    };
    while (std::size_t n = std::fread(chunk.data(), 1, chunk.size(), in)) {
        reader.feed(std::string_view(chunk.data(), n));
        drain();
    }
    reader.finish();
    drain();
    std::fclose(in);
    (judge ? f.audit_seconds : f.read_seconds) = double(std::clock() - t0) / CLOCKS_PER_SEC;
    return f;
}

// Runs `audit_file` in a child; prints its figures and its own peak RSS.
void measure(const std::string& path, int games) {
    std::fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        Figures r = audit_file(path, false);
        Figures a = audit_file(path, true);
        long file_bytes = 0;
        if (std::FILE* f = std::fopen(path.c_str(), "rb")) {
            std::fseek(f, 0, SEEK_END);
            file_bytes = std::ftell(f);
            std::fclose(f);
        }
        rusage self{};
        getrusage(RUSAGE_SELF, &self);
        fmt::print(
            "{:>7} games  {:>6.1f} MB  read only {:>8.0f} games/s  read+audit {:>7.0f} games/s ({:.2f} s "
            "CPU)  "
            "peak RSS {:.1f} MB  (broken {}, differ {})\n",
            games, file_bytes / 1e6, r.games / r.read_seconds, a.games / a.audit_seconds, a.audit_seconds,
            self.ru_maxrss / 1024.0, a.broken, a.differs);
        std::fflush(stdout);
        _exit(a.games == games && a.broken == 0 ? 0 : 1);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        fmt::print("  child failed: games read do not match\n");
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<int> sizes;
    for (int i = 1; i < argc; ++i) sizes.push_back(std::atoi(argv[i]));
    if (sizes.empty()) sizes = {4000, 16000};
    fmt::print("bench_audit: fide-2023, random legal games of 60-200 plies with cutechess-style comments\n");
    for (int n : sizes) {
        const std::string path = fmt::format("{}/bench_audit_{}_{}.pgn", DRAWPROXY_BINARY_DIR, n, getpid());
        generate(path, n, 12345u + unsigned(n));
        measure(path, n);
        std::remove(path.c_str());
    }
}
