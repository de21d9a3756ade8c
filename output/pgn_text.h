#pragma once
// The PGN writers' shared spelling of a tag and a comment.
#include <string>
#include <string_view>

#include "game/record.h"

namespace drawproxy::output {

// `[Name "value"]` and a newline: quotes and backslashes escaped, bytes that are not UTF-8 dropped.
std::string pgn_tag(const char* name, const std::string& value);
// `{text}`: a '}' (which would end it) becomes ')', bytes that are not UTF-8 are dropped.
std::string pgn_comment(const std::string& text);
void append_pgn_comment(std::string& out, std::string_view text);  // the same, appended
// The seven tag roster (Event, Site, Date, Round, White, Black, Result); `unknown_as_question`:
// an empty value is written "?", as cutechess-cli writes it.
std::string pgn_roster(const game::GameRecord& g, const std::string& result,
                       bool unknown_as_question = false);

}  // namespace drawproxy::output
