#pragma once
// The counts every statistic is computed from: games from the first engine's side
// (trinomial), and game pairs, the two games of one opening with colours swapped
// (pentanomial). Adding shards' counts gives the counts of the whole match.
#include <array>
#include <cstdint>

namespace drawproxy::stats {

// A game's result from the first engine's side.
enum class PlayerResult : std::uint8_t { loss, draw, win };

struct Trinomial {
    std::int64_t wins = 0, losses = 0, draws = 0;

    std::int64_t games() const { return wins + losses + draws; }
    double points() const { return double(wins) + 0.5 * double(draws); }
    void add(PlayerResult o) {
        if (o == PlayerResult::win)
            ++wins;
        else if (o == PlayerResult::loss)
            ++losses;
        else
            ++draws;
    }
    Trinomial& operator+=(const Trinomial& o) {
        wins += o.wins, losses += o.losses, draws += o.draws;
        return *this;
    }
    Trinomial reversed() const { return {losses, wins, draws}; }  // from the other engine's side
    bool operator==(const Trinomial&) const = default;
};

// Game pairs by the first engine's points in the pair. WL and DD both score one point but stay
// apart: fastchess prints their ratio.
struct Pentanomial {
    std::int64_t ll = 0, ld = 0, wl = 0, dd = 0, wd = 0, ww = 0;

    std::int64_t pairs() const { return ll + ld + wl + dd + wd + ww; }
    // [LL, LD, WL+DD, WD, WW]: 0, 1/2, 1, 3/2 and 2 points.
    std::array<std::int64_t, 5> cells() const { return {ll, ld, wl + dd, wd, ww}; }
    void add(PlayerResult first, PlayerResult second) {
        const int a = int(first), b = int(second);
        switch (a + b) {
            case 0:
                ++ll;
                break;
            case 1:
                ++ld;
                break;
            case 2:
                a == 1 ? ++dd : ++wl;
                break;
            case 3:
                ++wd;
                break;
            default:
                ++ww;
                break;
        }
    }
    Pentanomial& operator+=(const Pentanomial& o) {
        ll += o.ll, ld += o.ld, wl += o.wl, dd += o.dd, wd += o.wd, ww += o.ww;
        return *this;
    }
    Pentanomial reversed() const { return {ww, wd, wl, dd, ld, ll}; }  // from the other engine's side
    bool operator==(const Pentanomial&) const = default;
};

}  // namespace drawproxy::stats
