#pragma once
// Word splitting and numbers for xboard (CECP) lines. Words are views into the line; nothing
// allocates. Blanks and plain numbers are read as in UCI lines (uci/tokens.h).
#include <cstdint>
#include <optional>
#include <string_view>

#include "uci/tokens.h"

namespace drawproxy::cecp {

using uci::to_number;
constexpr bool is_blank(char c) { return uci::is_space(c); }

inline std::string_view trim(std::string_view s) {
    while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
    return s;
}

class Words {
  public:
    explicit Words(std::string_view text) : text_(text) {}
    // The next word, or an empty view at the end.
    std::string_view next() {
        while (pos_ < text_.size() && is_blank(text_[pos_])) ++pos_;
        std::size_t start = pos_;
        while (pos_ < text_.size() && !is_blank(text_[pos_])) ++pos_;
        return text_.substr(start, pos_ - start);
    }
    // Everything after the words taken so far, blanks trimmed at both ends.
    std::string_view rest() const { return trim(text_.substr(pos_)); }
    bool done() const { return rest().empty(); }

  private:
    std::string_view text_;
    std::size_t pos_ = 0;
};

// A decimal number with an optional fraction ("12", "0.5", "-3.25"), in thousandths, or
// nullopt. Digits past the third decimal are dropped; values past a year of milliseconds are
// refused, so that sums of a few never overflow.
inline std::optional<std::int64_t> to_thousandths(std::string_view s) {
    bool negative = !s.empty() && s.front() == '-';
    if (negative || (!s.empty() && s.front() == '+')) s.remove_prefix(1);
    auto dot = s.find('.');
    std::string_view whole = s.substr(0, dot),
                     fraction = dot == s.npos ? std::string_view() : s.substr(dot + 1);
    if (whole.empty() && fraction.empty()) return std::nullopt;
    std::int64_t value = 0;
    if (!whole.empty()) {
        auto w = to_number<std::int64_t>(whole);
        if (!w || *w < 0 || *w > 31'536'000'000) return std::nullopt;
        value = *w * 1000;
    }
    std::int64_t scale = 100;
    for (char c : fraction) {
        if (c < '0' || c > '9') return std::nullopt;
        value += (c - '0') * scale;
        scale /= 10;
    }
    return negative ? -value : value;
}

}  // namespace drawproxy::cecp
