#pragma once
// A knockout's bracket as cutechess-cli 1.5.1 prints it in place of its results table
// (KnockoutTournament::results()): the first round's players two lines apart ("bye" for a
// missing one), and each encounter's winner ("..." while undecided) with its score, indented
// two tabs a round, on the line between the two players it comes from.
#include <string>
#include <vector>

namespace drawproxy::output {

// One encounter of a knockout, its players in the order the bracket made the pair.
struct KnockoutPair {
    int first = -1, second = -1;            // engine indices; -1: a bye
    int first_score = 0, second_score = 0;  // in half points (a win is 2)
    bool decided = false;                   // no game running and none more needed
    int leader = -1;                        // the player ahead (the other of a bye), -1 when level
};
using KnockoutRounds = std::vector<std::vector<KnockoutPair>>;  // round 1 first

// The bracket of `rounds` (the first round complete), players named by `names`; no newline last.
std::string cutechess_knockout_text(const KnockoutRounds& rounds, const std::vector<std::string>& names);

}  // namespace drawproxy::output
