#pragma once
// Runs the probes on a UCI engine child process: the handshake (uci/uciok, isready/readyok
// within a start-up timeout), then for each probe `ucinewgame` + `isready`, `position`,
// `go` with the limit, the last score and the claims until `bestmove`. Every wait has a
// deadline: a search past the probe's timeout gets `stop`, an engine silent after that is
// killed and restarted for the next probe. The engine never outlives run_check().
#include <chrono>
#include <stdexcept>
#include <string>
#include <vector>

#include "check/probes.h"

namespace drawproxy::check {

// The engine did not complete the UCI handshake; what() says how.
class NotUciEngine : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct Limit {
    enum Kind { Depth, Nodes, MoveTime } kind = Depth;
    long long value = 10;
    std::string go_command() const;  // "go depth 10"
    std::string text() const;        // "depth 10"
};

struct RunOptions {
    std::string program;
    std::vector<std::string> args;
    Limit limit;
    std::vector<const Probe*> probes;                  // in order; empty: all
    std::chrono::milliseconds startup_timeout{10000};  // uciok, readyok
    std::chrono::milliseconds search_timeout{0};       // 0: from the limit (see runner.cpp)
};

struct ProbeResult {
    const Probe* probe = nullptr;
    Answer answer;
    Judgement judgement;
};

struct Card {
    std::string engine;  // `id name`, or the program
    Limit limit;
    bool chess960 = false;         // the engine offers UCI_Chess960
    bool claiming_engine = false;  // it printed a drawproxy claim somewhere
    std::vector<ProbeResult> results;
    double seconds = 0;
    int count(Outcome o) const;
};

// Throws engine::EngineStartError (cannot start) or NotUciEngine (no uciok/readyok in time) for the
// first start; later failures are the probes' results.
Card run_check(const RunOptions& options);

}  // namespace drawproxy::check
