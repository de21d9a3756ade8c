#pragma once
// Text into HTML: any bytes in, valid UTF-8 out with the five markup characters escaped.
// Invalid UTF-8 (a PGN tag or an engine name can hold anything) becomes U+FFFD, one per bad byte.
#include <string>
#include <string_view>

namespace drawproxy::html {

// Appends `text` escaped for element content and quoted attribute values.
void append_escaped(std::string& out, std::string_view text);
std::string escaped(std::string_view text);

}  // namespace drawproxy::html
