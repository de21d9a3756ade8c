#include "check/compliance.h"

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <deque>
#include <exception>
#include <memory>

#include "engine/engine_process.h"

namespace drawproxy::check {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

bool begins(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }
bool has(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

// What a step does. The steps are fastchess', in its order and words; a step's `command` is
// the line it sends (not always the one its words name: step 34 sends btime too).
enum class Do {
    start,
    ready,
    id_name,
    id_author,
    new_game,
    send,
    read_bestmove,
    read_move,
    has_info,
    info_valid,
    has_score
};

struct Step {
    std::string_view what;
    Do action;
    std::string_view command = {};
};

constexpr std::string_view FEN_WHITE =
    "position fen 3r2k1/p5n1/1pq1p2p/2p3p1/2P1P1n1/1P1P2pP/PN1Q2K1/5R2 w - - 0 27";
constexpr std::string_view FEN_BLACK =
    "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

constexpr Step STEPS[] = {
    {"Start the engine", Do::start},
    {"Check if engine is ready", Do::ready},
    {"Check id name", Do::id_name},
    {"Check id author", Do::id_author},
    {"Send ucinewgame", Do::new_game},
    {"Set position to startpos", Do::send, "position startpos"},
    {"Check if engine is ready after startpos", Do::ready},
    {"Set position to fen", Do::send, FEN_WHITE},
    {"Check if engine is ready after fen", Do::ready},
    {"Send go wtime 100", Do::send, "go wtime 100"},
    {"Read bestmove", Do::read_bestmove},
    {"Check if engine prints an info line", Do::has_info},
    {"Verify info line format is valid", Do::info_valid},
    {"Verify info line contains score", Do::has_score},
    {"Set position to black to move", Do::send, FEN_BLACK},
    {"Send go btime 100", Do::send, "go btime 100"},
    {"Read bestmove after go btime 100", Do::read_bestmove},
    {"Check if engine prints an info line after go btime 100", Do::has_info},
    {"Verify info line format is valid after go btime 100", Do::info_valid},
    {"Check if engine prints an info line with the score after go btime 100", Do::has_score},
    {"Send go wtime 100 winc 100 btime 100 binc 100", Do::send, "go wtime 100 winc 100 btime 100 binc 100"},
    {"Read bestmove after go wtime 100 winc 100 btime 100 binc 100", Do::read_bestmove},
    {"Check if engine prints an info line after go wtime 100 winc 100", Do::has_info},
    {"Verify info line format is valid after go wtime 100 winc 100", Do::info_valid},
    {"Check if engine prints an info line with the score after go wtime 100 winc 100", Do::has_score},
    {"Send go btime 100 binc 100 wtime 100 winc 100", Do::send, "go btime 100 binc 100 wtime 100 winc 100"},
    {"Read bestmove after go btime 100 binc 100 wtime 100 winc 100", Do::read_bestmove},
    {"Check if engine prints an info line after go btime 100 binc 100", Do::has_info},
    {"Verify info line format is valid after go btime 100 binc 100", Do::info_valid},
    {"Check if engine prints an info line with the score after go btime 100 binc 100", Do::has_score},
    {"Check if engine prints an info line after go btime 100 binc 100", Do::has_score},
    // a short game
    {"Send ucinewgame", Do::new_game},
    {"Set position to startpos", Do::send, "position startpos"},
    {"Send go wtime 100", Do::send, "go wtime 100 btime 100"},
    {"Read bestmove after go wtime 100 btime 100", Do::read_move},
    {"Verify info line format is valid after go wtime 100 btime 100", Do::info_valid},
    {"Set position to startpos moves e2e4 e7e5", Do::send, "position startpos moves e2e4 e7e5"},
    {"Send go wtime 100 btime 100", Do::send, "go wtime 100 btime 100"},
    {"Read bestmove after position startpos moves e2e4 e7e5", Do::read_move},
    {"Verify info line format is valid after position startpos moves e2e4 e7e5", Do::info_valid},
};

// The engine under test. As in fastchess, `read_` holds the lines of the last wait for uciok
// or bestmove only (a wait for readyok keeps its own), and a wait ends at the first line that
// starts with the word.
class Engine {
  public:
    Engine(const ComplianceOptions& o, ComplianceReport& r) : options_(o), report_(r) {}
    ~Engine() { shut_down(); }

    const std::vector<std::string>& last_read() const { return read_; }
    const std::optional<std::string>& id_name() const { return id_name_; }
    const std::optional<std::string>& id_author() const { return id_author_; }

    bool start() {
        try {
            process_ = std::make_unique<engine::EngineProcess>(io_, options_.program, options_.args);
            process_->on_line([this](std::string_view line) { pending_.emplace_back(line); });
            process_->on_exit([this](int) { exited_ = true; });
            process_->start();
        } catch (const std::exception&) {
            process_.reset();
            return false;
        }
        if (!send("uci")) return false;
        const bool ok = read_until("uciok", options_.startup, read_);
        for (const std::string& line : read_) {
            if (begins(line, "id name ")) id_name_ = line.substr(8);
            if (begins(line, "id author ")) id_author_ = line.substr(10);
        }
        return ok;
    }

    // The engine is still there (what it has said is taken in first).
    bool alive() {
        if (!process_) return false;
        if (io_.stopped()) io_.restart();
        io_.poll();
        return !exited_;
    }

    bool send(std::string_view line) {
        if (!alive()) return false;
        process_->send_line(line);
        return true;
    }

    bool ready(milliseconds timeout) {
        if (!alive()) return false;
        send("isready");
        std::vector<std::string> lines;
        if (read_until("readyok", timeout, lines)) return true;
        report_.warning("Warning; Engine  is not responsive");  // fastchess names no engine here
        return false;
    }

    bool read_bestmove() { return read_until("bestmove", options_.ping, read_); }

  private:
    bool read_until(std::string_view word, milliseconds timeout, std::vector<std::string>& into) {
        into.clear();
        const auto deadline = Clock::now() + timeout;
        while (std::optional<std::string> line = next_line(deadline)) {
            if (line->empty()) continue;  // fastchess keeps no empty line
            into.push_back(std::move(*line));
            if (begins(into.back(), word)) return true;
        }
        return false;
    }

    std::optional<std::string> next_line(Clock::time_point deadline) {
        while (pending_.empty() && !exited_ && Clock::now() < deadline) {
            if (io_.stopped()) io_.restart();
            io_.run_one_until(deadline);
        }
        if (pending_.empty()) return std::nullopt;
        std::string line = std::move(pending_.front());
        pending_.pop_front();
        return line;
    }

    // stop and quit, as fastchess ends; then SIGTERM and SIGKILL: the engine never outlives us.
    void shut_down() {
        if (!process_) return;
        if (alive()) {
            process_->send_line("stop");
            process_->stop(options_.quit_grace);
            const auto deadline = Clock::now() + 3 * options_.quit_grace;
            while (!exited_ && Clock::now() < deadline) {
                if (io_.stopped()) io_.restart();
                io_.run_one_until(deadline);
            }
        }
        process_.reset();  // kills and reaps it if it still runs
    }

    const ComplianceOptions& options_;
    ComplianceReport& report_;
    boost::asio::io_context io_;
    std::unique_ptr<engine::EngineProcess> process_;
    std::deque<std::string> pending_;
    bool exited_ = false;
    std::vector<std::string> read_;
    std::optional<std::string> id_name_, id_author_;
};

bool perform(const Step& step, Engine& e, const ComplianceOptions& o, ComplianceReport& report) {
    std::string why;
    switch (step.action) {
        case Do::start:
            return e.start();
        case Do::ready:
            return e.ready(o.ping);
        case Do::id_name:
            return e.id_name().has_value();
        case Do::id_author:
            return e.id_author().has_value();
        case Do::new_game:
            return e.send("ucinewgame") && e.ready(o.ucinewgame);
        case Do::send:
            return e.send(step.command);
        case Do::read_bestmove:
            return e.read_bestmove();
        case Do::read_move:
            if (!e.read_bestmove()) return false;
            if (bestmove_of(e.last_read(), why)) return true;
            report.warning(why);
            return false;
        case Do::has_info:
            return !last_info_line(e.last_read()).empty();
        case Do::info_valid:
            if (auto fault = info_line_fault(last_info_line(e.last_read()))) {
                report.info_line_fault(*fault);
                return false;
            }
            return true;
        case Do::has_score:
            return has(last_info_line(e.last_read()), "score");
    }
    return false;
}

// Words split at white space, as an istream reads them.
std::vector<std::string_view> words_of(std::string_view s) {
    std::vector<std::string_view> words;
    constexpr std::string_view BLANKS = " \t\n\v\f\r";
    for (std::size_t at = s.find_first_not_of(BLANKS); at != std::string_view::npos;
         at = s.find_first_not_of(BLANKS, at)) {
        const std::size_t end = std::min(s.find_first_of(BLANKS, at), s.size());
        words.push_back(s.substr(at, end - at));
        at = end;
    }
    return words;
}

}  // namespace

std::string last_info_line(const std::vector<std::string>& lines) {
    std::string bound;
    for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
        const std::string& line = *it;
        if (has(line, "info string") || !has(line, "info") || !has(line, " score ")) continue;
        if (has(line, " multipv ") && !has(line, " multipv 1")) continue;
        if (!has(line, "lowerbound") && !has(line, "upperbound")) return line;
        if (bound.empty()) bound = line;
    }
    return bound;
}

std::optional<std::string> info_line_fault(std::string_view line) {
    const std::vector<std::string_view> words = words_of(line);
    if (words.empty() || words[0] != "info") return "Invalid info line format: " + std::string(line);
    for (std::size_t i = 1; i < words.size(); ++i) {
        if (words[i] != "time" && words[i] != "nps" && words[i] != "score") continue;
        if (++i == words.size()) return "No value after token: " + std::string(words[i - 1]);
        if (has(words[i], ".")) return "Time/NPS/Score value is not an integer: " + std::string(words[i]);
    }
    return std::nullopt;
}

std::optional<std::string> bestmove_of(const std::vector<std::string>& lines, std::string& why) {
    // fastchess' words, with the engine's name (empty in its compliance test) left out
    if (lines.empty()) {
        why = "Warning; No output from ";
        return std::nullopt;
    }
    const std::string& last = lines.back();
    const std::string because = "Warning; No bestmove found from  because: ";
    if (!begins(last, "bestmove")) {
        why = because + "Line does not start with 'bestmove'. Last line was: " + last;
        return std::nullopt;
    }
    std::vector<std::string_view> words;  // split at single spaces, as fastchess splits it
    for (std::size_t at = 0; at <= last.size();) {
        const std::size_t end = std::min(last.find(' ', at), last.size());
        if (end > at) words.emplace_back(std::string_view(last).substr(at, end - at));
        at = end + 1;
    }
    for (std::size_t i = 0; i + 1 < words.size(); ++i)
        if (words[i] == "bestmove") return std::string(words[i + 1]);
    why = because + "Element 'bestmove' not found. Last line was: " + last;
    return std::nullopt;
}

bool run_compliance(const ComplianceOptions& options, ComplianceReport& report) {
    Engine engine(options, report);
    int n = 0;
    for (const Step& step : STEPS) {
        report.step_begun(++n, step.what);
        if (!perform(step, engine, options, report)) {
            report.step_failed(n, step.what, engine.last_read());
            return false;
        }
        report.step_passed(n, step.what);
    }
    return true;
}

}  // namespace drawproxy::check
