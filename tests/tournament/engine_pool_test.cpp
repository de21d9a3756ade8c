// The pool's start-up limits, with real processes of the fake engine: how many start at once,
// from when the start-up allowance counts, and the one retry before a request fails.
#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <vector>

#include "support/match_helpers.h"
#include "tournament/engine_pool.h"
#include "tournament/settings.h"

using namespace drawproxy;
using game::EngineSession;
using tournament::EnginePool;

namespace {

game::EngineConfig fake_config(const std::string& spec, std::int64_t startup_ms) {
    game::EngineConfig c;
    c.name = "F";
    c.cmd = test::binary_path("bin/fake_player");
    c.args = {spec};
    c.startup_ms = c.ready_ms = startup_ms;
    return c;
}

// Asks `count` processes of `config` of a pool that starts at most `slots` at once; runs the
// loop until every request has been answered and every process has gone.
struct PoolRun {
    int most_starting = 0;  // the most processes started and not yet ready, seen at any answer
    int started = 0;
    std::vector<std::string> failures;
    int forfeits = 0;               // failures that lose the game (fastchess's missed readyok)
    std::vector<std::string> said;  // fastchess's lines
    int ready = 0;

    PoolRun(const game::EngineConfig& config, int count, int slots, bool fastchess = false) {
        boost::asio::io_context io;
        EnginePool pool(io, false);
        pool.set_start_slots(slots);
        pool.set_fastchess_timeouts(fastchess);
        if (fastchess) pool.set_fastchess_warnings([this](const std::string& line) { said.push_back(line); });
        std::vector<std::shared_ptr<EngineSession>> sessions;
        int answered = 0;
        for (int i = 0; i < count; ++i)
            pool.acquire(config, [&](std::shared_ptr<EngineSession> s, const game::NotReady& failure) {
                // The answered requests have given back their slots; the others hold one each.
                most_starting = std::max(most_starting, pool.started() - answered);
                ++answered;
                if (s) {
                    ++ready;
                    sessions.push_back(std::move(s));
                } else {
                    failures.push_back(failure.why);
                    forfeits += failure.forfeits;
                }
                if (answered < count) return;
                for (auto& session : sessions) pool.release(session);
                pool.shutdown();
            });
        // Before the loop runs: only the first `slots` are started, the rest wait their turn.
        CHECK(pool.started() == std::min(count, slots));
        io.run();
        started = pool.started();
    }
};

}  // namespace

TEST_CASE("the pool starts at most its slots of processes at once and answers every request",
          "[match][pool][engine]") {
    const PoolRun run(fake_config("startsleep=200", 10000), 7, 2);
    CHECK(run.ready == 7);
    CHECK(run.failures.empty());
    CHECK(run.started == 7);
    CHECK(run.most_starting <= 2);
}

TEST_CASE("the start-up allowance counts from the process's start, not from the request",
          "[match][pool][engine]") {
    // Two slots, a second to start each: the last of eight waits about 3 s for its turn, past
    // the 2.5 s allowance; counted from its own start it has 1.5 s to spare (a loaded machine).
    const PoolRun run(fake_config("startsleep=1000", 2500), 8, 2);
    CHECK(run.ready == 8);
    CHECK(run.failures.empty());
    CHECK(run.started == 8);  // none was tried twice
}

TEST_CASE("a process that misses the allowance is replaced once, with three times the allowance",
          "[match][pool][engine]") {
    test::TempDir dir;
    const std::string first = dir.file("first-start");
    SECTION("the second process starts: the request is answered with it") {
        const PoolRun run(fake_config("hangfirst=" + first, 1500), 1, 2);
        CHECK(run.ready == 1);
        CHECK(run.failures.empty());
        CHECK(run.started == 2);
        CHECK(::access(first.c_str(), F_OK) == 0);
    }
    SECTION("the second is stuck too: the request fails and says what the engine did") {
        const PoolRun run(fake_config("banner=Fake_by_nobody;startsleep=60000", 500), 1, 2);
        CHECK(run.ready == 0);
        CHECK(run.started == EnginePool::ATTEMPTS);
        REQUIRE(run.failures.size() == 1);
        CHECK(run.failures[0] ==
              "sent no uciok within 0.5 s of its start; a second process sent no uciok within 1.5 s of its "
              "start either (its last line: \"Fake by nobody\")");
    }
    SECTION("readyok late: the failure names isready, not the process's start") {
        // Two seconds: a loaded machine (sanitizers, CI) may take over 0.5 s to start it.
        const PoolRun run(fake_config("readysleep=60000", 2000), 1, 2);
        REQUIRE(run.failures.size() == 1);
        CHECK(run.failures[0] ==
              "sent no readyok within 2 s of isready; a second process sent no readyok within 6 s of "
              "isready either (its last line: \"uciok\")");
    }
}

TEST_CASE("fastchess's timeouts: one process, a missed uciok fails the start, a missed readyok loses",
          "[match][pool][engine]") {
    SECTION("uciok late: fastchess's Fatal line, no second process, not a forfeit") {
        const PoolRun run(fake_config("startsleep=60000", 300), 1, 2, true);
        CHECK(run.started == 1);
        REQUIRE(run.failures.size() == 1);
        CHECK(run.failures[0] == "sent no uciok within 0.3 s of its start");
        CHECK(run.forfeits == 0);
        CHECK(run.said ==
              std::vector<std::string>{
                  "Fatal; F engine startup failure: \"Engine didn't respond to uciok after startup\""});
    }
    SECTION("readyok late: not responsive, and the game is lost") {
        auto config = fake_config("readysleep=60000", 10000);
        config.ready_ms = 300;
        const PoolRun run(config, 1, 2, true);
        CHECK(run.started == 1);
        REQUIRE(run.failures.size() == 1);
        CHECK(run.failures[0] == "sent no readyok within 0.3 s of isready");
        CHECK(run.forfeits == 1);
        CHECK(run.said == std::vector<std::string>{"Warning; Engine F is not responsive"});
    }
    SECTION("each wait has its own allowance: a slow readyok within ready_ms is ready") {
        // Its uciok has 3 s (a loaded machine may take a good part of it to start the process);
        // its readyok comes later than that and within its own allowance.
        auto config = fake_config("readysleep=4000", 3000);
        config.ready_ms = 10000;
        const PoolRun run(config, 1, 2, true);
        CHECK(run.ready == 1);
        CHECK(run.failures.empty());
    }
}

TEST_CASE("a cancelled request that waits for a slot starts no process", "[match][pool][engine]") {
    boost::asio::io_context io;
    EnginePool pool(io, false);
    pool.set_start_slots(2);
    const auto config = fake_config("startsleep=100", 10000);
    std::vector<std::shared_ptr<EngineSession>> sessions;
    bool cancelled_answered = false;
    auto keep = [&](std::shared_ptr<EngineSession> s, const game::NotReady&) {
        sessions.push_back(std::move(s));
        if (sessions.size() < 2) return;
        for (auto& session : sessions)
            if (session) pool.release(session);
        pool.shutdown();
    };
    pool.acquire(config, keep);
    pool.acquire(config, keep);
    pool.cancel(pool.acquire(config, [&](auto, const game::NotReady&) { cancelled_answered = true; }));
    io.run();
    CHECK_FALSE(cancelled_answered);
    CHECK(pool.started() == 2);
    CHECK(sessions.size() == 2);
}
