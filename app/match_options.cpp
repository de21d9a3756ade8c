#include "app/match_options.h"

#include <fmt/format.h>
#include <algorithm>
#include <cctype>
#include <chrono>
#include <thread>

#include "app/engines_json.h"
#include "app/option_table.h"
#include "app/option_values.h"
#include "journal/state.h"
#include "output/status_lines.h"

namespace drawproxy::app {

using namespace game;
using namespace tournament;
using namespace values;
namespace {

// An option's values run to the next word that starts with '-' and a letter (or "--" and a
// letter: fastchess' --compliance).
bool is_option(const std::string& s) {
    const std::size_t at = s.size() > 2 && s[0] == '-' && s[1] == '-' ? 2 : 1;
    return s.size() > at && s[0] == '-' && std::isalpha(static_cast<unsigned char>(s[at]));
}

// Takes -dialect NAME out of `args`; `d` is kept when it is not given.
Tokens take_dialect(const Tokens& args, Dialect& d) {
    Tokens rest;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] != names::dialect && args[i] != names::dialect_long) {
            rest.push_back(args[i]);
            continue;
        }
        if (i + 1 == args.size() || is_option(args[i + 1]))
            throw OptionError(fmt::format("{} takes one value", args[i]));
        auto named = parse_dialect(args[++i]);
        if (!named)
            throw OptionError(fmt::format("bad dialect '{}' (drawproxy, fastchess, cutechess)", args[i]));
        d = *named;
    }
    return rest;
}

// -resume STATE.json, or fastchess' -config file=STATE.json [discard=true|false]: the saved
// command line with whatever else was given after it. Takes them out of `args`.
Tokens take_resume(const Tokens& args, MatchRequest& r) {
    Tokens rest;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] != names::resume && args[i] != names::config) {
            rest.push_back(args[i]);
            continue;
        }
        if (!r.resume_path.empty())
            throw OptionError(fmt::format("{}: a match resumes from one state file", args[i]));
        const bool fastchess = args[i] == names::config;
        r.resume_option = args[i];
        for (++i; i < args.size() && !is_option(args[i]); ++i) {
            if (!fastchess) {
                if (!r.resume_path.empty()) throw OptionError(r.resume_option + " takes one file");
                r.resume_path = args[i];
                continue;
            }
            auto [key, value] = key_value(args[i], r.resume_option);
            if (key == "file")
                r.resume_path = value;
            else if (key == "discard" && (value == "true" || value == "false"))
                r.resume_discard = value == "true";
            else if (key == "outname" && !value.empty())
                r.state_outname = value;
            else if (key == "stats" && (value == "true" || value == "false"))
                r.resume_stats = value == "true";
            else
                throw OptionError(
                    fmt::format("{}: bad key or value '{}' (file=, discard=, outname=, stats=true|false)",
                                r.resume_option, args[i]));
        }
        // fastchess's -config may only name where the state goes (outname=).
        if (r.resume_path.empty() && r.state_outname.empty())
            throw OptionError(r.resume_option +
                              (fastchess ? " needs file=STATE.json or outname=FILE" : " needs a file"));
        --i;
    }
    return rest;
}

// The dialect's defaults, before any option is read.
void set_defaults(MatchOptions& o, Dialect d) {
    o.dialect = d;
    if (d == Dialect::cutechess) o.output = output::OutputFormat::cutechess;  // its status lines
    if (d != Dialect::fastchess) return;
    o.games = 2;
    o.rounds = 2;
    o.rating_interval = 10;
    o.output = output::OutputFormat::fastchess;
    o.event = "Fastchess Tournament";
}

// fastchess: a round is -games games (at most 2) on one opening, colours swapped; more than 2
// games per round trade places with -rounds, as its parser does.
void finish_fastchess(MatchOptions& o) {
    if (o.games > 2) std::swap(o.games, o.rounds);
    if (o.games > 2)
        throw OptionError(
            fmt::format("-games: at most 2 games a round, not {} (with -rounds {})", o.games, o.rounds));
    o.repeat = o.games == 2;
    o.opening_repetitions = o.games;
    if (o.games != 2 || o.output == output::OutputFormat::cutechess) o.report_penta = false;
    if (o.sprt && o.sprt->model == SprtModel::bayesian && o.report_penta) {
        o.report_penta = false;  // fastchess warns of it and goes on with single games
        o.bayesian_penta_warning = true;
    }
}

bool is_conf(const std::string& key) { return key.starts_with(names::conf_key); }

// The engine of the n-th -engine: `base` (engines.json's set-up, or the dialect's defaults)
// refined by -each and the engine's own keys, in the dialect's order.
EngineConfig build_engine(EngineConfig e, const MatchRequest& r, std::size_t n) {
    const Dialect d = r.opts.dialect;
    const bool each_last = d != Dialect::drawproxy;  // both runners apply -each last
    if (!each_last)
        for (const auto& t : r.each) apply_engine_token(e, t, std::string(names::each), d);
    for (const auto& t : r.engines[n])
        if (!is_conf(t)) apply_engine_token(e, t, std::string(names::engine), d);
    if (each_last)
        for (const auto& t : r.each) apply_engine_token(e, t, std::string(names::each), d);
    e.stall_ms = std::int64_t(double(e.stall_ms) * e.timeout_scale);
    e.startup_ms = std::int64_t(double(e.startup_ms) * e.timeout_scale);
    e.ready_ms = std::int64_t(double(e.ready_ms) * e.timeout_scale);
    if (e.cmd.empty()) throw OptionError(fmt::format("engine {} has no cmd=", n + 1));
    if (e.name.empty()) {
        auto slash = e.cmd.find_last_of('/');
        e.name = slash == std::string::npos ? e.cmd : e.cmd.substr(slash + 1);
        const auto dot = e.name.rfind('.');
        if (d == Dialect::fastchess && dot != std::string::npos && dot > 0) e.name.resize(dot);  // the stem
        e.name_from_engine = d == Dialect::cutechess && e.protocol == game::Protocol::Uci;
    }
    if (e.tc.infinite && !e.nodes && !e.depth)
        throw OptionError(fmt::format("engine '{}' has no limit: give tc=, st=, nodes= or depth=", e.name));
    return e;
}

EngineConfig default_engine(const MatchRequest& r) {
    EngineConfig e;
    // drawproxy: pipes and scheduling take a few ms, with room for a loaded machine; fastchess: none
    e.tc.margin_ms = r.opts.dialect == Dialect::fastchess ? 0 : 50;
    // fastchess waits 10 s for uciok, 60 s for the readyok after ucinewgame and 60 s for the one
    // after a search past its time (-startup-ms, -ucinewgame-ms, -ping-ms); startup= sets the first
    // two. cutechess-cli sends a search past its time `stop` and waits 15 s for its bestmove.
    if (r.opts.dialect == Dialect::fastchess) e.ready_ms = e.flag_question_ms = 60000;
    if (r.opts.dialect == Dialect::cutechess)
        e.flag_question = game::FlagQuestion::Stop, e.flag_question_ms = 15000;
    if (r.opts.startup_ms) e.startup_ms = *r.opts.startup_ms;
    if (r.opts.ucinewgame_ms) e.ready_ms = *r.opts.ucinewgame_ms;
    if (r.opts.ping_ms) e.flag_question_ms = *r.opts.ping_ms;
    if (r.claim_default) e.claim = *ClaimPolicy::parse(*r.claim_default, true);
    return e;
}

bool has_conf(const Tokens& keys) { return std::any_of(keys.begin(), keys.end(), is_conf); }

// A knockout's encounters are not known before the games: its next round's pairs come from
// who won, so it has no cycles to repeat, no fixed schedule to split or to resume.
void check_knockout(MatchRequest& r) {
    if (r.given_option(names::rounds))
        throw OptionError("-rounds: tournament \"knockout\" does not support user-defined round multipliers");
    if (r.opts.shard)
        throw OptionError("-shard cannot split a knockout: its next round's pairs come from the results");
    if (r.given_option(names::autosave))
        throw OptionError(fmt::format("{}: a knockout cannot be resumed (its pairs come from the results)",
                                      names::autosave));
    r.opts.autosave_interval = 0;  // no state: a knockout is not resumed
}

}  // namespace

SprtParams parse_sprt_words(const std::vector<std::string>& words, const std::string& option,
                            SprtModel default_model, ErrorRates rates) {
    SprtParams sp;
    sp.model = default_model;
    bool elo0 = false, elo1 = false, alpha = false, beta = false;
    for (const auto& v : words) {
        auto [key, value] = key_value(v, option);
        if (key == "model") {
            auto m = output::parse_sprt_model(value);
            if (!m)
                throw OptionError(fmt::format("{}: bad model '{}' (normalized, logistic, bayesian, bayeselo)",
                                              option, value));
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
            sp.alpha = x, alpha = true;
        else if (key == "beta")
            sp.beta = x, beta = true;
        else
            throw OptionError(fmt::format("{}: unknown key '{}'", option, key));
    }
    if (!elo0 || !elo1) throw OptionError(fmt::format("{} needs elo0= and elo1=", option));
    if (rates == ErrorRates::required && (!alpha || !beta))
        throw OptionError(
            fmt::format("{} needs alpha= and beta= (this runner has no default for them)", option));
    if (const char* why = sp.invalid_reason()) throw OptionError(fmt::format("{}: {}", option, why));
    return sp;
}

MatchRequest parse_match_request(const Tokens& given, Dialect dialect) {
    MatchRequest r;
    const Tokens args = take_resume(take_dialect(given, dialect), r);
    set_defaults(r.opts, dialect);
    r.opts.args = given;
    if (!r.resume_path.empty()) return r;  // the rest joins the saved command line
    for (std::size_t i = 0; i < args.size();) {
        const std::string& opt = args[i];
        if (!is_option(opt)) throw OptionError(fmt::format("unexpected argument '{}'", opt));
        Tokens values;
        for (++i; i < args.size() && !is_option(args[i]); ++i) values.push_back(args[i]);
        const OptionSpec* spec = find_option(opt, dialect);
        if (!spec || spec->kind == Kind::command) throw OptionError(fmt::format("unknown option '{}'", opt));
        if (spec->kind == Kind::refused)
            throw OptionError(fmt::format("{} is not supported: {}", opt, spec->help));
        if (spec->arity == Arity::one && values.size() != 1)
            throw OptionError(fmt::format("{} takes one value", opt));
        if (spec->arity == Arity::none && !values.empty())
            throw OptionError(fmt::format("{} takes no value", opt));
        spec->apply(r, values, opt);
        r.given.push_back(opt);
    }
    MatchOptions& o = r.opts;
    if (dialect == Dialect::fastchess) finish_fastchess(o);
    // The state is kept beside the outputs or where -config outname= says: without either, only
    // when -autosaveinterval asks for it.
    if (!r.given_option(names::autosave) && o.pgnout.empty() && o.epdout.empty() && o.jsonout.empty() &&
        r.state_outname.empty())
        o.autosave_interval = 0;
    if (r.engines.size() < 2) throw OptionError("match needs at least two -engine options");
    if (o.sprt && r.engines.size() != 2) throw OptionError("-sprt needs exactly two engines");
    if (o.tournament == MatchOptions::Tournament::Knockout) check_knockout(r);
    if (o.shard && !o.seed_given)
        throw OptionError("-shard needs -seed (or -srand): every part must compute the same schedule");
    // Every key is checked here; an engine from engines.json is built again once it is read.
    for (std::size_t n = 0; n < r.engines.size(); ++n) {
        if (has_conf(r.engines[n])) {
            EngineConfig probe = default_engine(r);
            for (const auto& t : r.each) apply_engine_token(probe, t, std::string(names::each), dialect);
            for (const auto& t : r.engines[n])
                if (!is_conf(t)) apply_engine_token(probe, t, std::string(names::engine), dialect);
            o.engines.push_back(std::move(probe));
        } else {
            o.engines.push_back(build_engine(default_engine(r), r, n));
        }
    }
    return r;
}

namespace {

// -resume / -config file=: the saved command line, the words given beside the state file added
// to it (its -dialect too), without the games already played unless discard=true.
MatchOptions resumed_match(const MatchRequest& r, const Tokens& given, Dialect dialect) {
    journal::MatchState state;
    try {
        state = journal::read_state_file(r.resume_path);
    } catch (const std::runtime_error& e) {
        throw OptionError(fmt::format("{}: {}", r.resume_option, e.what()));
    }
    MatchRequest scratch;
    const Tokens extra = take_resume(given, scratch);
    Tokens args = state.args;
    args.insert(args.end(), extra.begin(), extra.end());
    MatchOptions opts = parse_match_options(args, dialect);
    if (opts.tournament == MatchOptions::Tournament::Knockout)
        throw OptionError(fmt::format("{}: a knockout cannot be resumed (its pairs come from the results)",
                                      r.resume_option));
    if (std::find(args.begin(), args.end(), names::autosave) == args.end()) opts.autosave_interval = 20;
    opts.state_file = r.state_outname.empty() ? r.resume_path : r.state_outname;
    // Without the saved games (stats=false, as fastchess), -pgnout's append=false is kept.
    if (!r.resume_stats) return opts;
    opts.pgn_append = opts.epd_append = true;  // the outputs go on where they stopped
    if (!r.resume_discard) opts.resume = std::move(state);
    return opts;
}

// conf=NAME first: engines.json gives the set-up, -each and the engine's own keys refine it.
void build_engines_from_json(MatchRequest& r) {
    for (std::size_t n = 0; n < r.engines.size(); ++n) {
        if (!has_conf(r.engines[n])) continue;
        EngineConfig e = default_engine(r);
        for (const auto& t : r.engines[n])
            if (is_conf(t)) {
                const std::string path = find_engines_json();
                if (path.empty())
                    throw OptionError(fmt::format(
                        "{}: no engines.json (looked in ./engines.json and ~/.config/cutechess/engines.json)",
                        t));
                apply_engines_json(e, t.substr(names::conf_key.size()), path);
            }
        r.opts.engines[n] = build_engine(std::move(e), r, n);
    }
}

// fastchess: -concurrency 0 or -N is the machine's hardware threads less N.
// Above the hardware threads it refuses to start without -force-concurrency.
void concurrency_from_threads(MatchOptions& opts) {
    if (opts.dialect != Dialect::fastchess) return;
    const int threads = int(std::thread::hardware_concurrency());
    if (opts.quick_concurrency) {  // -quick sets it without a word
        opts.concurrency = std::max(1, threads - 2);
        return;
    }
    if (opts.concurrency > threads && threads > 0 && !opts.force_concurrency)
        throw OptionError(
            fmt::format("-concurrency {} exceeds the machine's {} hardware threads: give "
                        "-force-concurrency to play that many games at once",
                        opts.concurrency, threads));
    if (opts.concurrency > 0) return;
    const int c = threads + opts.concurrency;
    if (c < 1)
        throw OptionError(
            fmt::format("-concurrency {}: the machine has {} hardware threads", opts.concurrency, threads));
    opts.concurrency = c;
    opts.concurrency_adjusted = true;
}

// As cutechess-cli: without -srand the seed comes from the clock, so book moves, a random opening
// order and Chess960 starts differ from run to run. It joins the saved command line, so a
// resumed match goes on with it (and the scheduler says what it was).
void seed_from_clock(MatchOptions& opts) {
    if (opts.seed_given) return;
    const auto ns = std::chrono::system_clock::now().time_since_epoch() / std::chrono::nanoseconds(1);
    std::uint64_t mix = std::uint64_t(ns) * 0x9e3779b97f4a7c15ULL;
    opts.seed = (mix ^ (mix >> 29)) & 0xffffffffULL;  // -srand takes 32 bits in cutechess-cli
    opts.args.emplace_back(names::srand);
    opts.args.push_back(std::to_string(opts.seed));
}

}  // namespace

MatchOptions parse_match_options(const Tokens& given, Dialect dialect) {
    MatchRequest r = parse_match_request(given, dialect);
    if (!r.resume_path.empty()) return resumed_match(r, given, dialect);
    MatchOptions& opts = r.opts;
    // The saved command line says its dialect: a resumed match reads it with the same meanings.
    const auto said = [&](std::string_view w) {
        return std::find(opts.args.begin(), opts.args.end(), w) != opts.args.end();
    };
    if (opts.dialect != Dialect::drawproxy && !said(names::dialect) && !said(names::dialect_long))
        opts.args.insert(opts.args.begin(), {std::string(names::dialect),
                                             opts.dialect == Dialect::fastchess ? "fastchess" : "cutechess"});
    if (!r.state_outname.empty()) opts.state_file = r.state_outname;
    build_engines_from_json(r);
    concurrency_from_threads(opts);
    seed_from_clock(opts);
    return std::move(opts);
}

}  // namespace drawproxy::app
