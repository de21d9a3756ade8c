#pragma once
// UTF-8 checks for text an engine sent: engines may send any bytes, while JSON, PGN and
// HTML outputs must stay readable. Pure functions, no allocation unless a copy is asked for.
#include <cstddef>
#include <string>
#include <string_view>

namespace drawproxy::uci {

// Length of the well-formed UTF-8 sequence at the start of `s` (RFC 3629: no overlong forms,
// no surrogates, nothing above U+10FFFF), or 0 when it is not one.
inline std::size_t utf8_sequence_length(std::string_view s) {
    auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    auto cont = [&](std::size_t i, unsigned lo = 0x80, unsigned hi = 0xBF) {
        return i < s.size() && byte(i) >= lo && byte(i) <= hi;
    };
    if (s.empty()) return 0;
    const unsigned b = byte(0);
    if (b < 0x80) return 1;
    if (b >= 0xC2 && b <= 0xDF) return cont(1) ? 2 : 0;
    if (b >= 0xE0 && b <= 0xEF) {
        const unsigned lo = b == 0xE0 ? 0xA0 : 0x80, hi = b == 0xED ? 0x9F : 0xBF;
        return cont(1, lo, hi) && cont(2) ? 3 : 0;
    }
    if (b >= 0xF0 && b <= 0xF4) {
        const unsigned lo = b == 0xF0 ? 0x90 : 0x80, hi = b == 0xF4 ? 0x8F : 0xBF;
        return cont(1, lo, hi) && cont(2) && cont(3) ? 4 : 0;
    }
    return 0;
}

inline bool is_valid_utf8(std::string_view s) {
    for (std::size_t i = 0, n; i < s.size(); i += n)
        if ((n = utf8_sequence_length(s.substr(i))) == 0) return false;
    return true;
}

// `s` without the bytes that are not part of a well-formed UTF-8 sequence.
inline std::string strip_invalid_utf8(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t n = utf8_sequence_length(s.substr(i));
        if (n) out.append(s.substr(i, n));
        i += n ? n : 1;
    }
    return out;
}

}  // namespace drawproxy::uci
