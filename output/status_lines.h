#pragma once
// The status blocks of a two-engine encounter: drawproxy's own, and cutechess-cli's and
// fastchess's, written exactly as those runners write them so that their parsers keep working.
// Pure formatting of the counts (stats/); the runner decides when to print.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "stats/elo.h"
#include "stats/encounters.h"

namespace drawproxy::output {

using namespace stats;

enum class OutputFormat : std::uint8_t { drawproxy, cutechess, fastchess };
std::optional<OutputFormat> parse_output_format(std::string_view text);

// The SPRT's words in the lines and the JSON: "normalized", "logistic"; "continue", "H0", "H1".
std::string_view to_string(SprtModel m);
std::string_view to_string(SprtStatus s);
std::optional<SprtModel> parse_sprt_model(std::string_view text);

// drawproxy's own Elo figures of a results count (the score line, the summary, the HTML page):
// stats::elo_stats, with no game a score of one half and no interval, and an interval past the
// score range unbounded (+inf).
EloStats drawproxy_elo(const Trinomial& t);

// cutechess-cli: after every game
//   Score of A vs B: W - L - D  [0.500] N
// and, every -ratinginterval games and at the end, its results block (the three "..." lines
// by colour, the Elo line, the SPRT line).
std::string cutechess_score_line(const HeadToHead& h);
// cutechess-cli's Elo line (its Elo class): stats::elo_stats's interval with cutechess's own
// approximation of the normal quantile (1.95716...), and LOS from wins and losses only.
struct CutechessElo {
    double diff = 0, error = 0;
    double los_percent = 0, draw_percent = 0;
};
CutechessElo cutechess_elo(const Trinomial& t);
std::string cutechess_results(const HeadToHead& h, const StatsSettings& s);
// cutechess-cli's SPRT line ("SPRT: llr 2.95 (100.2%), lbound -2.94, ubound 2.94 - H1 was
// accepted") for an LLR; without -sprt its null test's line, bounds -inf and inf.
std::string cutechess_sprt_line(const StatsSettings& s, double llr);

// Qt's QString::arg(v, width, 'f', decimals) and arg(v, 0, 'g', digits), as cutechess-cli
// prints its figures: an exact tie rounded away from zero (0.5625 to 3 decimals is 0.563, where
// printf says 0.562), a NaN of either sign "nan", the infinities "inf" and "-inf", an exact -0
// "0" (but -0.3 to no decimals "-0"); `width` > 0 right-aligns in that many characters.
std::string qt_fixed(double v, int decimals, int width = 0);
std::string qt_general(double v, int digits);
// Qt's arg(text, width): padded with spaces to |width| UTF-16 units, on the left for width > 0,
// on the right for width < 0; a longer text is kept whole.
std::string qt_padded(std::string_view text, int width);

// The dashed line fastchess prints above and below each of its blocks.
inline constexpr std::string_view FASTCHESS_RULE = "--------------------------------------------------";

// fastchess: every -ratinginterval games (pairs with penta) and at the end, the block between
// two dashed lines; `matchup` is what its "Results of A vs B (...)" line puts in brackets
// (time control, threads, hash, book), see fastchess_matchup().
std::string fastchess_interval(const HeadToHead& h, const StatsSettings& s, const std::string& matchup);
// fastchess's table of a match of more than two engines: each engine's games against all the
// others (with pentanomial statistics those of completed pairs), ranked by Elo, the engines
// without games last. `own_format`: its own format (with `penta`, the pentanomial column);
// else its cutechess format, games only.
std::string fastchess_rank_table(const stats::EncounterStats& all, bool penta, bool own_format);
std::string fastchess_matchup(const std::string& tc, const std::string& threads, const std::string& hash,
                              const std::string& book);
// fastchess's -output format=cutechess: "Score of A vs B: W - L - D  [0.500] N" (its rounding),
// and its block "Elo difference: 0.00 +/- 0.00, LOS: 50.00 %, DrawRatio: 0.00 %" with, under
// -sprt, "SPRT: llr 0.00 (0.0%), lbound -2.94, ubound 2.94" (each line with its newline).
std::string fastchess_score_line(const HeadToHead& h);
std::string fastchess_cutechess_elo(const HeadToHead& h, const StatsSettings& s);
// "SPRT ([elo0, elo1]) completed - H1 was accepted"
std::string fastchess_sprt_completed(const SprtParams& sprt, SprtStatus status);

// drawproxy's own text never holds "nan" or "inf": a figure the counts do not bound says so.
inline constexpr std::string_view NOT_ENOUGH_GAMES = "not enough games";
// An estimate and its 95% interval, "338.0 +/- 185.3" (`plus_minus` between); where the counts
// give no interval (it leaves the 0-100% score range, or has no width: every game or every pair
// scored the same) "338.0 (interval: not enough games)"; where the estimate itself is infinite
// or undefined (a 100% or 0% score, no game) "not enough games".
std::string estimate_text(double value, double error, std::string_view plus_minus = "+/-");
// "99.7 %", or "not enough games" when the scores have no spread.
std::string los_text(const EloStats& e);
// "Elo difference: X +/- Y, LOS: Z %, DrawRatio: W %" from game statistics.
std::string drawproxy_elo_line(const EloStats& e);

// drawproxy's own lines after its score and Elo lines: the pentanomial with nElo and LOS, and
// the SPRT state ("" where there is nothing to say).
std::string drawproxy_stats_lines(const HeadToHead& h, const StatsSettings& s);

// Everything above as JSON: a figure the text calls "not enough games" (or any non-finite one) is
// left out, so a reader finds a number or nothing.
nlohmann::json stats_json(const HeadToHead& h, const StatsSettings& s);
// j[key] = v when v is finite (-0 written as 0), else nothing.
void put_number(nlohmann::json& j, const char* key, double v);

// The statistics part of a summary: "pairs" (one per encounter with games) and "statistics"
// (the settings). The runner and the merge both write it with this function, from the counts.
void put_statistics(nlohmann::json& summary, const std::vector<HeadToHead>& encounters,
                    const StatsSettings& settings);

}  // namespace drawproxy::output
