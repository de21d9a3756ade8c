#pragma once
// The text of an engine's `feature option="..."`: an option the GUI may show and set with
// `option NAME=VALUE`. One parser (the GUI's side reads an xboard engine's options) and one
// formatter (the engine's side offers its own). Views into the parsed text; nothing allocates
// but the choices' vector, whose capacity is kept when one OptionFeature is reused.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace drawproxy::cecp {

enum class OptionKind { Button, Save, Reset, Check, String, Spin, Combo, Slider, File, Path };

struct OptionFeature {
    std::string_view name;
    OptionKind kind = OptionKind::Button;
    // Check: "0" or "1". String, File, Path: the text (may be empty or hold spaces). Spin,
    // Slider: the current number. Combo: the current choice (the one marked '*').
    std::string_view value;
    std::int64_t min = 0, max = 0;          // Spin, Slider
    std::vector<std::string_view> choices;  // Combo, without the '*'
};

// Reads "NAME -spin 64 1 4096", "NAME -combo A /// *B /// C", "NAME -button", ...: the name is
// the text before the first " -KIND" that names a kind. False when there is none, or the
// kind's values do not read (a spin without three numbers, a check that is not 0 or 1).
bool parse_option_feature(std::string_view text, OptionFeature& out);

// The text inside the quotes of `feature option="..."`.
void append_option_feature(const OptionFeature& option, std::string& out);

}  // namespace drawproxy::cecp
