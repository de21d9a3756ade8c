#pragma once
// The match's text and JSON output: the live line per finished game, the running score
// `Score of A vs B: W - L - D [pct] N` with Elo, and at the end the tables of results by
// reason, incorrect claims per engine and (tournaments) the crosstable.
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "game/record.h"
#include "stats/counts.h"

namespace drawproxy::output {

using game::GameRecord;
using game::Outcome;

class Report {
  public:
    explicit Report(std::vector<std::string> engine_names, std::string rules = "");

    // A finished game is scored; an unterminated one (Ctrl-C) is only listed in the JSON.
    void add(const GameRecord& g);
    int games() const { return int(games_.size()); }  // listed games, unterminated ones included

    static std::string started_line(const GameRecord& g, int total);
    static std::string finished_line(const GameRecord& g);
    // fastchess's or cutechess-cli's: "Finished game N (W vs B): R {reason}", the runner's
    // reasons word for word, the Laws' article added where it has no such ending (rules/ending.h).
    static std::string runner_finished_line(const GameRecord& g, rules::Wording wording);
    // fastchess's warnings about the game's last move (fishtest's worker stops the test on
    // them), one per line without the last newline, "" none: an illegal move, and a move not in
    // lowercase UCI form before it.
    static std::string fastchess_warnings(const GameRecord& g);
    // fastchess's list before "Finished match" of the engines that lost on time or by a crash
    // or a stall: an empty line, "Player: NAME", "  Timeouts: N", "  Crashed: N" for each (in
    // `names` order), an empty line; "" when none did. Game number `uncounted` is left out: the
    // one whose crash stopped the match, which fastchess stops on before it counts it.
    static std::string fastchess_forfeits(const std::vector<GameRecord>& games,
                                          const std::vector<std::string>& names, int uncounted = 0);
    // Results of engine a against engine b, from a's view.
    std::string score_line(int a, int b) const;
    std::string elo_line(int a, int b) const;
    std::string reason_table() const;
    std::string claims_table() const;
    std::string crosstable() const;  // more than two engines
    // The summary: games in game-number order, `by_reason` keyed by the ResultRule reasons,
    // per encounter the counts and the Elo with its bounds (absent when infinite).
    nlohmann::json json() const;

    // Engine a's results against engine b, kept as the games are added.
    stats::Trinomial tally(int a, int b) const;
    int index_of(const std::string& name) const;

  private:
    struct GameSummary {
        int number;
        int white, black;
        Outcome outcome;
        int plies;
        int incorrect_claims[2];
        std::string start_fen;
        std::vector<std::string> book;  // opening moves, UCI
        std::string time_control;
        std::int64_t wall_ms;
        std::int64_t time_used_ms[2];  // by colour, the engines' own moves
    };
    std::vector<std::string> names_;
    std::string rules_;
    std::vector<GameSummary> games_;
    std::vector<stats::Trinomial> results_;  // [a * engines + b]: a's results against b
    std::vector<int> incorrect_claims_;      // per engine
};

}  // namespace drawproxy::output
