#include "game/polyglot_book.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <iterator>

#include "game/hash.h"
#include "game/settings.h"
#include "rules/polyglot.h"

namespace drawproxy::game {
namespace {

std::uint64_t big_endian(const unsigned char* p, int bytes) {
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v = v << 8 | p[i];
    return v;
}

}  // namespace

PolyglotBook::PolyglotBook(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw OptionError(fmt::format("book={}: cannot read the file", path));
    const std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)),
                                           std::istreambuf_iterator<char>());
    if (bytes.empty() || bytes.size() % 16 != 0)
        throw OptionError(
            fmt::format("book={}: not a Polyglot book (its size is not a multiple of 16 bytes)", path));
    content_hash_ = fnv1a(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
    entries_.reserve(bytes.size() / 16);
    for (std::size_t i = 0; i < bytes.size(); i += 16)
        entries_.push_back({big_endian(&bytes[i], 8), std::uint16_t(big_endian(&bytes[i + 8], 2)),
                            std::uint16_t(big_endian(&bytes[i + 10], 2))});
    // Books are written sorted; a stable sort keeps an unsorted one usable and the order of equal keys.
    std::stable_sort(entries_.begin(), entries_.end(),
                     [](const Entry& a, const Entry& b) { return a.key < b.key; });
}

rules::Move PolyglotBook::pick(const rules::Position& pos, std::uint64_t& rng) const {
    const std::uint64_t key = rules::polyglot_key(pos);
    auto first = std::lower_bound(entries_.begin(), entries_.end(), key,
                                  [](const Entry& e, std::uint64_t k) { return e.key < k; });
    std::uint64_t total = 0;
    auto last = first;
    for (; last != entries_.end() && last->key == key; ++last) total += last->weight;
    if (total == 0) return rules::Move::none();
    std::uint64_t r = next_random(rng) % total;
    for (auto e = first; e != last; ++e) {
        if (r < e->weight) return rules::polyglot_move(pos, e->move);  // none if the entry is not legal here
        r -= e->weight;
    }
    return rules::Move::none();
}

}  // namespace drawproxy::game
