#include "uci/engine_message.h"

#include <fmt/format.h>

#include "uci/tokens.h"

namespace drawproxy::uci {

void EngineMessage::clear() {
    type = EngineMessageType::Unknown;
    id_field = id_value = bestmove = ponder = status = {};
    info.depth = info.seldepth = info.multipv = info.currmovenumber = info.hashfull = info.cpuload =
        std::nullopt;
    info.time = info.nodes = info.nps = info.tbhits = info.sbhits = std::nullopt;
    info.score = Score{};
    info.currmove = {};
    info.pv.clear();
    info.refutation.clear();
    info.currline_cpu.reset();
    info.currline.clear();
    info.string.reset();
    option.name = option.type_text = {};
    option.type = OptionType::Unknown;
    option.default_value.reset();
    option.min = option.max = std::nullopt;
    option.vars.clear();
}

namespace {

bool is_info_keyword(std::string_view w) {
    static constexpr std::string_view keys[] = {
        "depth",  "seldepth", "time",           "nodes",      "pv",      "multipv",
        "score",  "currmove", "currmovenumber", "hashfull",   "nps",     "tbhits",
        "sbhits", "cpuload",  "string",         "refutation", "currline"};
    for (auto k : keys)
        if (w == k) return true;
    return false;
}

// Reads the score fields after "score"; `t` is left after them.
Score read_score(Tokens& t) {
    Score s;
    while (!t.done()) {
        std::string_view w = t.peek();
        if (w == "cp" || w == "mate") {
            t.next();
            if (auto v = to_number<int>(t.peek())) {
                t.next();
                s.kind = w == "cp" ? Score::Cp : Score::Mate;
                s.value = *v;
            }
        } else if (w == "lowerbound") {
            t.next();
            s.lowerbound = true;
        } else if (w == "upperbound") {
            t.next();
            s.upperbound = true;
        } else {
            break;
        }
    }
    return s;
}

void parse_info(Tokens& t, Info& info) {
    auto moves = [&t](std::vector<std::string_view>& out) {
        while (!t.done() && !is_info_keyword(t.peek())) out.push_back(t.next());
    };
    auto int_field = [&t](auto& field) {
        using T = typename std::remove_reference_t<decltype(field)>::value_type;
        if (auto v = to_number<T>(t.peek())) {
            field = v;
            t.next();
        }
    };
    while (!t.done()) {
        std::string_view w = t.next();
        if (w == "string") {
            info.string = t.rest();
            t.skip_to_end();
        } else if (w == "depth")
            int_field(info.depth);
        else if (w == "seldepth")
            int_field(info.seldepth);
        else if (w == "time")
            int_field(info.time);
        else if (w == "nodes")
            int_field(info.nodes);
        else if (w == "multipv")
            int_field(info.multipv);
        else if (w == "currmovenumber")
            int_field(info.currmovenumber);
        else if (w == "hashfull")
            int_field(info.hashfull);
        else if (w == "nps")
            int_field(info.nps);
        else if (w == "tbhits")
            int_field(info.tbhits);
        else if (w == "sbhits")
            int_field(info.sbhits);
        else if (w == "cpuload")
            int_field(info.cpuload);
        else if (w == "score")
            info.score = read_score(t);
        else if (w == "currmove") {
            if (!t.done() && !is_info_keyword(t.peek())) info.currmove = t.next();
        } else if (w == "pv")
            moves(info.pv);
        else if (w == "refutation")
            moves(info.refutation);
        else if (w == "currline") {
            if (auto cpu = to_number<int>(t.peek())) {
                info.currline_cpu = cpu;
                t.next();
            }
            moves(info.currline);
        }
    }
}

OptionType option_type(std::string_view w) {
    if (w == "check") return OptionType::Check;
    if (w == "spin") return OptionType::Spin;
    if (w == "combo") return OptionType::Combo;
    if (w == "button") return OptionType::Button;
    if (w == "string") return OptionType::String;
    return OptionType::Unknown;
}

void parse_option(Tokens& t, OptionDecl& opt) {
    auto until = [&t](auto is_stop) {
        std::string_view first, last;
        while (!t.done() && !is_stop(t.peek())) {
            last = t.next();
            if (first.empty()) first = last;
        }
        return span(first, last);
    };
    auto keyword = [](std::string_view w) {
        return w == "name" || w == "type" || w == "default" || w == "min" || w == "max" || w == "var";
    };
    while (!t.done()) {
        std::string_view w = t.next();
        if (w == "name")
            opt.name = until([](std::string_view x) { return x == "type"; });
        else if (w == "type") {
            opt.type_text = t.next();
            opt.type = option_type(opt.type_text);
        } else if (w == "default") {
            // A string option's default may hold spaces; "<empty>" is kept as written.
            opt.default_value =
                until([](std::string_view x) { return x == "min" || x == "max" || x == "var"; });
        } else if (w == "min")
            opt.min = to_number<std::int64_t>(t.next());
        else if (w == "max")
            opt.max = to_number<std::int64_t>(t.next());
        else if (w == "var")
            opt.vars.push_back(until(keyword));
    }
}

EngineMessageType message_type(std::string_view w) {
    if (w == "info") return EngineMessageType::Info;
    if (w == "bestmove") return EngineMessageType::BestMove;
    if (w == "id") return EngineMessageType::Id;
    if (w == "uciok") return EngineMessageType::UciOk;
    if (w == "readyok") return EngineMessageType::ReadyOk;
    if (w == "option") return EngineMessageType::Option;
    if (w == "copyprotection") return EngineMessageType::CopyProtection;
    if (w == "registration") return EngineMessageType::Registration;
    return EngineMessageType::Unknown;
}

}  // namespace

void parse_engine_message(std::string_view line, EngineMessage& out) {
    out.clear();
    Tokens t(line);
    while (!t.done()) {
        EngineMessageType type = message_type(t.next());
        if (type == EngineMessageType::Unknown) continue;
        out.type = type;
        switch (type) {
            case EngineMessageType::Id:
                out.id_field = t.next();
                out.id_value = t.rest();
                break;
            case EngineMessageType::BestMove:
                out.bestmove = t.next();
                while (!t.done())
                    if (t.next() == "ponder") out.ponder = t.next();
                break;
            case EngineMessageType::CopyProtection:
            case EngineMessageType::Registration:
                out.status = t.next();
                break;
            case EngineMessageType::Info:
                parse_info(t, out.info);
                break;
            case EngineMessageType::Option:
                parse_option(t, out.option);
                break;
            default:
                break;
        }
        return;
    }
}

EngineMessage parse_engine_message(std::string_view line) {
    EngineMessage msg;
    parse_engine_message(line, msg);
    return msg;
}

Score parse_info_score(std::string_view line, int* multipv) {
    Tokens t(line);
    if (t.next() != "info") return {};
    Score s;
    if (multipv) *multipv = 1;
    while (!t.done()) {
        std::string_view w = t.next();
        if (w == "string") break;
        if (w == "score")
            s = read_score(t);
        else if (w == "multipv" && multipv)
            *multipv = to_number<int>(t.peek()).value_or(1);
    }
    return s;
}

void append_engine_message(const EngineMessage& msg, std::string& out) {
    auto it = std::back_inserter(out);
    auto join = [&out](const std::vector<std::string_view>& words) {
        for (std::string_view w : words) {
            out += ' ';
            out += w;
        }
    };
    switch (msg.type) {
        case EngineMessageType::Unknown:
            break;
        case EngineMessageType::Id:
            fmt::format_to(it, "id {} {}", msg.id_field, msg.id_value);
            break;
        case EngineMessageType::UciOk:
            out += "uciok";
            break;
        case EngineMessageType::ReadyOk:
            out += "readyok";
            break;
        case EngineMessageType::BestMove:
            fmt::format_to(it, "bestmove {}", msg.bestmove);
            if (!msg.ponder.empty()) fmt::format_to(it, " ponder {}", msg.ponder);
            break;
        case EngineMessageType::CopyProtection:
            fmt::format_to(it, "copyprotection {}", msg.status);
            break;
        case EngineMessageType::Registration:
            fmt::format_to(it, "registration {}", msg.status);
            break;
        case EngineMessageType::Info: {
            const Info& i = msg.info;
            out += "info";
            auto field = [&](const char* name, const auto& v) {
                if (v) fmt::format_to(it, " {} {}", name, *v);
            };
            field("depth", i.depth);
            field("seldepth", i.seldepth);
            field("multipv", i.multipv);
            if (i.score.kind != Score::None) {
                fmt::format_to(it, " score {} {}", i.score.kind == Score::Cp ? "cp" : "mate", i.score.value);
                if (i.score.lowerbound) out += " lowerbound";
                if (i.score.upperbound) out += " upperbound";
            }
            field("nodes", i.nodes);
            field("nps", i.nps);
            field("hashfull", i.hashfull);
            field("tbhits", i.tbhits);
            field("sbhits", i.sbhits);
            field("cpuload", i.cpuload);
            field("time", i.time);
            if (!i.currmove.empty()) fmt::format_to(it, " currmove {}", i.currmove);
            field("currmovenumber", i.currmovenumber);
            if (!i.refutation.empty()) {
                out += " refutation";
                join(i.refutation);
            }
            if (i.currline_cpu || !i.currline.empty()) {
                out += " currline";
                if (i.currline_cpu) fmt::format_to(it, " {}", *i.currline_cpu);
                join(i.currline);
            }
            if (!i.pv.empty()) {
                out += " pv";
                join(i.pv);
            }
            if (i.string) fmt::format_to(it, " string {}", *i.string);  // last: it takes the rest of the line
            break;
        }
        case EngineMessageType::Option: {
            const OptionDecl& o = msg.option;
            out += "option";
            if (!o.name.empty()) fmt::format_to(it, " name {}", o.name);
            // A reader takes every word up to "type" as the name, so without a type the
            // fields after the name could not be read back apart from it: leave them out.
            if (o.type_text.empty()) break;
            fmt::format_to(it, " type {}", o.type_text);
            if (o.default_value) fmt::format_to(it, " default {}", *o.default_value);
            if (o.min) fmt::format_to(it, " min {}", *o.min);
            if (o.max) fmt::format_to(it, " max {}", *o.max);
            for (auto v : o.vars) fmt::format_to(it, " var {}", v);
            break;
        }
    }
}

std::string format_engine_message(const EngineMessage& msg) {
    std::string s;
    append_engine_message(msg, s);
    return s;
}

}  // namespace drawproxy::uci
