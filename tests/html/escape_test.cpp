// HTML escaping takes any bytes and gives valid UTF-8 with markup characters escaped.
#include <catch2/catch.hpp>

#include "html/escape.h"

using drawproxy::html::escaped;

TEST_CASE("markup characters are escaped", "[html][escape]") {
    CHECK(escaped("<a href=\"x\">Tom & Jerry's</a>") ==
          "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;");
    CHECK(escaped("plain 1/2-1/2") == "plain 1/2-1/2");
}

TEST_CASE("valid UTF-8 passes, every invalid byte becomes U+FFFD", "[html][escape]") {
    const std::string fffd = "\xEF\xBF\xBD";
    CHECK(escaped("Stockfish \xC3\xA9 \xE2\x99\x94 \xF0\x9F\x98\x80") ==
          "Stockfish \xC3\xA9 \xE2\x99\x94 \xF0\x9F\x98\x80");
    CHECK(escaped("\xFF") == fffd);
    CHECK(escaped("a\xC3") == "a" + fffd);                            // truncated sequence
    CHECK(escaped("\xC0\xAF") == fffd + fffd);                        // overlong '/'
    CHECK(escaped("\xED\xA0\x80") == fffd + fffd + fffd);             // a surrogate
    CHECK(escaped("\xF4\x90\x80\x80") == fffd + fffd + fffd + fffd);  // past U+10FFFF
    CHECK(escaped(std::string("a\0b\x01", 4)) == "a" + fffd + "b" + fffd);
    CHECK(escaped("tab\tline\n") == "tab\tline\n");
}
