// Backpressure both ways, the engine's whole process group, exact bytes at the end
// of a stream, a crash during shutdown, and the proxy's own quit in the log.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "support/child_session.h"
#include "support/raw_child.h"

using namespace drawproxy::test;
using namespace std::chrono_literals;

namespace {

#ifdef DRAWPROXY_SANITIZED
// ASan's shadow memory and quarantine add tens of MiB to any process; the bound then only
// catches growth at the data rate, and the bytes-accepted checks prove the backpressure.
constexpr long MEMORY_LIMIT_KIB = 160 * 1024;
#else
constexpr long MEMORY_LIMIT_KIB = 16 * 1024;
#endif

int number_after(const std::vector<std::string>& lines, const std::string& prefix) {
    for (const auto& l : lines)
        if (l.rfind(prefix, 0) == 0) return std::stoi(l.substr(prefix.size()));
    return -1;
}

std::string temp_file(const std::string& name) {
    return (std::filesystem::temp_directory_path() / ("drawproxy-" + std::to_string(::getpid()) + "-" + name))
        .string();
}

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    for (std::size_t nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1)
        lines.emplace_back(text, start, nl - start);
    if (start < text.size()) lines.emplace_back(text, start);
    return lines;
}

long peak_over(int pid, std::chrono::milliseconds span) {
    long peak = 0;
    for (auto end = std::chrono::steady_clock::now() + span; std::chrono::steady_clock::now() < end;) {
        peak = std::max(peak, peak_rss_kib(pid));
        std::this_thread::sleep_for(20ms);
    }
    return peak;
}

}  // namespace

TEST_CASE(
    "backpressure: a GUI that stops reading holds the proxy's memory, and lines and claims stay in order",
    "[engine]") {
    const long n = 1000000;  // ~80 MB of info lines
    RawChild p({proxy_binary(), "--", fake_engine_binary(), "--on",
                "go=@flood " + std::to_string(n) + ";bestmove f6g8"});
    // f6g8 brings the start position a third time: its claim comes right before the bestmove.
    p.write("position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1\ngo\n");
    const long peak = peak_over(p.pid(), 1500ms);  // nobody reads
    CHECK(peak > 0);
    CHECK(peak < MEMORY_LIMIT_KIB);
    // Everything is read before the GUI goes: the engine, still flooding, would otherwise be
    // killed at the quit timeout on a loaded machine.
    std::string text = p.read_until("bestmove f6g8\n");
    p.close_input();
    text += p.read_all();
    CHECK(p.wait() == 0);
    auto lines = split_lines(text);
    REQUIRE(lines.size() == std::size_t(n) + 2);
    for (long i = 0; i < n; ++i)
        if (lines[std::size_t(i)].rfind("info depth " + std::to_string(i % 64) + " ", 0) != 0)
            FAIL("line " << i << " out of order: " << lines[std::size_t(i)]);
    CHECK(lines[std::size_t(n)] == "info string drawproxy claim threefold 9.2.1 move f6g8");
    CHECK(lines[std::size_t(n) + 1] == "bestmove f6g8");
}

TEST_CASE("backpressure: an engine that stops reading makes the GUI's writes block, as a pipe would",
          "[engine]") {
    RawChild p({proxy_binary(), "--quit-timeout", "0.2", "--", fake_engine_binary(), "--start", "@hang"});
    ::fcntl(p.input(), F_SETFL, O_NONBLOCK);
    // Long lines, so that the proxy's speed is bytes copied, not lines parsed.
    const std::string chunk = "setoption name Hash value " + std::string(65000, '1') + "\n";
    std::size_t accepted = 0;
    const auto end = std::chrono::steady_clock::now() + 1500ms;
    while (std::chrono::steady_clock::now() < end && accepted < (std::size_t(256) << 20)) {
        ssize_t w = ::write(p.input(), chunk.data(), chunk.size());
        if (w > 0) {
            accepted += std::size_t(w);
        } else {
            pollfd writable{p.input(), POLLOUT, 0};
            ::poll(&writable, 1, 20);
        }
    }
    // The default limit (4 MiB) plus three pipes' buffers and one read.
    INFO("bytes accepted: " << accepted);
    CHECK(accepted < (std::size_t(16) << 20));
    CHECK(peak_rss_kib(p.pid()) < MEMORY_LIMIT_KIB);
    ::kill(p.pid(), SIGTERM);  // still answers a signal while it waits
    CHECK(p.wait() == 128 + SIGTERM);
}

// The proxy runs on plain pipes here, not under EngineProcess, whose own group handling
// would clean up for a proxy that does not.
TEST_CASE("process group: an engine's helper child goes when the proxy ends normally", "[engine]") {
    RawChild p(
        {proxy_binary(), "--quit-timeout", "0.5", "--", fake_engine_binary(), "--start", "@fork;@pid"});
    const auto lines = split_lines(p.read_until("info string pid "));
    const int helper = number_after(lines, "info string child ");
    REQUIRE(helper > 0);
    REQUIRE(process_alive(helper));
    p.close_input();
    CHECK(p.wait() == 0);
    CHECK(gone_soon(helper));
}

TEST_CASE("process group: an engine and its helper child go when the proxy is killed by SIGKILL",
          "[engine]") {
    RawChild p({proxy_binary(), "--", fake_engine_binary(), "--start", "@fork;@pid;isready"});
    const auto lines = split_lines(p.read_until("isready\n"));
    const int engine = number_after(lines, "info string pid ");
    const int helper = number_after(lines, "info string child ");
    REQUIRE(helper > 0);
    REQUIRE(engine > 0);
    ::kill(p.pid(), SIGKILL);
    CHECK(p.wait() == 128 + SIGKILL);
    CHECK(gone_soon(engine));
    CHECK(gone_soon(helper));
}

TEST_CASE("shutdown: an engine that crashes on quit is reported and the proxy exits non-zero", "[engine]") {
    ChildSession s("/bin/sh",
                   {"-c", proxy_binary() + " -- " + fake_engine_binary() + " --on quit=@crash 2>&1"});
    s.send("isready");
    REQUIRE(s.wait_line("readyok"));
    s.close_input();  // the proxy sends quit; the engine dies by SIGSEGV
    REQUIRE(s.wait_exit());
    CHECK(*s.status() == 1);
    auto& l = s.lines();
    CHECK(std::find(l.begin(), l.end(), "info string drawproxy engine exited (status 139)") != l.end());
    CHECK(std::find(l.begin(), l.end(), "drawproxy: engine exited (status 139)") != l.end());
}

TEST_CASE("exact bytes: a last line without a newline is relayed without one, both ways", "[engine]") {
    const std::string to_engine = temp_file("to-engine"), to_gui = temp_file("to-gui");
    std::string cmd =
        "printf 'uci\\nisready' | " + proxy_binary() + " -- /bin/sh -c 'cat > " + to_engine + "'";
    REQUIRE(std::system(cmd.c_str()) == 0);
    CHECK(slurp(to_engine) == "uci\nisready");

    cmd = proxy_binary() + " -- /bin/sh -c \"printf 'readyok\\nlast words'; cat >/dev/null\" </dev/null >" +
          to_gui;
    REQUIRE(std::system(cmd.c_str()) == 0);
    CHECK(slurp(to_gui) == "readyok\nlast words");
    std::filesystem::remove(to_engine);
    std::filesystem::remove(to_gui);
}

TEST_CASE("proxy --log records the quit the proxy sends on its own", "[engine]") {
    const std::string log = temp_file("log");
    std::string cmd = "printf 'isready\\n' | " + proxy_binary() + " --log " + log + " -- " +
                      fake_engine_binary() + " >/dev/null";
    REQUIRE(std::system(cmd.c_str()) == 0);
    const std::string text = slurp(log);
    CHECK(text.find(" gui->engine isready\n") != std::string::npos);
    CHECK(text.find(" proxy->engine quit\n") != std::string::npos);
    std::filesystem::remove(log);
}
