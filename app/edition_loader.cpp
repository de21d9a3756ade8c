#include "app/edition_loader.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace drawproxy::app {

rules::Edition load_edition(std::string_view name_or_path) {
    for (const std::string& name : rules::Edition::builtin_names())
        if (name == name_or_path) return rules::Edition::builtin(name);
    const std::string path(name_or_path);
    std::error_code ec;
    std::ifstream in;
    if (std::filesystem::is_regular_file(path, ec)) in.open(path, std::ios::binary);
    if (!in.is_open()) {
        // A bare word that is not a file was meant as a name: list the names.
        if (path.find('/') == std::string::npos && !path.ends_with(".toml"))
            return rules::Edition::builtin(path);
        throw rules::EditionError(fmt::format("cannot read rules file '{}'", path));
    }
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) throw rules::EditionError(fmt::format("cannot read rules file '{}'", path));
    return rules::Edition::parse(text.str(), path);
}

}  // namespace drawproxy::app
