#pragma once
// The command line of `drawproxy match`, in cutechess-cli's style: `-engine key=value...`,
// `-each key=value...` (applied to every engine, before its own keys), `-games N`, ...
// Parsing them is app/match_options.h; errors throw OptionError with one clear line.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "match/match_state.h"
#include "match/shard.h"
#include "match/stats.h"
#include "match/status_lines.h"
#include "match/time_control.h"
#include "proxy/claim_policy.h"

namespace drawproxy::match {

class OptionError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// How a player claims draws (9.2, 9.3): the proxy's policy, where `engine` means the engine
// prints `info string drawproxy claim ...` itself.
using ClaimPolicy = proxy::ClaimPolicy;

struct EngineConfig {
    std::string name;
    std::string cmd;
    std::string dir;
    std::vector<std::string> args;
    std::vector<std::pair<std::string, std::string>> options;  // setoption name/value
    TimeControl tc;
    std::int64_t nodes = 0;
    int depth = 0;
    ClaimPolicy claim;
    std::int64_t stall_ms = 60000;    // no answer for this long without a clock: stalled
    std::int64_t startup_ms = 10000;  // uci -> uciok and isready -> readyok must come within this
    bool restart = false;             // restart=on: a new process for every game (cutechess' key)
    std::string book;    // book=: a Polyglot book (.bin) the player's moves come from while it has them
    int book_depth = 0;  // bookdepth=: only within this many full moves of the game (0: no limit)
    // cutechess-cli's engine set-up keys (also read from engines.json by conf=NAME):
    std::string stderr_file;                // stderr=FILE: the engine's stderr appended to FILE
    std::vector<std::string> init_strings;  // initstr=TEXT: written to the engine before "uci"
    bool white_pov = false;                 // whitepov: its scores are from White's side, not the mover's
    double timeout_scale = 1.0;             // tscale=X: stall= and startup= times multiplied by X
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
    // -tb: Syzygy tables (match/syzygy.h) decide a position they hold, after each move.
    std::string tb_paths;      // empty: off
    int tb_pieces = 0;         // -tbpieces: only positions of at most this many pieces (0: the tables' most)
    bool tb_ignore50 = false;  // -tbignore50: a cursed win counts as a win, a blessed loss as a loss
    enum class TbResults { Both, WinLoss, Draw } tb_results = TbResults::Both;  // -tbadjudicate
    bool tablebase() const { return !tb_paths.empty(); }
};

struct OpeningsOptions {
    std::string file;
    enum class Format { Epd, Pgn } format = Format::Epd;
    bool random = false;
    int plies = 1000;  // PGN openings: how many plies to keep
    int start = 1;     // 1-based index of the first opening
    // When the next opening is taken, as in cutechess-cli: Default after the opening has been
    // played `-repeat` times or when a new pair of engines starts (tournaments of three or
    // more); Encounter only when a new pair starts; Round only when a new round starts.
    enum class Policy { Default, Encounter, Round } policy = Policy::Default;
};

struct DrawOfferOptions {
    bool enabled = false;
    int score_cp = 10;
    int moves = 8;
    int after = 0;  // the event's restriction: no agreement before this move number
};

struct MatchOptions {
    std::vector<EngineConfig> engines;
    int games = 1;  // games per encounter (per round)
    int rounds = 1;
    bool repeat = false;          // -repeat: each opening is played more than once, colours swapped
    int opening_repetitions = 1;  // how many times (-repeat alone: 2, -repeat N: N)
    bool chess960 = false;        // -variant fischerandom
    int concurrency = 1;
    std::optional<OpeningsOptions> openings;
    std::string pgnout;
    bool pgn_minimal = false;  // -pgnout ... min: the tags cutechess-cli's minimal PGN keeps, no comments
    bool pgn_append = true;    // fastchess' append=false: the file is truncated first
    std::string epdout;        // -epdout: each game's final position, one EPD line
    bool epd_append = true;
    std::string event = "?";  // -event, -site: PGN tags
    std::string site = "?";
    int wait_ms = 0;               // -wait: pause between a game's end and the next start
    bool noswap = false;           // -noswap: the first engine of a pair keeps White
    bool reverse = false;          // -reverse: the schedule with sides reversed
    std::string log_file;          // -log file=F / -debug: every engine line, timestamped
    bool debug_to_stdout = false;  // -debug without a file: the lines go to standard output
    AdjudicationOptions adjudication;
    std::string jsonout;
    std::string htmlout;  // the HTML report (match/html_report.h)
    std::string rules;    // empty: the default edition
    DrawOfferOptions draw_offers;
    std::uint64_t seed = 0;  // -seed/-srand, else from the clock (seed_given false)
    bool seed_given = false;
    enum class Tournament { RoundRobin, Gauntlet } tournament = Tournament::RoundRobin;
    bool quiet = false;    // no per-game lines, no tables: the final score and Elo only
    bool recover = false;  // -recover: an engine that crashed mid-match is restarted, the match goes on
    // Statistics and SPRT (match/stats.h): -sprt, -report penta=, -ratinginterval, -output.
    std::optional<SprtParams> sprt;
    bool report_penta = true;  // statistics on game pairs where there are pairs
    int rating_interval = 0;   // a status block every N games (pairs with penta); 0: at the end
    int score_interval = 1;    // the score line after every N-th game and the last; 0: the last only
    OutputFormat output = OutputFormat::drawproxy;
    std::optional<ShardSpec> shard;  // -shard K/N
    // Resuming (match/match_state.h): the state is saved every `autosave_interval` finished
    // games (0: never) and at the end, to `state_file` (empty: beside the outputs).
    int autosave_interval = 20;
    std::string state_file;
    std::vector<std::string> args;     // the command line, saved in the state
    std::optional<MatchState> resume;  // -resume / -config file=: the games already played
};

}  // namespace drawproxy::match
