#pragma once
// fastchess' output settings: the -pgnout keys beyond file/append/min, -crc32, -check-mate-pvs,
// -testEnv. Plain data filled by the command line (app/); the defaults are fastchess'.
#include <string>
#include <vector>

namespace drawproxy::game {

struct FastchessOutputSettings {
    enum class Notation { san, lan, uci } notation = Notation::san;  // -pgnout notation=
    bool nodes = false;                    // -pgnout nodes=true: n= in the move comments
    bool seldepth = false;                 // seldepth=true: sd=
    bool nps = false;                      // nps=true
    bool hashfull = false;                 // hashfull=true
    bool tbhits = false;                   // tbhits=true
    bool pv = false;                       // pv=true
    bool timeleft = false;                 // timeleft=true
    bool latency = false;                  // latency=true
    std::vector<std::string> match_lines;  // match_line=REGEX, repeatable, in command-line order
    bool crc32_pgn = false;                // -crc32 pgn=true: "File F has CRC32: 0x..." after each PGN write
    bool check_mate_pvs = false;           // -check-mate-pvs
    bool test_env = false;                 // -testEnv: warnings' context on one line joined by " :: "
};

}  // namespace drawproxy::game
