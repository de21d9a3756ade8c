// `drawproxy match` as a user meets it: --help prints every option and exits 0, README's
// match section lists the same options, and a wrong option is one line on stderr, exit 2.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "app/match_options.h"
#include "app/option_table.h"
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

namespace {

// README.md's text between its option-matrix markers.
std::string readme_option_matrix() {
    const std::string readme = slurp(test::source_path("README.md"));
    const std::string begin_mark = "<!-- option matrix: app::option_matrix() -->\n";
    const std::string end_mark = "<!-- end of option matrix -->";
    const auto begin = readme.find(begin_mark);
    const auto end = readme.find(end_mark);
    REQUIRE(begin != std::string::npos);
    REQUIRE(end != std::string::npos);
    REQUIRE(begin < end);
    return readme.substr(begin + begin_mark.size(), end - begin - begin_mark.size());
}

}  // namespace

TEST_CASE("README's tables of every option in each dialect are the option table's", "[match][cli]") {
    const std::string expected = app::option_matrix();
    const std::string readme = readme_option_matrix();
    if (readme != expected) {
        // What to paste between the markers.
        const std::string path = std::string(DRAWPROXY_BINARY_DIR) + "/option-matrix.md";
        std::ofstream(path) << expected;
        FAIL_CHECK("README.md's option matrix differs from app::option_matrix(): the table's is in " << path);
    }
    // The rows are the table's: every option and engine key of every dialect has one.
    for (tournament::Dialect d :
         {tournament::Dialect::drawproxy, tournament::Dialect::fastchess, tournament::Dialect::cutechess})
        for (const app::OptionSpec& o : app::option_table()) {
            if (!(o.dialects & app::bit_of(d))) continue;
            INFO(o.name);
            CHECK(readme.find("| `" + std::string(o.name) + "` |") != std::string::npos);
        }
    CHECK(readme.find("| `-crc32` | refused | yes | refused |") != std::string::npos);
    CHECK(readme.find("| `-games` | yes | yes: fastchess' meaning | yes |") != std::string::npos);
}

TEST_CASE("each match option's name is spelled in the option table alone", "[match][cli]") {
    namespace fs = std::filesystem;
    // The match runner's code; the other commands (and main.cpp's own -h) parse other options.
    std::vector<fs::path> files;
    const fs::path root = test::source_path("");
    for (const char* dir : {"tournament", "game", "output", "journal", "merge", "stats"})
        for (const auto& f : fs::recursive_directory_iterator(root / dir)) files.push_back(f.path());
    for (const auto& f : fs::directory_iterator(root / "app")) {
        const std::string name = f.path().filename().string();
        if (name.rfind("option_table", 0) == 0) continue;  // the table itself
        if (name.rfind("command_", 0) == 0 && name != "command_match.cpp") continue;
        if (name == "main.cpp") continue;
        files.push_back(f.path());
    }
    std::vector<std::string> names;
    for (const app::OptionSpec& o : app::option_table()) names.emplace_back(o.name);
    for (const auto& [alias, option] : app::option_aliases()) names.emplace_back(alias);
    names.emplace_back(app::names::conf_key);
    int scanned = 0;
    for (const fs::path& f : files) {
        if (f.extension() != ".cpp" && f.extension() != ".h") continue;
        ++scanned;
        const std::string text = slurp(f.string());
        for (const std::string& name : names) {
            INFO(f.string() << " spells " << name);
            CHECK(text.find('"' + name + '"') == std::string::npos);
        }
    }
    CHECK(scanned > 50);
}
