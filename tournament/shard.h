#pragma once
// Shards: one match split into N disjoint parts by game pairs (a pair never splits); the parts'
// summaries are merged by merge/.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace drawproxy::tournament {

struct ShardSpec {
    int index = 1;  // K, from 1
    int count = 1;  // N
};
// "K/N" with 1 <= K <= N.
std::optional<ShardSpec> parse_shard(std::string_view text);

// The schedule's units are its game pairs and unpaired games, numbered in schedule order;
// unit u is played by part u % N + 1, so every part gets openings from all of the book.
inline bool unit_in_shard(int unit, const ShardSpec& s) { return unit % s.count + 1 == s.index; }

// The match id's text: 16 hex digits.
std::string hex_id(std::uint64_t id);

}  // namespace drawproxy::tournament
