#pragma once
// The command line of `drawproxy match`, in cutechess-cli's style: `-engine key=value...`,
// `-each key=value...` (applied to every engine, before its own keys), `-games N`, ...
// Parsing them is app/match_options.h; errors throw game::OptionError with one clear line.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "game/fastchess_settings.h"
#include "game/settings.h"
#include "journal/state.h"
#include "output/cutechess_table.h"
#include "output/status_lines.h"
#include "stats/sprt.h"
#include "tournament/shard.h"

namespace drawproxy::tournament {

using game::AdjudicationOptions;
using game::DrawOfferOptions;
using game::EngineConfig;
using game::OptionError;
using output::OutputFormat;

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

// Whose meaning the options have: drawproxy's own (cutechess-style), fastchess' or
// cutechess-cli's (chosen by the program's name or -dialect).
enum class Dialect : std::uint8_t { drawproxy, fastchess, cutechess };

struct MatchOptions {
    Dialect dialect = Dialect::drawproxy;
    std::vector<EngineConfig> engines;
    int games = 1;  // games per encounter (per round)
    int rounds = 1;
    bool repeat = false;          // -repeat: each opening is played more than once, colours swapped
    int opening_repetitions = 1;  // how many times (-repeat alone: 2, -repeat N: N)
    bool chess960 = false;        // -variant fischerandom
    int concurrency = 1;
    bool concurrency_adjusted = false;    // fastchess's -concurrency 0/-N: set from the machine's threads
    bool bayesian_penta_warning = false;  // fastchess's -sprt model=bayesian turned -report penta off
    bool force_concurrency = false;  // fastchess: -force-concurrency lifts its cap at the hardware threads
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
    std::string htmlout;  // the HTML report (output/html_page.h)
    std::string rules;    // empty: the default edition
    DrawOfferOptions draw_offers;
    std::uint64_t seed = 0;  // -seed/-srand, else from the clock (seed_given false)
    bool seed_given = false;
    enum class Tournament { RoundRobin, Gauntlet, Pyramid, Knockout } tournament = Tournament::RoundRobin;
    // -seeds: a gauntlet's players who play the rest (0 or 1: one), a knockout's players placed
    // in the bracket by their order (the rest are drawn); 0 as cutechess-cli's default.
    int seeds = 0;
    bool quiet = false;    // no per-game lines, no tables: the final score and Elo only
    bool recover = false;  // -recover: an engine that crashed mid-match is restarted, the match goes on
    // fastchess's -strict: its first "Warning; ..." line stops the match (exit status 1).
    bool strict = false;
    // fastchess's -startup-ms, -ucinewgame-ms: every engine's wait for uciok and for readyok
    // (an engine's startup= key overrides them).
    std::optional<std::int64_t> startup_ms, ucinewgame_ms, ping_ms;
    bool quick_concurrency = false;  // fastchess's -quick: the hardware threads less 2 (at least 1)
    // Statistics and SPRT (stats/): -sprt, -report penta=, -ratinginterval, -output.
    std::optional<stats::SprtParams> sprt;
    bool report_penta = true;  // statistics on game pairs where there are pairs
    int rating_interval = 0;   // a status block every N games (pairs with penta); 0: at the end
    int score_interval = 1;    // the score line after every N-th game and the last; 0: the last only
    int outcome_interval = 0;  // cutechess-cli's outcome list every N games; 0: at the end only
    // -resultformat: the columns of cutechess-cli's results table (3+ engines, -output cutechess)
    std::string result_format{output::DEFAULT_RESULT_FORMAT};
    OutputFormat output = OutputFormat::drawproxy;
    game::FastchessOutputSettings fastchess_output;  // -pgnout keys, -crc32, -check-mate-pvs, -testEnv
    // -use-affinity [CPUS]: each game's engines pinned to a CPU of its own (game/cpu_affinity.h);
    // `affinity_cpus` empty: the machine's.
    bool use_affinity = false;
    std::vector<int> affinity_cpus;
    std::optional<ShardSpec> shard;  // -shard K/N
    // Resuming (journal/state.h): the state is saved every `autosave_interval` finished
    // games (0: never) and at the end, to `state_file` (empty: beside the outputs).
    int autosave_interval = 20;
    std::string state_file;
    std::vector<std::string> args;  // the command line, saved in the state
    std::string program;            // how the runner was run, as fastchess names itself to resume: argv[0]
    std::optional<journal::MatchState> resume;  // -resume / -config file=: the games already played
    // The summary keeps every game's moves and the runner's overhead samples (the outputs get
    // the moves as each game ends). The command line turns it off: a long match's memory then
    // grows by a game's result, not by its moves.
    bool summary_keeps_details = true;
};

}  // namespace drawproxy::tournament
