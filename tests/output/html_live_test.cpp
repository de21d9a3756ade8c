// match -htmlout during a match: the page is rewritten every -ratinginterval games, through a
// temporary file, so a reader sees a whole page of the games played so far while the match
// still runs, and the whole match at the end.
#include <unistd.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <thread>

#include "support/match_helpers.h"
#include "tests/html/html_checker.h"

using namespace drawproxy;
using test::fake_cmd;
using test::words;

namespace {

int count(const std::string& s, const std::string& what) {
    int n = 0;
    for (std::size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("match -htmlout is refreshed every -ratinginterval games while the match runs",
          "[match][html][engine]") {
    test::TempFile page(".html"), gate(".gate");
    std::remove(page.path.c_str());
    std::remove(gate.path.c_str());
    // Fool's mate, five games; engine A holds its third game until the test opens the gate, so
    // the page written after game 2 is read while the match is certainly still running.
    const std::string mate = "moves=f2f3,e7e5,g2g4,d8h4";
    const std::string args =
        "-engine " + fake_cmd(mate + ";gate=3:" + gate.path) + " name=A -engine " + fake_cmd(mate) +
        " name=B -each nodes=1 -games 5 -concurrency 1 -ratinginterval 2 " + "-htmlout " + page.path;
    std::atomic<bool> finished{false};
    std::optional<tournament::MatchSummary> summary;
    std::thread match([&] {
        summary = test::run_match_words(words(args));
        finished = true;
    });
    std::string live;
    for (int i = 0; i < 6000 && live.empty(); ++i) {  // up to 60 s on a loaded machine
        if (std::filesystem::exists(page.path)) live = test::slurp(page.path);
        if (live.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    const bool running = !finished;
    std::ofstream(gate.path) << "go\n";  // let the match finish whatever was seen
    match.join();

    REQUIRE_FALSE(live.empty());
    CHECK(running);
    CHECK(test::check_html(live).empty());
    CHECK(live.find("</html>") != std::string::npos);
    CHECK(count(live, "<tr data-n=") == 2);
    CHECK(live.find("running: 2 of 5 games played") != std::string::npos);

    REQUIRE(summary);
    REQUIRE(summary->games.size() == 5);
    const std::string final_page = test::slurp(page.path);
    CHECK(test::check_html(final_page).empty());
    CHECK(count(final_page, "<tr data-n=") == 5);
    CHECK(final_page.find("running:") == std::string::npos);
    CHECK_FALSE(std::filesystem::exists(page.path + ".tmp"));
}
