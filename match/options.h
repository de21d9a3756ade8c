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
    std::string jsonout;
    std::string htmlout;  // the HTML report (match/html_report.h)
    std::string rules;  // empty: the default edition
    DrawOfferOptions draw_offers;
    std::uint64_t seed = 0;
    bool seed_given = false;
    enum class Tournament { RoundRobin, Gauntlet } tournament = Tournament::RoundRobin;
    bool quiet = false;    // no per-game lines, no tables: the final score and Elo only
    bool recover = false;  // -recover: an engine that crashed mid-match is restarted, the match goes on
};

}  // namespace drawproxy::match
