#pragma once
// Loading a rule edition for the command line: a shipped name ("fide-2014") or a TOML file.
#include <string_view>

#include "rules/edition.h"

namespace drawproxy::app {

// A built-in edition by name, else the file at that path. Throws rules::EditionError with a
// one-line message (unknown name, unreadable file, or the bad key and its problem).
rules::Edition load_edition(std::string_view name_or_path);

}  // namespace drawproxy::app
