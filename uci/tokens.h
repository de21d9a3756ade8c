#pragma once
// Whitespace tokenizing for UCI lines. Tokens are views into the line; `span` joins the text
// from one token to another (names and values may hold spaces). Nothing allocates.
#include <algorithm>
#include <charconv>
#include <optional>
#include <string_view>

namespace drawproxy::uci {

struct SpaceTable {
    bool space[256] = {};
    constexpr SpaceTable() {
        for (unsigned char c : {' ', '\t', '\r', '\n', '\v', '\f'}) space[c] = true;
    }
};
inline constexpr SpaceTable SPACES{};
// A table look-up: tokenizing long `position` lines is on the hot path.
constexpr bool is_space(char c) { return SPACES.space[static_cast<unsigned char>(c)]; }

class Tokens {
  public:
    explicit Tokens(std::string_view text) : text_(text) {}
    // The next token, or an empty view at the end.
    std::string_view next() {
        while (pos_ < text_.size() && is_space(text_[pos_])) ++pos_;
        std::size_t start = pos_;
        while (pos_ < text_.size() && !is_space(text_[pos_])) ++pos_;
        return text_.substr(start, pos_ - start);
    }
    std::string_view peek() const {
        Tokens copy = *this;
        return copy.next();
    }
    bool done() const {
        for (std::size_t i = pos_; i < text_.size(); ++i)
            if (!is_space(text_[i])) return false;
        return true;
    }
    // Everything after the current token, without the single separator before it and
    // without trailing line-end characters (an `info string` keeps inner spacing).
    std::string_view rest() const {
        std::size_t p = pos_;
        if (p < text_.size() && (text_[p] == ' ' || text_[p] == '\t')) ++p;
        std::string_view r = text_.substr(std::min(p, text_.size()));
        while (!r.empty() && (r.back() == '\r' || r.back() == '\n')) r.remove_suffix(1);
        return r;
    }
    void skip_to_end() { pos_ = text_.size(); }

  private:
    std::string_view text_;
    std::size_t pos_ = 0;
};

// Text from the start of `first` to the end of `last` (both views into the same line).
inline std::string_view span(std::string_view first, std::string_view last) {
    if (first.empty()) return {};
    return std::string_view(first.data(), std::size_t(last.data() + last.size() - first.data()));
}

template <class T>
std::optional<T> to_number(std::string_view s) {
    T v{};
    if (!s.empty() && s.front() == '+') s.remove_prefix(1);
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
    return v;
}

// UCI keywords are case-sensitive, but option names compare without case (the protocol says so).
inline bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z') x = char(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = char(y - 'A' + 'a');
        if (x != y) return false;
    }
    return true;
}

}  // namespace drawproxy::uci
