#pragma once
// cutechess-cli 1.5.1's knockout (single elimination), whose encounters come from the results:
// the bracket is the next power of two of players, the first -seeds engines placed as seeded
// ranks 1, 2, ... and the others drawn at random (cutechess-cli's generator, so the same -srand
// draws the same bracket), the top seeds given the byes. An encounter plays -games games and
// goes on while the players are level (with -games even, in twos, until one leads by more than
// a point); when every encounter of a round is decided, the winners meet in order in the next
// round. Which pair plays next is asked each time a game may start, as cutechess-cli asks.
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "output/knockout_text.h"
#include "rules/game.h"
#include "tournament/book_order.h"
#include "tournament/schedule.h"

namespace drawproxy::tournament {

class Knockout {
  public:
    // `players` engines (2 or more), `seeds` of them seeded, `games` a encounter; `seed` draws
    // the unseeded players' places, after the first `draws_spent` numbers of its generator.
    Knockout(int players, int seeds, int games, std::uint32_t seed, std::size_t draws_spent = 0);
    // The pair of the next game (`first`, `second` as the bracket made it; the round), counted as
    // started; none while no encounter needs a game until running ones end, or once it is over.
    std::optional<Encounter> next_game();
    // A started game between engines `white` and `black` ended scored with `score`.
    void game_finished(int white, int black, rules::Score score);
    // Every encounter decided, the final's too.
    bool finished() const;
    // cutechess-cli's count of the games before any tie: one encounter a player but the winner.
    int planned_games() const { return (players_ - 1) * games_; }
    const output::KnockoutRounds& rounds() const { return rounds_; }

  private:
    struct Pair {
        int first, second;
        int first_score = 0, second_score = 0;  // half points, as cutechess-cli counts them
        int started = 0;
        bool bye() const { return first < 0 || second < 0; }
        int running() const { return started - (first_score + second_score) / 2; }
        int leader() const;
    };
    bool needs_games(const Pair& p) const;
    void publish();

    int players_, games_;
    std::vector<std::vector<Pair>> pairs_;  // by round, the current one last
    output::KnockoutRounds rounds_;         // the same, as output/ prints it
};

}  // namespace drawproxy::tournament
