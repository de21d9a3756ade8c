#pragma once
// What an xboard GUI sends an engine (CECP v2): one parser, one formatter. The parser is the
// engine's side (the xboard front end reads it); the formatter is the GUI's side (a match
// runner that plays xboard engines writes it). Parsed fields are views into the parsed line;
// nothing allocates.
#include <cstdint>
#include <string>
#include <string_view>

#include "cecp/result.h"

namespace drawproxy::cecp {

enum class GuiCommandType {
    Unknown,  // not a command (an empty line too): the reply is `Error (unknown command): ...`
    Xboard,
    Protover,
    Accepted,
    Rejected,
    New,
    Variant,
    Quit,
    Random,
    Force,
    Go,
    PlayOther,
    White,
    Black,
    Level,
    St,
    Sd,
    Nps,
    Time,
    Otim,
    Move,     // a move, bare or as `usermove MOVE`
    MoveNow,  // ?
    Ping,
    Draw,
    Result,
    SetBoard,
    Edit,
    Hint,
    Book,  // bk
    Undo,
    Remove,
    Hard,
    Easy,
    Post,
    NoPost,
    Analyze,
    Exit,
    Status,  // . (in analyze mode)
    Name,
    Rating,
    Ics,
    Computer,
    Pause,
    Resume,
    Memory,
    Cores,
    EgtPath,
    Option,
    Exclude,
    Include,
    SetScore,
    Lift,
    Put,
    Hover,
};

// `level MPS BASE INC`: MPS moves per session (0: the whole game), BASE minutes or min:sec,
// INC seconds (fractions allowed).
struct Level {
    int moves = 0;
    std::int64_t base_ms = 0;
    std::int64_t increment_ms = 0;
};

struct GuiCommand {
    GuiCommandType type = GuiCommandType::Unknown;
    // False when the command word is known but its arguments are not (`level x`, `ping`,
    // `usermove` without a move): the reply is an Error naming it.
    bool valid = true;
    bool usermove = false;  // Move: sent as `usermove MOVE`
    std::string_view line;  // the whole line, blanks trimmed (for Error replies)
    // Move: the move. Variant: its name. Accepted, Rejected: the feature. SetBoard: the FEN.
    // Name: the opponent's name. Ics: the host. Option: the name. EgtPath: the type.
    // Exclude, Include: the move or "all". Lift, Put, Hover: the square. Result: the comment
    // (without braces).
    std::string_view text;
    std::string_view value;  // Option: the value after '=' (has_value); EgtPath: the path
    bool has_value = false;
    // Protover: the version. Sd: plies. Nps: nodes per second. Time, Otim: centiseconds.
    // St: milliseconds. Ping: N. Memory: MB. Cores: N. Rating: the engine's own. SetScore: the
    // score (centipawns).
    std::int64_t number = 0;
    std::int64_t number2 = 0;  // Rating: the opponent's. SetScore: the depth.
    Level level;
    ResultCode result = ResultCode::Unfinished;

    void clear() { *this = GuiCommand{}; }
};

// Parses one line. A word that is not a command but reads as a move (e2e4, e7e8q, Nf3, exd5,
// O-O, P@h3, @@@@) is a Move; anything else is Unknown.
void parse_gui_command(std::string_view line, GuiCommand& out);
GuiCommand parse_gui_command(std::string_view line);

// Whether a word has the shape of a move in coordinate or SAN notation (not whether it is legal).
bool looks_like_move(std::string_view word);

// The canonical text of a command, without a line end. Unknown commands give their line.
void append_gui_command(const GuiCommand& cmd, std::string& out);
std::string format_gui_command(const GuiCommand& cmd);
// `level` text of a time control ("level 40 5 0", "level 0 0:30 0.5").
void append_level(const Level& level, std::string& out);

// Edit mode (`edit` ... `.`): placing pieces one by one, the old way to set up a position.
enum class EditCommandType { Unknown, Color, Clear, Done, Place, Empty };
struct EditCommand {
    EditCommandType type = EditCommandType::Unknown;
    char piece = 0;          // Place: P N B R Q K (the colour is the edit mode's current one)
    int file = 0, rank = 0;  // Place, Empty: 0-based
};
// `c`, `#`, `.`, `Pa4`, `xa4`.
EditCommand parse_edit_command(std::string_view line);
// The text of an edit-mode line, without a line end.
void append_edit_command(const EditCommand& cmd, std::string& out);

}  // namespace drawproxy::cecp
