#pragma once
// A Polyglot opening book (.bin) read into memory: 16-byte big-endian entries (key, move,
// weight, learn), sorted by key. A player with book= plays its moves while the book has the
// position, each drawn with a probability proportional to its weight from a seeded generator,
// so a match with one seed plays the same book moves every time.
#include <cstdint>
#include <string>
#include <vector>

#include "rules/position.h"

namespace drawproxy::game {

class PolyglotBook {
  public:
    // Reads `path`; throws OptionError (one line) if it cannot be read or is not a book.
    explicit PolyglotBook(const std::string& path);

    // A legal book move for `pos` drawn by weight with `rng` (advanced), or Move::none() when
    // the book does not have the position (or only moves of weight 0, or none legal).
    rules::Move pick(const rules::Position& pos, std::uint64_t& rng) const;
    std::size_t size() const { return entries_.size(); }
    // FNV-1a of the file's bytes: the book's identity in the match id (the same book elsewhere
    // under another name is the same match; another book of the same name is not).
    std::uint64_t content_hash() const { return content_hash_; }

  private:
    struct Entry {
        std::uint64_t key;
        std::uint16_t move;
        std::uint16_t weight;
    };
    std::vector<Entry> entries_;  // by key
    std::uint64_t content_hash_ = 0;
};

}  // namespace drawproxy::game
