#pragma once
// The games of a match or tournament, in order: who plays whom in which round, with which colours
// and from which opening. Two steps, so that another runner's meaning of the same options can be
// put together from its own encounter order and its own rule for colours and openings:
// cutechess_encounters() gives the encounters (pairs of engines) with their rounds, and
// cutechess_games() turns them into games. build_schedule() is drawproxy match's dialect, which
// is cutechess-cli's (tests/data/schedule/ holds what cutechess-cli 1.5.1 plays).
#include <vector>

#include "game/game_runner.h"
#include "tournament/openings.h"
#include "tournament/settings.h"

namespace drawproxy::tournament {

using game::GameSpec;

// Two engines (indices into MatchOptions::engines) meeting for -games games in one round (the
// PGN's Round tag). `first` has White in their first game unless the rule says otherwise.
struct Encounter {
    int first = 0, second = 1;
    int round = 1;
};

// cutechess-cli's order: a round robin by the circle method (engine 0 fixed, the others turning
// one place a round, a bye for an odd count), each of the n-1 (n odd: n) rounds numbered on
// across the -rounds cycles; a gauntlet is engine 0 against each other engine, one cycle a round.
std::vector<Encounter> cutechess_encounters(MatchOptions::Tournament type, int engines, int cycles);

// cutechess-cli's colours and openings over `encounters`, `opts.games` games each, the openings
// dealt from `openings` in turn (cycling; none: the start position):
// - colours belong to the pair of engines and are kept from one encounter to the next: the pair's
//   White alternates game by game (not with -noswap), and with -reverse the pair is turned round
//   whenever it meets after another pair has played (so at the start of a two-engine match);
// - an opening is kept for the next game until it has been played -repeat times (policy=default)
//   or for ever (encounter, round); the kept one is dropped when another pair starts in a
//   tournament of three or more engines (default, encounter) or when a new round starts (round).
// With `-repeat` (twice), a game that plays the opening its predecessor started makes a game pair
// with it, for the statistics and the shards.
std::vector<GameSpec> cutechess_games(const MatchOptions& opts, const std::vector<Encounter>& encounters,
                                      const std::vector<const Opening*>& openings);

// drawproxy match's schedule: the two steps above, openings in file order or shuffled by -srand.
std::vector<GameSpec> build_schedule(const MatchOptions& opts, const std::vector<Opening>& openings);

}  // namespace drawproxy::tournament
