#include "merge/pgn_merge.h"

#include "merge/mapped_file.h"

#include <fmt/core.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <queue>
#include <stdexcept>
#include <string_view>

namespace drawproxy::merge {

namespace {

// The games of a PGN file as the match runner writes it: each starts with an [Event tag at the
// start of the file or after a blank line.
std::vector<std::string_view> split_games(std::string_view text) {
    std::vector<std::string_view> games;
    std::size_t start = text.find("[Event ");
    while (start != std::string_view::npos) {
        const std::size_t next = text.find("\n\n[Event ", start);
        const std::size_t end = next == std::string_view::npos ? text.size() : next + 2;
        games.push_back(text.substr(start, end - start));
        start = next == std::string_view::npos ? next : next + 2;
    }
    return games;
}

struct IndexedGame {
    std::int64_t number;
    std::string_view text;
};

}  // namespace

std::size_t merge_pgn_files(const std::vector<PgnPart>& parts, const std::string& out_path) {
    std::vector<std::unique_ptr<MappedFile>> files;
    std::vector<std::vector<IndexedGame>> index(parts.size());
    for (std::size_t i = 0; i < parts.size(); ++i) {
        files.push_back(std::make_unique<MappedFile>(parts[i].path));
        const std::vector<std::string_view> found = split_games(files.back()->text());
        const std::vector<std::int64_t>& order = parts[i].order;
        if (found.size() < order.size())
            throw std::runtime_error(
                fmt::format("{} has {} games, its summary {}", parts[i].path, found.size(), order.size()));
        const std::size_t skip = found.size() - order.size();
        index[i].reserve(order.size());
        for (std::size_t g = 0; g < order.size(); ++g) index[i].push_back({order[g], found[skip + g]});
        // Games running at the same time finish out of order: the file is nearly sorted.
        std::stable_sort(index[i].begin(), index[i].end(),
                         [](const IndexedGame& a, const IndexedGame& b) { return a.number < b.number; });
    }

    std::FILE* out = std::fopen(out_path.c_str(), "wb");
    if (!out) throw std::runtime_error(fmt::format("cannot write {}", out_path));
    std::vector<char> buffer(1 << 20);
    std::setvbuf(out, buffer.data(), _IOFBF, buffer.size());
    // (number, part) of each part's next game; the smallest first, ties in the parts' order.
    using Head = std::pair<std::int64_t, std::size_t>;
    std::priority_queue<Head, std::vector<Head>, std::greater<>> heads;
    std::vector<std::size_t> next(parts.size(), 0);
    for (std::size_t i = 0; i < parts.size(); ++i)
        if (!index[i].empty()) heads.emplace(index[i][0].number, i);
    std::size_t written = 0;
    while (!heads.empty()) {
        const std::size_t i = heads.top().second;
        heads.pop();
        const std::string_view text = index[i][next[i]].text;
        std::fwrite(text.data(), 1, text.size(), out);
        if (!text.empty() && text.back() != '\n') std::fputc('\n', out);
        ++written;
        if (++next[i] < index[i].size()) heads.emplace(index[i][next[i]].number, i);
    }
    const bool ok = std::ferror(out) == 0;
    if (std::fclose(out) != 0 || !ok) throw std::runtime_error(fmt::format("cannot write {}", out_path));
    return written;
}

}  // namespace drawproxy::merge
