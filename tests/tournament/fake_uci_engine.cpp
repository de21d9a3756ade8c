// A scripted UCI engine for the match fault tests, built into test_tournament itself: run as
// `test_tournament drawproxy-fake-engine SPEC` it plays chess instead of running tests.
// (The shared fake engine replies by line prefix and cannot choose legal moves.)
//
// SPEC is ';'-separated:  moves=e2e4,e7e5   play these at plies 0, 1, ... (game plies
// counted from the start position), else the first legal move;  score=CP  report this
// score;  crash=P  exit at ply P;  illegal=P  answer an illegal move;  sleep=P:MS  think
// MS before answering;  hang=P  never answer;  claim=P:TEXT  (_ for spaces) print
// "info string drawproxy claim TEXT" before the bestmove;  log=PATH  append every line
// received to PATH;  closein=1  after its readyok, close its input (every descriptor but
// stdout and stderr), live 1 s more and exit 0, so the runner's next write meets no reader.
// bytes=P  answer "bestmove \xff\xfe" (not UTF-8) at ply P.
//  cp=P:CP  report CP at ply P instead of score=;  mate=P:N  report "score mate N" at ply
// P;  noscore=P  no score at ply P;  err=TEXT  print TEXT (_ for spaces) on stderr at "uci".
// gate=G:PATH  in its G-th game (counted by ucinewgame) answer no go until PATH exists
// (polled; gives up after 120 s), so a test can look at the match's files while it runs.
// noquit=1  ignore `quit` and SIGTERM: only the runner's SIGKILL (600 ms after quit) ends it.
// Start-up:  burn=MS  use MS of CPU time before reading anything (an engine loading its
// network);  startsleep=MS  then sleep MS;  readysleep=MS  sleep MS before every readyok;
// banner=TEXT  print TEXT (_ for spaces) at once, as Stockfish prints its name;
// hangfirst=PATH  if PATH does not exist, create it and never answer (the first process of
// several is stuck, the next ones are not).
#define CATCH_CONFIG_EXTERNAL_INTERFACES
#include <unistd.h>

#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "rules/notation.h"
#include "rules/position.h"

namespace {

using namespace drawproxy;

struct Spec {
    std::vector<std::string> moves;
    int score = 0;
    int crash = -1, illegal = -1, hang = -1, bytes = -1;
    std::map<int, int> sleep_ms;
    std::map<int, std::string> claims;
    std::map<int, std::string> scores;  // ply -> "cp N", "mate N" or "" (no score)
    std::string log;
    std::string err;
    bool close_input = false;
    bool no_quit = false;
    int gate_game = -1;
    std::string gate_path;
    int burn_ms = 0, start_sleep_ms = 0, ready_sleep_ms = 0;
    std::string banner;
    std::string hang_first;
};

std::string spaced(std::string text) {
    for (char& c : text)
        if (c == '_') c = ' ';  // no spaces in a command-line word
    return text;
}

Spec parse_spec(const std::string& text) {
    Spec s;
    std::stringstream items(text);
    std::string item;
    while (std::getline(items, item, ';')) {
        auto eq = item.find('=');
        if (eq == std::string::npos) continue;
        std::string key = item.substr(0, eq), value = item.substr(eq + 1);
        auto colon = value.find(':');
        if (key == "moves") {
            std::stringstream ms(value);
            std::string m;
            while (std::getline(ms, m, ',')) s.moves.push_back(m);
        } else if (key == "score") {
            s.score = std::atoi(value.c_str());
        } else if (key == "crash") {
            s.crash = std::atoi(value.c_str());
        } else if (key == "illegal") {
            s.illegal = std::atoi(value.c_str());
        } else if (key == "bytes") {
            s.bytes = std::atoi(value.c_str());
        } else if (key == "hang") {
            s.hang = std::atoi(value.c_str());
        } else if (key == "burn") {
            s.burn_ms = std::atoi(value.c_str());
        } else if (key == "startsleep") {
            s.start_sleep_ms = std::atoi(value.c_str());
        } else if (key == "readysleep") {
            s.ready_sleep_ms = std::atoi(value.c_str());
        } else if (key == "banner") {
            s.banner = spaced(value);
        } else if (key == "hangfirst") {
            s.hang_first = value;
        } else if (key == "noquit") {
            s.no_quit = value == "1";
        } else if (key == "closein") {
            s.close_input = value == "1";
        } else if (key == "log") {
            s.log = value;
        } else if (key == "err") {
            s.err = spaced(value);
        } else if (key == "sleep" && colon != std::string::npos) {
            s.sleep_ms[std::atoi(value.substr(0, colon).c_str())] =
                std::atoi(value.substr(colon + 1).c_str());
        } else if ((key == "cp" || key == "mate") && colon != std::string::npos) {
            s.scores[std::atoi(value.substr(0, colon).c_str())] = key + " " + value.substr(colon + 1);
        } else if (key == "gate" && colon != std::string::npos) {
            s.gate_game = std::atoi(value.substr(0, colon).c_str());
            s.gate_path = value.substr(colon + 1);
        } else if (key == "noscore") {
            s.scores[std::atoi(value.c_str())] = "";
        } else if (key == "claim" && colon != std::string::npos) {
            s.claims[std::atoi(value.substr(0, colon).c_str())] = spaced(value.substr(colon + 1));
        }
    }
    return s;
}

void say(const std::string& line) { std::cout << line << '\n' << std::flush; }

// What an engine does between its start and reading its first command.
void start_up(const Spec& spec) {
    if (!spec.banner.empty()) say(spec.banner);
    if (!spec.hang_first.empty() && ::access(spec.hang_first.c_str(), F_OK) != 0) {
        std::ofstream(spec.hang_first) << "taken\n";
        for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
    }
    // CPU time, not wall time: on a loaded machine the burn takes longer, as a real start does.
    timespec t{};
    volatile std::uint64_t sink = 0;
    while (::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t) == 0 &&
           t.tv_sec * 1000 + t.tv_nsec / 1000000 < spec.burn_ms)
        for (int i = 0; i < 10000; ++i) sink = sink * 6364136223846793005ull + 1;
    std::this_thread::sleep_for(std::chrono::milliseconds(spec.start_sleep_ms));
}

int run_fake(const Spec& spec) {
    rules::Position pos;
    bool chess960 = false;  // UCI_Chess960: Shredder-FEN castling, king-takes-rook moves
    int ply = 0, games = 0;
    std::string line;
    std::ofstream log;
    if (!spec.log.empty()) log.open(spec.log, std::ios::app);
    if (spec.no_quit) std::signal(SIGTERM, SIG_IGN);
    start_up(spec);
    while (std::getline(std::cin, line)) {
        if (log.is_open()) log << line << '\n' << std::flush;
        if (line == "uci") {
            if (!spec.err.empty()) std::cerr << spec.err << '\n' << std::flush;
            say("id name matchfake");
            say("uciok");
        } else if (line == "isready") {
            std::this_thread::sleep_for(std::chrono::milliseconds(spec.ready_sleep_ms));
            say("readyok");
            if (spec.close_input) {
                for (int fd = 0; fd < 1024; ++fd)
                    if (fd != 1 && fd != 2) ::close(fd);
                std::this_thread::sleep_for(std::chrono::seconds(1));
                std::_Exit(0);
            }
        } else if (line == "setoption name UCI_Chess960 value true") {
            chess960 = true;
        } else if (line == "ucinewgame") {
            ++games;
        } else if (line == "quit") {
            if (!spec.no_quit) return 0;
        } else if (line.rfind("position ", 0) == 0) {
            std::istringstream in(line.substr(9));
            std::string word, fen;
            in >> word;
            if (word == "fen") {
                while (in >> word && word != "moves") fen += (fen.empty() ? "" : " ") + word;
                pos = rules::Position::from_fen(fen, chess960);
            } else {
                pos = rules::Position();
                in >> word;  // "moves"
            }
            ply = 0;
            while (in >> word) {
                pos.play(rules::parse_uci_move(pos, word));
                ++ply;
            }
        } else if (line.rfind("go", 0) == 0) {
            if (games == spec.gate_game)
                for (int i = 0; i < 12000 && ::access(spec.gate_path.c_str(), F_OK) != 0; ++i)
                    std::this_thread::sleep_for(std::chrono::milliseconds(10));
            if (ply == spec.crash) std::_Exit(3);
            if (ply == spec.hang) {
                for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
            }
            if (auto it = spec.sleep_ms.find(ply); it != spec.sleep_ms.end())
                std::this_thread::sleep_for(std::chrono::milliseconds(it->second));
            std::string score = "cp " + std::to_string(spec.score);
            if (auto it = spec.scores.find(ply); it != spec.scores.end()) score = it->second;
            say(score.empty() ? "info depth 1 nodes 1" : "info depth 1 score " + score + " nodes 1 pv");
            if (auto it = spec.claims.find(ply); it != spec.claims.end())
                say("info string drawproxy claim " + it->second);
            std::string move;
            if (ply == spec.illegal) {
                move = "a1a1";
            } else if (ply == spec.bytes) {
                move = "\xff\xfe";
            } else if (ply < int(spec.moves.size()) && !spec.moves[ply].empty()) {
                move = spec.moves[ply];
            } else {
                rules::MoveList moves = pos.legal_moves();
                move = moves.empty() ? "0000" : rules::to_uci(pos, moves[0]);
            }
            say("bestmove " + move);
        }
    }
    return 0;
}

// Catch's listener runs after static initialisation (the move tables) and before any test.
struct FakeEngineHook : Catch::TestEventListenerBase {
    using TestEventListenerBase::TestEventListenerBase;
    void testRunStarting(Catch::TestRunInfo const&) override {
        std::ifstream cmdline("/proc/self/cmdline", std::ios::binary);
        std::vector<std::string> argv;
        std::string arg;
        while (std::getline(cmdline, arg, '\0')) argv.push_back(arg);
        if (argv.size() >= 3 && argv[1] == "drawproxy-fake-engine") std::exit(run_fake(parse_spec(argv[2])));
    }
};

}  // namespace

CATCH_REGISTER_LISTENER(FakeEngineHook)
