#pragma once
// The PGN files of a sharded match's parts merged into one file in game order, for `merge`:
// a k-way merge by game number over the files mapped into memory (read by the kernel as the
// merge goes, never copied whole), so a million games need no more than their index.
#include <cstdint>
#include <string>
#include <vector>

namespace drawproxy::merge {

struct PgnPart {
    std::string path;
    // The game numbers of the part's games in the order the part appended them: they are the
    // last order.size() games of the file (-pgnout appends to what was there).
    std::vector<std::int64_t> order;
};

// Writes every part's games to `out_path` in game order (equal numbers in the parts' order) and
// returns the number of games. Throws std::runtime_error (one line) when a file cannot be read
// or written, or holds fewer games than its order lists.
std::size_t merge_pgn_files(const std::vector<PgnPart>& parts, const std::string& out_path);

}  // namespace drawproxy::merge
