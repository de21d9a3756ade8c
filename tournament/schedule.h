#pragma once
// The games of a match or tournament, in order: who plays whom in which round, with which colours
// and from which opening. Two steps for each runner: its encounters (pairs of engines) with their
// rounds, then its rule for colours and openings turns them into games. drawproxy match's order
// is cutechess-cli's (tests/data/schedule/ holds what cutechess-cli 1.5.1 plays).
#include <map>
#include <utility>
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
// across the -rounds cycles; a gauntlet is each of its first `seeds` engines (1 to n-1) in
// turn against each of the others, one cycle a round; a pyramid is engine k against each
// engine before it (k from 1 on), White first, one k a round, numbered on across the cycles.
// A knockout has no fixed order (tournament/knockout.h): none.
std::vector<Encounter> cutechess_encounters(MatchOptions::Tournament type, int engines, int cycles,
                                            int seeds = 1);

// cutechess-cli's colours and openings, one game at a time in the order the games start:
// - colours belong to the pair of engines and are kept from one encounter to the next: the pair's
//   White alternates game by game (not with -noswap), and with -reverse the pair is turned round
//   whenever it meets after another pair has played (so at the start of a two-engine match);
// - an opening is kept for the next game until it has been played -repeat times (policy=default)
//   or for ever (encounter, round); the kept one is dropped when another pair starts in a
//   tournament of three or more engines (default, encounter) or when a new round starts (round).
// The openings are dealt from `openings` in turn (cycling; none: the start position).
class GameDealer {
  public:
    GameDealer(const MatchOptions& opts, std::vector<const Opening*> openings);
    // The next game of the encounter's pair (number: the game's place in `games`), appended to
    // `games`. With `-repeat` (twice) and `pairs`, a game that plays the opening its predecessor
    // started makes a game pair with it, for the statistics and the shards.
    void deal(const Encounter& e, std::vector<GameSpec>& games, bool pairs = true);

  private:
    const MatchOptions& opts_;
    std::vector<const Opening*> openings_;
    int repetitions_;
    std::map<std::pair<int, int>, int> white_next_;  // by pair (lower index first): its next White
    std::pair<int, int> last_pair_{-1, -1};
    std::size_t dealt_ = 0;  // openings taken so far
    const Opening* opening_ = nullptr;
    int played_ = 0;  // games the current opening has had (0: none is kept)
    int kept_round_ = 0;
    int pair_count_ = 0, units_ = 0;
};

// The games of fixed encounters, `opts.games` each, dealt in order.
std::vector<GameSpec> cutechess_games(const MatchOptions& opts, const std::vector<Encounter>& encounters,
                                      const std::vector<const Opening*>& openings);

// The openings in the order they are dealt: the file's, or shuffled by -srand; from start=.
std::vector<const Opening*> dealt_openings(const MatchOptions& opts, const std::vector<Opening>& openings);

// fastchess's order: each round, every engine from the first (round robin) or every seed
// (gauntlet; the seeds also meet one another) against each engine after it, each encounter
// numbered on from 1 (its Round tag).
std::vector<Encounter> fastchess_encounters(MatchOptions::Tournament type, int engines, int rounds,
                                            int seeds = 1);

// fastchess's games of those encounters: `opts.games` each on the next opening (of the first
// -rounds ones, dealt in turn); White is the
// encounter's first engine in the odd-numbered games and its second in the even ones (always the
// first with -noswap), the other way round with -reverse.
std::vector<GameSpec> fastchess_games(const MatchOptions& opts, const std::vector<Encounter>& encounters,
                                      const std::vector<const Opening*>& openings);

// The match's schedule in its dialect's order: cutechess-cli's (drawproxy match's) or fastchess's,
// openings in file order or shuffled by -srand.
std::vector<GameSpec> build_schedule(const MatchOptions& opts, const std::vector<Opening>& openings);

}  // namespace drawproxy::tournament
