#pragma once
// `drawproxy merge`'s work on the parts' -jsonout files, short of printing: the files mapped,
// each part's counts parsed, its game records kept as text (merge/summary_text.h) and written
// in game order. A pair never splits across parts, so every count, pentanomial and reason table
// is the sum of the parts' own; the records are only framed, ordered and copied.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "merge/mapped_file.h"
#include "merge/summaries.h"
#include "merge/summary_text.h"

namespace drawproxy::merge {

struct MergedParts {
    MergeResult result;  // the merged summary without its games, the missing parts
    // Each part's records sorted by game number, the parts in shard order: views into `files`
    // (or `rewritten`, for parts laid out otherwise).
    std::vector<std::vector<GameText>> records;
    std::vector<std::uint32_t> order;   // per game in game order: the part (in `records`) it is from
    std::vector<std::string_view> pgn;  // each file's "pgn" entry as JSON text, in the order given
    std::unique_ptr<MappedFiles> files;
    std::vector<std::unique_ptr<std::string>> rewritten;
    std::size_t games() const { return order.size(); }
};

// Throws std::runtime_error (one line, naming the file where there is one) for a file that
// cannot be read or is not JSON, a part whose records are not the games it counts, and what
// merge_summaries refuses. `sprt` overrides the parts' own test.
MergedParts merge_part_files(const std::vector<std::string>& paths,
                             const std::optional<stats::SprtParams>& sprt);

// The merged -jsonout file: the bytes merge_summaries' tree with its games would dump(2), and a
// line break. False when it cannot be written.
bool write_merged_json(const std::string& path, const MergedParts& merged);

}  // namespace drawproxy::merge
