#include "uci/gui_command.h"

#include <fmt/format.h>

#include <charconv>

#include "uci/tokens.h"

namespace drawproxy::uci {

void GuiCommand::clear() {
    type = GuiCommandType::Unknown;
    debug_on = false;
    option_name = {};
    option_value.reset();
    register_later = false;
    register_name = register_code = {};
    startpos = false;
    fen = {};
    moves.clear();
    go.searchmoves.clear();
    go.ponder = go.infinite = false;
    go.wtime = go.btime = go.winc = go.binc = go.movestogo = go.depth = go.nodes = go.mate = go.movetime =
        std::nullopt;
}

namespace {

GuiCommandType command_type(std::string_view w) {
    if (w == "uci") return GuiCommandType::Uci;
    if (w == "debug") return GuiCommandType::Debug;
    if (w == "isready") return GuiCommandType::IsReady;
    if (w == "setoption") return GuiCommandType::SetOption;
    if (w == "register") return GuiCommandType::Register;
    if (w == "ucinewgame") return GuiCommandType::UciNewGame;
    if (w == "position") return GuiCommandType::Position;
    if (w == "go") return GuiCommandType::Go;
    if (w == "stop") return GuiCommandType::Stop;
    if (w == "ponderhit") return GuiCommandType::PonderHit;
    if (w == "quit") return GuiCommandType::Quit;
    return GuiCommandType::Unknown;
}

// Reads tokens up to (not including) any of `stops`; returns their span.
template <class Stop>
std::string_view read_until(Tokens& t, Stop is_stop) {
    std::string_view first, last;
    while (!t.done() && !is_stop(t.peek())) {
        last = t.next();
        if (first.empty()) first = last;
    }
    return span(first, last);
}

void parse_setoption(Tokens& t, GuiCommand& out) {
    // Tokens before "name" are unknown: skip them.
    while (!t.done() && t.peek() != "name") t.next();
    t.next();
    out.option_name = read_until(t, [](std::string_view w) { return w == "value"; });
    if (t.next() == "value") out.option_value = read_until(t, [](std::string_view) { return false; });
}

void parse_register(Tokens& t, GuiCommand& out) {
    auto keyword = [](std::string_view w) { return w == "name" || w == "code" || w == "later"; };
    while (!t.done()) {
        std::string_view w = t.next();
        if (w == "later")
            out.register_later = true;
        else if (w == "name")
            out.register_name = read_until(t, keyword);
        else if (w == "code")
            out.register_code = read_until(t, keyword);
    }
}

void parse_position(Tokens& t, GuiCommand& out) {
    while (!t.done()) {
        std::string_view w = t.next();
        if (w == "startpos") {
            out.startpos = true;
        } else if (w == "fen") {
            out.fen = read_until(t, [](std::string_view x) { return x == "moves"; });
        } else if (w == "moves") {
            // The hot loop of a long game: local pointers, so the stores into the vector do
            // not force the tokenizer's state back to memory on every move.
            std::string_view rest = t.rest();
            const char* p = rest.data();
            const char* end = p + rest.size();
            while (p < end) {
                while (p < end && is_space(*p)) ++p;
                const char* start = p;
                while (p < end && !is_space(*p)) ++p;
                if (p > start) out.moves.emplace_back(start, std::size_t(p - start));
            }
            t.skip_to_end();
        }
    }
}

void parse_go(Tokens& t, GoParams& go) {
    auto number = [&t](std::optional<std::int64_t>& field) {
        if (auto v = to_number<std::int64_t>(t.peek())) {
            field = v;
            t.next();
        }
    };
    while (!t.done()) {
        std::string_view w = t.next();
        if (w == "searchmoves") {
            // Moves run until the next keyword; a move is 4 or 5 characters starting with a file.
            while (!t.done()) {
                std::string_view m = t.peek();
                if (m.size() < 4 || m.size() > 5 || m[0] < 'a' || m[0] > 'h' || m[1] < '1' || m[1] > '8')
                    break;
                go.searchmoves.push_back(t.next());
            }
        } else if (w == "ponder")
            go.ponder = true;
        else if (w == "infinite")
            go.infinite = true;
        else if (w == "wtime")
            number(go.wtime);
        else if (w == "btime")
            number(go.btime);
        else if (w == "winc")
            number(go.winc);
        else if (w == "binc")
            number(go.binc);
        else if (w == "movestogo")
            number(go.movestogo);
        else if (w == "depth")
            number(go.depth);
        else if (w == "nodes")
            number(go.nodes);
        else if (w == "mate")
            number(go.mate);
        else if (w == "movetime")
            number(go.movetime);
    }
}

}  // namespace

void parse_gui_command(std::string_view line, GuiCommand& out) {
    out.clear();
    Tokens t(line);
    while (!t.done()) {
        GuiCommandType type = command_type(t.next());
        if (type == GuiCommandType::Unknown) continue;
        out.type = type;
        switch (type) {
            case GuiCommandType::Debug:
                out.debug_on = t.next() != "off";
                break;
            case GuiCommandType::SetOption:
                parse_setoption(t, out);
                break;
            case GuiCommandType::Register:
                parse_register(t, out);
                break;
            case GuiCommandType::Position:
                parse_position(t, out);
                break;
            case GuiCommandType::Go:
                parse_go(t, out.go);
                break;
            default:
                break;
        }
        return;
    }
}

GuiCommand parse_gui_command(std::string_view line) {
    GuiCommand cmd;
    parse_gui_command(line, cmd);
    return cmd;
}

void append_gui_command(const GuiCommand& cmd, std::string& out) {
    auto it = std::back_inserter(out);
    auto join = [&out](const std::vector<std::string_view>& words) {
        for (std::string_view w : words) {
            out += ' ';
            out += w;
        }
    };
    switch (cmd.type) {
        case GuiCommandType::Unknown:
            break;
        case GuiCommandType::Uci:
            out += "uci";
            break;
        case GuiCommandType::Debug:
            out += cmd.debug_on ? "debug on" : "debug off";
            break;
        case GuiCommandType::IsReady:
            out += "isready";
            break;
        case GuiCommandType::SetOption:
            fmt::format_to(it, "setoption name {}", cmd.option_name);
            if (cmd.option_value) fmt::format_to(it, " value {}", *cmd.option_value);
            break;
        case GuiCommandType::Register:
            out += "register";
            if (cmd.register_later) out += " later";
            if (!cmd.register_name.empty()) fmt::format_to(it, " name {}", cmd.register_name);
            if (!cmd.register_code.empty()) fmt::format_to(it, " code {}", cmd.register_code);
            break;
        case GuiCommandType::UciNewGame:
            out += "ucinewgame";
            break;
        case GuiCommandType::Position:
            if (cmd.startpos || cmd.fen.empty())
                out += "position startpos";
            else
                fmt::format_to(it, "position fen {}", cmd.fen);
            if (!cmd.moves.empty()) {
                out += " moves";
                join(cmd.moves);
            }
            break;
        case GuiCommandType::Go: {
            const GoParams& g = cmd.go;
            out += "go";
            if (g.ponder) out += " ponder";
            // Written at every move: to_chars, not a format string parsed each time.
            auto field = [&out](std::string_view name, const std::optional<std::int64_t>& v) {
                if (!v) return;
                char digits[24];
                const auto end = std::to_chars(digits, digits + sizeof digits, *v).ptr;
                out += ' ';
                out += name;
                out += ' ';
                out.append(digits, end);
            };
            field("wtime", g.wtime);
            field("btime", g.btime);
            field("winc", g.winc);
            field("binc", g.binc);
            field("movestogo", g.movestogo);
            field("depth", g.depth);
            field("nodes", g.nodes);
            field("mate", g.mate);
            field("movetime", g.movetime);
            if (g.infinite) out += " infinite";
            if (!g.searchmoves.empty()) {
                out += " searchmoves";
                join(g.searchmoves);
            }
            break;
        }
        case GuiCommandType::Stop:
            out += "stop";
            break;
        case GuiCommandType::PonderHit:
            out += "ponderhit";
            break;
        case GuiCommandType::Quit:
            out += "quit";
            break;
    }
}

std::string format_gui_command(const GuiCommand& cmd) {
    std::string s;
    append_gui_command(cmd, s);
    return s;
}

}  // namespace drawproxy::uci
