#include "game/search_facts.h"

#include <charconv>

namespace drawproxy::game {

namespace {

std::string_view next_token(std::string_view& rest) {
    const std::size_t start = rest.find_first_not_of(' ');
    if (start == std::string_view::npos) return rest = {}, std::string_view{};
    rest.remove_prefix(start);
    const std::size_t end = std::min(rest.find(' '), rest.size());
    const std::string_view word = rest.substr(0, end);
    rest.remove_prefix(end);
    return word;
}

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

// fastchess's isUciMove: a1b2, with a promotion letter after it.
bool uci_move_shape(std::string_view w) {
    if (w.size() != 4 && w.size() != 5) return false;
    const auto file = [](char c) { return c >= 'a' && c <= 'h'; };
    const auto rank = [](char c) { return c >= '1' && c <= '8'; };
    if (!file(w[0]) || !rank(w[1]) || !file(w[2]) || !rank(w[3])) return false;
    return w.size() == 4 || std::string_view("qrbn").find(w[4]) != std::string_view::npos;
}

bool contains(std::string_view s, std::string_view what) { return s.find(what) != std::string_view::npos; }

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
    ply.depth = int(element(info, "depth"));
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
    ply.nodes = element(info, "nodes");
    ply.seldepth = element(info, "seldepth");
    ply.nps = element(info, "nps");
    ply.hashfull = element(info, "hashfull");
    ply.tbhits = element(info, "tbhits");
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
