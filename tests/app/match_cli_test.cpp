// `drawproxy match` as a user meets it: --help prints every option and exits 0, README's
// match section lists the same options, and a wrong option is one line on stderr, exit 2.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "app/match_options.h"
#include "support/match_helpers.h"

using namespace drawproxy;
using drawproxy::test::TempFile;

namespace {

using Run = test::CommandRun;
using test::slurp;

Run run_drawproxy(const std::string& args) { return test::run_drawproxy("match " + args); }

// Option names ("-games") and engine keys ("restart=") at the start of the usage's lines.
std::set<std::string> usage_names(const std::string& usage) {
    std::set<std::string> names;
    std::istringstream in(usage);
    std::string line;
    static const std::regex option(R"(^  (-[a-z][a-z-]*))"), key(R"(^  ([a-z][a-z.A-Z]*)=)");
    std::smatch m;
    while (std::getline(in, line)) {
        if (std::regex_search(line, m, option)) names.insert(m[1]);
        if (std::regex_search(line, m, key)) names.insert(std::string(m[1]) + "=");
    }
    return names;
}

std::string readme_match_section() {
    const std::string readme = slurp(test::source_path("README.md"));
    const auto begin = readme.find("### The match runner");
    REQUIRE(begin != std::string::npos);
    const auto end = readme.find("\n### ", begin + 1);
    return readme.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
}

}  // namespace

TEST_CASE("match --help and -h print the usage and exit 0", "[match][cli][engine]") {
    for (const char* flag : {"--help", "-h", "-engine cmd=x --help"}) {
        INFO(flag);
        Run r = run_drawproxy(flag);
        CHECK(r.status == 0);
        CHECK(r.out == app::match_usage());
        CHECK(r.err.empty());
    }
    const auto names = usage_names(app::match_usage());
    for (const char* expected :
         {"-engine",     "-each",   "-games",   "-rounds",  "-repeat",     "-concurrency", "-variant",
          "-openings",   "-pgnout", "-jsonout", "-rules",   "-claim",      "-draw-offers", "-seed",
          "-tournament", "-quiet",  "cmd=",     "restart=", "timemargin=", "claim="}) {
        INFO(expected);
        CHECK(names.count(expected) == 1);
    }
}

TEST_CASE("README's match section names every option of the usage and no other", "[match][cli]") {
    const std::string section = readme_match_section();
    for (const std::string& name : usage_names(app::match_usage())) {
        INFO(name);
        CHECK(section.find(name) != std::string::npos);
    }
    // The table's first column: every option it documents is in the usage.
    static const std::regex row(R"(\n\| `(-[a-z][a-z-]*))");
    const std::string usage = app::match_usage();
    int rows = 0;
    for (auto it = std::sregex_iterator(section.begin(), section.end(), row); it != std::sregex_iterator();
         ++it) {
        ++rows;
        INFO((*it)[1]);
        CHECK(usage.find("  " + std::string((*it)[1])) != std::string::npos);
    }
    CHECK(rows >= 10);
}

TEST_CASE("match usage errors are one line on stderr and exit 2", "[match][cli][engine]") {
    for (const char* args :
         {"-bogus 1", "-engine cmd=a -engine cmd=b -each nodes=1 -variant atomic",
          "-engine cmd=a -engine cmd=b -each nodes=1 restart=maybe",
          "-engine cmd=a -engine cmd=b -each nodes=1 proto=winboard",
          "-engine cmd=a -engine cmd=b -each nodes=1 -openings file=x policy=never", "stray"}) {
        INFO(args);
        Run r = run_drawproxy(args);
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK(r.err.rfind("drawproxy: ", 0) == 0);
    }
}
