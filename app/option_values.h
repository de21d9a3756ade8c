#pragma once
// Reading one option's values: numbers, booleans, key=value words. Errors throw
// game::OptionError with one line that names the option.
#include <fmt/format.h>
#include <charconv>
#include <string>
#include <utility>
#include <vector>

#include "game/settings.h"

namespace drawproxy::app::values {

using game::OptionError;

template <class Int>
Int to_int(const std::string& text, const std::string& what, Int min_value) {
    Int value{};
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < min_value)
        throw OptionError(fmt::format("bad value for {}: '{}'", what, text));
    return value;
}

inline bool to_bool(const std::string& text, const std::string& what) {
    if (text == "true") return true;
    if (text == "false") return false;
    throw OptionError(fmt::format("bad value for {}: '{}' (true, false)", what, text));
}

inline std::pair<std::string, std::string> key_value(const std::string& token, const std::string& option) {
    auto eq = token.find('=');
    if (eq == std::string::npos || eq == 0)
        throw OptionError(fmt::format("{}: expected key=value, got '{}'", option, token));
    return {token.substr(0, eq), token.substr(eq + 1)};
}

inline const std::string& one(const std::vector<std::string>& values, const std::string& option) {
    if (values.size() != 1) throw OptionError(fmt::format("{} takes one value", option));
    return values[0];
}

}  // namespace drawproxy::app::values
