#include "output/opening_names.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "rules/notation.h"
#include "uci/tokens.h"

namespace drawproxy::output {

extern const std::string_view OPENING_NAMES_TSV;  // opening_names.tsv, generated into the build

namespace {

// The position's identity as a FEN's first four fields.
std::string epd_of(const rules::Position& pos) {
    return rules::to_fen(pos, rules::FenStyle{.counters = false});
}

std::string_view next_field(std::string_view& line) {
    const std::size_t tab = line.find('\t');
    const std::string_view field = line.substr(0, tab);
    line = tab == std::string_view::npos ? std::string_view() : line.substr(tab + 1);
    return field;
}

}  // namespace

OpeningNames::OpeningNames(std::string_view lines) : text_(lines) {
    std::string_view tsv = text_;
    const auto lines_held = std::size_t(std::count(text_.begin(), text_.end(), '\n'));
    names_.reserve(lines_held);
    by_key_.reserve(lines_held);
    bool header = true;
    int line_number = 0;
    while (!tsv.empty()) {
        const std::size_t nl = tsv.find('\n');
        std::string_view line = tsv.substr(0, nl);
        tsv = nl == std::string_view::npos ? std::string_view() : tsv.substr(nl + 1);
        ++line_number;
        if (header || line.empty()) {
            header = false;
            continue;
        }
        const std::string_view eco = next_field(line), name = next_field(line), movetext = line;
        if (eco.empty() || name.empty() || movetext.empty())
            throw std::runtime_error(
                fmt::format("opening names, line {}: not ECO, name and moves", line_number));
        rules::Position pos;
        std::string error;
        for (uci::Tokens words(movetext); !words.done();) {
            const std::string_view word = words.next();
            if (word.back() == '.') continue;  // a move number
            const rules::Move m = rules::parse_san(pos, word, error);
            if (!m)
                throw std::runtime_error(
                    fmt::format("opening names, line {}: {}: {}: {}", line_number, name, word, error));
            pos.play(m);
        }
        if (find(pos)) continue;
        const std::uint64_t key = pos.repetition_key();
        by_key_.emplace(key, names_.size());
        seen_[key >> 54] |= std::uint64_t(1) << (key >> 48 & 63);
        names_.push_back({epd_of(pos), {eco, name}});
    }
}

const OpeningNames& OpeningNames::builtin() {
    static const OpeningNames table(OPENING_NAMES_TSV);
    return table;
}

const OpeningName* OpeningNames::find(const rules::Position& pos) const {
    const std::uint64_t key = pos.repetition_key();
    if (!(seen_[key >> 54] >> (key >> 48 & 63) & 1)) return nullptr;
    const auto it = by_key_.find(key);
    if (it == by_key_.end()) return nullptr;
    const Entry& e = names_[it->second];
    return e.epd == epd_of(pos) ? &e.name : nullptr;
}

}  // namespace drawproxy::output
