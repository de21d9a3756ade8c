#include "merge/parts.h"

#include <fmt/core.h>

#include <algorithm>
#include <queue>
#include <stdexcept>

namespace drawproxy::merge {

namespace {

// The shard index a part claims (0 if none; merge_summaries refuses such a part).
int shard_index(const nlohmann::json& part) {
    if (!part.is_object()) return 0;
    const auto shard = part.find("shard");
    if (shard == part.end() || !shard->is_object()) return 0;
    const auto index = shard->find("index");
    return index != shard->end() && index->is_number_integer() ? index->get<int>() : 0;
}

// The counts are taken from the part's own tables, so its records must be the games they count:
// the runner lists every game it counted by reason, and more only when interrupted (the
// unterminated games are listed, not counted). A part that lost or gained records is refused.
void check_game_count(const std::string& path, const PartSummary& part) {
    const auto by_reason = part.head.is_object() ? part.head.find("by_reason") : part.head.end();
    if (by_reason == part.head.end() || !by_reason->is_object()) return;
    std::int64_t counted = 0;
    for (const auto& n : *by_reason)
        if (n.is_number_integer()) counted += n.get<std::int64_t>();
    const auto listed = std::int64_t(part.games.size());
    if (listed < counted || (listed > counted && !part.head.contains("interrupted")))
        throw std::runtime_error(
            fmt::format("{} lists {} games but counts {} by reason (a damaged part)", path, listed, counted));
}

bool by_number(const GameText& a, const GameText& b) { return a.number < b.number; }

// The part of each game in game order; equal numbers in the parts' order, then each part's.
// A whole match's numbers are distinct and, but for lost parts, dense, and each part lists its
// games in order: each game's part then goes straight to its place. Otherwise each part is
// sorted and the parts merged through a heap.
std::vector<std::uint32_t> game_order(std::vector<std::vector<GameText>>& records) {
    std::size_t total = 0;
    std::int64_t low = INT64_MAX, high = INT64_MIN;
    bool sorted = true;
    for (const auto& list : records) {
        total += list.size();
        if (list.empty()) continue;
        low = std::min(low, list.front().number);
        high = std::max(high, list.back().number);
        sorted = sorted && std::is_sorted(list.begin(), list.end(), by_number);
    }
    std::vector<std::uint32_t> order;
    if (total == 0) return order;
    constexpr auto kNone = std::uint32_t(-1);
    if (sorted && high - low >= 0 && std::uint64_t(high - low) + 1 == total) {
        order.assign(total, kNone);
        bool distinct = true;
        for (std::size_t part = 0; part < records.size() && distinct; ++part)
            for (const GameText& g : records[part]) {
                std::uint32_t& slot = order[std::size_t(g.number - low)];
                distinct = distinct && slot == kNone;
                slot = std::uint32_t(part);
            }
        if (distinct) return order;
        order.clear();
    }
    for (auto& list : records) std::stable_sort(list.begin(), list.end(), by_number);
    using Head = std::pair<std::int64_t, std::uint32_t>;  // a part's next number, the part
    std::priority_queue<Head, std::vector<Head>, std::greater<Head>> heads;
    std::vector<std::size_t> next(records.size(), 0);
    for (std::size_t part = 0; part < records.size(); ++part)
        if (!records[part].empty()) heads.emplace(records[part].front().number, std::uint32_t(part));
    order.reserve(total);
    while (!heads.empty()) {
        const std::uint32_t part = heads.top().second;
        heads.pop();
        order.push_back(part);
        if (++next[part] < records[part].size()) heads.emplace(records[part][next[part]].number, part);
    }
    return order;
}

}  // namespace

MergedParts merge_part_files(const std::vector<std::string>& paths,
                             const std::optional<stats::SprtParams>& sprt) {
    MergedParts out;
    out.files = std::make_unique<MappedFiles>(paths);  // its error names the file
    std::vector<nlohmann::json> heads;
    std::vector<std::vector<GameText>> records;
    for (std::size_t i = 0; i < paths.size(); ++i) {
        PartSummary part;
        try {
            part = read_part_summary(out.files->text(i));
        } catch (const std::exception&) {
            throw std::runtime_error(fmt::format("{} is not JSON", paths[i]));
        }
        check_game_count(paths[i], part);
        heads.push_back(std::move(part.head));
        records.push_back(std::move(part.games));
        out.pgn.push_back(part.pgn);
        out.rewritten.push_back(std::move(part.owned));
        out.rewritten.push_back(std::move(part.owned_pgn));
    }
    std::vector<std::size_t> by_shard(heads.size());  // as merge_summaries orders the parts
    for (std::size_t i = 0; i < by_shard.size(); ++i) by_shard[i] = i;
    std::stable_sort(by_shard.begin(), by_shard.end(), [&](std::size_t a, std::size_t b) {
        return shard_index(heads[a]) < shard_index(heads[b]);
    });
    for (std::size_t i : by_shard) out.records.push_back(std::move(records[i]));
    out.result = merge_summaries(std::move(heads), sprt);
    out.order = game_order(out.records);
    return out;
}

bool write_merged_json(const std::string& path, const MergedParts& merged) {
    std::vector<std::size_t> next(merged.records.size(), 0);
    std::size_t i = 0;
    return write_summary_file(path, merged.result.summary, [&] {
        if (i == merged.order.size()) return std::string_view();
        const std::uint32_t part = merged.order[i++];
        return merged.records[part][next[part]++].text;
    });
}

}  // namespace drawproxy::merge
