#include "tournament/schedule.h"

#include <algorithm>
#include <climits>
#include <map>
#include <numeric>
#include <random>

#include "tournament/book_order.h"

namespace drawproxy::tournament {

std::vector<Encounter> cutechess_encounters(MatchOptions::Tournament type, int engines, int cycles) {
    std::vector<Encounter> out;
    if (type == MatchOptions::Tournament::Gauntlet) {
        for (int round = 1; round <= cycles; ++round)
            for (int j = 1; j < engines; ++j) out.push_back({0, j, round});
        return out;
    }
    // The circle: seat i meets seat m-1-i; engine `engines` (odd counts) is the bye.
    const int m = engines + engines % 2;
    std::vector<int> seat(m);
    std::iota(seat.begin(), seat.end(), 0);
    const int rounds = cycles * (m - 1);
    for (int round = 1; round <= rounds; ++round) {
        for (int i = 0; i < m / 2; ++i)
            if (seat[i] < engines && seat[m - 1 - i] < engines)
                out.push_back({seat[i], seat[m - 1 - i], round});
        std::rotate(seat.begin() + 1, seat.end() - 1, seat.end());  // all but seat 0 move on one
    }
    return out;
}

std::vector<GameSpec> cutechess_games(const MatchOptions& opts, const std::vector<Encounter>& encounters,
                                      const std::vector<const Opening*>& openings) {
    using Policy = OpeningsOptions::Policy;
    const Policy policy = opts.openings ? opts.openings->policy : Policy::Default;
    const int repetitions = policy == Policy::Default ? opts.opening_repetitions : INT_MAX;
    const bool many = opts.engines.size() > 2;
    const bool paired = opts.repeat && opts.opening_repetitions == 2;
    std::map<std::pair<int, int>, int> white_next;  // by pair (lower index first): its next White
    std::pair<int, int> last_pair{-1, -1};
    std::size_t dealt = 0;  // openings taken so far
    const Opening* opening = nullptr;
    int played = 0;  // games the current opening has had (0: none is kept)
    int kept_round = 0;
    int pairs = 0, units = 0;
    std::vector<GameSpec> games;
    for (const Encounter& e : encounters) {
        const std::pair<int, int> key = std::minmax(e.first, e.second);
        auto [it, met_before] = white_next.try_emplace(key, e.first);
        (void)met_before;
        int& white = it->second;
        const bool same_pair = key == last_pair;
        last_pair = key;
        if (!same_pair && opts.reverse) white = e.first + e.second - white;
        if ((!same_pair && many && policy != Policy::Round) ||
            (policy == Policy::Round && e.round > kept_round)) {
            played = 0;
            kept_round = e.round;
        }
        for (int g = 0; g < opts.games; ++g) {
            GameSpec s;
            if (played > 0 && played < repetitions) {
                ++played;
            } else {
                played = 1;
                opening = openings.empty() ? nullptr : openings[dealt++ % openings.size()];
            }
            if (opening) {
                s.start = opening->start;
                s.from_fen = opening->from_fen;
                s.book = opening->moves;
            }
            s.number = int(games.size()) + 1;
            s.round = e.round;
            s.white = &opts.engines[white];
            s.black = &opts.engines[e.first + e.second - white];
            if (!opts.noswap) white = e.first + e.second - white;
            s.draw_offers = opts.draw_offers;
            s.adjudication = opts.adjudication;
            // The second game of an opening between the same engines completes a pair.
            GameSpec* previous = games.empty() ? nullptr : &games.back();
            if (paired && played >= 2 && previous && previous->pair < 0 &&
                std::minmax(previous->white, previous->black) == std::minmax(s.white, s.black)) {
                previous->pair = pairs++;
                s.pair = previous->pair;
                s.unit = previous->unit;
            } else {
                s.unit = units++;
            }
            games.push_back(std::move(s));
        }
    }
    return games;
}

std::vector<GameSpec> build_schedule(const MatchOptions& opts, const std::vector<Opening>& openings) {
    // The openings in the order they are dealt: the file's, or shuffled by the seed; from start=.
    std::vector<std::size_t> order(openings.size());
    std::iota(order.begin(), order.end(), 0);
    if (opts.openings && opts.openings->random)
        order = shuffled_book_order(openings.size(), opts.seed, opts.dialect);
    std::vector<const Opening*> dealt(order.size());
    const std::size_t first = opts.openings ? std::size_t(opts.openings->start - 1) : 0;
    for (std::size_t i = 0; i < order.size(); ++i) dealt[i] = &openings[order[(first + i) % order.size()]];
    const auto encounters = cutechess_encounters(opts.tournament, int(opts.engines.size()), opts.rounds);
    return cutechess_games(opts, encounters, dealt);
}

}  // namespace drawproxy::tournament
