#include "stats/encounters.h"

#include <algorithm>

namespace drawproxy::stats {

EncounterStats::EncounterStats(std::vector<std::string> names, int pair_count)
    : names_(std::move(names)), pending_(std::size_t(std::max(pair_count, 0)), -1) {
    const int n = int(names_.size());
    for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; ++b) {
            HeadToHead h;
            h.first = names_[a];
            h.second = names_[b];
            encounters_.push_back(std::move(h));
        }
}

int EncounterStats::index(int a, int b) const {
    if (a > b) std::swap(a, b);
    const int n = int(names_.size());
    return a * n - a * (a + 1) / 2 + (b - a - 1);
}

const HeadToHead& EncounterStats::encounter(int a, int b) const {
    return encounters_[std::size_t(index(a, b))];
}

EngineTotals EncounterStats::totals(int engine) const {
    EngineTotals t;
    t.engine = names_[std::size_t(engine)];
    for (int other = 0; other < engines(); ++other) {
        if (other == engine) continue;
        const HeadToHead& h = encounter(engine, other);
        const bool ours = engine < other;  // the encounter is from the lower index's side
        t.games += ours ? h.games : h.games.reversed();
        t.paired += ours ? h.paired : h.paired.reversed();
        t.pairs += ours ? h.pairs : h.pairs.reversed();
    }
    return t;
}

void EncounterStats::add(int white, int black, rules::Score score, int pair) {
    if (white < 0 || black < 0 || white == black) return;
    HeadToHead& h = encounters_[std::size_t(index(white, black))];
    const bool first_is_white = white < black;
    PlayerResult o = PlayerResult::draw;
    if (score != rules::Score::Draw)
        o = (score == rules::Score::WhiteWins) == first_is_white ? PlayerResult::win : PlayerResult::loss;
    h.games.add(o);
    (first_is_white ? h.first_white : h.first_black).add(o);
    if (pair < 0 || std::size_t(pair) >= pending_.size()) return;
    std::int8_t& earlier = pending_[std::size_t(pair)];
    if (earlier < 0) {
        earlier = std::int8_t(o);
    } else {
        h.pairs.add(PlayerResult(earlier), o);
        h.paired.add(PlayerResult(earlier));
        h.paired.add(o);
        earlier = -1;
    }
}

double current_llr(const HeadToHead& h, const StatsSettings& s) {
    if (!s.sprt) return 0;
    return s.penta && !tests_games_only(s.sprt->model) ? llr(*s.sprt, h.pairs) : llr(*s.sprt, h.games);
}

SprtStatus current_status(const HeadToHead& h, const StatsSettings& s) {
    return s.sprt ? sprt_status(*s.sprt, current_llr(h, s)) : SprtStatus::running;
}

}  // namespace drawproxy::stats
