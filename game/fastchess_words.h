#pragma once
// Reading an engine's lines as fastchess reads them, for its comments and checks
// (search_facts.*, pv_check.*): words split at single spaces only, as its splitString does
// (uci/tokens.h splits at any blank), and its shape of a UCI move.
#include <algorithm>
#include <string_view>

namespace drawproxy::game::fastchess_words {

// The next word of `rest`, which moves past it; empty at the end.
inline std::string_view next_token(std::string_view& rest) {
    const std::size_t start = rest.find_first_not_of(' ');
    if (start == std::string_view::npos) return rest = {}, std::string_view{};
    rest.remove_prefix(start);
    const std::size_t end = std::min(rest.find(' '), rest.size());
    const std::string_view word = rest.substr(0, end);
    rest.remove_prefix(end);
    return word;
}

// fastchess's isUciMove: a1b2, with a promotion letter after it.
inline bool uci_move_shape(std::string_view w) {
    if (w.size() != 4 && w.size() != 5) return false;
    const auto file = [](char c) { return c >= 'a' && c <= 'h'; };
    const auto rank = [](char c) { return c >= '1' && c <= '8'; };
    if (!file(w[0]) || !rank(w[1]) || !file(w[2]) || !rank(w[3])) return false;
    return w.size() == 4 || std::string_view("qrbn").find(w[4]) != std::string_view::npos;
}

inline bool contains(std::string_view s, std::string_view what) {
    return s.find(what) != std::string_view::npos;
}

}  // namespace drawproxy::game::fastchess_words
