#pragma once
// The PGN writers' shared spelling of a tag and a comment.
#include <string>

namespace drawproxy::output {

// `[Name "value"]` and a newline: quotes and backslashes escaped, bytes that are not UTF-8 dropped.
std::string pgn_tag(const char* name, const std::string& value);
// `{text}`: a '}' (which would end it) becomes ')', bytes that are not UTF-8 are dropped.
std::string pgn_comment(const std::string& text);

}  // namespace drawproxy::output
