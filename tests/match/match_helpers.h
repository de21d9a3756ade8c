#pragma once
// Shared helpers for the match tests: run a match in-process from cutechess-style words,
// write temporary opening files, and name the scripted fake engine.
#include <unistd.h>

#include <fstream>
#include <string>
#include <vector>

#include "match/options.h"
#include "match/scheduler.h"
#include "proxy/edition_loader.h"
#include "support/paths.h"

namespace drawproxy::test {

// `-engine` words for the fake engine built into test_match (see fake_uci_engine.cpp).
inline std::string fake_cmd(const std::string& spec) {
    return "cmd=" + binary_path("bin/test_match") + " arg=drawproxy-fake-engine arg=" + spec;
}

inline std::vector<std::string> words(const std::string& text) {
    std::vector<std::string> out;
    std::string w;
    for (char c : text) {
        if (c == ' ') {
            if (!w.empty()) out.push_back(w), w.clear();
        } else {
            w += c;
        }
    }
    if (!w.empty()) out.push_back(w);
    return out;
}

// A file in /tmp that is removed when the object dies.
struct TempFile {
    std::string path;
    explicit TempFile(const std::string& suffix, const std::string& content = "") {
        path = "/tmp/drawproxy_match_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter()++) +
               suffix;
        std::ofstream(path) << content;
    }
    ~TempFile() { std::remove(path.c_str()); }
    static int& counter() {
        static int n = 0;
        return n;
    }
};

inline match::MatchSummary run_match_words(const std::vector<std::string>& args) {
    match::MatchOptions opts = match::parse_match_options(args);
    rules::Edition e = proxy::load_edition(opts.rules.empty() ? "fide-2023" : opts.rules);
    match::Scheduler s(opts, e, nullptr);
    return s.run();
}

}  // namespace drawproxy::test
