// The engine keys of -engine and -each, one entry each (app/option_table.h).
#include <algorithm>

#include "app/option_table.h"
#include "app/option_values.h"
#include "app/runner_options.h"

namespace drawproxy::app {

using namespace values;
using game::ClaimPolicy;

namespace {

using Key = EngineKeySpec;
constexpr Kind TAKEN = Kind::taken, REFUSED = Kind::refused;

std::int64_t positive_seconds(const std::string& value, const std::string& key) {
    auto ms = game::parse_seconds(value);
    if (!ms || *ms <= 0) throw OptionError(fmt::format("bad {}= value '{}'", key, value));
    return *ms;
}

// uciok and readyok: both waits
void set_startup(EngineConfig& e, const std::string& value, const std::string& key) {
    e.startup_ms = e.ready_ms = positive_seconds(value, key);
}

void set_option(EngineConfig& e, const std::string& value, const std::string& key) {
    // a later value for the same option replaces the earlier one (-each, conf=), as in cutechess-cli
    const std::string name = key.substr(7);
    auto same =
        std::find_if(e.options.begin(), e.options.end(), [&](const auto& o) { return o.first == name; });
    if (same != e.options.end())
        same->second = value;
    else
        e.options.emplace_back(name, value);
}

void set_tc(EngineConfig& e, const std::string& value, const std::string&) {
    auto tc = game::parse_time_control(value);
    if (!tc) throw OptionError(fmt::format("bad time control '{}'", value));
    tc->margin_ms = e.tc.margin_ms;
    e.tc = *tc;
}

void set_margin(EngineConfig& e, const std::string& value, const std::string&) {
    e.tc.margin_ms = to_int<std::int64_t>(value, "timemargin", 0);
}

constexpr Key KEYS[] = {
    {"cmd", ALL, TAKEN, false, [](EngineConfig& e, const std::string& v, const std::string&) { e.cmd = v; },
     "cmd=COMMAND", "the engine program (required)"},
    {"name", DP, TAKEN, false, [](EngineConfig& e, const std::string& v, const std::string&) { e.name = v; },
     "name=NAME", "its name in the output (default: the program's file name)"},
    {"name", CC, TAKEN, false, [](EngineConfig& e, const std::string& v, const std::string&) { e.name = v; },
     "name=NAME", "its name in the output (default: the name it gives itself, its\nUCI id name)"},
    {"name", FC, TAKEN, false, [](EngineConfig& e, const std::string& v, const std::string&) { e.name = v; },
     "name=NAME", "its name in the output (default: the program's file name without its extension)"},
    {"dir", ALL, TAKEN, false, [](EngineConfig& e, const std::string& v, const std::string&) { e.dir = v; },
     "dir=DIR", "run the engine in DIR (a relative cmd is found there)"},
    {"arg", ALL, TAKEN, false,
     [](EngineConfig& e, const std::string& v, const std::string&) { e.args.push_back(v); }, "arg=ARG",
     "one argument for the engine (repeatable)"},
    {"args", ALL, TAKEN, false,
     [](EngineConfig& e, const std::string& v, const std::string&) {
         for (auto& a : split_engine_args(v)) e.args.push_back(std::move(a));
     },
     "args=\"A B ...\"", "several arguments (fastchess), quotes group words"},
    {"option.", ALL, TAKEN, false, set_option, "option.NAME=VALUE",
     "sent as \"setoption name NAME value VALUE\" after uciok"},
    {"tc", DP_CC, TAKEN, false, set_tc, "tc=TC",
     "time control: [MOVES/]TIME[+INC], TIME in seconds or m:ss\n(\"40/60+0.6\", \"10+0.1\", \"2:30+1\"; MOVES 0: "
     "the whole game),\nhgTIME (an hourglass: the time one side uses goes to the other), or\ninf"},
    {"tc", FC, TAKEN, false,
     [](EngineConfig& e, const std::string& v, const std::string& k) {
         // fastchess: 0/ and inf/ say "no moves per period", the same as none
         const auto slash = v.find('/');
         const std::string moves = slash == std::string::npos ? "" : v.substr(0, slash);
         if (v.find("hg") != std::string::npos)
             throw OptionError(fmt::format("bad time control '{}': fastchess has no hourglass (hg)", v));
         set_tc(e, moves == "0" || moves == "inf" ? v.substr(slash + 1) : v, k);
     },
     "tc=TC",
     "time control: [MOVES/]TIME[+INC], TIME in seconds or m:ss\n(\"40/60+0.6\", \"10+0.1\", \"2:30+1\"), or "
     "inf; MOVES 0 or inf:\nno moves per period"},
    {"st", ALL, TAKEN, false,
     [](EngineConfig& e, const std::string& v, const std::string& k) {
         e.tc.infinite = false;
         e.tc.movetime_ms = positive_seconds(v, k);
     },
     "st=SECONDS", "a fixed time per move"},
    {"nodes", ALL, TAKEN, false,
     [](EngineConfig& e, const std::string& v, const std::string&) {
         e.nodes = to_int<std::int64_t>(v, "nodes", 1);
     },
     "nodes=N, depth=N", "search limits, sent with every go (limits combine); plies=N is depth=N"},
    {"depth", ALL, TAKEN, false,
     [](EngineConfig& e, const std::string& v, const std::string&) { e.depth = to_int<int>(v, "depth", 1); },
     "", ""},
    {"plies", ALL, TAKEN, false,  // fastchess' name for depth=
     [](EngineConfig& e, const std::string& v, const std::string&) { e.depth = to_int<int>(v, "plies", 1); },
     "", ""},
    {"timemargin", DP_CC, TAKEN, false, set_margin, "timemargin=MS",
     "latency allowed past the flag before it counts (default 50)"},
    {"timemargin", FC, TAKEN, false, set_margin, "timemargin=MS",
     "latency allowed past the flag before it counts (default 0)"},
    {"stall", ALL, TAKEN, false,
     [](EngineConfig& e, const std::string& v, const std::string& k) { e.stall_ms = positive_seconds(v, k); },
     "stall=SECONDS", "silence that forfeits when no clock runs (default 60)"},
    {"startup", DP_CC, TAKEN, false, set_startup, "startup=SECONDS",
     "time for uciok from the engine's start and for readyok from\nisready (default 10); a process that "
     "misses "
     "it is started once\nmore with 3 times as long, then the match stops before the\ngame is scored"},
    {"startup", FC, TAKEN, false, set_startup, "startup=SECONDS",
     "time for uciok from the engine's start and for readyok from\nisready (default -startup-ms and "
     "-ucinewgame-ms)"},
    {"tscale", ALL, TAKEN, false,
     [](EngineConfig& e, const std::string& v, const std::string&) {
         // cutechess-cli: scales the engine's timeouts (start-up, answers), not its clock
         double f = 0;
         auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), f);
         if (ec != std::errc() || end != v.data() + v.size() || !(f > 0) || f > 1000)
             throw OptionError(fmt::format("bad tscale= value '{}'", v));
         e.timeout_scale = f;
     },
     "tscale=X",
     "multiply stall= and startup= by X (cutechess-cli's timeout scale;\nthe clock is not scaled)"},
    {names::conf_key.substr(0, names::conf_key.size() - 1), ALL, TAKEN, false,
     [](EngineConfig&, const std::string&, const std::string&) {
         throw OptionError("conf= must be given on -engine, where engines.json is read");
     },
     "conf=NAME",
     "the engine NAME of cutechess-cli's engines.json (./engines.json,\nelse "
     "~/.config/cutechess/engines.json); "
     "keys after it refine it"},
    {"stderr", ALL, TAKEN, false,
     [](EngineConfig& e, const std::string& v, const std::string&) {
         if (v.empty()) throw OptionError("stderr= needs a file");
         e.stderr_file = v;
     },
     "stderr=FILE", "append the engine's standard error to FILE"},
    {"initstr", ALL, TAKEN, false,
     [](EngineConfig& e, const std::string& v, const std::string&) {
         // cutechess-cli: "\n" in TEXT starts a new line; the lines go before "uci"
         std::string text = v;
         for (std::size_t at = 0; (at = text.find("\\n", at)) != std::string::npos;)
             text.replace(at, 2, "\n");
         e.init_strings.push_back(std::move(text));
     },
     "initstr=TEXT", "write TEXT to the engine before \"uci\" (\"\\n\" starts a new line)"},
    {"book", ALL, TAKEN, false,
     [](EngineConfig& e, const std::string& v, const std::string&) {
         if (v.empty()) throw OptionError("book= needs a Polyglot book file");
         e.book = v;
     },
     "book=FILE.bin [bookdepth=N]",
     "a Polyglot opening book: its moves are played for the engine, on no\nclock, weighted and seeded by "
     "-seed, "
     "within N full moves"},
    {"bookdepth", ALL, TAKEN, false,
     [](EngineConfig& e, const std::string& v, const std::string&) {
         e.book_depth = to_int<int>(v, "bookdepth", 1);
     },
     "", ""},
    {"whitepov", ALL, TAKEN, true,
     [](EngineConfig& e, const std::string& v, const std::string&) {
         // a flag in cutechess-cli (whitepov, whitepov=true); whitepov=false turns it off
         if (!v.empty() && v != "true" && v != "false")
             throw OptionError(fmt::format("bad whitepov value '{}' (true, false)", v));
         e.white_pov = v != "false";
     },
     "whitepov",
     "the engine's scores are from White's side: turned to the mover's\nfor adjudication, claims and the "
     "PGN"},
    {"claim", ALL, TAKEN, false,
     [](EngineConfig& e, const std::string& v, const std::string&) {
         auto p = ClaimPolicy::parse(v, true);
         if (!p) throw OptionError(fmt::format("bad claim policy '{}' (always, never, score:CP, engine)", v));
         e.claim = *p;
     },
     "claim=POLICY",
     "always (default), never, score:CP (only when the engine's own\nscore is at most CP), engine (the "
     "engine's "
     "own\n\"info string drawproxy claim ...\" lines count)"},
    {"restart", ALL, TAKEN, false,
     [](EngineConfig& e, const std::string& v, const std::string&) {
         // auto (cutechess-cli's default) keeps a UCI engine between games, as off does
         if (v != "on" && v != "off" && v != "auto")
             throw OptionError(fmt::format("bad restart= value '{}' (on, off, auto)", v));
         e.restart = v == "on";
     },
     "restart=on|off|auto",
     "on: a new engine process for every game; off (default): the\nprocess is kept between games "
     "(ucinewgame, "
     "isready) and replaced\nonly after a crash, a stall, an illegal move, or no bestmove\nwithin 1 s of the "
     "`stop` sent when its game ended mid-search;\nauto (cutechess-cli's default) is off"},
    {"proto", ALL, TAKEN, false,
     [](EngineConfig& e, const std::string& v, const std::string&) {
         if (v != "uci" && v != "xboard")
             throw OptionError(fmt::format("bad proto= value '{}' (uci, xboard)", v));
         e.protocol = v == "xboard" ? game::Protocol::Xboard : game::Protocol::Uci;
     },
     "proto=uci|xboard", "the engine's protocol (default uci); xboard is CECP v2"},
    {"trust", ALL, REFUSED, true, nullptr, "", "the arbiter judges every claim by the Laws"},
    {"ponder", ALL, REFUSED, true, nullptr, "", "engines think only on their own time"},
    {"debug", DP_CC, TAKEN, true,
     [](EngineConfig& e, const std::string& v, const std::string&) {
         if (!v.empty() && v != "true" && v != "false")
             throw OptionError(fmt::format("bad debug value '{}' (true, false)", v));
         e.uci_debug = v != "false";
     },
     "debug", "UCI engines: \"debug on\" before each game (-debug all: every engine)"},
    {"debug", FC, REFUSED, true, nullptr, "", "use -log file=FILE engine=true for every engine line"},
};

}  // namespace

std::span<const EngineKeySpec> engine_key_table() { return KEYS; }

const EngineKeySpec* find_engine_key(std::string_view key, Dialect d) {
    for (const Key& k : KEYS) {
        if (!(k.dialects & bit_of(d))) continue;
        const bool match =
            k.name == "option." ? key.size() > 7 && key.substr(0, 7) == "option." : k.name == key;
        if (match) return &k;
    }
    return nullptr;
}

void apply_engine_token(EngineConfig& e, const std::string& token, const std::string& option, Dialect d) {
    const auto eq = token.find('=');
    const std::string key = eq == std::string::npos ? token : token.substr(0, eq);
    const std::string value = eq == std::string::npos ? std::string() : token.substr(eq + 1);
    const Key* spec = find_engine_key(key, d);
    if (eq == std::string::npos && !(spec && spec->flag)) key_value(token, option);  // throws: not key=value
    if (eq == 0) key_value(token, option);
    if (!spec) throw OptionError(fmt::format("{}: unknown key '{}'", option, key));
    if (spec->kind == Kind::refused)
        throw OptionError(fmt::format("{} is not supported: {}", key, spec->help));
    spec->apply(e, value, key);
}

}  // namespace drawproxy::app
