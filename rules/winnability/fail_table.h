#pragma once
// The helpmate dives' table of failed searches (helpmate_search.cpp).
#include <cstddef>
#include <cstdint>
#include <vector>

namespace drawproxy::rules::winnability::helpmate_detail {

// Failed searches: key -> (remaining depth, allowance) already shown to hold no mate. A cache:
// it starts small (a quick search must not pay for clearing a large table) and doubles as it
// fills, up to a size fitting the budget.
class FailTable {
  public:
    explicit FailTable(std::uint64_t nodes) : entries_(256) { allow(nodes); }
    // Room for a search grown to `nodes` (the table keeps what it holds).
    void allow(std::uint64_t nodes) {
        while (max_size_ < nodes && max_size_ < (std::size_t(1) << 20)) max_size_ <<= 1;
    }
    bool failed(std::uint64_t key, int depth, int allowance) const {
        const Entry& e = entries_[key & (entries_.size() - 1)];
        return e.key == key && e.depth >= depth && e.allowance >= allowance;
    }
    void store(std::uint64_t key, int depth, int allowance) {
        if (2 * ++stores_ > entries_.size() && entries_.size() < max_size_) grow();
        entries_[key & (entries_.size() - 1)] = {key, std::int16_t(depth), std::int16_t(allowance)};
    }

  private:
    struct Entry {
        std::uint64_t key = 0;
        std::int16_t depth = -1;
        std::int16_t allowance = -1;
    };
    void grow() {
        std::vector<Entry> old(entries_.size() * 2);
        old.swap(entries_);
        for (const Entry& e : old)
            if (e.depth >= 0) entries_[e.key & (entries_.size() - 1)] = e;
    }
    std::vector<Entry> entries_;
    std::size_t max_size_ = 256;
    std::size_t stores_ = 0;
};

}  // namespace drawproxy::rules::winnability::helpmate_detail
