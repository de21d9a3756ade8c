#pragma once
// The names fastchess gives a game's opening in its ECO and Opening tags: a table of positions
// (board, side to move, castling, en passant where a capture is legal) and their ECO code and
// name, read from lichess's chess-openings lines (CC0; opening_names.tsv). A game is named after
// the last of its positions, the start included, that the table holds; Chess960 games after none.
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "rules/position.h"

namespace drawproxy::output {

struct OpeningName {
    std::string_view eco;   // "C60"
    std::string_view name;  // "Ruy Lopez"
};

class OpeningNames {
  public:
    // From lines of "ECO<TAB>name<TAB>SAN movetext" after a header line; the first line to
    // reach a position names it. A line that does not parse stops construction with
    // std::runtime_error naming it (the table is built into the binary: a bad one is a defect).
    explicit OpeningNames(std::string_view tsv);
    OpeningNames(const OpeningNames&) = delete;  // the names point into text_
    OpeningNames& operator=(const OpeningNames&) = delete;
    // The table built into drawproxy, read at its first use.
    static const OpeningNames& builtin();

    // The name of this position, or nullptr.
    const OpeningName* find(const rules::Position& pos) const;
    std::size_t size() const { return names_.size(); }

  private:
    struct Entry {
        std::string epd;  // confirms a key's match
        OpeningName name;
    };
    std::string text_;  // the lines, which the names point into
    std::vector<Entry> names_;
    std::unordered_map<std::uint64_t, std::size_t> by_key_;  // repetition key -> names_ index
    // One bit per key's top 16 bits: most positions of a game are in no opening table, and this
    // (8 KB) says so without a look into the map.
    std::vector<std::uint64_t> seen_ = std::vector<std::uint64_t>(1024);
};

}  // namespace drawproxy::output
