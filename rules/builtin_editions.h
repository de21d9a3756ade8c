#pragma once
// The rule editions shipped in configs/, compiled into the binary.
#include <string_view>
#include <vector>

namespace drawproxy::rules {

struct BuiltinEdition {
    std::string_view name;  // file name without .toml, e.g. "fide-2023"
    std::string_view toml;  // the file's text
};

const std::vector<BuiltinEdition>& builtin_editions();

}  // namespace drawproxy::rules
