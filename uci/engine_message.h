#pragma once
// Messages from the engine to the GUI: one parser, one formatter. Parsed fields are views
// into the parsed line; reuse one EngineMessage to keep its vectors' capacity.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace drawproxy::uci {

enum class EngineMessageType {
    Unknown,
    Id,
    UciOk,
    ReadyOk,
    BestMove,
    CopyProtection,
    Registration,
    Info,
    Option,
};

struct Score {
    enum Kind { None, Cp, Mate };
    Kind kind = None;
    int value = 0;  // centipawns, or moves to mate (negative: being mated)
    bool lowerbound = false, upperbound = false;
};

struct Info {
    std::optional<int> depth, seldepth, multipv, currmovenumber, hashfull, cpuload;
    std::optional<std::int64_t> time, nodes, nps, tbhits, sbhits;
    Score score;
    std::string_view currmove;
    std::vector<std::string_view> pv, refutation;
    std::optional<int> currline_cpu;
    std::vector<std::string_view> currline;
    std::optional<std::string_view> string;  // `string` takes the rest of the line
};

enum class OptionType { Unknown, Check, Spin, Combo, Button, String };

struct OptionDecl {
    std::string_view name;
    OptionType type = OptionType::Unknown;
    std::string_view type_text;
    std::optional<std::string_view> default_value;
    std::optional<std::int64_t> min, max;
    std::vector<std::string_view> vars;
};

struct EngineMessage {
    EngineMessageType type = EngineMessageType::Unknown;
    // id name|author <text>
    std::string_view id_field, id_value;
    // bestmove <move> [ponder <move>]
    std::string_view bestmove, ponder;
    // copyprotection|registration checking|ok|error
    std::string_view status;
    Info info;
    OptionDecl option;

    void clear();
};

void parse_engine_message(std::string_view line, EngineMessage& out);
EngineMessage parse_engine_message(std::string_view line);

// Only the score of an `info` line (and its multipv number, 1 when absent), for the hot
// path; Score::None when the line has none.
Score parse_info_score(std::string_view line, int* multipv = nullptr);

void append_engine_message(const EngineMessage& msg, std::string& out);
std::string format_engine_message(const EngineMessage& msg);

}  // namespace drawproxy::uci
