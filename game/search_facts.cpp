#include "game/search_facts.h"

#include <algorithm>
#include <charconv>
#include <iterator>

#include "game/fastchess_words.h"

namespace drawproxy::game {

namespace {

using fastchess_words::contains;
using fastchess_words::next_token;
using fastchess_words::uci_move_shape;

// The number after the token `key` (fastchess's findElement), 0 without one.
std::int64_t element(std::string_view line, std::string_view key) {
    for (std::string_view rest = line, w; !(w = next_token(rest)).empty();) {
        if (w != key) continue;
        const std::string_view v = next_token(rest);
        std::int64_t n = 0;
        std::from_chars(v.data(), v.data() + v.size(), n);
        return n;
    }
    return 0;
}

// element() of each key, in one pass over the line: the number after each key's first token
// (the word after a key may be a key too).
template <std::size_t N>
void elements(std::string_view line, const std::string_view (&keys)[N], std::int64_t (&numbers)[N]) {
    bool seen[N] = {};
    std::fill(std::begin(numbers), std::end(numbers), 0);
    std::size_t value_of = N;  // the key whose number is the next word, or N
    for (std::string_view rest = line, w; !(w = next_token(rest)).empty();) {
        if (value_of < N) std::from_chars(w.data(), w.data() + w.size(), numbers[value_of]);
        value_of = N;
        for (std::size_t k = 0; k < N; ++k)
            if (!seen[k] && w == keys[k]) {
                seen[k] = true;
                value_of = k;
                break;
            }
    }
}

}  // namespace

void SearchFacts::configure(const FastchessOutputSettings* s) {
    // fastchess's format: its comment's score and depth are this line's too.
    active_ = s != nullptr;
    want_pv_ = s && s->pv;
    regexes_.clear();
    if (s)
        for (const std::string& r : s->match_lines) regexes_.emplace_back(r);
    matched_.assign(regexes_.size(), std::string());
}

void SearchFacts::reset() {
    if (!active_) return;
    exact_.clear();
    bound_.clear();
    reported_time_ = 0;
    for (std::string& m : matched_) m.clear();
}

void SearchFacts::line(std::string_view line) {
    if (!active_) return;
    for (std::size_t i = 0; i < regexes_.size(); ++i)
        if (std::regex_search(line.begin(), line.end(), regexes_[i])) matched_[i].assign(line);
    if (!contains(line, "info") || contains(line, "info string")) return;
    if (contains(line, "time")) reported_time_ = element(line, "time");
    if (!contains(line, " score ") || (contains(line, " multipv ") && !contains(line, " multipv 1"))) return;
    (contains(line, "lowerbound") || contains(line, "upperbound") ? bound_ : exact_).assign(line);
}

void SearchFacts::fill(PlyRecord& ply, std::int64_t elapsed_ms, bool flip) const {
    if (!active_) return;
    const std::string_view info = exact_.empty() ? std::string_view(bound_) : std::string_view(exact_);
    std::int64_t numbers[6];
    elements(info, {"depth", "nodes", "seldepth", "nps", "hashfull", "tbhits"}, numbers);
    ply.depth = int(numbers[0]);
    ply.has_score = false;
    for (std::string_view rest = info, w; !(w = next_token(rest)).empty();) {
        if (w != "score") continue;
        const std::string_view kind = next_token(rest), v = next_token(rest);
        int n = 0;
        if ((kind != "cp" && kind != "mate") ||
            std::from_chars(v.data(), v.data() + v.size(), n).ec != std::errc())
            break;
        ply.has_score = true;
        ply.mate = kind == "mate";
        ply.score = flip ? -n : n;
        break;
    }
    ply.nodes = numbers[1];
    ply.seldepth = numbers[2];
    ply.nps = numbers[3];
    ply.hashfull = numbers[4];
    ply.tbhits = numbers[5];
    ply.latency_ms = elapsed_ms - reported_time_;
    if (want_pv_) {
        std::string_view rest = info, w;
        while (!(w = next_token(rest)).empty() && w != "pv") {
        }
        while (!(w = next_token(rest)).empty() && uci_move_shape(w)) {
            if (!ply.pv.empty()) ply.pv += ' ';
            ply.pv += w;
        }
    }
    for (const std::string& m : matched_)
        if (!m.empty()) ply.lines.push_back(m);
}

}  // namespace drawproxy::game
