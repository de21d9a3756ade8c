#include "tournament/schedule.h"

#include <algorithm>
#include <climits>
#include <map>
#include <numeric>
#include <random>

#include "tournament/book_order.h"

namespace drawproxy::tournament {

std::vector<Encounter> cutechess_encounters(MatchOptions::Tournament type, int engines, int cycles,
                                            int seeds) {
    using T = MatchOptions::Tournament;
    std::vector<Encounter> out;
    if (type == T::Knockout) return out;
    if (type == T::Gauntlet) {
        seeds = std::clamp(seeds, 1, engines - 1);
        for (int round = 1; round <= cycles; ++round)
            for (int seed = 0; seed < seeds; ++seed)
                for (int j = seeds; j < engines; ++j) out.push_back({seed, j, round});
        return out;
    }
    if (type == T::Pyramid) {
        for (int cycle = 0; cycle < cycles; ++cycle)
            for (int k = 1; k < engines; ++k)
                for (int j = 0; j < k; ++j) out.push_back({k, j, cycle * (engines - 1) + k});
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

GameDealer::GameDealer(const MatchOptions& opts, std::vector<const Opening*> openings)
    : opts_(opts),
      openings_(std::move(openings)),
      repetitions_(opts.openings && opts.openings->policy != OpeningsOptions::Policy::Default
                       ? INT_MAX
                       : opts.opening_repetitions) {}

void GameDealer::deal(const Encounter& e, std::vector<GameSpec>& games, bool pairs) {
    using Policy = OpeningsOptions::Policy;
    const Policy policy = opts_.openings ? opts_.openings->policy : Policy::Default;
    const bool many = opts_.engines.size() > 2;
    const std::pair<int, int> key = std::minmax(e.first, e.second);
    int& white = white_next_.try_emplace(key, e.first).first->second;
    const bool same_pair = key == last_pair_;
    last_pair_ = key;
    if (!same_pair && opts_.reverse) white = e.first + e.second - white;
    if ((!same_pair && many && policy != Policy::Round) ||
        (policy == Policy::Round && e.round > kept_round_)) {
        played_ = 0;
        kept_round_ = e.round;
    }
    GameSpec s;
    if (played_ > 0 && played_ < repetitions_) {
        ++played_;
    } else {
        played_ = 1;
        opening_ = openings_.empty() ? nullptr : openings_[dealt_++ % openings_.size()];
    }
    if (opening_) {
        s.start = opening_->start;
        s.from_fen = opening_->from_fen;
        s.book = opening_->moves;
    }
    s.number = int(games.size()) + 1;
    s.round = e.round;
    s.white = &opts_.engines[white];
    s.black = &opts_.engines[e.first + e.second - white];
    if (!opts_.noswap) white = e.first + e.second - white;
    s.draw_offers = opts_.draw_offers;
    s.adjudication = opts_.adjudication;
    // The second game of an opening between the same engines completes a pair.
    const bool paired = pairs && opts_.repeat && opts_.opening_repetitions == 2;
    GameSpec* previous = games.empty() ? nullptr : &games.back();
    if (paired && played_ >= 2 && previous && previous->pair < 0 &&
        std::minmax(previous->white, previous->black) == std::minmax(s.white, s.black)) {
        previous->pair = pair_count_++;
        s.pair = previous->pair;
        s.unit = previous->unit;
    } else {
        s.unit = units_++;
    }
    games.push_back(std::move(s));
}

std::vector<GameSpec> cutechess_games(const MatchOptions& opts, const std::vector<Encounter>& encounters,
                                      const std::vector<const Opening*>& openings) {
    GameDealer dealer(opts, openings);
    std::vector<GameSpec> games;
    for (const Encounter& e : encounters)
        for (int g = 0; g < opts.games; ++g) dealer.deal(e, games);
    return games;
}

std::vector<const Opening*> dealt_openings(const MatchOptions& opts, const std::vector<Opening>& openings) {
    std::vector<std::size_t> order(openings.size());
    std::iota(order.begin(), order.end(), 0);
    if (opts.openings && opts.openings->random)
        order = shuffled_book_order(openings.size(), opts.seed, opts.dialect);
    std::vector<const Opening*> dealt(order.size());
    const std::size_t first = opts.openings ? std::size_t(opts.openings->start - 1) : 0;
    for (std::size_t i = 0; i < order.size(); ++i) dealt[i] = &openings[order[(first + i) % order.size()]];
    return dealt;
}

std::vector<Encounter> fastchess_encounters(MatchOptions::Tournament type, int engines, int rounds,
                                            int seeds) {
    using T = MatchOptions::Tournament;
    const int firsts = type == T::Gauntlet ? std::clamp(seeds, 1, engines - 1) : engines - 1;
    std::vector<Encounter> out;
    for (int round = 1; round <= rounds; ++round)
        for (int a = 0; a < firsts; ++a)
            for (int b = a + 1; b < engines; ++b) out.push_back({a, b, int(out.size()) + 1});
    return out;
}

std::vector<GameSpec> fastchess_games(const MatchOptions& opts, const std::vector<Encounter>& encounters,
                                      const std::vector<const Opening*>& openings) {
    std::vector<GameSpec> games;
    // fastchess keeps the first -rounds openings only (all a match of two engines plays), so
    // that the encounters of a larger tournament cycle through those.
    const std::size_t kept = std::min(openings.size(), std::size_t(std::max(opts.rounds, 1)));
    std::size_t dealt = 0;
    int pairs = 0;
    const bool paired = opts.games == 2;
    for (const Encounter& e : encounters) {
        const Opening* opening = kept == 0 ? nullptr : openings[dealt++ % kept];
        const int pair = paired ? pairs++ : -1;
        for (int g = 0; g < opts.games; ++g) {
            GameSpec s;
            s.number = int(games.size()) + 1;
            s.round = e.round;
            if (opening) {
                s.start = opening->start;
                s.from_fen = opening->from_fen;
                s.book = opening->moves;
            }
            const bool first_white = (s.number % 2 == 1 || opts.noswap) != opts.reverse;
            s.white = &opts.engines[first_white ? e.first : e.second];
            s.black = &opts.engines[first_white ? e.second : e.first];
            s.draw_offers = opts.draw_offers;
            s.adjudication = opts.adjudication;
            s.pair = pair;
            s.unit = paired ? pair : s.number - 1;
            games.push_back(std::move(s));
        }
    }
    return games;
}

std::vector<GameSpec> build_schedule(const MatchOptions& opts, const std::vector<Opening>& openings) {
    const int engines = int(opts.engines.size());
    if (opts.dialect == Dialect::fastchess)
        return fastchess_games(opts, fastchess_encounters(opts.tournament, engines, opts.rounds, opts.seeds),
                               dealt_openings(opts, openings));
    const auto encounters = cutechess_encounters(opts.tournament, engines, opts.rounds, opts.seeds);
    return cutechess_games(opts, encounters, dealt_openings(opts, openings));
}

}  // namespace drawproxy::tournament
