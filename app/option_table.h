#pragma once
// The match runner's options and engine keys as one table each: per entry the name, how many
// values it takes, what it sets (or why it is refused), its usage text, and the dialects it
// speaks for. Parsing, refusals and the usage text all read these tables; an option whose
// meaning differs between runners has one entry per meaning.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tournament/settings.h"

namespace drawproxy::app {

using game::EngineConfig;
using game::OptionError;
using tournament::Dialect;
using tournament::MatchOptions;
using Tokens = std::vector<std::string>;

// "drawproxy", "fastchess", "cutechess" (also "cutechess-cli").
std::optional<Dialect> parse_dialect(std::string_view name);
// The dialect a program name asks for: fastchess, fastchess-ob, cutechess-cli (a path's last
// part; ".exe" ignored); none for any other name.
std::optional<Dialect> dialect_of_program(std::string_view argv0);

// What the command line says before anything is read from files or the clock: the options,
// each engine's keys (applied once engines.json has been read for conf=), the state file to
// resume from.
struct MatchRequest {
    MatchOptions opts;
    std::vector<Tokens> engines;  // each -engine's own keys, conf= included
    Tokens each;                  // every -each's keys, in order
    std::optional<std::string> claim_default;
    std::vector<std::string> given;  // the options given, by the name they were given with
    std::string resume_path;         // -resume / -config file=: empty when neither is given
    std::string resume_option;
    bool resume_discard = false;
    std::string state_outname;  // fastchess's -config outname=: where the state is saved
    bool resume_stats = true;   // fastchess's -config stats=false: the saved games are not carried over
    bool games_given = false;
    bool given_option(std::string_view name) const;
};

// Bits of the dialects an entry speaks for.
enum DialectBits : std::uint8_t {
    DP = 1,
    FC = 2,
    CC = 4,
    DP_CC = DP | CC,
    DP_FC = DP | FC,
    ALL = DP | FC | CC
};
constexpr std::uint8_t bit_of(Dialect d) { return std::uint8_t(1u << unsigned(d)); }

enum class Arity : std::uint8_t { none, one, any };
// taken: `apply` sets it; refused: `help` says why; command: -h, -version (the command's own).
enum class Kind : std::uint8_t { taken, refused, command };

struct OptionSpec {
    std::string_view name;
    std::uint8_t dialects;
    Kind kind;
    Arity arity;
    void (*apply)(MatchRequest&, const Tokens& values, const std::string& name);
    // Usage: the synopsis ("-games N"; a second line starts with its own indent) and the help
    // (lines split at '\n'). An empty synopsis: the entry before describes it, or it is hidden.
    std::string_view synopsis;
    std::string_view help;  // the reason, for a refused entry
};

struct EngineKeySpec {
    std::string_view name;  // "option." matches every option.NAME
    std::uint8_t dialects;
    Kind kind;
    bool flag;  // may be given without "=value" (cutechess-cli's whitepov, ponder, ...)
    void (*apply)(EngineConfig&, const std::string& value, const std::string& key);
    std::string_view synopsis;
    std::string_view help;
};

// The names the parser itself looks for: the options read before the table's pass (the dialect,
// the state file), those whose presence changes a default, and those errors name. The table's
// entries use the same constants, so each name is spelled once.
namespace names {
inline constexpr std::string_view dialect = "-dialect", dialect_long = "--dialect", resume = "-resume",
                                  config = "-config", autosave = "-autosaveinterval", srand = "-srand",
                                  engine = "-engine", each = "-each", help_short = "-h",
                                  result_format = "-resultformat", rounds = "-rounds", shard = "-shard",
                                  compliance = "--compliance";
inline constexpr std::string_view conf_key = "conf=";  // the engine key read after engines.json
}  // namespace names

std::span<const OptionSpec> option_table();
std::span<const EngineKeySpec> engine_key_table();
// Other spellings of an option: {alias, the option it spells}.
std::span<const std::pair<std::string_view, std::string_view>> option_aliases();

// The entry of `name` in dialect `d`, or null.
const OptionSpec* find_option(std::string_view name, Dialect d);
const EngineKeySpec* find_engine_key(std::string_view key, Dialect d);

// One KEY=VALUE (or a flag) of -engine/-each applied to `e`; errors name `option`.
void apply_engine_token(EngineConfig& e, const std::string& token, const std::string& option, Dialect d);

// The usage text of the match runner in dialect `d`, from the tables.
std::string usage_text(Dialect d);
// Every option and every engine key, with what each dialect does with it, as Markdown tables
// (README.md holds them; a test keeps the two equal).
std::string option_matrix();

}  // namespace drawproxy::app
