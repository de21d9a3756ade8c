#pragma once
// The rules tests' shorthand for a position from FEN text.
#include <string_view>

#include "rules/position.h"

namespace drawproxy::test {

inline rules::Position fen(std::string_view text, bool chess960 = false) {
    return rules::Position::from_fen(text, chess960);
}

}  // namespace drawproxy::test
