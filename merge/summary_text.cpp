// The scanner of summary_text.h. Over 500 lines and one concern: framing the records, checking
// their bytes and reading the few fields the merge needs are one pass over the same text.
#include "merge/summary_text.h"

#include <fcntl.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <ostream>
#include <stdexcept>

namespace drawproxy::merge {

namespace {

constexpr int kMaxDepth = 64;

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Eight bytes at a time (SWAR): nearly all of a summary is indentation and plain string bytes.
static_assert(std::endian::native == std::endian::little, "the first flagged byte is the lowest");
constexpr std::uint64_t kOnes = 0x0101010101010101ULL, kHighs = 0x8080808080808080ULL;
std::uint64_t load8(const char* p) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
}
std::uint64_t zero_bytes(std::uint64_t v) { return (v - kOnes) & ~v & kHighs; }
// Non-zero when any of the 8 bytes ends a plain run of string bytes: '"', '\\', a control
// character or a byte of a multi-byte UTF-8 sequence.
std::uint64_t string_stops(std::uint64_t v) {
    return ((v - kOnes * 0x20) & ~v & kHighs) | (v & kHighs) | zero_bytes(v ^ (kOnes * '"')) |
           zero_bytes(v ^ (kOnes * '\\'));
}
// a <= b, bytewise (std::string_view's compare calls memcmp: keys are short).
bool not_after(std::string_view a, std::string_view b) {
    const std::size_t n = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i)
        if (a[i] != b[i]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[i]);
    return a.size() <= b.size();
}

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
        std::size_t i = 0;
        for (; i + 8 <= n; i += 8)
            if (load8(p_ + i) != kOnes * ' ') return false;
        for (; i < n; ++i)
            if (p_[i] != ' ') return false;
        p_ += n;
        return true;
    }
    // A value at nesting `level`.
    bool value(int level) {
        if (p_ == end_ || level > kMaxDepth) return false;
        switch (*p_) {
            case '{':
                return object(level);
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
    bool object(int level) {
        ++p_;
        if (literal("}")) return true;
        std::string_view previous;
        for (bool first = true;; first = false) {
            if (!first && !literal(",")) break;
            std::string_view key;
            bool escaped = false;
            if (!indent(level + 1) || !string(&key, &escaped) || !literal(": ")) return false;
            // std::map order; a key with an escape is not compared here (refused).
            if ((!first && not_after(key, previous)) || escaped) return false;
            previous = key;
            if (!value(level + 1)) return false;
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
    bool string(std::string_view* contents, bool* escaped = nullptr) {
        const char* start = ++p_;
        while (true) {
            // Plain bytes eight at a time. The lowest flagged byte is the first stop: the bit
            // tricks' false positives lie only above a true one.
            while (end_ - p_ >= 8) {
                if (const std::uint64_t stops = string_stops(load8(p_))) {
                    p_ += __builtin_ctzll(stops) / 8;
                    break;
                }
                p_ += 8;
            }
            if (p_ == end_) return false;
            const auto c = static_cast<unsigned char>(*p_);
            if (c == '"') {
                if (contents) *contents = std::string_view(start, std::size_t(p_ - start));
                ++p_;
                return true;
            }
            if (c < 0x20) return false;
            if (c == '\\') {
                if (escaped) *escaped = true;
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

// A block of the bytes a record's scan stops at: '}', a control character other than the line
// break, a backslash or a byte of a multi-byte UTF-8 sequence; bit i (SSE2), or the high bit of
// byte i (elsewhere), for byte i of the block.
#if defined(__SSE2__)
constexpr std::ptrdiff_t kBlock = 16;
unsigned record_stops(const char* p) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    // Signed: below 0x20 are the control characters and the bytes from 0x80.
    const __m128i low =
        _mm_andnot_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')), _mm_cmplt_epi8(v, _mm_set1_epi8(0x20)));
    const __m128i marks =
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('}')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')));
    return unsigned(_mm_movemask_epi8(_mm_or_si128(low, marks)));
}
int first_stop(unsigned stops) { return __builtin_ctz(stops); }
#else
constexpr std::ptrdiff_t kBlock = 8;
// Per-byte exact tests (no carry crosses a byte): the high bit of each byte that is zero, or
// that is below n (n <= 0x80).
constexpr std::uint64_t kLow7 = kOnes * 0x7f;
std::uint64_t zero_each(std::uint64_t v) { return ~(((v & kLow7) + kLow7) | v | kLow7); }
std::uint64_t below_each(std::uint64_t v, unsigned n) {
    return ~((v & kLow7) + kOnes * (0x80 - n)) & ~v & kHighs;
}
std::uint64_t record_stops(const char* p) {
    const std::uint64_t v = load8(p);
    return (below_each(v, 0x20) & ~zero_each(v ^ (kOnes * '\n'))) | (v & kHighs) |
           zero_each(v ^ (kOnes * '\\')) | zero_each(v ^ (kOnes * '}'));
}
int first_stop(std::uint64_t stops) { return __builtin_ctzll(stops) / 8; }
#endif

struct RecordEnd {
    const char* close = nullptr;  // the record's last byte, its '}'; null if it has none
    bool plain = true;            // no escape and no byte beyond ASCII
};

// The record that starts at `open` (its '{'), as dump(2) writes an element of the top-level
// "games": it ends at the '}' alone on its line at indentation 4 (deeper lines are indented
// more, strings hold no line break). A control character other than the line break is refused.
RecordEnd find_record_end(const char* open, const char* end) {
    RecordEnd r;
    if (end - open >= 2 && open[1] == '}') return {open + 1, true};
    const auto at_record_end = [&](const char* c) {
        return c - open >= 6 && std::memcmp(c - 5, "\n    ", 5) == 0;
    };
    const char* p = open + 1;
    for (; end - p >= kBlock; p += kBlock)
        for (auto stops = record_stops(p); stops != 0; stops &= stops - 1) {
            const char* c = p + first_stop(stops);
            if (*c == '}') {
                if (at_record_end(c)) return {c, r.plain};
            } else if (static_cast<unsigned char>(*c) < 0x20) {
                return {};
            } else {
                r.plain = false;
            }
        }
    for (; p != end; ++p) {
        const auto c = static_cast<unsigned char>(*p);
        if (c == '}' && at_record_end(p)) return {p, r.plain};
        if (c < 0x20 && c != '\n') return {};
        if (c == '\\' || c >= 0x80) r.plain = false;
    }
    return {};
}

// The member "game" of the record [open, close]: its line at indentation 6 among the first
// level's keys, which dump() sorts. 0 when absent or not an integer; false when the number is
// not written as dump() writes an integer.
bool record_number(const char* open, const char* close, std::int64_t& number) {
    number = 0;
    constexpr std::string_view key_line = "\n      \"";
    constexpr std::string_view game = "game\": ";
    for (const char* line = open + 1; line && close - line > std::ptrdiff_t(key_line.size() + game.size());
         line = static_cast<const char*>(std::memchr(line + 1, '\n', std::size_t(close - line - 1)))) {
        if (std::memcmp(line, key_line.data(), key_line.size()) != 0) continue;  // a deeper line
        const char* key = line + key_line.size();
        if (static_cast<unsigned char>(*key) > 'g') return true;  // past where "game" would be
        if (std::memcmp(key, game.data(), game.size()) != 0) continue;
        const char* v = key + game.size();
        if (*v != '-' && !is_digit(*v)) return true;  // a string, an object...: no game number
        const bool negative = *v == '-';
        const char* digits = v + negative;
        const char* q = digits;
        std::int64_t n = 0;
        while (q != close && is_digit(*q)) n = n * 10 + (*q++ - '0');
        const std::ptrdiff_t count = q - digits;
        // -?(0|[1-9][0-9]*), at most 18 digits, then the end of the line (no float, no -0).
        if (count == 0 || count > 18 || (*digits == '0' && (count > 1 || negative)) ||
            (*q != ',' && *q != '\n'))
            return false;
        number = negative ? -n : n;
        return true;
    }
    return true;
}

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

// The fast path: the top-level "games" array read as canonical records, "pgn" kept as text,
// "finish_order" only checked, the rest parsed.
bool read_canonical(std::string_view text, PartSummary& out) {
    const char* p = skip_space(text.data(), text.data() + text.size());
    const char* const end = text.data() + text.size();
    if (p == end || *p != '{') return false;
    ++p;
    struct Cut {  // a value left out of the parsed head, and what stands in its place
        const char *begin, *end;
        std::string_view stand_in;
    };
    std::vector<Cut> cuts;
    bool seen_games = false;
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
            if (seen_games || *p != '[') return false;
            seen_games = true;
            const char* const games_begin = p;
            out.games.reserve(text.size() / 128);  // records are longer: no growth, little unused
            // Each record is framed and its number read; its text is trusted as the runner's
            // dump() wrote it (dump() writes only valid JSON), but for the checks above, a
            // trailing comma, and escapes and non-ASCII bytes, which are read in full.
            ++p;
            if (p != end && *p == ']') {
                ++p;
            } else {
                constexpr std::string_view first_sep = "\n    {", next_sep = ",\n    {", last = "\n  ]";
                for (bool first = true;; first = false) {
                    const std::string_view sep = first ? first_sep : next_sep;
                    if (std::size_t(end - p) < sep.size() || std::memcmp(p, sep.data(), sep.size()) != 0) {
                        if (first || std::size_t(end - p) < last.size() ||
                            std::memcmp(p, last.data(), last.size()) != 0)
                            return false;
                        p += last.size();
                        break;
                    }
                    const char* const open = p + sep.size() - 1;
                    const RecordEnd e = find_record_end(open, end);
                    if (!e.close || e.close[-6] == ',') return false;
                    GameText g;
                    if (!record_number(open, e.close, g.number)) return false;
                    if (!e.plain) {
                        CanonicalReader full(open, e.close + 1);
                        if (!full.value(2) || full.pos() != e.close + 1) return false;
                    }
                    g.text = std::string_view(open, std::size_t(e.close + 1 - open));
                    out.games.push_back(g);
                    p = e.close + 1;
                }
            }
            cuts.push_back({games_begin, p, "[]"});
        } else if (key == "\"pgn\"" || key == "\"finish_order\"") {
            // Thousands of game numbers a part, which a JSON tree would cost more than the rest
            // of the head; the merge writes neither.
            CanonicalReader r(p, end);
            if (!r.value(1)) return false;
            if (key == "\"pgn\"") out.pgn = std::string_view(p, std::size_t(r.pos() - p));
            cuts.push_back({p, r.pos(), "null"});
            p = r.pos();
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
    const char* from = text.data();
    for (const Cut& c : cuts) {
        head.append(from, c.begin);
        head += c.stand_in;
        from = c.end;
    }
    head.append(from, end);
    out.head = nlohmann::json::parse(head, nullptr, false);
    if (out.head.is_discarded()) return false;
    out.head.erase("pgn");
    out.head.erase("finish_order");
    return true;
}

}  // namespace

PartSummary read_part_summary(std::string_view text) {
    PartSummary out;
    if (read_canonical(text, out)) return out;
    out = PartSummary{};
    out.head = nlohmann::json::parse(text, nullptr, false);
    if (out.head.is_discarded()) throw std::runtime_error("not JSON");
    if (out.head.is_object()) {
        if (const auto pgn = out.head.find("pgn"); pgn != out.head.end()) {
            out.owned_pgn = std::make_unique<std::string>(pgn->dump());
            out.pgn = *out.owned_pgn;
        }
        out.head.erase("pgn");
        out.head.erase("finish_order");
    }
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

namespace {

// Hands `put` the bytes of `text` (a summary's dump(2) with an empty "games") with the records
// `next_game` gives, until an empty one, as its "games" array.
template <typename NextGame, typename Put>
void put_summary(const std::string& text, NextGame&& next_game, Put&& put) {
    constexpr std::string_view slot = "\n  \"games\": []";
    const std::size_t at = text.find(slot);
    std::string_view game = at == std::string::npos ? std::string_view() : next_game();
    if (game.empty()) {
        put(std::string_view(text));
        return;
    }
    const std::size_t bracket = at + slot.size() - 1;  // the ']' of the empty list
    put(std::string_view(text).substr(0, bracket));
    for (bool first = true; !game.empty(); first = false, game = next_game()) {
        put(first ? std::string_view("\n    ") : std::string_view(",\n    "));
        put(game);
    }
    put(std::string_view("\n  "));
    put(std::string_view(text).substr(bracket));
}

// Writes pieces of memory in large writes: a million game records of ~400 bytes are copied into
// one buffer (the kernel copies small pieces of a gathered write much more slowly than one run).
class BlockWriter {
  public:
    explicit BlockWriter(int fd) : fd_(fd), buffer_(new char[kSize]) {}
    void put(std::string_view piece) {
        if (piece.size() > kSize - used_) {
            flush();
            if (piece.size() > kSize) {
                write_all(piece.data(), piece.size());
                return;
            }
        }
        std::memcpy(buffer_.get() + used_, piece.data(), piece.size());
        used_ += piece.size();
    }
    bool flush() {
        write_all(buffer_.get(), used_);
        used_ = 0;
        return !failed_;
    }

  private:
    void write_all(const char* p, std::size_t n) {
        while (n > 0 && !failed_) {
            const ssize_t w = ::write(fd_, p, n);
            if (w < 0) {
                failed_ = errno != EINTR;
                continue;
            }
            p += w;
            n -= std::size_t(w);
        }
    }
    static constexpr std::size_t kSize = 1 << 20;
    int fd_;
    std::unique_ptr<char[]> buffer_;
    std::size_t used_ = 0;
    bool failed_ = false;
};

}  // namespace

void write_summary(std::ostream& out, const nlohmann::json& summary, const std::vector<GameText>& games) {
    std::size_t i = 0;
    put_summary(
        summary.dump(2), [&] { return i < games.size() ? games[i++].text : std::string_view(); },
        [&](std::string_view piece) { out.write(piece.data(), std::streamsize(piece.size())); });
}

bool write_summary_file(const std::string& path, const nlohmann::json& summary,
                        const std::function<std::string_view()>& next_game) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) return false;
    BlockWriter writer(fd);
    put_summary(summary.dump(2), next_game, [&](std::string_view piece) { writer.put(piece); });
    writer.put("\n");
    const bool written = writer.flush();
    return ::close(fd) == 0 && written;
}

}  // namespace drawproxy::merge
