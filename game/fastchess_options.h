#pragma once
// How fastchess sets an engine's options (uci_engine.cpp sendSetoption) and the "Warning; ..."
// lines it prints when it cannot: a value its declaration does not allow, a number it cannot
// read. The words are its own, since fishtest's worker and OpenBench's client read its output.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "uci/engine_message.h"

namespace drawproxy::game {

// An option as the engine declared it (`option name ... type ...`), kept past its line.
struct OptionSpec {
    std::string name;
    uci::OptionType type = uci::OptionType::Unknown;
    std::optional<std::int64_t> min, max;  // a spin's integer bounds
    std::vector<std::string> vars;         // a combo's values, split at blanks as fastchess does
    std::string default_value;
};

OptionSpec option_spec(const uci::OptionDecl& decl);

// fastchess's warning for setting `value` on `spec` of engine `engine`, or "" if it sets it:
// "Warning; Invalid value for option Hash; 0" (out of range, not true/false, not a combo's
// value, a button given anything but true), "Warning; Failed to set option Hash with value x
// for engine sf: stoi" (a spin value that is not a number).
std::string fastchess_option_warning(const OptionSpec& spec, std::string_view value, std::string_view engine);

// The value fastchess holds for option `name` of an engine once it has set the engine up (as its
// results header names Threads and Hash): `configured` where fastchess sends it, else the declared
// default, a spin's as the number it reads; nullopt where the engine declares no such option.
std::optional<std::string> fastchess_held_value(const std::vector<OptionSpec>& declared,
                                                std::string_view name,
                                                const std::optional<std::string>& configured);

// fastchess's warning when an engine does not answer isready in time.
std::string fastchess_not_responsive(std::string_view engine);

}  // namespace drawproxy::game
