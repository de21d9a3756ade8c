#include "check/runner.h"

#include <boost/asio/io_context.hpp>
#include <deque>
#include <memory>
#include <optional>

#include "engine/engine_process.h"

namespace drawproxy::check {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

constexpr milliseconds STOP_GRACE{2000};  // after `stop`, before the engine counts as hung
constexpr milliseconds QUIT_GRACE{500};   // quit, then SIGTERM, then SIGKILL

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

// One engine process and the lines it has sent, driven by running the io_context until a
// wanted line or a deadline.
class Session {
  public:
    Session(const RunOptions& o) : options_(o) {}
    ~Session() { shut_down(); }

    bool alive() const { return process_ && !exited_; }
    int exit_status() const { return status_; }
    bool chess960() const { return chess960_; }
    const std::string& name() const { return name_; }

    // Starts the engine and completes uci/uciok and isready/readyok; throws
    // engine::EngineStartError or NotUciEngine.
    void start() {
        shut_down();
        io_.restart();
        lines_.clear();
        exited_ = false;
        process_ = std::make_unique<engine::EngineProcess>(io_, options_.program, options_.args);
        // A process given up on may still deliver its last callbacks on this loop: they carry
        // its generation and are dropped, so they never reach the restarted engine's state.
        const int generation = ++generation_;
        process_->on_line([this, generation](std::string_view line) {
            if (generation != generation_) return;
            if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
            lines_.emplace_back(line);
        });
        process_->on_exit([this, generation](int status) {
            if (generation != generation_) return;
            exited_ = true;
            status_ = status;
        });
        process_->start();
        send("uci");
        const auto deadline = Clock::now() + options_.startup_timeout;
        for (;;) {
            std::optional<std::string> line = next_line(deadline);
            if (!line) {
                throw NotUciEngine(exited_ ? "it exited (status " + std::to_string(status_) + ") before uciok"
                                           : "no uciok within " + seconds(options_.startup_timeout));
            }
            if (*line == "uciok") break;
            if (starts_with(*line, "id name ")) name_ = line->substr(8);
            if (starts_with(*line, "option name UCI_Chess960 ")) chess960_ = true;
        }
        if (!ready()) throw NotUciEngine("no readyok within " + seconds(options_.startup_timeout));
    }

    void send(std::string_view line) {
        if (process_) process_->send_line(line);
    }

    // isready/readyok within the start-up timeout.
    bool ready() {
        send("isready");
        return wait_for("readyok", Clock::now() + options_.startup_timeout);
    }

    // Runs the event loop until a line arrives, the engine is gone, or the deadline.
    std::optional<std::string> next_line(Clock::time_point deadline) {
        while (lines_.empty() && !exited_ && Clock::now() < deadline) io_.run_one_until(deadline);
        if (lines_.empty()) return std::nullopt;
        std::string line = std::move(lines_.front());
        lines_.pop_front();
        return line;
    }

    bool wait_for(std::string_view word, Clock::time_point deadline) {
        while (std::optional<std::string> line = next_line(deadline))
            if (*line == word) return true;
        return false;
    }

    void kill() {
        if (!alive()) return;
        process_->kill();
        const auto deadline = Clock::now() + QUIT_GRACE;
        while (!exited_ && Clock::now() < deadline) io_.run_one_until(deadline);
    }

    // quit, SIGTERM, SIGKILL; waits for the exit so no process outlives the session.
    void shut_down() {
        if (!process_) return;
        if (!exited_) {
            process_->stop(QUIT_GRACE);
            const auto deadline = Clock::now() + 4 * QUIT_GRACE;
            while (!exited_ && Clock::now() < deadline) io_.run_one_until(deadline);
        }
        process_.reset();  // kills it if it still runs
    }

    static std::string seconds(milliseconds ms) {
        return std::to_string(ms.count() / 1000.0).substr(0, 4) + " s";
    }

  private:
    const RunOptions& options_;
    boost::asio::io_context io_;
    std::unique_ptr<engine::EngineProcess> process_;
    std::deque<std::string> lines_;
    bool exited_ = false;
    int status_ = 0;
    int generation_ = 0;  // of the current process
    bool chess960_ = false;
    std::string name_;
};

milliseconds search_timeout(const RunOptions& o) {
    if (o.search_timeout.count() > 0) return o.search_timeout;
    if (o.limit.kind == Limit::MoveTime) return milliseconds(o.limit.value) + milliseconds(5000);
    return milliseconds(15000);
}

// One probe on a running engine (restarted first if the last probe left it dead).
Answer run_probe(Session& s, const Probe& p, const RunOptions& o) {
    Answer a;
    if (!s.alive()) {
        try {
            s.start();
        } catch (const std::exception&) {
            a.exited = true;
            a.exit_status = s.exit_status();
            return a;
        }
    }
    if (p.chess960) s.send("setoption name UCI_Chess960 value true");
    s.send("ucinewgame");
    if (!s.ready()) {
        a.exited = !s.alive();
        a.exit_status = s.exit_status();
        if (s.alive()) s.kill();
        return a;
    }
    s.send("position " + p.position);
    s.send(o.limit.go_command());
    const auto start = Clock::now();
    auto deadline = start + search_timeout(o);
    for (;;) {
        std::optional<std::string> line = s.next_line(deadline);
        if (!line) {
            if (!s.alive()) {
                a.exited = true;
                a.exit_status = s.exit_status();
                break;
            }
            if (a.needed_stop) {  // silent even after stop: hung
                s.kill();
                break;
            }
            a.needed_stop = true;
            s.send("stop");
            deadline = Clock::now() + STOP_GRACE;
            continue;
        }
        if (starts_with(*line, "info string drawproxy claim ")) {
            a.claims.push_back(*line);
        } else if (starts_with(*line, "info ")) {
            int multipv = 1;
            const uci::Score score = uci::parse_info_score(*line, &multipv);
            if (score.kind != uci::Score::None && multipv == 1 && !score.lowerbound && !score.upperbound)
                a.score = score;
        } else if (starts_with(*line, "bestmove")) {
            std::string_view rest = std::string_view(*line).substr(8);
            while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
            a.bestmove = std::string(rest.substr(0, rest.find(' ')));
            a.answered = true;
            a.seconds = std::chrono::duration<double>(Clock::now() - start).count();
            break;
        }
    }
    // After a finished game, the engine must still be there and answer.
    if (a.answered && p.expect.finished && !s.ready()) {
        a.exited = !s.alive();
        a.exit_status = s.exit_status();
        if (!a.exited) a.answered = false, s.kill();
    }
    if (p.chess960 && s.alive()) s.send("setoption name UCI_Chess960 value false");
    return a;
}

}  // namespace

std::string Limit::text() const {
    switch (kind) {
        case Depth:
            return "depth " + std::to_string(value);
        case Nodes:
            return "nodes " + std::to_string(value);
        case MoveTime:
            return "movetime " + std::to_string(value);
    }
    return {};
}

std::string Limit::go_command() const { return "go " + text(); }

int Card::count(Outcome o) const {
    int n = 0;
    for (const ProbeResult& r : results) n += r.judgement.outcome == o;
    return n;
}

Card run_check(const RunOptions& options) {
    const auto start = Clock::now();
    Session session(options);
    session.start();
    Card card;
    card.engine = session.name().empty() ? options.program : session.name();
    card.limit = options.limit;
    card.chess960 = session.chess960();
    std::vector<const Probe*> selection = options.probes;
    if (selection.empty())
        for (const Probe& p : probes()) selection.push_back(&p);
    for (const Probe* p : selection) {
        ProbeResult r{p, {}, {}};
        if (p->chess960 && !card.chess960) {
            r.judgement = {Outcome::NotApplicable, "the engine offers no UCI_Chess960"};
        } else {
            r.answer = run_probe(session, *p, options);
            card.claiming_engine |= !r.answer.claims.empty();
        }
        card.results.push_back(std::move(r));
    }
    session.shut_down();
    // Judged once all probes ran: the claim probes apply only to an engine that claims.
    for (ProbeResult& r : card.results)
        if (!(r.probe->chess960 && !card.chess960))
            r.judgement = judge(*r.probe, r.answer, card.claiming_engine);
    card.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return card;
}

}  // namespace drawproxy::check
