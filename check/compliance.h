#pragma once
// fastchess' UCI compliance test (`fastchess --compliance ENGINE [ARGS]`): its forty steps in
// its order (start and uciok, isready, the id lines, ucinewgame, positions, five searches on
// a 100 ms clock and the info line each prints), stopping at the first that fails. Each wait
// has fastchess' timeout as a deadline (uciok 10 s, readyok and bestmove 60 s), so an engine
// that stops answering fails its step instead of hanging the test; the engine is always shut
// down and reaped before run_compliance() returns. What it says goes to a ComplianceReport:
// app/ prints it in fastchess' words.
#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace drawproxy::check {

struct ComplianceOptions {
    std::string program;
    std::vector<std::string> args;
    std::chrono::milliseconds startup{10000};     // uci to uciok
    std::chrono::milliseconds ping{60000};        // isready to readyok; go to bestmove
    std::chrono::milliseconds ucinewgame{60000};  // the readyok after ucinewgame
    std::chrono::milliseconds quit_grace{2000};   // quit, then SIGTERM, then SIGKILL
};

class ComplianceReport {
  public:
    virtual ~ComplianceReport() = default;
    virtual void step_begun(int step, std::string_view what) = 0;
    virtual void step_passed(int step, std::string_view what) = 0;
    // `engine_lines`: the engine's lines read by the last wait for uciok or bestmove.
    virtual void step_failed(int step, std::string_view what,
                             const std::vector<std::string>& engine_lines) = 0;
    // fastchess' "Warning; ..." lines (standard output).
    virtual void warning(std::string_view text) = 0;
    // Why an info line is malformed (fastchess says it on standard error).
    virtual void info_line_fault(std::string_view text) = 0;
};

// True when every step passes.
bool run_compliance(const ComplianceOptions& options, ComplianceReport& report);

// The pure parts, as fastchess reads lines:
// the last line with an "info" and a " score " (not "info string", multipv 1 if any),
// preferring an exact score to a bound; empty when there is none.
std::string last_info_line(const std::vector<std::string>& lines);
// What is wrong with an info line: its first word is not "info", or a value after time, nps
// or score is missing or has a '.'; none when it is fine.
std::optional<std::string> info_line_fault(std::string_view line);
// The move of a "bestmove MOVE ..." last line; else none, with `why` in fastchess' words.
std::optional<std::string> bestmove_of(const std::vector<std::string>& lines, std::string& why);

}  // namespace drawproxy::check
