#include "tournament/knockout.h"

#include <algorithm>
#include <cstdlib>

namespace drawproxy::tournament {

namespace {

// The bracket position of seeded rank `rank` (from 1) in a bracket of `size`: the odd ranks
// in the upper half, the even ones in the lower, recursively, so seeds 1 and 2 meet last.
int bracket_position(int rank, int size) {
    if (rank <= 1) return 0;
    if (rank % 2 == 0) return size / 2 + bracket_position(rank / 2, size / 2);
    return bracket_position(rank / 2 + 1, size / 2);
}

}  // namespace

Knockout::Knockout(int players, int seeds, int games, std::uint32_t seed, std::size_t draws_spent)
    : players_(players), games_(games) {
    // The players by rank: the seeds in order, then the others as cutechess-cli draws them.
    const int seeded = std::min(seeds, players);
    std::vector<int> ranked, unseeded;
    for (int i = 0; i < seeded; ++i) ranked.push_back(i);
    for (int i = seeded; i < players; ++i) unseeded.push_back(i);
    CutechessRandom random(seed);
    for (std::size_t i = 0; i < draws_spent; ++i) random.next();
    while (!unseeded.empty()) {
        const auto at = unseeded.begin() + std::ptrdiff_t(random.next() % unseeded.size());
        ranked.push_back(*at);
        unseeded.erase(at);
    }
    int size = 1;
    while (size < players) size *= 2;
    ranked.resize(std::size_t(size), -1);  // the byes rank last
    std::vector<int> slot(std::size_t(size), -1);
    int byes = 0;
    for (int i = 0; i < size; ++i) {
        const auto at = std::size_t(bracket_position(i + 1, size));
        if (ranked[std::size_t(i)] >= 0) {
            slot[at] = ranked[std::size_t(i)];
            continue;
        }
        // A bye goes beside the next top seed, whose opponent so far takes the bye's place.
        const auto beside = std::size_t(bracket_position(++byes, size) + 1);
        slot[at] = slot[beside];
        slot[beside] = -1;
    }
    std::vector<Pair> first;
    for (std::size_t i = 0; i < slot.size(); i += 2) first.push_back({slot[i], slot[i + 1]});
    pairs_.push_back(std::move(first));
    publish();
}

int Knockout::Pair::leader() const {
    if (first < 0) return second;
    if (second < 0) return first;
    if (first_score != second_score) return first_score > second_score ? first : second;
    return -1;
}

// The leader is given every running game: if that does not win the encounter, it needs another.
// With -games even, a decision needs a lead of more than a point, and extra games come in twos.
bool Knockout::needs_games(const Pair& p) const {
    if (p.bye()) return false;
    const int running_points = 2 * p.running();
    if (std::max(p.first_score, p.second_score) + running_points <= games_) return true;
    const int min_lead = games_ % 2 == 0 ? 3 : 1;
    const int max_lead = std::abs(p.first_score - p.second_score) + running_points;
    if (max_lead >= min_lead) return false;
    if (min_lead == 1 || max_lead == 0) return true;
    return p.started % 2 != 0;
}

std::optional<Encounter> Knockout::next_game() {
    const int round = int(pairs_.size());
    for (Pair& p : pairs_.back())
        if (needs_games(p)) {
            ++p.started;
            publish();
            return Encounter{p.first, p.second, round};
        }
    std::vector<int> winners;
    int running = 0;
    for (const Pair& p : pairs_.back()) {
        winners.push_back(p.leader());
        running += p.running();
    }
    if (winners.size() <= 1 || running > 0) return std::nullopt;
    std::vector<Pair> next;
    for (std::size_t i = 0; i + 1 < winners.size(); i += 2) next.push_back({winners[i], winners[i + 1]});
    next.front().started = 1;
    pairs_.push_back(std::move(next));
    publish();
    return Encounter{pairs_.back().front().first, pairs_.back().front().second, round + 1};
}

void Knockout::game_finished(int white, int black, rules::Score score) {
    const int white_points = score == rules::Score::WhiteWins ? 2 : score == rules::Score::Draw ? 1 : 0;
    for (auto [player, points] : {std::pair{white, white_points}, {black, 2 - white_points}})
        for (Pair& p : pairs_.back()) {
            if (p.first == player) {
                p.first_score += points;
                break;
            }
            if (p.second == player) {
                p.second_score += points;
                break;
            }
        }
    publish();
}

bool Knockout::finished() const {
    const auto& last = pairs_.back();
    return last.size() == 1 && last.front().running() == 0 && !needs_games(last.front());
}

void Knockout::publish() {
    rounds_.clear();
    for (const auto& round : pairs_) {
        auto& out = rounds_.emplace_back();
        for (const Pair& p : round)
            out.push_back({p.first, p.second, p.first_score, p.second_score,
                           !needs_games(p) && p.running() == 0, p.leader()});
    }
}

}  // namespace drawproxy::tournament
