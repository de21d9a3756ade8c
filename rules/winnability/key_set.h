#pragma once
// A set of 64-bit position keys for the searches: open addressing, grows by doubling, so
// a search that ends after a few nodes never pays for clearing a large table.
#include <cstdint>
#include <vector>

namespace drawproxy::rules::winnability {

class KeySet {
  public:
    KeySet() : slots_(256, 0) {}

    // Inserts; false if the key was already there.
    bool insert(std::uint64_t key) {
        key |= 1;  // 0 marks an empty slot
        if (2 * (count_ + 1) > slots_.size()) grow();
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = key & mask;; i = (i + 1) & mask) {
            if (slots_[i] == key) return false;
            if (slots_[i] == 0) {
                slots_[i] = key;
                ++count_;
                return true;
            }
        }
    }

  private:
    void grow() {
        std::vector<std::uint64_t> old(slots_.size() * 2, 0);
        old.swap(slots_);
        const std::size_t mask = slots_.size() - 1;
        for (std::uint64_t key : old) {
            if (!key) continue;
            std::size_t i = key & mask;
            while (slots_[i]) i = (i + 1) & mask;
            slots_[i] = key;
        }
    }

    std::vector<std::uint64_t> slots_;
    std::size_t count_ = 0;
};

}  // namespace drawproxy::rules::winnability
