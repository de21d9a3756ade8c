#pragma once
// What one game is played with: each engine's settings (the -engine and -each keys) and the
// event's rules for the game (adjudication by scores, moves and tablebases; draw offers).
// Plain data, filled by the command line (app/); errors in it throw OptionError.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "game/time_control.h"
#include "proxy/claim_policy.h"

namespace drawproxy::game {

// A setting that cannot be used (a bad value, a file that cannot be read): one clear line.
class OptionError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// How a player claims draws (9.2, 9.3): the proxy's policy, where `engine` means the engine
// prints `info string drawproxy claim ...` itself.
using ClaimPolicy = proxy::ClaimPolicy;

// The protocol an engine speaks (proto=).
enum class Protocol { Uci, Xboard };

// What a runner asks an engine whose search ran past its time before it calls the flag: an
// answer makes it a loss on time, none a stall. fastchess sends isready (readyok), cutechess-cli
// stop (bestmove).
enum class FlagQuestion { Isready, Stop };

struct EngineConfig {
    std::string name;
    Protocol protocol = Protocol::Uci;
    std::string cmd;
    std::string dir;
    std::vector<std::string> args;
    std::vector<std::pair<std::string, std::string>> options;  // setoption name/value
    TimeControl tc;
    std::int64_t nodes = 0;
    int depth = 0;
    ClaimPolicy claim;
    std::int64_t stall_ms = 60000;    // no answer for this long without a clock: stalled
    std::int64_t startup_ms = 10000;  // uci -> uciok must come within this (startup=, -startup-ms)
    std::int64_t ready_ms = 10000;    // isready -> readyok (startup=, fastchess's -ucinewgame-ms)
    // The runners' dialects: the question past the deadline, and how long its answer may take
    // (fastchess's -ping-ms, 60 s; cutechess-cli's 15 s; 0: the flag falls at once).
    FlagQuestion flag_question = FlagQuestion::Isready;
    std::int64_t flag_question_ms = 0;
    bool restart = false;  // restart=on: a new process for every game (cutechess' key)
    std::string book;      // book=: a Polyglot book (.bin) the player's moves come from while it has them
    int book_depth = 0;    // bookdepth=: only within this many full moves of the game (0: no limit)
    // cutechess-cli's engine set-up keys (also read from engines.json by conf=NAME):
    std::string stderr_file;                // stderr=FILE: the engine's stderr appended to FILE
    std::vector<std::string> init_strings;  // initstr=TEXT: written to the engine before "uci"
    bool white_pov = false;                 // whitepov: its scores are from White's side, not the mover's
    bool uci_debug = false;                 // debug: "debug on" before each game (cutechess-cli's key)
    double timeout_scale = 1.0;             // tscale=X: stall= and startup= times multiplied by X
    // No name= in cutechess-cli's dialect: the name is the engine's "id name" (its program's
    // file name until the engine has said it, and if it never does).
    bool name_from_engine = false;
};

// The event's adjudication rules (cutechess-cli's -draw, -resign, -maxmoves): not the Laws,
// so they end a game only when the Laws have not ended it at that move.
struct AdjudicationOptions {
    int draw_movenumber = 0;       // -draw: from this full move number on ...
    int draw_movecount = 0;        // ... both scores within +-draw_score for this many moves each
    int draw_score = 0;            // (0 movecount: off)
    int resign_movecount = 0;      // -resign: a score of -resign_score or worse this many moves
    int resign_score = 0;          // in a row (0 movecount: off)
    bool resign_twosided = false;  // ... and the opponent's +resign_score or better as long
    int max_moves = 0;             // -maxmoves: a draw after this many full moves (0: off)
    bool any() const { return draw_movecount > 0 || resign_movecount > 0 || max_moves > 0; }
    // -tb: Syzygy tables (game/syzygy.h) decide a position they hold, after each move.
    std::string tb_paths;      // empty: off
    int tb_pieces = 0;         // -tbpieces: only positions of at most this many pieces (0: the tables' most)
    bool tb_ignore50 = false;  // -tbignore50: a cursed win counts as a win, a blessed loss as a loss
    enum class TbResults { Both, WinLoss, Draw } tb_results = TbResults::Both;  // -tbadjudicate
    bool tablebase() const { return !tb_paths.empty(); }
};

struct DrawOfferOptions {
    bool enabled = false;
    int score_cp = 10;
    int moves = 8;
    int after = 0;  // the event's restriction: no agreement before this move number
};

}  // namespace drawproxy::game
