// drawproxy --xboard as a process: a GUI speaking xboard to it, real Stockfish and the scripted
// fake engine behind it; claims, faults, signals, and no process left behind.
#include <signal.h>

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "support/child_session.h"
#include "support/text_file.h"

namespace {

using drawproxy::test::binary_path;
using drawproxy::test::ChildSession;
using drawproxy::test::fake_engine_binary;
using drawproxy::test::gone_soon;
using drawproxy::test::proxy_binary;
using drawproxy::test::read_lines;
using Args = std::vector<std::string>;

const char* STOCKFISH = "/usr/games/stockfish";
// Qf8+ Kh7 Qf7+ Kh8: White must give perpetual check, Black's king has one square each time.
const char* PERPETUAL = "7k/5Q2/7p/8/8/8/rq4PP/7K w - - 0 1";

std::string temp_file(const std::string& name) { return binary_path("tests/tmp_xboard_" + name); }

// The handshake as xboard does it; returns the feature lines.
std::vector<std::string> handshake(ChildSession& s) {
    s.send("xboard");
    s.send("protover 2");
    REQUIRE(s.wait_line("feature done=1"));
    std::vector<std::string> features;
    for (const auto& l : s.lines())
        if (l.starts_with("feature ")) features.push_back(l);
    return features;
}

void new_game(ChildSession& s, const std::string& fen) {
    for (const std::string& l :
         {std::string("new"), std::string("sd 10"), std::string("st 10"), std::string("easy"),
          std::string("force"), "setboard " + fen, std::string("ping 1")})
        s.send(l);
    REQUIRE(s.wait_line("pong 1"));
}

// Lines after the last `mark` that xboard would read as a claim or offer, claims excluded.
bool has_stray_draw_words(const std::vector<std::string>& lines) {
    for (const auto& l : lines) {
        if (l.starts_with("1/2-1/2 {") || l == "offer draw" || l.starts_with("feature ")) continue;
        if (l.find("Draw") != std::string::npos ||
            (l.find("offer") != std::string::npos && l.find("draw") != std::string::npos))
            return true;
    }
    return false;
}

}  // namespace

TEST_CASE("xboard process with Stockfish: the handshake offers its options and ours, at once after uciok",
          "[e2e]") {
    ChildSession s(proxy_binary(), {"--xboard", "--", STOCKFISH});
    const auto features = handshake(s);
    bool ping = false, hash = false, ours = false, name = false;
    for (const auto& f : features) {
        ping = ping || f.find(" ping=1 ") != std::string::npos;
        hash = hash || f.starts_with("feature option=\"Hash -spin 16 1 ");
        ours = ours || f == "feature option=\"drawproxy Claim -combo *always /// never /// score\"";
        name = name || f.find("myname=\"Stockfish ") != std::string::npos;
    }
    CHECK(ping);
    CHECK(hash);
    CHECK(ours);
    CHECK(name);
    s.send("quit");
    REQUIRE(s.wait_exit());
    CHECK(s.status() == 0);
}

TEST_CASE("xboard process with Stockfish: White claims the threefold as Black's move arrives (9.2.2)",
          "[e2e]") {
    ChildSession s(proxy_binary(), {"--xboard", "--", STOCKFISH});
    handshake(s);
    new_game(s, PERPETUAL);
    s.send("go");
    for (const char* reply : {"h8h7", "h7h8", "h8h7"}) {
        REQUIRE(s.wait_line("move ", true));
        s.send(std::string("usermove ") + reply);
    }
    REQUIRE(s.wait_line("move ", true));  // Qf7+, the position before Kh8 a second time
    s.send("usermove h7h8");              // the start position a third time
    REQUIRE(s.wait_line("1/2-1/2 {Draw by threefold repetition 9.2.2}"));
    CHECK(!has_stray_draw_words(s.lines()));
    s.send("quit");
    REQUIRE(s.wait_exit());
}

TEST_CASE("xboard process with Stockfish: Black claims with its move, offer draw then the move (9.2.1)",
          "[e2e]") {
    ChildSession s(proxy_binary(), {"--xboard", "--rules", "fide-2014", "--", STOCKFISH});
    handshake(s);
    new_game(s, PERPETUAL);
    s.send("usermove f7f8");
    s.send("go");  // Stockfish plays Black: each king move is forced
    for (const char* check : {"f8f7", "f7f8", "f8f7"}) {
        REQUIRE(s.wait_line("move ", true));
        s.send(std::string("usermove ") + check);
    }
    // Kh8 brings back the start position a third time. The offer comes right before the
    // move, never a result line before it.
    REQUIRE(s.wait_line("move h7h8"));
    const auto& lines = s.lines();
    REQUIRE(lines.size() >= 2);
    CHECK(lines[lines.size() - 2] == "offer draw");
    CHECK(!has_stray_draw_words(lines));
}

TEST_CASE("xboard process: bad input is answered and changes nothing", "[engine]") {
    ChildSession s(proxy_binary(), {"--xboard", "--", fake_engine_binary()});
    handshake(s);
    s.send("new");
    s.send("force");
    s.send("bogus command");
    REQUIRE(s.wait_line("Error (unknown command): bogus command"));
    s.send("usermove e2e5");
    REQUIRE(s.wait_line("Illegal move: e2e5"));
    s.send("setboard not a fen");
    REQUIRE(s.wait_line("tellusererror Illegal position: ", true));
    s.send(std::string(100000, 'x'));
    REQUIRE(s.wait_line("Error (unknown command): ", true));
    s.send("ping 4");
    REQUIRE(s.wait_line("pong 4"));
    s.send("quit");
    REQUIRE(s.wait_exit());
    CHECK(s.status() == 0);
}

TEST_CASE("xboard process: an engine that dies gets tellusererror, and the adapter exits non-zero",
          "[engine]") {
    ChildSession s(proxy_binary(), {"--xboard", "--", fake_engine_binary(), "--on", "go=@crash"});
    handshake(s);
    s.send("new");
    s.send("usermove e2e4");  // the engine plays Black: it searches, and dies
    REQUIRE(s.wait_line("tellusererror drawproxy: the engine exited (status 139)"));
    REQUIRE(s.wait_exit());
    CHECK(s.status() == 1);
}

TEST_CASE("xboard process: an engine that never says uciok is given up on", "[engine]") {
    const std::string log = temp_file("no_uciok.log");
    ChildSession s(proxy_binary(), {"--xboard", "--start-timeout", "0.5", "--log", log, "--",
                                    fake_engine_binary(), "--start", "@pid", "--on", "uci=@hang"});
    s.send("xboard");
    s.send("protover 2");
    REQUIRE(s.wait_line("feature done=0"));  // at once: the engine's options are not known yet
    REQUIRE(s.wait_line("tellusererror drawproxy: the engine did not say uciok within 0.5 s"));
    REQUIRE(s.wait_exit());
    CHECK(s.status() == 1);
    int engine_pid = 0;
    for (const auto& l : read_lines(log))
        if (auto p = l.find("info string pid "); p != std::string::npos)
            engine_pid = std::stoi(l.substr(p + 16));
    REQUIRE(engine_pid > 0);
    CHECK(gone_soon(engine_pid));
}

TEST_CASE("xboard process: SIGTERM, quit and end of input stop the engine and leave nothing behind",
          "[engine]") {
    for (const char* how : {"signal", "quit", "eof"}) {
        CAPTURE(how);
        const std::string log = temp_file(std::string("stop_") + how + ".log");
        ChildSession s(proxy_binary(),
                       {"--xboard", "--log", log, "--", fake_engine_binary(), "--start", "@pid"});
        handshake(s);
        s.send("ping 1");
        REQUIRE(s.wait_line("pong 1"));
        if (std::string(how) == "signal") s.signal(SIGTERM);
        if (std::string(how) == "quit") s.send("quit");
        if (std::string(how) == "eof") s.close_input();
        REQUIRE(s.wait_exit());
        CHECK(s.status() == (std::string(how) == "signal" ? 128 + SIGTERM : 0));
        int engine_pid = 0;
        for (const auto& l : read_lines(log))
            if (auto p = l.find("info string pid "); p != std::string::npos)
                engine_pid = std::stoi(l.substr(p + 16));
        REQUIRE(engine_pid > 0);
        CHECK(gone_soon(engine_pid));
    }
}
