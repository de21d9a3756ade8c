// uci/utf8.h: which byte sequences are UTF-8, and stripping the rest.
#include <catch2/catch.hpp>

#include "uci/utf8.h"

using namespace drawproxy::uci;

TEST_CASE("utf8: well-formed sequences of each length pass, malformed ones are found") {
    CHECK(is_valid_utf8(""));
    CHECK(is_valid_utf8("bestmove e2e4"));
    CHECK(is_valid_utf8("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"));  // é € 😀
    CHECK_FALSE(is_valid_utf8("\xff\xfe"));
    CHECK_FALSE(is_valid_utf8("\xC0\xAF"));          // overlong '/'
    CHECK_FALSE(is_valid_utf8("\xE0\x80\xAF"));      // overlong, 3 bytes
    CHECK_FALSE(is_valid_utf8("\xED\xA0\x80"));      // a surrogate
    CHECK_FALSE(is_valid_utf8("\xF4\x90\x80\x80"));  // above U+10FFFF
    CHECK_FALSE(is_valid_utf8("\xE2\x82"));          // cut short
    CHECK_FALSE(is_valid_utf8("\x80"));              // a lone continuation byte
}

TEST_CASE("utf8: stripping keeps every well-formed sequence and drops only the stray bytes") {
    CHECK(strip_invalid_utf8("\xff\xfe") == "");
    CHECK(strip_invalid_utf8("a\xff"
                             "b\xC3\xA9\xE2\x82z") == "ab\xC3\xA9z");
    CHECK(strip_invalid_utf8("\xF0\x9F\x98\x80\x80") == "\xF0\x9F\x98\x80");
    const std::string ok = "info string caf\xC3\xA9";
    CHECK(strip_invalid_utf8(ok) == ok);
}
