#pragma once
// Messages from the GUI to the engine: one parser, one formatter. Parsed fields are views
// into the parsed line (keep the line alive while using them); reusing one GuiCommand for
// every line keeps the vectors' capacity, so the steady state allocates nothing.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace drawproxy::uci {

enum class GuiCommandType {
    Unknown,
    Uci,
    Debug,
    IsReady,
    SetOption,
    Register,
    UciNewGame,
    Position,
    Go,
    Stop,
    PonderHit,
    Quit,
};

struct GoParams {
    std::vector<std::string_view> searchmoves;
    bool ponder = false;
    bool infinite = false;
    std::optional<std::int64_t> wtime, btime, winc, binc, movestogo, depth, nodes, mate, movetime;
};

struct GuiCommand {
    GuiCommandType type = GuiCommandType::Unknown;
    // debug
    bool debug_on = false;
    // setoption name <name> [value <value>]
    std::string_view option_name;
    std::optional<std::string_view> option_value;
    // register later | register name <name> code <code>
    bool register_later = false;
    std::string_view register_name, register_code;
    // position startpos|fen <fen> [moves ...]
    bool startpos = false;
    std::string_view fen;  // the six (or fewer) FEN fields as written
    std::vector<std::string_view> moves;
    // go ...
    GoParams go;

    void clear();
};

// Parses one line (a trailing CR/LF is fine). Unknown tokens before the command word are
// skipped, as the protocol asks; a line with no known command gives type Unknown.
void parse_gui_command(std::string_view line, GuiCommand& out);
GuiCommand parse_gui_command(std::string_view line);

// The canonical text of a command, without a line end.
void append_gui_command(const GuiCommand& cmd, std::string& out);
std::string format_gui_command(const GuiCommand& cmd);

}  // namespace drawproxy::uci
