#pragma once
// Test helper: an XboardSession driven by hand, the GUI's side and a scripted UCI engine's
// side, with everything it wrote each way recorded.
#include <string>
#include <string_view>
#include <vector>

#include "cecp/result.h"
#include "proxy/xboard_session.h"

namespace drawproxy::test {

struct XboardRecorder : proxy::XboardSession::Output {
    std::vector<std::string> gui, engine;  // each to_gui() call is one entry, lines joined by '\n'
    bool quit_asked = false;
    void to_gui(std::string_view text) override { gui.emplace_back(text); }
    void to_engine(std::string_view line) override { engine.emplace_back(line); }
    void quit() override { quit_asked = true; }
};

class XboardHarness {
  public:
    explicit XboardHarness(proxy::XboardOptions options = {}, bool ready = true)
        : session_(std::move(options), out_) {
        session_.start();
        if (ready) {
            engine("id name FakeEngine 1.0");
            engine("option name Hash type spin default 16 min 1 max 1024");
            engine("option name Threads type spin default 1 min 1 max 8");
            engine("option name UCI_Chess960 type check default false");
            engine("option name Ponder type check default false");
            engine("uciok");
            gui("xboard");
            gui("protover 2");
            take();
            take_engine();
        }
    }
    // Lines are kept alive here: the session may hold views into the line it is given.
    void gui(const std::string& line) { session_.on_gui_line(line); }
    void engine(const std::string& line) { session_.on_engine_line(line); }

    // What was written since the last take (GUI side, engine side).
    std::vector<std::string> take() {
        std::vector<std::string> g = std::move(out_.gui);
        out_.gui.clear();
        for (const std::string& w : g) all_gui_.push_back(w);
        return g;
    }
    std::vector<std::string> take_engine() {
        std::vector<std::string> e = std::move(out_.engine);
        out_.engine.clear();
        for (const std::string& l : e) all_engine_.push_back(l);
        return e;
    }
    // Whether a line starting with `prefix` went to the engine since the last take_engine().
    bool engine_got(std::string_view prefix) const {
        for (const std::string& l : out_.engine)
            if (l.starts_with(prefix)) return true;
        return false;
    }
    // Starts a game the way xboard does in two-machine mode, the engine in force mode.
    void new_game(const std::string& level = "level 40 5 0") {
        gui("new");
        gui(level);
        gui("post");
        gui("easy");
        gui("force");
        take();
        take_engine();
    }
    // Every line written to the GUI so far that is neither a claim nor an offer nor a result.
    // xboard reads "Draw", and "offer" with "draw", in any line as a claim or an offer.
    std::vector<std::string> stray_draw_mentions() {
        take();
        std::vector<std::string> stray;
        for (const std::string& write : all_gui_) {
            std::string_view rest = write;
            while (!rest.empty()) {
                std::string_view l = rest.substr(0, rest.find('\n'));
                rest.remove_prefix(std::min(rest.size(), l.size() + 1));
                const bool claim =
                    l.starts_with("1/2-1/2 {") || l.starts_with("1-0 {") || l.starts_with("0-1 {");
                if (!claim && l != "offer draw" && cecp::mentions_draw(l)) stray.emplace_back(l);
            }
        }
        return stray;
    }
    proxy::XboardSession& session() { return session_; }
    XboardRecorder& out() { return out_; }

  private:
    XboardRecorder out_;
    proxy::XboardSession session_;
    std::vector<std::string> all_gui_, all_engine_;
};

}  // namespace drawproxy::test
