#pragma once
// The parts of a sharded two-engine match, written as `drawproxy match -shard K/N -jsonout
// -pgnout` writes them, for the benchmarks of `merge` (bench_merge, bench_stats): the summary
// comes from the runner's own Report and put_statistics, so its game records carry every field
// a real part's do (opening FEN and book moves, time control, plies, wall and engine time).
#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace drawproxy::bench {

struct WrittenParts {
    std::vector<std::string> json_files;  // part-K.json, K = 1..N
    std::size_t json_bytes = 0;
    std::size_t pgn_bytes = 0;
};

// Writes N = `parts` parts of `games_per_part` games each (game pairs by opening, numbered as
// in the whole match: unit u is played by part u % N + 1) to `dir`: part-K.json and, with
// `with_pgn`, part-K.pgn. The games of a part finish two at a time in either order, as with
// -concurrency 2, so finish_order and the PGN files are not in game order.
WrittenParts write_parts(const std::filesystem::path& dir, int parts, int games_per_part, bool with_pgn);

// The CPU time of this process (user + system), in seconds.
double cpu_seconds();

}  // namespace drawproxy::bench
