// Fuzzes the match runner's command line (app/option_table.h), in every dialect. The input's
// first byte picks the dialect, the rest is the words, one a line. Invariants: the parser reads
// no file and needs no clock, so any words either give a match of at least two engines or a
// refusal of one non-empty line; the usage text is written without fault.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "app/match_options.h"
#include "fuzz_support.h"

using namespace drawproxy;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0 || size > 2048) return 0;
    const auto dialect = tournament::Dialect(data[0] % 3);
    std::vector<std::string> words(1);
    for (std::size_t i = 1; i < size; ++i) {
        if (data[i] == '\n')
            words.emplace_back();
        else
            words.back() += char(data[i]);
    }
    if (words.back().empty()) words.pop_back();
    const std::string text = [&] {
        std::string s;
        for (const auto& w : words) s += "[" + w + "] ";
        return s;
    }();
    try {
        const app::MatchRequest r = app::parse_match_request(words, dialect);
        fuzz::check(!r.resume_path.empty() || r.opts.engines.size() >= 2, "a match has two engines", text);
        const bool named = std::find(words.begin(), words.end(), "-dialect") != words.end() ||
                           std::find(words.begin(), words.end(), "--dialect") != words.end();
        fuzz::check(named || r.opts.dialect == dialect, "the dialect is the one asked for", text);
    } catch (const game::OptionError& e) {
        const std::string why = e.what();
        fuzz::check(!why.empty() && why.find('\n') == std::string::npos, "a refusal is one line", text + why);
    }
    fuzz::check(!app::usage_text(dialect).empty(), "the usage is written", text);
    return 0;
}
