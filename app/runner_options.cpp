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

void apply_draw(const Tokens& values, AdjudicationOptions& a, bool keys_required, const std::string& opt) {
    bool number = false, count = false, score = false;
    // fastchess: every key may be left out (from move 0, one move, score 0)
    a.draw_movenumber = 0, a.draw_movecount = 1, a.draw_score = 0;
    for (const auto& v : values) {
        auto [key, value] = key_value(v, opt);
        if (key == "movenumber")
            a.draw_movenumber = to_int<int>(value, opt + " movenumber", 0), number = true;
        else if (key == "movecount")
            a.draw_movecount = to_int<int>(value, opt + " movecount", 1), count = true;
        else if (key == "score")
            a.draw_score = to_int<int>(value, opt + " score", 0), score = true;
        else
            throw OptionError(fmt::format("{}: unknown key '{}' (movenumber, movecount, score)", opt, key));
    }
    if (keys_required && (!number || !count || !score))
        throw OptionError(opt + " needs movenumber=, movecount= and score=");
}

void apply_resign(const Tokens& values, AdjudicationOptions& a, bool keys_required, const std::string& opt) {
    bool count = false, score = false;
    a.resign_movecount = 1, a.resign_score = 0;  // fastchess' defaults of the keys left out
    for (const auto& v : values) {
        auto [key, value] = key_value(v, opt);
        if (key == "movecount")
            a.resign_movecount = to_int<int>(value, opt + " movecount", 1), count = true;
        else if (key == "score")
            a.resign_score = to_int<int>(value, opt + " score", 0), score = true;
        else if (key == "twosided")
            a.resign_twosided = to_bool(value, opt + " twosided");
        else
            throw OptionError(fmt::format("{}: unknown key '{}' (movecount, score, twosided)", opt, key));
    }
    if (keys_required && (!count || !score)) throw OptionError(opt + " needs movecount= and score=");
}

// -epdout FILE (cutechess-cli) or -epdout file=F [append=B] (fastchess).
void apply_epdout(const Tokens& values, MatchOptions& opts, const std::string& opt) {
    if (values.empty()) throw OptionError(opt + " needs a file");
    if (values[0].rfind("file=", 0) != 0) {
        opts.epdout = one(values, opt);
        return;
    }
    for (const auto& v : values) {
        auto [key, value] = key_value(v, opt);
        if (key == "file")
            opts.epdout = value;
        else if (key == "append")
            opts.epd_append = to_bool(value, opt + " append");
        else
            throw OptionError(fmt::format("{}: unknown key '{}' (file, append)", opt, key));
    }
    if (opts.epdout.empty()) throw OptionError(opt + " needs file=FILE");
}

// -log file=F [level=L] [engine=B] [append=B] [compress=false] [realtime=B] (fastchess).
void apply_log(const Tokens& values, MatchOptions& opts, const std::string& opt) {
    for (const auto& v : values) {
        auto [key, value] = key_value(v, opt);
        if (key == "file") {
            opts.log_file = value;
        } else if (key == "level") {
            if (value != "trace" && value != "info" && value != "warn" && value != "err" && value != "fatal")
                throw OptionError(
                    fmt::format("{}: bad level '{}' (trace, info, warn, err, fatal)", opt, value));
        } else if (key == "engine" || key == "append" || key == "realtime") {
            to_bool(value, opt + " " + key);  // every engine line is logged; the file is appended to
        } else if (key == "compress") {
            if (to_bool(value, opt + " compress")) throw OptionError(opt + " compress=true is not supported");
        } else {
            throw OptionError(fmt::format("{}: unknown key '{}'", opt, key));
        }
    }
    if (opts.log_file.empty()) throw OptionError(opt + " needs file=FILE");
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

void apply_pgnout(const Tokens& values, MatchOptions& opts, const std::string& opt) {
    if (values.empty()) throw OptionError(opt + " needs a file");
    if (values[0].find('=') == std::string::npos) {
        // cutechess-cli: FILE [min] [fi]. Every game drawproxy writes is finished, so fi
        // (only finished games) changes nothing.
        opts.pgnout = values[0];
        for (std::size_t i = 1; i < values.size(); ++i) {
            if (values[i] == "min")
                opts.pgn_minimal = true;
            else if (values[i] != "fi")
                throw OptionError(fmt::format("{}: unknown argument '{}' (min, fi)", opt, values[i]));
        }
        return;
    }
    opts.pgnout.clear();
    for (const auto& v : values) {
        auto [key, value] = key_value(v, opt);
        if (key == "file") {
            opts.pgnout = value;
        } else if (key == "notation") {
            if (value != "san")
                throw OptionError(fmt::format("{} notation={} is not supported (san)", opt, value));
        } else if (key == "append") {
            opts.pgn_append = to_bool(value, opt + " append");
        } else if (key == "min") {
            opts.pgn_minimal = to_bool(value, opt + " min");
        } else if (key == "nodes" || key == "seldepth" || key == "nps" || key == "hashfull" ||
                   key == "tbhits" || key == "pv" || key == "timeleft" || key == "latency") {
            if (to_bool(value, opt + " " + key))
                throw OptionError(fmt::format(
                    "{} {}=true is not supported: the move comments hold score, depth and time", opt, key));
        } else if (key == "match_line") {
            throw OptionError(opt +
                              " match_line= is not supported: engine lines are not copied into the PGN");
        } else {
            throw OptionError(fmt::format("{}: unknown key '{}'", opt, key));
        }
    }
    if (opts.pgnout.empty()) throw OptionError(opt + " needs file=FILE");
}

}  // namespace drawproxy::app

namespace drawproxy::app {

void apply_fastchess_pgnout(const Tokens& values, MatchOptions& opts, const std::string& opt) {
    using Notation = game::FastchessOutputSettings::Notation;
    game::FastchessOutputSettings& f = opts.fastchess_output;
    opts.pgnout.clear();
    for (const auto& v : values) {
        auto [key, value] = key_value(v, opt);
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
            *track = to_bool(value, opt + " " + key);
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
                throw OptionError(fmt::format("{}: bad notation '{}' (san, lan, uci)", opt, value));
        } else if (key == "match_line") {
            f.match_lines.push_back(value);
        } else {
            throw OptionError(fmt::format("{}: unknown key '{}'", opt, key));
        }
    }
    if (opts.pgnout.empty()) throw OptionError(opt + " needs file=FILE");
}

}  // namespace drawproxy::app
