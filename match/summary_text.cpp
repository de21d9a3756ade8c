#include "match/summary_text.h"

#include <algorithm>
#include <ostream>
#include <stdexcept>

namespace drawproxy::match {

namespace {

constexpr int kMaxDepth = 64;

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Reads JSON values that are laid out exactly as nlohmann's dump(2) writes them (indentation,
// ": " and "," separators, keys in std::map order, its string escapes, integers only); anything
// else is refused, and the caller then parses the text the ordinary way. So a value accepted here
// is valid JSON and dump(2) of its parse gives back the same bytes.
class CanonicalReader {
  public:
    CanonicalReader(const char* p, const char* end) : p_(p), end_(end) {}
    const char* pos() const { return p_; }

    bool literal(std::string_view s) {
        if (std::size_t(end_ - p_) < s.size()) return false;
        for (std::size_t i = 0; i < s.size(); ++i)  // short: cheaper than a call to memcmp
            if (p_[i] != s[i]) return false;
        p_ += s.size();
        return true;
    }
    // A line break and the indentation of `level`.
    bool indent(int level) {
        const std::size_t n = std::size_t(2 * level);
        if (p_ == end_ || *p_ != '\n') return false;
        ++p_;
        if (std::size_t(end_ - p_) < n) return false;
        for (std::size_t i = 0; i < n; ++i)
            if (p_[i] != ' ') return false;
        p_ += n;
        return true;
    }
    // A value at nesting `level`; `game` (if not null) receives the member "game" of an object.
    bool value(int level, std::int64_t* game = nullptr) {
        if (p_ == end_ || level > kMaxDepth) return false;
        switch (*p_) {
            case '{':
                return object(level, game);
            case '[':
                return array(level);
            case '"':
                return string(nullptr);
            case 't':
                return literal("true");
            case 'f':
                return literal("false");
            case 'n':
                return literal("null");
            default:
                return integer(nullptr);
        }
    }

  private:
    bool object(int level, std::int64_t* game) {
        ++p_;
        if (literal("}")) return true;
        std::string_view previous;
        for (bool first = true;; first = false) {
            if (!first && !literal(",")) break;
            std::string_view key;
            if (!indent(level + 1) || !string(&key) || !literal(": ")) return false;
            // std::map order; a key with an escape is not compared here (refused).
            if ((!first && key <= previous) || key.find('\\') != std::string_view::npos) return false;
            previous = key;
            if (game && key == "game" && p_ != end_ && (*p_ == '-' || is_digit(*p_))) {
                if (!integer(game)) return false;
            } else if (!value(level + 1)) {
                return false;
            }
        }
        return indent(level) && literal("}");
    }
    bool array(int level) {
        ++p_;
        if (literal("]")) return true;
        for (bool first = true;; first = false) {
            if (!first && !literal(",")) break;
            if (!indent(level + 1) || !value(level + 1)) return false;
        }
        return indent(level) && literal("]");
    }
    // Escapes as dump() writes them: \" \\ \b \f \n \r \t, \u00xx for other control characters;
    // UTF-8 checked (dump() would refuse invalid bytes).
    bool string(std::string_view* contents) {
        const char* start = ++p_;
        while (p_ != end_) {
            const auto c = static_cast<unsigned char>(*p_);
            if (c == '"') {
                if (contents) *contents = std::string_view(start, std::size_t(p_ - start));
                ++p_;
                return true;
            }
            if (c < 0x20) return false;
            if (c == '\\') {
                if (end_ - p_ < 2) return false;
                const char e = p_[1];
                if (e == '"' || e == '\\' || e == 'b' || e == 'f' || e == 'n' || e == 'r' || e == 't') {
                    p_ += 2;
                    continue;
                }
                // \u00xx, lower-case hex, only for the controls without a short form.
                if (e != 'u' || end_ - p_ < 6 || p_[2] != '0' || p_[3] != '0' ||
                    (p_[4] != '0' && p_[4] != '1'))
                    return false;
                const char h = p_[5];
                const int low = is_digit(h) ? h - '0' : (h >= 'a' && h <= 'f') ? h - 'a' + 10 : -1;
                const int code = (p_[4] - '0') * 16 + low;
                if (low < 0 || code == 8 || code == 9 || code == 10 || code == 12 || code == 13) return false;
                p_ += 6;
                continue;
            }
            if (c < 0x80) {
                ++p_;
                continue;
            }
            if (!utf8_sequence()) return false;
        }
        return false;
    }
    bool utf8_sequence() {
        const auto b = [&](int i) { return static_cast<unsigned char>(p_[i]); };
        const unsigned char c = b(0);
        int n = 0;
        unsigned char lo = 0x80, hi = 0xbf;  // the allowed range of the second byte
        if (c >= 0xc2 && c <= 0xdf) {
            n = 1;
        } else if (c >= 0xe0 && c <= 0xef) {
            n = 2;
            if (c == 0xe0) lo = 0xa0;
            if (c == 0xed) hi = 0x9f;
        } else if (c >= 0xf0 && c <= 0xf4) {
            n = 3;
            if (c == 0xf0) lo = 0x90;
            if (c == 0xf4) hi = 0x8f;
        } else {
            return false;
        }
        if (end_ - p_ <= n || b(1) < lo || b(1) > hi) return false;
        for (int i = 2; i <= n; ++i)
            if (b(i) < 0x80 || b(i) > 0xbf) return false;
        p_ += n + 1;
        return true;
    }
    // -?(0|[1-9][0-9]*), at most 18 digits (no float, no -0: dump() would write those otherwise).
    bool integer(std::int64_t* out) {
        const bool negative = p_ != end_ && *p_ == '-';
        if (negative) ++p_;
        const char* start = p_;
        std::int64_t v = 0;
        while (p_ != end_ && is_digit(*p_)) v = v * 10 + (*p_++ - '0');
        const std::size_t digits = std::size_t(p_ - start);
        if (digits == 0 || digits > 18 || (*start == '0' && (digits > 1 || negative))) return false;
        if (p_ != end_ && (*p_ == '.' || *p_ == 'e' || *p_ == 'E')) return false;
        if (out) *out = negative ? -v : v;
        return true;
    }

    const char* p_;
    const char* end_;
};

// Skips any JSON value (not validated: the text around the game list is parsed afterwards).
const char* skip_value(const char* p, const char* end) {
    int depth = 0;
    for (; p != end; ++p) {
        const char c = *p;
        if (c == '"') {
            for (++p; p != end && *p != '"'; ++p)
                if (*p == '\\' && p + 1 != end) ++p;
            if (p == end) return nullptr;
            if (depth == 0) return p + 1;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            if (depth == 0) return p;
            if (--depth == 0) return p + 1;
        } else if (depth == 0 && c == ',') {
            return p;
        }
    }
    return depth == 0 ? p : nullptr;
}

const char* skip_space(const char* p, const char* end) {
    while (p != end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')) ++p;
    return p;
}

// The fast path: the top-level "games" array read as canonical records, the rest parsed.
bool read_canonical(std::string_view text, PartSummary& out) {
    const char* p = skip_space(text.data(), text.data() + text.size());
    const char* const end = text.data() + text.size();
    if (p == end || *p != '{') return false;
    ++p;
    const char *games_begin = nullptr, *games_end = nullptr;
    while (true) {
        p = skip_space(p, end);
        if (p == end || *p != '"') return false;
        const char* key_end = skip_value(p, end);
        if (!key_end) return false;
        const std::string_view key(p, std::size_t(key_end - p));
        p = skip_space(key_end, end);
        if (p == end || *p != ':') return false;
        p = skip_space(p + 1, end);
        if (key == "\"games\"") {
            if (games_begin || *p != '[') return false;
            games_begin = p;
            CanonicalReader r(p + 1, end);
            if (!r.literal("]")) {
                for (bool first = true;; first = false) {
                    if (!first && !r.literal(",")) break;
                    if (!r.indent(2)) return false;
                    GameText g;
                    const char* start = r.pos();
                    if (start == end || *start != '{' || !r.value(2, &g.number)) return false;
                    g.text = std::string_view(start, std::size_t(r.pos() - start));
                    out.games.push_back(g);
                }
                if (!r.indent(1) || !r.literal("]")) return false;
            }
            p = games_end = r.pos();
        } else {
            p = skip_value(p, end);
            if (!p) return false;
        }
        p = skip_space(p, end);
        if (p == end) return false;
        if (*p == '}') break;
        if (*p != ',') return false;
        ++p;
    }
    std::string head;
    if (games_begin) {
        head.reserve(text.size() - std::size_t(games_end - games_begin) + 2);
        head.append(text.data(), games_begin);
        head += "[]";
        head.append(games_end, end);
    } else {
        head = std::string(text);
    }
    out.head = nlohmann::json::parse(head, nullptr, false);
    return !out.head.is_discarded();
}

}  // namespace

PartSummary read_part_summary(std::string_view text) {
    PartSummary out;
    if (read_canonical(text, out)) return out;
    out = PartSummary{};
    out.head = nlohmann::json::parse(text, nullptr, false);
    if (out.head.is_discarded()) throw std::runtime_error("not JSON");
    if (!out.head.is_object() || !out.head.contains("games") || !out.head["games"].is_array()) return out;
    // Rewritten as dump(2) writes an element of the top-level "games": two levels deeper.
    out.owned = std::make_unique<std::string>();
    std::vector<std::pair<std::int64_t, std::size_t>> ends;
    for (const nlohmann::json& g : out.head["games"]) {
        const std::string one = g.dump(2);
        for (char c : one) {
            out.owned->push_back(c);
            if (c == '\n') out.owned->append("    ");
        }
        const auto number = g.is_object() ? g.find("game") : g.end();
        ends.emplace_back(number != g.end() && number->is_number_integer() ? number->get<std::int64_t>() : 0,
                          out.owned->size());
    }
    std::size_t start = 0;
    for (const auto& [number, stop] : ends) {
        out.games.push_back({number, std::string_view(*out.owned).substr(start, stop - start)});
        start = stop;
    }
    out.head["games"] = nlohmann::json::array();
    return out;
}

void write_summary(std::ostream& out, const nlohmann::json& summary, const std::vector<GameText>& games) {
    const std::string text = summary.dump(2);
    constexpr std::string_view slot = "\n  \"games\": []";
    const std::size_t at = games.empty() ? std::string::npos : text.find(slot);
    if (at == std::string::npos) {
        out << text;
        return;
    }
    const std::size_t bracket = at + slot.size() - 1;  // the ']' of the empty list
    out.write(text.data(), std::streamsize(bracket));
    for (std::size_t i = 0; i < games.size(); ++i) {
        out.write(i == 0 ? "\n    " : ",\n    ", i == 0 ? 5 : 6);
        out.write(games[i].text.data(), std::streamsize(games[i].text.size()));
    }
    out.write("\n  ", 3);
    out.write(text.data() + bracket, std::streamsize(text.size() - bracket));
}

}  // namespace drawproxy::match
