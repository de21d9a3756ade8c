// Fuzzes the UCI protocol parsers both ways and the Claimant that follows them. Invariants:
// nothing crashes; formatting a parsed message and parsing that again gives the same text
// (the formatter's output is a fixed point); every parsed view lies inside the input line.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "proxy/claimant.h"
#include "uci/engine_message.h"
#include "uci/gui_command.h"

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

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 4096) return 0;
    static proxy::Claimant claimant;
    static uci::GuiCommand cmd;
    static uci::EngineMessage msg;
    std::string_view input(reinterpret_cast<const char*>(data), size);
    // Each line is read both as a GUI command and as an engine message.
    while (!input.empty()) {
        std::size_t nl = input.find('\n');
        std::string_view line = input.substr(0, nl);
        input.remove_prefix(nl == std::string_view::npos ? input.size() : nl + 1);

        uci::parse_gui_command(line, cmd);
        check(inside(cmd.option_name, line) && inside(cmd.fen, line), "views lie in the line", line);
        for (auto m : cmd.moves) check(inside(m, line), "move views lie in the line", line);
        std::string once = uci::format_gui_command(cmd);
        std::string twice = uci::format_gui_command(uci::parse_gui_command(once));
        check(once == twice, "GUI command format is a fixed point", line);

        uci::parse_engine_message(line, msg);
        for (auto m : msg.info.pv) check(inside(m, line), "pv views lie in the line", line);
        std::string e1 = uci::format_engine_message(msg);
        std::string e2 = uci::format_engine_message(uci::parse_engine_message(e1));
        check(e1 == e2, "engine message format is a fixed point", line);

        proxy::Claimant::Lines out;
        claimant.on_gui_command(cmd, out);
        if (msg.type == uci::EngineMessageType::Info)
            claimant.info_score(msg.info.score, msg.info.multipv.value_or(1));
        if (msg.type == uci::EngineMessageType::BestMove) claimant.bestmove(msg.bestmove, out);
        check(out.size() <= 2, "at most a claim or result per event", line);
    }
    return 0;
}
