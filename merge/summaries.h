#pragma once
// The parts' JSON summaries of a sharded match merged into the summary one run would have
// written: every count is the sum of the parts' own (a pair never splits across parts).
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "stats/encounters.h"

namespace drawproxy::merge {

// The counts of an encounter back from its "pairs" entry.
stats::HeadToHead head_to_head_from_json(const nlohmann::json& pair_entry);

struct MergeResult {
    nlohmann::json summary;
    std::vector<int> missing;  // part numbers not given
    stats::SprtStatus status = stats::SprtStatus::running;
};
// Merges the parts' summaries. Throws std::runtime_error (one line) for parts of different
// matches, duplicate parts, or a summary that is not a part. `sprt` overrides the parts' own.
// The parts are taken by value: their game lists are moved into the result.
MergeResult merge_summaries(std::vector<nlohmann::json> parts, const std::optional<stats::SprtParams>& sprt);

}  // namespace drawproxy::merge
