#include "tournament/engine_pool.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <chrono>
#include <cstdlib>
#include <utility>

namespace drawproxy::tournament {
namespace {

// Starts an engine; with dir= the engine runs there (and a relative cmd is found there), as
// in cutechess-cli. The event loop is single-threaded, so changing directory around the
// start is safe.
std::unique_ptr<engine::EngineProcess> start_engine_in(boost::asio::io_context& io, const EngineConfig& cfg) {
    if (cfg.dir.empty())
        return std::make_unique<engine::EngineProcess>(io, cfg.cmd, cfg.args, cfg.stderr_file);
    char* old = ::getcwd(nullptr, 0);
    if (!old || ::chdir(cfg.dir.c_str()) != 0) {
        std::free(old);
        throw engine::EngineStartError(
            fmt::format("cannot enter directory '{}' for engine '{}'", cfg.dir, cfg.name));
    }
    std::unique_ptr<engine::EngineProcess> process;
    try {
        process = std::make_unique<engine::EngineProcess>(io, cfg.cmd, cfg.args, cfg.stderr_file);
    } catch (...) {
        (void)!::chdir(old);
        std::free(old);
        throw;
    }
    (void)!::chdir(old);
    std::free(old);
    return process;
}

}  // namespace

std::shared_ptr<EngineSession> EnginePool::acquire(const EngineConfig& config) {
    auto& idle = idle_[&config];
    while (!idle.empty()) {
        std::shared_ptr<EngineSession> s = std::move(idle.back());
        idle.pop_back();
        if (!s->exited) return s;
    }
    auto s = std::make_shared<EngineSession>();
    s->config = &config;
    s->process = start_engine_in(io_, config);
    ++started_;
    std::weak_ptr<EngineSession> weak = s;
    if (log_) {
        auto write = [this, &config, id = started_ - 1](char dir, std::string_view line) {
            const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                                std::chrono::steady_clock::now() - log_start_)
                                .count();
            std::fprintf(log_, "%lld %c%s(%d): %.*s\n", static_cast<long long>(ms), dir, config.name.c_str(),
                         id, int(line.size()), line.data());
        };
        s->process->on_sent([write](std::string_view line) { write('>', line); });
        s->log_line = [write](std::string_view line) { write('<', line); };
    }
    s->process->on_line([weak](std::string_view line) {
        auto self = weak.lock();
        if (!self) return;
        if (self->log_line) self->log_line(line);
        if (auto l = self->listener.lock()) l->engine_line(self->color, line);
    });
    s->process->on_exit([this, weak](int status) {
        if (auto self = weak.lock()) on_exit(self, status);
    });
    s->process->start();
    return s;
}

void EnginePool::on_exit(const std::shared_ptr<EngineSession>& s, int status) {
    s->exited = true;
    if (auto l = s->listener.lock()) return l->engine_exit(s->color, status);
    // Idle or retiring: dropped later, never inside the process's own exit handler.
    boost::asio::post(io_, [this, s] { forget(s); });
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
    if (s->exited) return;
    retiring_.insert(s);
    s->process->stop(std::chrono::milliseconds(300));
}

void EnginePool::shutdown() {
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
