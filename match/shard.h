#pragma once
// Shards: one match split into N disjoint parts by game pairs (a pair never splits), and the
// merge of the parts' JSON summaries into the summary one run would have written.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "match/encounter_stats.h"

namespace drawproxy::match {

struct ShardSpec {
    int index = 1;  // K, from 1
    int count = 1;  // N
};
// "K/N" with 1 <= K <= N.
std::optional<ShardSpec> parse_shard(std::string_view text);

// The schedule's units are its game pairs and unpaired games, numbered in schedule order;
// unit u is played by part u % N + 1, so every part gets openings from all of the book.
inline bool unit_in_shard(int unit, const ShardSpec& s) { return unit % s.count + 1 == s.index; }

// FNV-1a, 64 bits: the match id is the hash of everything that fixes the schedule.
std::uint64_t fnv1a(std::string_view text, std::uint64_t hash = 0xcbf29ce484222325ULL);
std::string hex_id(std::uint64_t id);

// The statistics part of a summary: "pairs" (one per encounter with games) and "statistics"
// (the settings). The runner and the merge both write it with this function, from the counts.
void put_statistics(nlohmann::json& summary, const std::vector<HeadToHead>& encounters,
                    const StatsSettings& settings);

// The counts of an encounter back from its "pairs" entry.
HeadToHead head_to_head_from_json(const nlohmann::json& pair_entry);

struct MergeResult {
    nlohmann::json summary;
    std::vector<int> missing;  // part numbers not given
    SprtStatus status = SprtStatus::running;
};
// Merges the parts' summaries. Throws std::runtime_error (one line) for parts of different
// matches, duplicate parts, or a summary that is not a part. `sprt` overrides the parts' own.
// The parts are taken by value: their game lists are moved into the result.
MergeResult merge_summaries(std::vector<nlohmann::json> parts, const std::optional<SprtParams>& sprt);

}  // namespace drawproxy::match
