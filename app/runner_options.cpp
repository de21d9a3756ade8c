#include "app/runner_options.h"

#include <fmt/format.h>
#include <charconv>
#include <string_view>

namespace drawproxy::app {

using namespace game;
using namespace tournament;
using namespace stats;
using namespace journal;
using namespace output;
namespace {

using Tokens = std::vector<std::string>;

int to_int(const std::string& text, const std::string& what, int min_value) {
    int value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < min_value)
        throw OptionError(fmt::format("bad value for {}: '{}'", what, text));
    return value;
}

bool to_bool(const std::string& text, const std::string& what) {
    if (text == "true") return true;
    if (text == "false") return false;
    throw OptionError(fmt::format("bad value for {}: '{}' (true, false)", what, text));
}

std::pair<std::string, std::string> key_value(const std::string& token, const std::string& opt) {
    auto eq = token.find('=');
    if (eq == std::string::npos || eq == 0)
        throw OptionError(fmt::format("{}: expected key=value, got '{}'", opt, token));
    return {token.substr(0, eq), token.substr(eq + 1)};
}

const std::string& one(const Tokens& values, const std::string& opt) {
    if (values.size() != 1) throw OptionError(fmt::format("{} takes one value", opt));
    return values[0];
}

void none(const Tokens& values, const std::string& opt) {
    if (!values.empty()) throw OptionError(fmt::format("{} takes no value", opt));
}

// A PGN/EPD name may be several words when a script quoted it; cutechess-cli takes one.
std::string joined(const Tokens& values, const std::string& opt) {
    if (values.empty()) throw OptionError(fmt::format("{} needs a value", opt));
    std::string s = values[0];
    for (std::size_t i = 1; i < values.size(); ++i) s += ' ' + values[i];
    return s;
}

void apply_draw(const Tokens& values, AdjudicationOptions& a) {
    bool number = false, count = false, score = false;
    for (const auto& v : values) {
        auto [key, value] = key_value(v, "-draw");
        if (key == "movenumber")
            a.draw_movenumber = to_int(value, "-draw movenumber", 0), number = true;
        else if (key == "movecount")
            a.draw_movecount = to_int(value, "-draw movecount", 1), count = true;
        else if (key == "score")
            a.draw_score = to_int(value, "-draw score", 0), score = true;
        else
            throw OptionError(fmt::format("-draw: unknown key '{}' (movenumber, movecount, score)", key));
    }
    if (!number || !count || !score) throw OptionError("-draw needs movenumber=, movecount= and score=");
}

void apply_resign(const Tokens& values, AdjudicationOptions& a) {
    bool count = false, score = false;
    for (const auto& v : values) {
        auto [key, value] = key_value(v, "-resign");
        if (key == "movecount")
            a.resign_movecount = to_int(value, "-resign movecount", 1), count = true;
        else if (key == "score")
            a.resign_score = to_int(value, "-resign score", 0), score = true;
        else if (key == "twosided")
            a.resign_twosided = to_bool(value, "-resign twosided");
        else
            throw OptionError(fmt::format("-resign: unknown key '{}' (movecount, score, twosided)", key));
    }
    if (!count || !score) throw OptionError("-resign needs movecount= and score=");
}

// -epdout FILE (cutechess-cli) or -epdout file=F [append=B] (fastchess).
void apply_epdout(const Tokens& values, MatchOptions& opts) {
    if (values.empty()) throw OptionError("-epdout needs a file");
    if (values[0].rfind("file=", 0) != 0) {
        opts.epdout = one(values, "-epdout");
        return;
    }
    for (const auto& v : values) {
        auto [key, value] = key_value(v, "-epdout");
        if (key == "file")
            opts.epdout = value;
        else if (key == "append")
            opts.epd_append = to_bool(value, "-epdout append");
        else
            throw OptionError(fmt::format("-epdout: unknown key '{}' (file, append)", key));
    }
    if (opts.epdout.empty()) throw OptionError("-epdout needs file=FILE");
}

// -log file=F [level=L] [engine=B] [append=B] [compress=false] [realtime=B] (fastchess).
void apply_log(const Tokens& values, MatchOptions& opts) {
    for (const auto& v : values) {
        auto [key, value] = key_value(v, "-log");
        if (key == "file") {
            opts.log_file = value;
        } else if (key == "level") {
            if (value != "trace" && value != "info" && value != "warn" && value != "err" && value != "fatal")
                throw OptionError(fmt::format("-log: bad level '{}' (trace, info, warn, err, fatal)", value));
        } else if (key == "engine" || key == "append" || key == "realtime") {
            to_bool(value, "-log " + key);  // every engine line is logged; the file is appended to
        } else if (key == "compress") {
            if (to_bool(value, "-log compress")) throw OptionError("-log compress=true is not supported");
        } else {
            throw OptionError(fmt::format("-log: unknown key '{}'", key));
        }
    }
    if (opts.log_file.empty()) throw OptionError("-log needs file=FILE");
}

struct Refusal {
    std::string_view option;
    std::string_view why;
};

// Options of cutechess-cli 1.4 and fastchess 1.x that drawproxy does not take, and why. An
// option implemented later is parsed before this table is consulted, so an entry here only
// speaks for options nobody parses.
constexpr Refusal REFUSALS[] = {
    {"-engines", "it lists cutechess-cli's configured engines; drawproxy has no engine list"},
    {"-resultformat", "result lists have one format: the tables drawproxy prints"},
    {"-outcomeinterval", "outcome lists are not printed; drawproxy prints every result"},
    {"-quick", "give the engines with -engine and the book with -openings"},
    {"-crc32", "PGN checksums are not computed"},
    {"-check-mate-pvs", "mate PVs are not checked"},
    {"-show-latency", "latency is not reported per move"},
    {"-testEnv", "it only changes fastchess' own test output"},
    {"-strict", "drawproxy has no warnings to turn into errors: bad input already exits 2"},
    {"-use-affinity", "engines are not pinned to CPUs"},
    {"-startup-ms", "give the engine key startup=SECONDS instead"},
    {"-ucinewgame-ms", "ucinewgame waits are fixed"},
    {"-ping-ms", "isready waits are fixed"},
    {"--compliance", "use `drawproxy check -- ENGINE`"},
};

}  // namespace

std::vector<std::string> split_engine_args(const std::string& text) {
    std::vector<std::string> words;
    std::string word;
    bool in_word = false;
    char quote = 0;
    for (char c : text) {
        if (quote) {
            if (c == quote)
                quote = 0;
            else
                word += c;
        } else if (c == '"' || c == '\'') {
            quote = c;
            in_word = true;
        } else if (c == ' ' || c == '\t') {
            if (in_word) words.push_back(word), word.clear(), in_word = false;
        } else {
            word += c;
            in_word = true;
        }
    }
    if (quote) throw OptionError(fmt::format("args=: unbalanced quote in '{}'", text));
    if (in_word) words.push_back(word);
    return words;
}

void apply_pgnout(const Tokens& values, MatchOptions& opts) {
    if (values.empty()) throw OptionError("-pgnout needs a file");
    if (values[0].find('=') == std::string::npos) {
        // cutechess-cli: FILE [min] [fi]. Every game drawproxy writes is finished, so fi
        // (only finished games) changes nothing.
        opts.pgnout = values[0];
        for (std::size_t i = 1; i < values.size(); ++i) {
            if (values[i] == "min")
                opts.pgn_minimal = true;
            else if (values[i] != "fi")
                throw OptionError(fmt::format("-pgnout: unknown argument '{}' (min, fi)", values[i]));
        }
        return;
    }
    opts.pgnout.clear();
    for (const auto& v : values) {
        auto [key, value] = key_value(v, "-pgnout");
        if (key == "file") {
            opts.pgnout = value;
        } else if (key == "notation") {
            if (value != "san")
                throw OptionError(fmt::format("-pgnout notation={} is not supported (san)", value));
        } else if (key == "append") {
            opts.pgn_append = to_bool(value, "-pgnout append");
        } else if (key == "min") {
            opts.pgn_minimal = to_bool(value, "-pgnout min");
        } else if (key == "nodes" || key == "seldepth" || key == "nps" || key == "hashfull" ||
                   key == "tbhits" || key == "pv" || key == "timeleft" || key == "latency") {
            if (to_bool(value, "-pgnout " + key))
                throw OptionError(
                    fmt::format("-pgnout {}=true is not supported: the move comments hold "
                                "score, depth and time",
                                key));
        } else if (key == "match_line") {
            throw OptionError(
                "-pgnout match_line= is not supported: engine lines are not copied into the PGN");
        } else {
            throw OptionError(fmt::format("-pgnout: unknown key '{}'", key));
        }
    }
    if (opts.pgnout.empty()) throw OptionError("-pgnout needs file=FILE");
}

bool apply_runner_option(const std::string& opt, const Tokens& values, MatchOptions& opts) {
    if (opt == "-draw") {
        apply_draw(values, opts.adjudication);
    } else if (opt == "-resign") {
        apply_resign(values, opts.adjudication);
    } else if (opt == "-maxmoves") {
        opts.adjudication.max_moves = to_int(one(values, opt), opt, 1);
    } else if (opt == "-tb") {
        opts.adjudication.tb_paths = one(values, opt);  // directories, ';'- or ':'-separated
        if (opts.adjudication.tb_paths.empty()) throw OptionError("-tb needs the tables' directories");
    } else if (opt == "-tbpieces") {
        opts.adjudication.tb_pieces = to_int(one(values, opt), opt, 3);
    } else if (opt == "-tbignore50") {
        none(values, opt);
        opts.adjudication.tb_ignore50 = true;
    } else if (opt == "-tbadjudicate") {
        using Results = AdjudicationOptions::TbResults;
        const std::string& v = one(values, opt);
        if (v == "BOTH")
            opts.adjudication.tb_results = Results::Both;
        else if (v == "WIN_LOSS")
            opts.adjudication.tb_results = Results::WinLoss;
        else if (v == "DRAW")
            opts.adjudication.tb_results = Results::Draw;
        else
            throw OptionError(fmt::format("bad value for -tbadjudicate: '{}' (WIN_LOSS, DRAW, BOTH)", v));
    } else if (opt == "-event") {
        opts.event = joined(values, opt);
    } else if (opt == "-site") {
        opts.site = joined(values, opt);
    } else if (opt == "-wait") {
        opts.wait_ms = to_int(one(values, opt), opt, 0);
    } else if (opt == "-noswap") {
        none(values, opt);
        opts.noswap = true;
    } else if (opt == "-reverse") {
        none(values, opt);
        opts.reverse = true;
    } else if (opt == "-epdout") {
        apply_epdout(values, opts);
    } else if (opt == "-log") {
        apply_log(values, opts);
    } else if (opt == "-debug") {
        // cutechess-cli: every engine line on standard output; fastchess' -debug takes no value either.
        none(values, opt);
        opts.debug_to_stdout = true;
    } else if (opt == "-bookmode") {
        // cutechess-cli: book= files read into memory or probed on disk; drawproxy reads them into memory.
        const std::string& v = one(values, opt);
        if (v != "ram" && v != "disk")
            throw OptionError(fmt::format("bad value for -bookmode: '{}' (ram, disk)", v));
    } else if (opt == "-force-concurrency") {
        none(values, opt);  // drawproxy never caps -concurrency at the number of CPUs
    } else if (opt == "-seeds") {
        // The first N engines of a gauntlet play the rest; drawproxy's gauntlet has one.
        if (to_int(one(values, opt), opt, 0) > 1)
            throw OptionError("-seeds is supported only as 1: the gauntlet's first engine plays the rest");
    } else {
        return false;
    }
    return true;
}

bool apply_runner_engine_key(EngineConfig& e, const std::string& key, const std::string& value) {
    if (key == "args") {
        for (auto& a : split_engine_args(value)) e.args.push_back(std::move(a));
    } else if (key == "plies") {
        e.depth = to_int(value, "plies", 1);  // fastchess' name for depth=
    } else if (key == "tscale") {
        // cutechess-cli: scales the engine's timeouts (start-up, answers), not its clock
        double f = 0;
        auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), f);
        if (ec != std::errc() || end != value.data() + value.size() || !(f > 0) || f > 1000)
            throw OptionError(fmt::format("bad tscale= value '{}'", value));
        e.timeout_scale = f;
    } else if (key == "conf") {
        throw OptionError("conf= must be given on -engine, where engines.json is read");
    } else if (key == "initstr") {
        // cutechess-cli: "\n" in TEXT starts a new line; the lines go before "uci"
        std::string text = value;
        for (std::size_t at = 0; (at = text.find("\\n", at)) != std::string::npos;) text.replace(at, 2, "\n");
        e.init_strings.push_back(std::move(text));
    } else if (key == "stderr") {
        if (value.empty()) throw OptionError("stderr= needs a file");
        e.stderr_file = value;
    } else if (key == "book") {
        if (value.empty()) throw OptionError("book= needs a Polyglot book file");
        e.book = value;
    } else if (key == "bookdepth") {
        e.book_depth = to_int(value, "bookdepth", 1);
    } else if (key == "whitepov") {
        // a flag in cutechess-cli (whitepov, whitepov=true); whitepov=false turns it off
        if (!value.empty() && value != "true" && value != "false")
            throw OptionError(fmt::format("bad whitepov value '{}' (true, false)", value));
        e.white_pov = value != "false";
    } else if (key == "trust") {
        throw OptionError("trust is not supported: the arbiter judges every claim by the Laws");
    } else if (key == "ponder") {
        throw OptionError("ponder is not supported: engines think only on their own time");
    } else if (key == "debug") {
        throw OptionError("debug is not supported: use -log or -debug for every engine line");
    } else {
        return false;
    }
    return true;
}

std::string refused_option_reason(const std::string& opt) {
    for (const Refusal& r : REFUSALS)
        if (r.option == opt) return fmt::format("{} is not supported: {}", opt, r.why);
    return {};
}

}  // namespace drawproxy::app
