#include "game/fastchess_options.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdlib>

namespace drawproxy::game {

OptionSpec option_spec(const uci::OptionDecl& decl) {
    OptionSpec spec;
    spec.name = decl.name;
    spec.type = decl.type;
    spec.min = decl.min;
    spec.max = decl.max;
    if (decl.default_value) spec.default_value = *decl.default_value;
    for (std::string_view var : decl.vars) {
        std::size_t at = 0;
        while (at < var.size()) {
            const std::size_t start = var.find_first_not_of(" \t", at);
            if (start == std::string_view::npos) break;
            const std::size_t end = std::min(var.find_first_of(" \t", start), var.size());
            spec.vars.emplace_back(var.substr(start, end - start));
            at = end;
        }
    }
    return spec;
}

namespace {

// std::stoi's reading: leading blanks, a sign, digits, anything after ignored; nullopt where it
// throws (no digits, beyond int).
std::optional<long> stoi_value(std::string_view text) {
    const std::string s(text);
    const char* begin = s.c_str();
    char* end = nullptr;
    errno = 0;
    const long v = std::strtol(begin, &end, 10);
    if (end == begin || errno == ERANGE || v < INT_MIN || v > INT_MAX) return std::nullopt;
    return v;
}

}  // namespace

std::string fastchess_option_warning(const OptionSpec& spec, std::string_view value,
                                     std::string_view engine) {
    bool valid = true;
    switch (spec.type) {
        case uci::OptionType::Check:
            valid = value == "true" || value == "false";
            break;
        case uci::OptionType::Button:
            valid = value == "true";
            break;
        case uci::OptionType::Combo:
            valid = std::find(spec.vars.begin(), spec.vars.end(), value) != spec.vars.end();
            break;
        case uci::OptionType::Spin: {
            if (!spec.min || !spec.max) break;  // bounds not integers: not checked here
            const std::optional<long> v = stoi_value(value);
            if (!v)
                return fmt::format("Warning; Failed to set option {} with value {} for engine {}: stoi",
                                   spec.name, value, engine);
            valid = *v >= *spec.min && *v <= *spec.max;
            break;
        }
        default:
            break;
    }
    return valid ? std::string() : fmt::format("Warning; Invalid value for option {}; {}", spec.name, value);
}

std::optional<std::string> fastchess_held_value(const std::vector<OptionSpec>& declared,
                                                std::string_view name,
                                                const std::optional<std::string>& configured) {
    const auto it = std::find_if(declared.begin(), declared.end(),
                                 [name](const OptionSpec& o) { return o.name == name; });
    if (it == declared.end()) return std::nullopt;
    const bool sent = configured && fastchess_option_warning(*it, *configured, "").empty();
    const std::string& value = sent ? *configured : it->default_value;
    if (it->type != uci::OptionType::Spin) return value;
    const std::optional<long> number = stoi_value(value);
    return number ? std::to_string(*number) : value;
}

std::string fastchess_not_responsive(std::string_view engine) {
    return fmt::format("Warning; Engine {} is not responsive", engine);
}

}  // namespace drawproxy::game
