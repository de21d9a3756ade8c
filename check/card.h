#pragma once
// The report card of `drawproxy check`: one line per probe (pass, FAIL, n/a) with the
// engine's move and score beside the expectation, or the same as one JSON object.
#include <string>

#include "check/runner.h"

namespace drawproxy::check {

std::string card_text(const Card& card);
std::string card_json(const Card& card);  // one line, no trailing newline

}  // namespace drawproxy::check
