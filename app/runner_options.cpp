#include "app/runner_options.h"

#include "app/option_values.h"

namespace drawproxy::app {

using namespace game;
using namespace tournament;
using namespace stats;
using namespace values;
namespace {

using Tokens = std::vector<std::string>;

}  // namespace

// A PGN/EPD name may be several words when a script quoted it; cutechess-cli takes one.
std::string joined(const Tokens& values, const std::string& opt) {
    if (values.empty()) throw OptionError(fmt::format("{} needs a value", opt));
    std::string s = values[0];
    for (std::size_t i = 1; i < values.size(); ++i) s += ' ' + values[i];
    return s;
}

void apply_draw(const Tokens& values, AdjudicationOptions& a, bool keys_required) {
    bool number = false, count = false, score = false;
    // fastchess: every key may be left out (from move 0, one move, score 0)
    a.draw_movenumber = 0, a.draw_movecount = 1, a.draw_score = 0;
    for (const auto& v : values) {
        auto [key, value] = key_value(v, "-draw");
        if (key == "movenumber")
            a.draw_movenumber = to_int<int>(value, "-draw movenumber", 0), number = true;
        else if (key == "movecount")
            a.draw_movecount = to_int<int>(value, "-draw movecount", 1), count = true;
        else if (key == "score")
            a.draw_score = to_int<int>(value, "-draw score", 0), score = true;
        else
            throw OptionError(fmt::format("-draw: unknown key '{}' (movenumber, movecount, score)", key));
    }
    if (keys_required && (!number || !count || !score))
        throw OptionError("-draw needs movenumber=, movecount= and score=");
}

void apply_resign(const Tokens& values, AdjudicationOptions& a, bool keys_required) {
    bool count = false, score = false;
    a.resign_movecount = 1, a.resign_score = 0;  // fastchess' defaults of the keys left out
    for (const auto& v : values) {
        auto [key, value] = key_value(v, "-resign");
        if (key == "movecount")
            a.resign_movecount = to_int<int>(value, "-resign movecount", 1), count = true;
        else if (key == "score")
            a.resign_score = to_int<int>(value, "-resign score", 0), score = true;
        else if (key == "twosided")
            a.resign_twosided = to_bool(value, "-resign twosided");
        else
            throw OptionError(fmt::format("-resign: unknown key '{}' (movecount, score, twosided)", key));
    }
    if (keys_required && (!count || !score)) throw OptionError("-resign needs movecount= and score=");
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

}  // namespace drawproxy::app

namespace drawproxy::app {

void apply_fastchess_pgnout(const Tokens& values, MatchOptions& opts) {
    using Notation = game::FastchessOutputSettings::Notation;
    game::FastchessOutputSettings& f = opts.fastchess_output;
    opts.pgnout.clear();
    for (const auto& v : values) {
        auto [key, value] = key_value(v, "-pgnout");
        bool* track = key == "nodes"      ? &f.nodes
                      : key == "seldepth" ? &f.seldepth
                      : key == "nps"      ? &f.nps
                      : key == "hashfull" ? &f.hashfull
                      : key == "tbhits"   ? &f.tbhits
                      : key == "pv"       ? &f.pv
                      : key == "timeleft" ? &f.timeleft
                      : key == "latency"  ? &f.latency
                      : key == "append"   ? &opts.pgn_append
                      : key == "min"      ? &opts.pgn_minimal
                                          : nullptr;
        if (track) {
            *track = to_bool(value, "-pgnout " + key);
        } else if (key == "file") {
            opts.pgnout = value;
        } else if (key == "notation") {
            if (value == "san")
                f.notation = Notation::san;
            else if (value == "lan")
                f.notation = Notation::lan;
            else if (value == "uci")
                f.notation = Notation::uci;
            else
                throw OptionError(fmt::format("-pgnout: bad notation '{}' (san, lan, uci)", value));
        } else if (key == "match_line") {
            f.match_lines.push_back(value);
        } else {
            throw OptionError(fmt::format("-pgnout: unknown key '{}'", key));
        }
    }
    if (opts.pgnout.empty()) throw OptionError("-pgnout needs file=FILE");
}

}  // namespace drawproxy::app
