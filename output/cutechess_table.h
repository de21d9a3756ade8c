#pragma once
// cutechess-cli 1.5.1's results table for more than two players (its Tournament::results()):
// a header line and one line per player, ranked by score (a gauntlet's first player first), in
// the columns -resultformat names, then its SPRT line; and its `-resultformat help` text. Pure
// formatting of each player's counts, which Standings keeps as the games finish.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "game/record.h"
#include "game/time_control.h"
#include "stats/encounters.h"

namespace drawproxy::output {

using stats::StatsSettings;
using stats::Trinomial;

// How a game ended for one player, in cutechess-cli's classes (Tournament::addOutcome); the
// columns Time, Illegal, ... OtherD count them.
enum class OutcomeClass : std::uint8_t {
    Timeout,             // lost on time, or drawn so (the opponent cannot mate): both players
    IllegalMove,         // likewise
    Disconnection,       // likewise
    StalledConnection,   // likewise
    InvalidResultClaim,  // lost by a wrong result claim
    RegularLoss,         // mated, resigned, adjudicated lost
    RegularWin,          // the winner's side of those
    OtherWin,            // the winner's side of a forfeit
    Stalemate,           // draws by the words of their reason
    Material,
    Repetition,
    MovesRule,
    CountingRules,
    Adjudication,  // adjudicated draws
    Agreement,     // agreed draws
    OtherDraw,     // any other draw of the board (a dead position)
    count
};

struct RankedPlayer {
    std::string name;
    std::string time_control;  // as cutechess-cli prints it (cutechess_tc_text)
    Trinomial white, black;    // the scored games by this player's colour, from its side
    std::array<int, std::size_t(OutcomeClass::count)> outcomes{};
};

// cutechess-cli's TimeControl::toString(): "inf", "0.5/move", "40/60+0.6", "hg300".
std::string cutechess_tc_text(const game::TimeControl& tc);

// Each player's counts as the games finish, as cutechess-cli counts them.
class Standings {
  public:
    explicit Standings(std::vector<RankedPlayer> players);
    // A game of players `white` and `black` (indices; -1, an unknown name, is not counted). An
    // unfinished game counts in no column (cutechess-cli's "No result").
    void add(int white, int black, const game::GameRecord& g);
    const std::vector<RankedPlayer>& players() const { return players_; }
    // cutechess-cli's SPRT counts with more than two players: every scored game, a win when the
    // first player (index 0) won it, a loss when anyone else did, draws as draws.
    const Trinomial& sprt_counts() const { return sprt_counts_; }

  private:
    std::vector<RankedPlayer> players_;
    Trinomial sprt_counts_;
};

// cutechess-cli's format when -resultformat is not given (its c_defaultFormat).
inline constexpr std::string_view DEFAULT_RESULT_FORMAT = "Rank,Name,Elo,Error,Games,Score,DScore";

// The header line and one line per player, each ending in "\n", as `format` (a named format or
// a comma list of tokens and groups; unknown tokens print nothing) says. `gauntlet_seeds` above
// 0: a gauntlet, whose first player (its -seeds first players, the later first) is listed first,
// the rank counted from 0; else all by score from 1.
std::string cutechess_table(const std::vector<RankedPlayer>& players, std::string_view format,
                            int gauntlet_seeds);
// Tournament::results() with more than two players: the table, an empty line, the SPRT line
// (no newline last).
std::string cutechess_ranking(const Standings& s, std::string_view format, int gauntlet_seeds,
                              const StatsSettings& settings);

// What cutechess-cli prints for `-resultformat help`: the named formats, the tokens, the groups.
std::string result_format_help();
// The value -resultformat keeps: its first 256 characters, blanks trimmed at both ends.
std::string result_format_value(std::string_view given);
// The comma-separated words of `format` that cutechess-cli would print nothing for: neither a
// named format (given alone), a group, a token, nor a word of its own formats.
std::vector<std::string> unknown_result_fields(std::string_view format);

}  // namespace drawproxy::output
