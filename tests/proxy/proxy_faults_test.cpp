// Faults: engines that cannot start, die, hang or ignore quit and signals;
// the proxy's own end by EOF, quit and signals. Each checks exit status, message, and that
// no process is left.
#include <signal.h>

#include <catch2/catch.hpp>
#include <thread>

#include "support/child_session.h"

using drawproxy::test::ChildSession;
using drawproxy::test::fake_engine_binary;
using drawproxy::test::gone_soon;
using drawproxy::test::process_alive;
using drawproxy::test::proxy_binary;

namespace {

using Args = std::vector<std::string>;

Args proxy_args(Args proxy_options, const Args& engine_args) {
    proxy_options.push_back("--");
    proxy_options.push_back(fake_engine_binary());
    proxy_options.insert(proxy_options.end(), engine_args.begin(), engine_args.end());
    return proxy_options;
}

// Starts the proxy over a fake engine that prints its pid first; returns that pid.
int engine_pid(ChildSession& s) {
    REQUIRE(s.wait_line("info string pid ", true));
    for (const auto& l : s.lines())
        if (l.rfind("info string pid ", 0) == 0) return std::stoi(l.substr(16));
    return -1;
}

}  // namespace

TEST_CASE("an engine that cannot start: a clear error and exit 2", "[engine]") {
    ChildSession s("/bin/sh", {"-c", proxy_binary() + " -- /nonexistent/engine 2>&1"});
    REQUIRE(s.wait_exit());
    CHECK(*s.status() == 2);
    REQUIRE(s.lines().size() == 1);
    CHECK(s.lines()[0] == "drawproxy: cannot start engine '/nonexistent/engine': No such file or directory");

    ChildSession t("/bin/sh", {"-c", proxy_binary() + " -- no-such-engine-anywhere 2>&1"});
    REQUIRE(t.wait_exit());
    CHECK(*t.status() == 2);
    REQUIRE(t.lines().size() == 1);
    CHECK(t.lines()[0] == "drawproxy: cannot start engine 'no-such-engine-anywhere': not found in PATH");

    ChildSession u("/bin/sh", {"-c", proxy_binary() + " --claim sometimes -- /bin/cat 2>&1"});
    REQUIRE(u.wait_exit());
    CHECK(*u.status() == 2);
}

TEST_CASE("an engine that dies: the exit line toward the GUI and a non-zero exit", "[engine]") {
    SECTION("crash") {
        ChildSession s(proxy_binary(), proxy_args({}, {"--start", "@pid", "--on", "go=info depth 1;@crash"}));
        int pid = engine_pid(s);
        s.send("go depth 1");
        REQUIRE(s.wait_exit());
        CHECK(*s.status() == 1);
        CHECK(s.lines().back() == "info string drawproxy engine exited (status 139)");
        CHECK(s.lines()[s.lines().size() - 2] == "info depth 1");  // its last words were relayed first
        CHECK(gone_soon(pid));
    }
    SECTION("exit status") {
        ChildSession s(proxy_binary(), proxy_args({}, {"--on", "isready=@exit 3"}));
        s.send("isready");
        REQUIRE(s.wait_exit());
        CHECK(*s.status() == 1);
        CHECK(s.lines().back() == "info string drawproxy engine exited (status 3)");
    }
    SECTION("even a clean exit nobody asked for") {
        ChildSession s(proxy_binary(), proxy_args({}, {"--on", "isready=@exit 0"}));
        s.send("isready");
        REQUIRE(s.wait_exit());
        CHECK(*s.status() == 1);
        CHECK(s.lines().back() == "info string drawproxy engine exited (status 0)");
    }
}

TEST_CASE("quit and end of input end the engine and the proxy cleanly", "[engine]") {
    SECTION("quit") {
        ChildSession s(proxy_binary(), proxy_args({}, {"--start", "@pid"}));
        int pid = engine_pid(s);
        s.send("quit");
        REQUIRE(s.wait_exit());
        CHECK(*s.status() == 0);
        CHECK(gone_soon(pid));
        for (const auto& l : s.lines()) CHECK(l.find("engine exited") == std::string::npos);
    }
    SECTION("end of input") {
        ChildSession s(proxy_binary(), proxy_args({}, {"--start", "@pid"}));
        int pid = engine_pid(s);
        s.close_input();
        REQUIRE(s.wait_exit());
        CHECK(*s.status() == 0);
        CHECK(gone_soon(pid));
    }
    SECTION("an engine that ignores quit and signals is killed after the timeouts") {
        ChildSession s(proxy_binary(), proxy_args({"--quit-timeout", "0.2"},
                                                  {"--start", "@pid", "--ignore-quit", "--ignore-signals"}));
        int pid = engine_pid(s);
        auto t0 = std::chrono::steady_clock::now();
        s.send("quit");
        REQUIRE(s.wait_exit(std::chrono::seconds(5)));
        CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(3));
        CHECK(*s.status() == 0);
        CHECK(gone_soon(pid));
    }
    SECTION("a hung engine") {
        ChildSession s(proxy_binary(),
                       proxy_args({"--quit-timeout", "0.2"}, {"--start", "@pid", "--on", "go=@hang"}));
        int pid = engine_pid(s);
        s.send("go infinite");
        s.send("quit");
        REQUIRE(s.wait_exit(std::chrono::seconds(5)));
        CHECK(gone_soon(pid));
    }
}

TEST_CASE("SIGINT, SIGTERM and SIGHUP end the engine and leave no orphan", "[engine]") {
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
        DYNAMIC_SECTION("signal " << sig) {
            ChildSession s(proxy_binary(),
                           proxy_args({"--quit-timeout", "0.3"},
                                      {"--start", "@pid", "--ignore-quit", "--ignore-signals"}));
            int pid = engine_pid(s);
            s.signal(sig);
            REQUIRE(s.wait_exit(std::chrono::seconds(5)));
            CHECK(*s.status() == 128 + sig);
            CHECK(gone_soon(pid));
        }
    }
    SECTION("SIGKILL of the proxy still takes the engine with it") {
        ChildSession s(proxy_binary(), proxy_args({}, {"--start", "@pid"}));
        int pid = engine_pid(s);
        s.signal(SIGKILL);
        REQUIRE(s.wait_exit());
        CHECK(gone_soon(pid));
    }
}

TEST_CASE("SIGPIPE never kills the proxy: a GUI that goes away ends the session", "[engine]") {
    // `head` closes the pipe after one line while the engine floods.
    std::string cmd = "(echo go; sleep 1) | " + proxy_binary() + " -- " + fake_engine_binary() +
                      " --on 'go=@flood 2000000' | head -n 1 >/dev/null; echo status=${PIPESTATUS[1]}";
    ChildSession s("/bin/bash", {"-c", cmd});
    REQUIRE(s.wait_exit(std::chrono::seconds(30)));
    REQUIRE(!s.lines().empty());
    CHECK(s.lines().back() == "status=0");
}
