// engine::EngineProcess on its own: lines in order and intact, exit statuses, a stop that
// escalates for an engine that ignores quit and SIGTERM, and a clear error for a bad command.
#include <signal.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <string>

#include "engine/engine_process.h"
#include "support/child_session.h"

using namespace drawproxy;
using namespace std::chrono_literals;

TEST_CASE("engine process: lines come in order with a trailing CR kept, and the exit status is reported",
          "[engine]") {
    test::ChildSession s(test::fake_engine_binary(), {"--on", "hello=one;two\r;@exit 7"});
    s.send("hello");
    REQUIRE(s.wait_exit());
    REQUIRE(s.lines().size() == 2);
    CHECK(s.lines()[0] == "one");
    CHECK(s.lines()[1] == "two\r");
    CHECK(*s.status() == 7);
}

TEST_CASE("engine process: death by a signal is reported as 128 + signal", "[engine]") {
    test::ChildSession s(test::fake_engine_binary(), {"--on", "go=@crash"});
    s.send("go");
    REQUIRE(s.wait_exit());
    CHECK(*s.status() == 128 + SIGSEGV);
}

TEST_CASE("engine process: stop() escalates to SIGKILL for an engine that ignores quit and SIGTERM",
          "[engine]") {
    boost::asio::io_context io;
    engine::EngineProcess p(io, test::fake_engine_binary(),
                            {"--ignore-quit", "--ignore-signals", "--start", "signals ignored"});
    std::optional<int> status;
    bool ignoring = false;
    p.on_line([&](std::string_view line) { ignoring = ignoring || line == "signals ignored"; });
    p.on_exit([&](int st) { status = st; });
    p.start();
    const int pid = p.pid();
    // Stopped only once it ignores SIGTERM: sooner (a loaded machine starts it slowly), the
    // SIGTERM would end it before its handlers are set.
    const auto started = std::chrono::steady_clock::now() + 5s;
    while (!ignoring && std::chrono::steady_clock::now() < started) io.run_one_for(50ms);
    REQUIRE(ignoring);
    p.stop(100ms);
    const auto deadline = std::chrono::steady_clock::now() + 5s;
    while (!status && std::chrono::steady_clock::now() < deadline) io.run_one_for(50ms);
    REQUIRE(status);
    CHECK(*status == 128 + SIGKILL);
    CHECK_FALSE(test::process_alive(pid));
}

TEST_CASE("engine process: a program that does not exist is an EngineStartError naming it") {
    boost::asio::io_context io;
    try {
        engine::EngineProcess p(io, "/nonexistent/engine-xyz", {});
        FAIL("no error");
    } catch (const engine::EngineStartError& e) {
        CHECK(std::string(e.what()).find("/nonexistent/engine-xyz") != std::string::npos);
    }
}

TEST_CASE("engine process: a helper child the engine started goes with it (its own process group)",
          "[engine]") {
    boost::asio::io_context io;
    engine::EngineProcess p(io, test::fake_engine_binary(), {"--start", "@fork"});
    int helper = -1;
    std::optional<int> status;
    p.on_line([&](std::string_view l) {
        if (l.starts_with("info string child ")) helper = std::stoi(std::string(l.substr(18)));
    });
    p.on_exit([&](int st) { status = st; });
    p.start();
    const auto deadline = std::chrono::steady_clock::now() + 5s;
    while (helper < 0 && std::chrono::steady_clock::now() < deadline) io.run_one_for(50ms);
    REQUIRE(helper > 0);
    CHECK(test::process_alive(helper));
    p.stop(200ms);
    while (!status && std::chrono::steady_clock::now() < deadline) io.run_one_for(50ms);
    REQUIRE(status);
    CHECK(*status == 0);
    // The group is killed as the engine exits; the helper goes a moment later (gone_soon sleeps
    // between looks: io.run_one_for returns at once when io has no work left).
    CHECK(test::gone_soon(helper));
}

TEST_CASE("engine process: writing to an engine that closed its input is no SIGPIPE for the host",
          "[engine]") {
    ::signal(SIGPIPE, SIG_DFL);  // as a fresh host starts; the engine process must change it
    boost::asio::io_context io;
    engine::EngineProcess p(io, "/bin/sh", {"-c", "exec 0<&-; echo closed; sleep 5"});
    bool closed = false;
    std::optional<int> status;
    p.on_line([&](std::string_view line) { closed = closed || line == "closed"; });
    p.on_exit([&](int st) { status = st; });
    p.start();
    auto deadline = std::chrono::steady_clock::now() + 5s;
    while (!closed && std::chrono::steady_clock::now() < deadline) io.run_one_for(50ms);
    REQUIRE(closed);  // its input has no reader now: the next write meets EPIPE
    p.send_line("uci");
    p.send_line("isready");
    deadline = std::chrono::steady_clock::now() + 300ms;
    while (std::chrono::steady_clock::now() < deadline) io.run_one_for(50ms);
    p.stop(100ms);  // still here to stop it
    deadline = std::chrono::steady_clock::now() + 5s;
    while (!status && std::chrono::steady_clock::now() < deadline) io.run_one_for(50ms);
    CHECK(status);
}

TEST_CASE("engine process: the engine inherits stdin, stdout and stderr only", "[engine]") {
    // Two engines at once, as in a match: the second must not hold the first one's pipes.
    boost::asio::io_context io;
    engine::EngineProcess first(io, "/bin/sh", {"-c", "sleep 5"});
    first.on_line([](std::string_view) {});
    first.on_exit([](int) {});
    first.start();
    engine::EngineProcess second(io, "/bin/sh", {"-c", "cd /proc/$$/fd && echo *"});
    std::string fds;
    std::optional<int> status;
    second.on_line([&](std::string_view line) { fds = line; });
    second.on_exit([&](int st) { status = st; });
    second.start();
    const auto deadline = std::chrono::steady_clock::now() + 5s;
    while (!status && std::chrono::steady_clock::now() < deadline) io.run_one_for(50ms);
    REQUIRE(status);
    CHECK(fds == "0 1 2 3");  // 3: the directory the shell's glob is reading
    first.kill();
}
