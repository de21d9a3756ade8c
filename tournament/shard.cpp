#include "tournament/shard.h"

#include <fmt/format.h>

#include <charconv>

namespace drawproxy::tournament {

std::optional<ShardSpec> parse_shard(std::string_view text) {
    const auto slash = text.find('/');
    if (slash == std::string_view::npos) return std::nullopt;
    ShardSpec s;
    const auto k = std::from_chars(text.data(), text.data() + slash, s.index);
    const auto n = std::from_chars(text.data() + slash + 1, text.data() + text.size(), s.count);
    if (k.ec != std::errc() || k.ptr != text.data() + slash || n.ec != std::errc() ||
        n.ptr != text.data() + text.size())
        return std::nullopt;
    if (s.count < 1 || s.index < 1 || s.index > s.count) return std::nullopt;
    return s;
}

std::string hex_id(std::uint64_t id) { return fmt::format("{:016x}", id); }

}  // namespace drawproxy::tournament
