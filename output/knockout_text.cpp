#include "output/knockout_text.h"

#include <fmt/format.h>

namespace drawproxy::output {

std::string cutechess_knockout_text(const KnockoutRounds& rounds, const std::vector<std::string>& names) {
    if (rounds.empty()) return "";
    const auto name = [&](int i) { return i < 0 ? std::string("bye") : names[std::size_t(i)]; };
    // Each first-round player has a line and the one below it (the last player's is left out).
    std::vector<std::string> lines;
    for (const KnockoutPair& p : rounds.front()) {
        lines.insert(lines.end(), {name(p.first), "", name(p.second), ""});
    }
    lines.pop_back();
    for (std::size_t r = 1; r <= rounds.size(); ++r) {
        const auto& round = rounds[r - 1];
        for (std::size_t x = 0; x < round.size(); ++x) {
            const KnockoutPair& p = round[x];
            // Between the pair's two players: 2^r - 1 lines down, 2^(r+1) lines a pair.
            const std::size_t at = ((std::size_t(1) << r) - 1) + x * (std::size_t(1) << (r + 1));
            std::string text(2 * r, '\t');
            text += p.decided ? name(p.leader) : "...";
            if (p.first_score + p.second_score > 0)
                text += fmt::format(" ({:g}-{:g})", p.first_score / 2.0, p.second_score / 2.0);
            if (at < lines.size()) lines[at] += text;
        }
    }
    std::string out;
    for (std::size_t i = 0; i < lines.size(); ++i) out += (i ? "\n" : "") + lines[i];
    return out;
}

}  // namespace drawproxy::output
