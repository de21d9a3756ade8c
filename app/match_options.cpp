#include "app/match_options.h"

#include "app/engines_json.h"
#include "app/runner_options.h"
#include "journal/state.h"

#include <fmt/format.h>
#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>

namespace drawproxy::app {

using namespace game;
using namespace tournament;
using namespace stats;
using namespace journal;
using namespace output;
namespace {

using Tokens = std::vector<std::string>;

template <class Int>
Int to_int(const std::string& text, const std::string& what, Int min_value) {
    Int value{};
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < min_value)
        throw OptionError(fmt::format("bad value for {}: '{}'", what, text));
    return value;
}

std::pair<std::string, std::string> split_key(const std::string& token, const std::string& option) {
    auto eq = token.find('=');
    if (eq == std::string::npos || eq == 0)
        throw OptionError(fmt::format("{}: expected key=value, got '{}'", option, token));
    return {token.substr(0, eq), token.substr(eq + 1)};
}

void apply_engine_key(EngineConfig& e, const std::string& token, const std::string& option) {
    // cutechess-cli's flags without a value (whitepov, trust, ponder, debug)
    if (token.find('=') == std::string::npos && apply_runner_engine_key(e, token, "")) return;
    auto [key, value] = split_key(token, option);
    if (key == "cmd") {
        e.cmd = value;
    } else if (key == "name") {
        e.name = value;
    } else if (key == "dir") {
        e.dir = value;
    } else if (key == "arg") {
        e.args.push_back(value);
    } else if (key.rfind("option.", 0) == 0 && key.size() > 7) {
        // a later value for the same option replaces the earlier one (-each, conf=), as in cutechess-cli
        const std::string name = key.substr(7);
        auto same =
            std::find_if(e.options.begin(), e.options.end(), [&](const auto& o) { return o.first == name; });
        if (same != e.options.end())
            same->second = value;
        else
            e.options.emplace_back(name, value);
    } else if (key == "tc") {
        auto tc = parse_time_control(value);
        if (!tc) throw OptionError(fmt::format("bad time control '{}'", value));
        tc->margin_ms = e.tc.margin_ms;
        e.tc = *tc;
    } else if (key == "st") {
        auto ms = parse_seconds(value);
        if (!ms || *ms <= 0) throw OptionError(fmt::format("bad st= value '{}'", value));
        e.tc.infinite = false;
        e.tc.movetime_ms = *ms;
    } else if (key == "timemargin") {
        e.tc.margin_ms = to_int<std::int64_t>(value, "timemargin", 0);
    } else if (key == "nodes") {
        e.nodes = to_int<std::int64_t>(value, "nodes", 1);
    } else if (key == "depth") {
        e.depth = to_int<int>(value, "depth", 1);
    } else if (key == "claim") {
        auto p = ClaimPolicy::parse(value, true);
        if (!p)
            throw OptionError(fmt::format("bad claim policy '{}' (always, never, score:CP, engine)", value));
        e.claim = *p;
    } else if (key == "stall") {
        auto ms = parse_seconds(value);
        if (!ms || *ms <= 0) throw OptionError(fmt::format("bad stall= value '{}'", value));
        e.stall_ms = *ms;
    } else if (key == "startup") {
        auto ms = parse_seconds(value);
        if (!ms || *ms <= 0) throw OptionError(fmt::format("bad startup= value '{}'", value));
        e.startup_ms = *ms;
    } else if (key == "restart") {
        // auto (cutechess-cli's default) keeps a UCI engine between games, as off does
        if (value != "on" && value != "off" && value != "auto")
            throw OptionError(fmt::format("bad restart= value '{}' (on, off, auto)", value));
        e.restart = value == "on";
    } else if (key == "proto") {
        if (value != "uci" && value != "xboard")
            throw OptionError(fmt::format("bad proto= value '{}' (uci, xboard)", value));
        e.protocol = value == "xboard" ? game::Protocol::Xboard : game::Protocol::Uci;
    } else if (!apply_runner_engine_key(e, key, value)) {
        throw OptionError(fmt::format("{}: unknown key '{}'", option, key));
    }
}

}  // namespace

SprtParams parse_sprt_words(const std::vector<std::string>& words, const std::string& option) {
    SprtParams sp;
    bool elo0 = false, elo1 = false;
    for (const auto& v : words) {
        auto [key, value] = split_key(v, option);
        if (key == "model") {
            auto m = parse_sprt_model(value);
            if (!m)
                throw OptionError(fmt::format("{}: bad model '{}' (normalized, logistic)", option, value));
            sp.model = *m;
            continue;
        }
        double x = 0;
        auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), x);
        if (ec != std::errc() || end != value.data() + value.size() || value.empty())
            throw OptionError(fmt::format("{}: bad value '{}'", option, v));
        if (key == "elo0")
            sp.elo0 = x, elo0 = true;
        else if (key == "elo1")
            sp.elo1 = x, elo1 = true;
        else if (key == "alpha")
            sp.alpha = x;
        else if (key == "beta")
            sp.beta = x;
        else
            throw OptionError(fmt::format("{}: unknown key '{}'", option, key));
    }
    if (!elo0 || !elo1) throw OptionError(fmt::format("{} needs elo0= and elo1=", option));
    if (const char* why = sp.invalid_reason()) throw OptionError(fmt::format("{}: {}", option, why));
    return sp;
}

namespace {

// -resume STATE.json, or fastchess' -config file=STATE.json [discard=true|false]: the saved
// command line with whatever else was given after it. Empty path: neither option is given.
std::string resume_request(const std::vector<std::string>& args, Tokens& rest, bool& discard,
                           std::string& option) {
    std::string path;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "-resume" || args[i] == "-config") {
            if (!path.empty())
                throw OptionError(fmt::format("{}: a match resumes from one state file", args[i]));
            const bool fastchess = args[i] == "-config";
            option = args[i];
            for (++i; i < args.size() && !(args[i].size() > 1 && args[i][0] == '-' &&
                                           std::isalpha(static_cast<unsigned char>(args[i][1])));
                 ++i) {
                if (!fastchess) {
                    if (!path.empty()) throw OptionError("-resume takes one file");
                    path = args[i];
                    continue;
                }
                auto [key, value] = split_key(args[i], "-config");
                if (key == "file")
                    path = value;
                else if (key == "discard" && (value == "true" || value == "false"))
                    discard = value == "true";
                else
                    throw OptionError(
                        fmt::format("-config: bad key or value '{}' (file=, discard=true|false)", args[i]));
            }
            if (path.empty())
                throw OptionError(fastchess ? "-config needs file=STATE.json" : "-resume needs a file");
            --i;
        } else {
            rest.push_back(args[i]);
        }
    }
    return path;
}

}  // namespace

MatchOptions parse_match_options(const std::vector<std::string>& given) {
    Tokens extra;
    bool discard = false;
    std::string option;
    const std::string state_path = resume_request(given, extra, discard, option);
    if (!state_path.empty()) {
        MatchState state;
        try {
            state = read_state_file(state_path);
        } catch (const std::runtime_error& e) {
            throw OptionError(fmt::format("{}: {}", option, e.what()));
        }
        Tokens args = state.args;
        args.insert(args.end(), extra.begin(), extra.end());
        MatchOptions opts = parse_match_options(args);
        if (std::find(args.begin(), args.end(), "-autosaveinterval") == args.end())
            opts.autosave_interval = 20;
        opts.state_file = state_path;
        opts.pgn_append = opts.epd_append = true;  // the outputs go on where they stopped
        if (!discard) opts.resume = std::move(state);
        return opts;
    }
    const std::vector<std::string>& args = given;
    MatchOptions opts;
    opts.args = args;
    std::vector<Tokens> engines;
    Tokens each;
    std::optional<std::string> claim_default;
    TimeControl default_tc;
    default_tc.margin_ms = 50;  // pipes and scheduling: a few ms, with room for a loaded machine

    // An option's values run to the next token that starts with '-' and a letter.
    auto is_option = [](const std::string& s) {
        // (and "--" with a letter: fastchess' --compliance, refused by name)
        const std::size_t at = s.size() > 2 && s[0] == '-' && s[1] == '-' ? 2 : 1;
        return s.size() > at && s[0] == '-' && std::isalpha(static_cast<unsigned char>(s[at]));
    };
    for (std::size_t i = 0; i < args.size();) {
        const std::string& opt = args[i];
        if (!is_option(opt)) throw OptionError(fmt::format("unexpected argument '{}'", opt));
        Tokens values;
        for (++i; i < args.size() && !is_option(args[i]); ++i) values.push_back(args[i]);
        auto one = [&]() -> const std::string& {
            if (values.size() != 1) throw OptionError(fmt::format("{} takes one value", opt));
            return values[0];
        };
        auto none = [&] {
            if (!values.empty()) throw OptionError(fmt::format("{} takes no value", opt));
        };
        if (opt == "-engine") {
            engines.push_back(values);
        } else if (opt == "-each") {
            each.insert(each.end(), values.begin(), values.end());
        } else if (opt == "-games") {
            opts.games = to_int<int>(one(), opt, 1);
        } else if (opt == "-rounds") {
            opts.rounds = to_int<int>(one(), opt, 1);
        } else if (opt == "-repeat") {
            if (values.size() > 1) throw OptionError("-repeat takes at most one value");
            opts.opening_repetitions = values.empty() ? 2 : to_int<int>(values[0], opt, 1);
            opts.repeat = opts.opening_repetitions > 1;
        } else if (opt == "-concurrency") {
            opts.concurrency = to_int<int>(one(), opt, 1);
        } else if (opt == "-openings") {
            OpeningsOptions o;
            for (const auto& v : values) {
                auto [key, value] = split_key(v, opt);
                if (key == "file")
                    o.file = value;
                else if (key == "format" && value == "epd")
                    o.format = OpeningsOptions::Format::Epd;
                else if (key == "format" && value == "pgn")
                    o.format = OpeningsOptions::Format::Pgn;
                else if (key == "order" && value == "random")
                    o.random = true;
                else if (key == "order" && value == "sequential")
                    o.random = false;
                else if (key == "plies")
                    o.plies = to_int<int>(value, "plies", 0);
                else if (key == "start")
                    o.start = to_int<int>(value, "start", 1);
                else if (key == "policy" && value == "default")
                    o.policy = OpeningsOptions::Policy::Default;
                else if (key == "policy" && value == "encounter")
                    o.policy = OpeningsOptions::Policy::Encounter;
                else if (key == "policy" && value == "round")
                    o.policy = OpeningsOptions::Policy::Round;
                else
                    throw OptionError(fmt::format("-openings: bad key or value '{}'", v));
            }
            if (o.file.empty()) throw OptionError("-openings needs file=FILE");
            opts.openings = o;
        } else if (opt == "-variant") {
            const std::string& v = one();
            if (v != "standard" && v != "fischerandom")
                throw OptionError(fmt::format("bad variant '{}' (standard, fischerandom)", v));
            opts.chess960 = v == "fischerandom";
        } else if (opt == "-pgnout") {
            apply_pgnout(values, opts);
        } else if (opt == "-jsonout") {
            opts.jsonout = one();
        } else if (opt == "-htmlout") {
            opts.htmlout = one();
        } else if (opt == "-rules") {
            opts.rules = one();
        } else if (opt == "-claim") {
            claim_default = one();
            if (!ClaimPolicy::parse(*claim_default, true))
                throw OptionError(
                    fmt::format("bad claim policy '{}' (always, never, score:CP, engine)", *claim_default));
        } else if (opt == "-draw-offers" || opt == "-draw-offer") {
            opts.draw_offers.enabled = true;
            for (const auto& v : values) {
                auto [key, value] = split_key(v, opt);
                if (key == "score")
                    opts.draw_offers.score_cp = to_int<int>(value, "score", 0);
                else if (key == "moves")
                    opts.draw_offers.moves = to_int<int>(value, "moves", 1);
                else if (key == "after")
                    opts.draw_offers.after = to_int<int>(value, "after", 0);
                else
                    throw OptionError(fmt::format("-draw-offers: unknown key '{}'", key));
            }
        } else if (opt == "-seed" || opt == "-srand") {
            opts.seed = to_int<std::uint64_t>(one(), opt, 0);
            opts.seed_given = true;
        } else if (opt == "-tournament") {
            const std::string& t = one();
            if (t == "round-robin" || t == "roundrobin")  // cutechess-cli's and fastchess' spellings
                opts.tournament = MatchOptions::Tournament::RoundRobin;
            else if (t == "gauntlet")
                opts.tournament = MatchOptions::Tournament::Gauntlet;
            else if (t == "knockout" || t == "pyramid")
                throw OptionError(fmt::format("-tournament {} is not supported (round-robin, gauntlet)", t));
            else
                throw OptionError(fmt::format("bad tournament '{}' (round-robin, gauntlet)", t));
        } else if (opt == "-recover") {
            none();
            opts.recover = true;
        } else if (opt == "-sprt") {
            opts.sprt = parse_sprt_words(values, opt);
        } else if (opt == "-report") {
            const std::string& v = one();
            if (v == "penta=true")
                opts.report_penta = true;
            else if (v == "penta=false")
                opts.report_penta = false;
            else
                throw OptionError(fmt::format("bad -report value '{}' (penta=true, penta=false)", v));
        } else if (opt == "-ratinginterval") {
            opts.rating_interval = to_int<int>(one(), opt, 0);
        } else if (opt == "-scoreinterval") {
            opts.score_interval = to_int<int>(one(), opt, 0);
        } else if (opt == "-output") {
            const std::string& v = one();
            auto f = parse_output_format(v.rfind("format=", 0) == 0 ? v.substr(7) : v);
            if (!f) throw OptionError(fmt::format("bad -output '{}' (drawproxy, cutechess, fastchess)", v));
            opts.output = *f;
        } else if (opt == "-shard") {
            opts.shard = parse_shard(one());
            if (!opts.shard) throw OptionError(fmt::format("bad -shard '{}' (K/N, 1 <= K <= N)", values[0]));
        } else if (opt == "-quiet") {
            none();
            opts.quiet = true;
        } else if (opt == "-autosaveinterval") {
            opts.autosave_interval = to_int<int>(one(), opt, 0);
        } else if (!apply_runner_option(opt, values, opts)) {
            std::string why = refused_option_reason(opt);
            throw OptionError(why.empty() ? fmt::format("unknown option '{}'", opt) : why);
        }
    }
    // The state is kept beside the outputs: without one, only when -autosaveinterval asks for it.
    if (std::find(args.begin(), args.end(), "-autosaveinterval") == args.end() && opts.pgnout.empty() &&
        opts.epdout.empty() && opts.jsonout.empty())
        opts.autosave_interval = 0;
    if (engines.size() < 2) throw OptionError("match needs at least two -engine options");
    if (opts.sprt && engines.size() != 2) throw OptionError("-sprt needs exactly two engines");
    if (opts.shard && !opts.seed_given)
        throw OptionError("-shard needs -seed (or -srand): every part must compute the same schedule");
    if (!opts.seed_given) {
        // As cutechess-cli: without -srand the seed comes from the clock, so book moves, a random
        // opening order and Chess960 starts differ from run to run. It joins the saved command
        // line, so a resumed match goes on with it (and the scheduler says what it was).
        const auto ns = std::chrono::system_clock::now().time_since_epoch() / std::chrono::nanoseconds(1);
        std::uint64_t mix = std::uint64_t(ns) * 0x9e3779b97f4a7c15ULL;
        opts.seed = (mix ^ (mix >> 29)) & 0xffffffffULL;  // -srand takes 32 bits in cutechess-cli
        opts.args.push_back("-srand");
        opts.args.push_back(std::to_string(opts.seed));
    }
    for (std::size_t n = 0; n < engines.size(); ++n) {
        EngineConfig e;
        e.tc = default_tc;
        if (claim_default) e.claim = *ClaimPolicy::parse(*claim_default, true);
        // conf=NAME first: engines.json gives the set-up, -each and the engine's own keys
        // refine it (cutechess-cli's -each comes last; a key given in both differs only there)
        for (const auto& t : engines[n])
            if (t.rfind("conf=", 0) == 0) {
                const std::string path = find_engines_json();
                if (path.empty())
                    throw OptionError(fmt::format(
                        "{}: no engines.json (looked in ./engines.json and ~/.config/cutechess/engines.json)",
                        t));
                apply_engines_json(e, t.substr(5), path);
            }
        for (const auto& t : each) apply_engine_key(e, t, "-each");
        for (const auto& t : engines[n])
            if (t.rfind("conf=", 0) != 0) apply_engine_key(e, t, "-engine");
        e.stall_ms = std::int64_t(double(e.stall_ms) * e.timeout_scale);
        e.startup_ms = std::int64_t(double(e.startup_ms) * e.timeout_scale);
        if (e.cmd.empty()) throw OptionError(fmt::format("engine {} has no cmd=", n + 1));
        if (e.name.empty()) {
            auto slash = e.cmd.find_last_of('/');
            e.name = slash == std::string::npos ? e.cmd : e.cmd.substr(slash + 1);
        }
        if (e.tc.infinite && !e.nodes && !e.depth)
            throw OptionError(
                fmt::format("engine '{}' has no limit: give tc=, st=, nodes= or depth=", e.name));
        opts.engines.push_back(std::move(e));
    }
    return opts;
}

}  // namespace drawproxy::app
