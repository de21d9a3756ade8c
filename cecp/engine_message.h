#pragma once
// What an xboard engine sends its GUI (CECP v2): one parser, one formatter. The formatter is
// the engine's side (the xboard front end writes it); the parser is the GUI's side (a match
// runner reading an xboard engine). Parsed fields are views into the parsed line; reuse one
// EngineMessage to keep its vector's capacity.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cecp/result.h"

namespace drawproxy::cecp {

enum class EngineMessageType {
    Unknown,
    Feature,
    Move,         // move X (or the old `N. ... X`)
    Result,       // 1-0 {...}, 0-1 {...}, 1/2-1/2 {...}, * {...}
    Resign,       // resign
    OfferDraw,    // offer draw
    Pong,         // pong N
    IllegalMove,  // Illegal move: X, Illegal move (REASON): X
    Error,        // Error (TYPE): COMMAND
    TellUser,
    TellUserError,
    TellOpponent,
    TellOthers,
    TellAll,
    TellIcs,
    TellIcsNoAlias,
    AskUser,   // askuser TAG MESSAGE
    Hint,      // Hint: X
    Comment,   // # ...
    Thinking,  // ply score time nodes pv
    Stat01,    // stat01: time nodes ply mvleft mvtot [mvname]
    FailHigh,  // ++
    FailLow,   // --
    Setup,
    Piece,
    Highlight,
    Click,
    Choice,
};

struct Feature {
    std::string_view name;
    std::string_view value;  // without the quotes
    bool quoted = false;
};

// Mate scores are 100000 + N for mate in N moves and -100000 - N for being mated in N.
constexpr int MATE_SCORE = 100000;
// Mate in N moves (negative: mated in N; 0: mated now) as a score, and back (nullopt when the
// score is not one).
int mate_score(int moves);
std::optional<int> mate_moves(int score);

struct Thinking {
    int ply = 0;
    int score = 0;  // centipawns from the engine's side, or a mate score
    std::int64_t time_cs = 0;
    std::int64_t nodes = 0;
    std::string_view pv;
};

struct Stat01 {
    std::int64_t time_cs = 0, nodes = 0;
    int ply = 0, moves_left = 0, moves_total = 0;
    std::string_view move;
};

struct EngineMessage {
    EngineMessageType type = EngineMessageType::Unknown;
    std::vector<Feature> features;  // Feature
    // Move, Hint: the move. IllegalMove: the move. Error: the command. Tell*, AskUser: the
    // message. Comment: the text after '#'. Result: the comment without braces. Setup, Piece,
    // Highlight, Click, Choice: their arguments. Unknown: the line.
    std::string_view text;
    // IllegalMove: the reason in parentheses. Error: the error type. AskUser: the tag.
    std::string_view reason;
    ResultCode result = ResultCode::Unfinished;
    std::int64_t number = 0;  // Pong
    Thinking thinking;
    Stat01 stat;

    void clear();
};

void parse_engine_message(std::string_view line, EngineMessage& out);
EngineMessage parse_engine_message(std::string_view line);

// The canonical text, without a line end.
void append_engine_message(const EngineMessage& msg, std::string& out);
std::string format_engine_message(const EngineMessage& msg);

// Pieces the front end writes on the hot path or often, appended without allocating when
// `out` has room.
void append_features(std::span<const Feature> features, std::string& out);  // "feature a=1 b="x""
void append_thinking(const Thinking& t, std::string& out);
void append_result(ResultCode code, std::string_view comment, std::string& out);  // "1-0 {White mates}"

}  // namespace drawproxy::cecp
