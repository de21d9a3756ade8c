#include "tournament/scheduler.h"

#include <algorithm>
#include <climits>
#include <random>

#include "tournament/match_run.h"

namespace drawproxy::tournament {

using namespace game;

std::vector<GameSpec> build_schedule(const MatchOptions& opts, const std::vector<Opening>& openings) {
    std::vector<std::pair<int, int>> pairings;
    const int n = int(opts.engines.size());
    if (opts.tournament == MatchOptions::Tournament::Gauntlet) {
        for (int j = 1; j < n; ++j) pairings.emplace_back(0, j);
    } else {
        for (int i = 0; i < n; ++i)
            for (int j = i + 1; j < n; ++j) pairings.emplace_back(i, j);
    }
    std::vector<std::size_t> order(openings.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    if (opts.openings && opts.openings->random) {
        std::mt19937_64 rng(opts.seed);
        std::shuffle(order.begin(), order.end(), rng);
    }
    // cutechess-cli's rule: an opening is kept for the next game until it has been played
    // `-repeat` times (default policy) or for ever (encounter, round); the kept one is
    // dropped when a new pair starts in a tournament of three or more (default, encounter)
    // or when a new round starts (round).
    using Policy = OpeningsOptions::Policy;
    const Policy policy = opts.openings ? opts.openings->policy : Policy::Default;
    const int repetitions = policy == Policy::Default ? opts.opening_repetitions : INT_MAX;
    std::size_t next_opening = opts.openings ? std::size_t(opts.openings->start - 1) : 0;
    const Opening* kept = nullptr;
    int played = 0;  // games the current opening has been played
    int kept_round = 0;
    std::pair<int, int> previous{-1, -1};
    std::vector<GameSpec> games;
    // -repeat (twice): games 2k and 2k+1 of an encounter's round share the opening with
    // colours swapped, and make a game pair for the statistics and the shards.
    const bool paired = opts.repeat && opts.opening_repetitions == 2;
    int pairs = 0, units = 0;
    for (int round = 1; round <= opts.rounds; ++round) {
        for (auto [a, b] : pairings) {
            for (int g = 0; g < opts.games; ++g) {
                GameSpec s;
                if (!openings.empty()) {
                    const bool new_pair = std::make_pair(a, b) != previous;
                    if ((new_pair && n > 2 && policy != Policy::Round) ||
                        (round > kept_round && policy == Policy::Round)) {
                        kept = nullptr;
                        kept_round = round;
                    }
                    const Opening* opening = kept;
                    if (opening) {
                        ++played;
                    } else {
                        played = 1;
                        opening = &openings[order[next_opening++ % openings.size()]];
                    }
                    kept = played < repetitions ? opening : nullptr;
                    s.start = opening->start;
                    s.from_fen = opening->from_fen;
                    s.book = opening->moves;
                }
                previous = {a, b};
                s.number = int(games.size()) + 1;
                s.round = round;
                // -noswap: the pair's first engine keeps White; -reverse: the second starts.
                const bool swap = (!opts.noswap && g % 2 == 1) != opts.reverse;
                s.white = &opts.engines[swap ? b : a];
                s.black = &opts.engines[swap ? a : b];
                s.draw_offers = opts.draw_offers;
                s.adjudication = opts.adjudication;
                if (paired && g % 2 == 0 && g + 1 < opts.games) {
                    s.pair = pairs++;
                    s.unit = units++;
                } else if (paired && g % 2 == 1) {
                    s.pair = games.back().pair;
                    s.unit = games.back().unit;
                } else {
                    s.unit = units++;
                }
                games.push_back(std::move(s));
            }
        }
    }
    return games;
}

Scheduler::Scheduler(const MatchOptions& opts, rules::Edition edition, std::FILE* out)
    : opts_(opts), edition_(std::move(edition)), out_(out) {}

MatchSummary Scheduler::run() {
    MatchRun match(opts_, edition_, out_);
    return match.play();
}

}  // namespace drawproxy::tournament
