// Fuzzes the xboard protocol readers both ways and the xboard front end that acts on them.
// Each line is read as a GUI command and as an engine message: nothing crashes, formatting a
// parsed message and parsing that again gives the same text, every view lies in the line.
// The same lines drive an XboardSession: a line starting with '<' is the UCI engine's (the rest
// of it), any other the GUI's. Invariant: nothing the session writes to the GUI would be read by
// xboard as a draw claim or offer ("Draw", or "offer" with "draw"), except its claims, results
// and offers, and the lines xboard reads before it looks for those (errors, illegal moves,
// tellusererror, moves); every option it offers reads back as an option feature.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "cecp/engine_message.h"
#include "cecp/gui_command.h"
#include "cecp/option_feature.h"
#include "proxy/xboard_session.h"

using namespace drawproxy;

namespace {

void check(bool ok, const char* what, std::string_view line) {
    if (ok) return;
    std::fprintf(stderr, "invariant broken: %s\n  %.*s\n", what, int(line.size()), line.data());
    std::abort();
}

bool inside(std::string_view part, std::string_view whole) {
    return part.empty() ||
           (part.data() >= whole.data() && part.data() + part.size() <= whole.data() + whole.size());
}

bool may_mention_draw(std::string_view l) {
    for (std::string_view p :
         {"1/2-1/2 {", "1-0 {", "0-1 {", "Error (", "Illegal move", "tellusererror ", "move "})
        if (l.starts_with(p)) return true;
    return l == "offer draw";
}

struct CheckedOutput : proxy::XboardSession::Output {
    void to_gui(std::string_view text) override {
        while (!text.empty()) {
            std::string_view l = text.substr(0, text.find('\n'));
            text.remove_prefix(std::min(text.size(), l.size() + 1));
            check(may_mention_draw(l) || !cecp::mentions_draw(l), "no stray draw words toward xboard", l);
            if (l.starts_with("feature option=\"") && l.ends_with('"')) {
                static cecp::OptionFeature option;
                check(cecp::parse_option_feature(l.substr(16, l.size() - 17), option),
                      "our options read back", l);
            }
        }
    }
    void to_engine(std::string_view) override {}
    void quit() override {}
};

void check_parsers(std::string_view line) {
    static cecp::GuiCommand cmd;
    static cecp::EngineMessage msg;
    cecp::parse_gui_command(line, cmd);
    check(inside(cmd.text, line) && inside(cmd.value, line) && inside(cmd.line, line),
          "GUI views lie in the line", line);
    std::string once = cecp::format_gui_command(cmd);
    std::string twice = cecp::format_gui_command(cecp::parse_gui_command(once));
    check(once == twice, "GUI command format is a fixed point", line);

    cecp::parse_engine_message(line, msg);
    check(inside(msg.text, line) && inside(msg.reason, line), "engine views lie in the line", line);
    for (const auto& f : msg.features)
        check(inside(f.name, line) && inside(f.value, line), "feature views", line);
    std::string e1 = cecp::format_engine_message(msg);
    std::string e2 = cecp::format_engine_message(cecp::parse_engine_message(e1));
    check(e1 == e2, "engine message format is a fixed point", line);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 4096) return 0;
    static const proxy::XboardOptions options;
    CheckedOutput out;
    proxy::XboardSession session(options, out);
    session.start();
    std::string_view input(reinterpret_cast<const char*>(data), size);
    // An odd first byte: the engine has already said uciok, as it usually has.
    if (size > 0 && (data[0] & 1)) {
        session.on_engine_line("id name Fuzzed");
        session.on_engine_line("option name Hash type spin default 16 min 1 max 64");
        session.on_engine_line("uciok");
    }
    while (!input.empty()) {
        std::size_t nl = input.find('\n');
        std::string_view line = input.substr(0, nl);
        input.remove_prefix(nl == std::string_view::npos ? input.size() : nl + 1);
        check_parsers(line);
        if (!line.empty() && line.front() == '<')
            session.on_engine_line(line.substr(1));
        else
            session.on_gui_line(line);
    }
    return 0;
}
