#include "tournament/engine_pool.h"

#include "tournament/engine_dir.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstdlib>
#include <thread>
#include <utility>

namespace drawproxy::tournament {
namespace {

std::string seconds(std::int64_t ms) { return fmt::format("{:g} s", double(ms) / 1000); }

}  // namespace

// One ask for a ready process, from acquire() until `ready` runs or the asker cancels.
struct EnginePool::Request {
    Ticket ticket = 0;
    const EngineConfig* config = nullptr;
    ReadyHandler ready;
    std::shared_ptr<EngineSession> session;  // none while queued for a start slot
    bool fresh = false;                      // its process was started for it: it holds a slot
    int attempts = 0;                        // processes tried so far
    std::string last_line;                   // the current process's last line, for the failure
    std::string first_miss;                  // what the first process did not send in time
    boost::asio::steady_timer timer;
    std::chrono::steady_clock::time_point deadline;  // the current step's allowance ends
    explicit Request(boost::asio::io_context& io) : timer(io) {}
};

EnginePool::EnginePool(boost::asio::io_context& io, bool chess960)
    : io_(io), chess960_(chess960), slots_(start_slots()) {}

EnginePool::~EnginePool() = default;

int EnginePool::start_slots() { return std::max(2, 2 * int(std::thread::hardware_concurrency())); }

EnginePool::Ticket EnginePool::acquire(const EngineConfig& config, ReadyHandler ready) {
    auto r = std::make_shared<Request>(io_);
    r->ticket = ++last_ticket_;
    r->config = &config;
    r->ready = std::move(ready);
    requests_.emplace(r->ticket, r);
    auto& idle = idle_[&config];
    while (!config.restart && !idle.empty()) {
        std::shared_ptr<EngineSession> s = std::move(idle.back());
        idle.pop_back();
        if (!s->exited) {
            ready_idle(r, std::move(s));
            return r->ticket;
        }
    }
    if (starting_ < slots_) {
        try {
            launch(r);
        } catch (...) {
            requests_.erase(r->ticket);
            throw;
        }
    } else {
        // Whether it can start at all is known now: bad input is reported before any game.
        in_engine_dir(config, [&] { return engine::find_program(config.cmd); });
        queue_.push_back(r->ticket);
    }
    return r->ticket;
}

void EnginePool::ready_idle(const std::shared_ptr<Request>& r, std::shared_ptr<EngineSession> s) {
    r->session = std::move(s);
    r->session->readying = r->ticket;
    r->attempts = 1;
    r->last_line.clear();
    if (!r->session->player->new_game()) return arm(*r);
    boost::asio::post(io_, [this, t = r->ticket] {
        if (!requests_.contains(t)) return;
        auto done = close(t);
        done->ready(done->session, {});
    });
}

void EnginePool::launch(const std::shared_ptr<Request>& r) {
    const EngineConfig& config = *r->config;
    auto s = std::make_shared<EngineSession>();
    s->config = &config;
    s->process = in_engine_dir(config, [&] {
        return std::make_unique<engine::EngineProcess>(io_, config.cmd, config.args, config.stderr_file);
    });
    s->player = game::make_player(config, *s->process, chess960_, fastchess_say_ != nullptr);
    ++started_;
    ++starting_;
    r->session = s;
    r->fresh = true;
    ++r->attempts;
    r->last_line.clear();
    s->readying = r->ticket;
    std::weak_ptr<EngineSession> weak = s;
    if (log_) {
        auto write = [log = log_, &config, id = started_ - 1](char dir, std::string_view line) {
            log->line(dir, config.name, id, line);
        };
        s->process->on_sent([write](std::string_view line) { write('>', line); });
        s->log_line = [write](std::string_view line) { write('<', line); };
    }
    s->process->on_line([this, weak](std::string_view line) {
        auto self = weak.lock();
        if (!self) return;
        if (self->log_line) self->log_line(line);
        if (self->readying) return on_readying_line(self, line);
        if (auto l = self->listener.lock()) l->engine_line(self->color, line);
    });
    s->process->on_exit([this, weak](int status) {
        if (auto self = weak.lock()) on_exit(self, status);
    });
    s->process->start();
    // initstr= / initStrings: cutechess-cli writes them before the protocol starts
    for (const std::string& text : config.init_strings) s->process->send_line(text);
    s->player->start();
    arm(*r);  // from the process's start: not the time it waited for a slot
}

void EnginePool::start_queued() {
    while (starting_ < slots_ && !queue_.empty()) {
        const Ticket t = queue_.front();
        queue_.pop_front();
        auto it = requests_.find(t);
        if (it == requests_.end()) continue;
        try {
            launch(it->second);
        } catch (const engine::EngineStartError& e) {
            fail(t, {e.what()});  // it could start when asked: the machine changed since
        }
    }
}

std::int64_t EnginePool::allowance_ms(const Request& r) {
    // uciok (the protocol's start) or readyok (after isready) is awaited
    const bool ready_step = r.session && r.session->player->initialized();
    const std::int64_t ms = ready_step ? r.config->ready_ms : r.config->startup_ms;
    // A first miss says the machine is slow: the second process gets more time, as
    // cutechess-cli gives any engine 35 s to start its protocol.
    return ms * (r.attempts > 1 ? RETRY_SCALE : 1);
}

void EnginePool::arm(Request& r) {
    std::int64_t ms = allowance_ms(r);
    if (r.session && !r.session->player->initialized())
        ms = std::min(ms, r.session->player->first_step_ms().value_or(ms));
    r.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    wait(r);
}

void EnginePool::wait(Request& r) {
    auto until = r.deadline;
    if (r.session)
        if (auto nudge = r.session->player->nudge_ms())
            until = std::min(until, std::chrono::steady_clock::now() + std::chrono::milliseconds(*nudge));
    r.timer.expires_at(until);
    r.timer.async_wait([this, t = r.ticket](const boost::system::error_code& ec) {
        if (ec) return;
        auto it = requests_.find(t);
        if (it == requests_.end()) return;
        Request& r = *it->second;
        if (r.session && std::chrono::steady_clock::now() < r.deadline) {
            r.session->player->nudge();
            return wait(r);
        }
        on_ready_timeout(t);
    });
}

void EnginePool::on_readying_line(const std::shared_ptr<EngineSession>& s, std::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    auto it = requests_.find(s->readying);
    if (it == requests_.end()) return;
    const std::shared_ptr<Request> r = it->second;  // alive past on_step, which may close it
    on_step(*r, s->player->handshake(line));
    if (!line.empty()) r->last_line.assign(line.substr(0, 80));
}

void EnginePool::on_step(Request& r, game::Player::Step step) {
    const std::shared_ptr<EngineSession> s = r.session;
    switch (step) {
        case game::Player::Step::Extend:
            arm(r);
            break;
        case game::Player::Step::Initialized:
            if (const auto* declared = s->player->option_specs(); declared && engine_declared_)
                engine_declared_(*s->config, *declared);
            if (!fastchess_say_) warn_unknown_options(*s);  // once per engine, as cutechess-cli
            arm(r);  // the next answer has its own time, from its request
            break;
        case game::Player::Step::Ready: {
            if (fastchess_say_) warn_unknown_options(*s);  // at each game's start, as fastchess
            auto done = close(r.ticket);
            done->ready(s, {});
            return;
        }
        case game::Player::Step::Waiting:
            break;
    }
}

void EnginePool::on_ready_timeout(Ticket t) {
    auto it = requests_.find(t);
    if (it == requests_.end()) return;
    std::shared_ptr<Request> r = it->second;
    if (const auto step = r->session->player->first_step_expired(); step != game::Player::Step::Waiting)
        return on_step(*r, step);
    const bool ready_step = r->session->player->initialized();
    const std::string miss = fmt::format("no {} within {} of {}", r->session->player->awaited(),
                                         seconds(allowance_ms(*r)), r->session->player->awaited_since());
    const std::string& name = r->config->name;
    if (fastchess_say_ && ready_step) print_fastchess(game::fastchess_not_responsive(name));
    if (fastchess_timeouts_) {
        if (!ready_step && r->config->protocol == game::Protocol::Uci)
            print_fastchess(fmt::format(
                "Fatal; {} engine startup failure: \"Engine didn't respond to uciok after startup\"", name));
        return fail(t, {"sent " + miss, ready_step});
    }
    std::shared_ptr<EngineSession> s = std::move(r->session);
    s->readying = 0;
    retire(s);
    if (r->fresh) --starting_;
    r->fresh = false;
    if (r->attempts >= ATTEMPTS) {
        const std::string did = r->last_line.empty() ? std::string("it sent nothing")
                                                     : fmt::format("its last line: \"{}\"", r->last_line);
        return fail(t,
                    {fmt::format("sent {}; a second process sent {} either ({})", r->first_miss, miss, did)});
    }
    r->first_miss = miss;
    // A slow start on a loaded machine is not a broken engine: a new process, first in line.
    queue_.push_front(t);
    start_queued();
}

std::shared_ptr<EnginePool::Request> EnginePool::close(Ticket t) {
    auto it = requests_.find(t);
    std::shared_ptr<Request> r = std::move(it->second);
    requests_.erase(it);
    r->timer.cancel();
    if (r->session) r->session->readying = 0;
    if (r->fresh) {
        r->fresh = false;
        --starting_;
        // Started after the asker's handler has run, which may cancel or ask again.
        boost::asio::post(io_, [this] { start_queued(); });
    }
    return r;
}

void EnginePool::fail(Ticket t, const NotReady& why) {
    auto r = close(t);
    if (r->session) retire(r->session);
    r->ready(nullptr, why);
}

void EnginePool::cancel(Ticket t) {
    if (!requests_.contains(t)) return;
    auto r = close(t);
    if (r->session) retire(r->session);
    queue_.erase(std::remove(queue_.begin(), queue_.end(), t), queue_.end());
}

void EnginePool::warn_unknown_options(const EngineSession& s) {
    const EngineConfig& config = *s.config;
    if (config.options.empty()) return;
    if (fastchess_say_) return warn_options_as_fastchess(s);
    if (!unknown_options_) return;
    const auto& listed = s.player->option_names();
    std::vector<std::string> unknown;
    for (const auto& [name, value] : config.options)
        if (std::find(listed.begin(), listed.end(), name) == listed.end()) unknown.push_back(name);
    unknown_options_(config, unknown);
}

void EnginePool::warn_options_as_fastchess(const EngineSession& s) {
    const auto& listed = s.player->option_names();
    const auto* specs = s.player->option_specs();
    // fastchess sets Threads first, then the rest in their order, each warned about as it goes.
    for (const bool threads : {true, false})
        for (const auto& [name, value] : s.config->options) {
            if ((name == "Threads") != threads) continue;
            if (std::find(listed.begin(), listed.end(), name) == listed.end()) {
                print_fastchess(fmt::format("Warning; {} doesn't have option {}", s.config->name, name));
                continue;
            }
            if (!specs) continue;
            const auto it = std::find_if(specs->begin(), specs->end(),
                                         [&wanted = name](const auto& o) { return o.name == wanted; });
            if (it == specs->end()) continue;
            if (const std::string w = game::fastchess_option_warning(*it, value, s.config->name); !w.empty())
                print_fastchess(w);
        }
}

void EnginePool::print_fastchess(const std::string& line) {
    if (fastchess_say_) fastchess_say_(line);
}

void EnginePool::on_exit(const std::shared_ptr<EngineSession>& s, int status) {
    s->exited = true;
    if (auto l = s->listener.lock()) return l->engine_exit(s->color, status);
    // Idle, being readied or retiring: dropped later, never inside the process's own exit
    // handler.
    boost::asio::post(io_, [this, s] { forget(s); });
    if (s->readying) {
        // Exited before it was ready: broken, not slow, so not tried again. In fastchess's dialect
        // one that had answered uciok disconnects: fastchess finds it dead at its isready, says
        // so, and scores the game as lost.
        const bool forfeits = fastchess_timeouts_ && s->player->initialized();
        if (forfeits) print_fastchess(game::fastchess_not_responsive(s->config->name));
        fail(s->readying,
             {fmt::format("exited with status {} before {}", status, s->player->awaited()), forfeits});
    }
}

void EnginePool::forget(const std::shared_ptr<EngineSession>& s) {
    retiring_.erase(s);
    auto& idle = idle_[s->config];
    idle.erase(std::remove(idle.begin(), idle.end(), s), idle.end());
    if (retiring_.empty() && all_exited_) std::exchange(all_exited_, nullptr)();
}

void EnginePool::when_all_exited(std::function<void()> done) {
    if (retiring_.empty())
        boost::asio::post(io_, std::move(done));
    else
        all_exited_ = std::move(done);
}

void EnginePool::release(const std::shared_ptr<EngineSession>& s) {
    s->listener.reset();
    ++s->games;
    if (!s->exited) idle_[s->config].push_back(s);
}

void EnginePool::retire(const std::shared_ptr<EngineSession>& s) {
    s->listener.reset();
    s->readying = 0;
    if (s->exited) return;
    retiring_.insert(s);
    s->process->stop(std::chrono::milliseconds(300));
}

void EnginePool::shutdown() {
    for (auto it = requests_.begin(); it != requests_.end();) cancel((it++)->first);
    queue_.clear();
    auto idle = std::move(idle_);
    idle_.clear();
    for (auto& [config, sessions] : idle)
        for (auto& s : sessions) retire(s);
}

int EnginePool::idle() const {
    int n = 0;
    for (const auto& [config, sessions] : idle_) n += int(sessions.size());
    return n;
}

}  // namespace drawproxy::tournament
