#pragma once
// Shared helpers for the match tests: run a match in-process from cutechess-style words,
// write temporary opening files, name the scripted fake engine, and read PGN output back.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "app/edition_loader.h"
#include "app/match_options.h"
#include "rules/notation.h"
#include "rules/pgn.h"
#include "support/paths.h"
#include "tournament/scheduler.h"

namespace drawproxy::test {

// Debian's Stockfish, for the tests that play real engines (they fail saying so without it).
inline constexpr const char* STOCKFISH = "/usr/games/stockfish";

// `-engine` words for the fake chess player (tests/fake_engines/player.h).
inline std::string fake_cmd(const std::string& spec) {
    return "cmd=" + binary_path("bin/fake_player") + " arg=" + spec;
}
// The same for a command line run by the shell: SPEC quoted (its ';' would end the command).
inline std::string fake_cmd_quoted(const std::string& spec) {
    return "cmd=" + binary_path("bin/fake_player") + " 'arg=" + spec + "'";
}

// How many times `part` stands in `text` (a part may span lines).
inline int occurrences(const std::string& text, const std::string& part) {
    int n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

inline std::vector<std::string> words(const std::string& text) {
    std::vector<std::string> out;
    std::string w;
    for (char c : text) {
        if (c == ' ') {
            if (!w.empty()) out.push_back(w), w.clear();
        } else {
            w += c;
        }
    }
    if (!w.empty()) out.push_back(w);
    return out;
}

// A file in /tmp that is removed when the object dies.
struct TempFile {
    std::string path;
    explicit TempFile(const std::string& suffix, const std::string& content = "") {
        path = "/tmp/drawproxy_match_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter()++) +
               suffix;
        std::ofstream(path) << content;
    }
    ~TempFile() {
        std::remove(path.c_str());
        std::remove((path + ".state.json").c_str());  // a match's saved state beside its output
    }
    static int& counter() {
        static int n = 0;
        return n;
    }
};

// A fresh directory under /tmp, removed with everything in it when the object dies.
struct TempDir {
    std::string path;
    TempDir() {
        std::string templ = "/tmp/drawproxy_test_XXXXXX";
        REQUIRE(::mkdtemp(templ.data()) != nullptr);
        path = templ;
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    std::string file(const std::string& name) const { return path + "/" + name; }
};

inline std::string slurp(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// The drawproxy executable run through the shell with `args` after its name, output captured.
struct CommandRun {
    bool signalled = false;  // killed by a signal (or the shell reported 128 + signal)
    int status = -1;         // exit status, or 128 + signal
    std::string out, err;
};

inline CommandRun run_drawproxy(const std::string& args) {
    TempFile out(".out"), err(".err");
    const std::string cmd =
        binary_path("bin/drawproxy") + " " + args + " >" + out.path + " 2>" + err.path + " </dev/null";
    CommandRun r;
    const int st = std::system(cmd.c_str());
    r.signalled = WIFSIGNALED(st) || (WIFEXITED(st) && WEXITSTATUS(st) > 128);
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    r.out = slurp(out.path);
    r.err = slurp(err.path);
    return r;
}

inline tournament::MatchSummary run_match_words(const std::vector<std::string>& args) {
    tournament::MatchOptions opts = app::parse_match_options(args);
    rules::Edition e = app::load_edition(opts.rules.empty() ? "fide-2023" : opts.rules);
    tournament::Scheduler s(opts, e, nullptr);
    return s.run();
}

// One game between two fake players named W and B: `white` / `black` are each the fake's script,
// then any further -engine words after a space; `extra` the match's other options.
inline game::GameRecord play_one(const std::string& white, const std::string& black,
                                 const std::string& extra) {
    auto engine = [](const std::string& spec, const char* name) {
        const auto space = spec.find(' ');
        const std::string script = spec.substr(0, space);
        const std::string more = space == std::string::npos ? "" : spec.substr(space);
        return "-engine " + fake_cmd(script) + " name=" + name + more + " ";
    };
    auto summary = run_match_words(words(engine(white, "W") + engine(black, "B") + extra));
    REQUIRE(summary.games.size() == 1);
    return summary.games[0];
}

// Every game of a PGN file, read back with the rules' PGN reader (moves checked legal; a
// broken game comes back with its error set).
inline std::vector<rules::PgnGame> read_pgn_file(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    std::vector<rules::PgnGame> games;
    rules::PgnReader reader;
    reader.feed(text.str());
    while (const rules::PgnGame* g = reader.next()) games.push_back(*g);
    reader.finish();
    while (const rules::PgnGame* g = reader.next()) games.push_back(*g);
    return games;
}

// The PGN file holds exactly the match's games, each legal and with the moves, players,
// start position and ResultRule of its record.
inline void check_pgn_matches(const std::string& path, const tournament::MatchSummary& summary) {
    const auto games = read_pgn_file(path);
    CHECK(games.size() == summary.games.size());
    for (const rules::PgnGame& g : games) {
        INFO("PGN game " << g.number);
        REQUIRE(g.ok());
        auto it = std::find_if(summary.games.begin(), summary.games.end(), [&](const game::GameRecord& r) {
            return r.outcome.rule_text() == g.tag("ResultRule") && r.plies.size() == g.moves.size() &&
                   r.white == g.tag("White") && rules::to_fen(r.start) == rules::to_fen(g.start);
        });
        REQUIRE(it != summary.games.end());
        CHECK(g.chess960() == it->start.chess960());
        for (std::size_t i = 0; i < g.moves.size(); ++i) CHECK(g.moves[i] == it->plies[i].move);
    }
}

}  // namespace drawproxy::test
