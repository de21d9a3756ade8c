#pragma once
// The status blocks of a two-engine encounter: drawproxy's own, and cutechess-cli's and
// fastchess's, written exactly as those runners write them so that their parsers keep working.
// Pure formatting of the counts (match/stats.h); the runner decides when to print.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "stats/encounters.h"

namespace drawproxy::output {

using namespace stats;

enum class OutputFormat : std::uint8_t { drawproxy, cutechess, fastchess };
std::optional<OutputFormat> parse_output_format(std::string_view text);

// cutechess-cli: after every game
//   Score of A vs B: W - L - D  [0.500] N
// and, every -ratinginterval games and at the end, its results block (the three "..." lines
// by colour, the Elo line, the SPRT line).
std::string cutechess_score_line(const HeadToHead& h);
std::string cutechess_results(const HeadToHead& h, const StatsSettings& s);

// fastchess: every -ratinginterval games (pairs with penta) and at the end, the block between
// two dashed lines; `matchup` is what its "Results of A vs B (...)" line puts in brackets
// (time control, threads, hash, book), see fastchess_matchup().
std::string fastchess_interval(const HeadToHead& h, const StatsSettings& s, const std::string& matchup);
std::string fastchess_matchup(const std::string& tc, const std::string& threads, const std::string& hash,
                              const std::string& book);
// "SPRT ([elo0, elo1]) completed - H1 was accepted"
std::string fastchess_sprt_completed(const SprtParams& sprt, SprtStatus status);

// drawproxy's own lines after its score and Elo lines: the pentanomial with nElo and LOS, and
// the SPRT state ("" where there is nothing to say).
std::string drawproxy_stats_lines(const HeadToHead& h, const StatsSettings& s);

// Everything above as JSON (a non-finite figure is left out: a reader finds a number or nothing).
nlohmann::json stats_json(const HeadToHead& h, const StatsSettings& s);
// j[key] = v when v is finite (-0 written as 0), else nothing.
void put_number(nlohmann::json& j, const char* key, double v);

// The statistics part of a summary: "pairs" (one per encounter with games) and "statistics"
// (the settings). The runner and the merge both write it with this function, from the counts.
void put_statistics(nlohmann::json& summary, const std::vector<HeadToHead>& encounters,
                    const StatsSettings& settings);

}  // namespace drawproxy::output
