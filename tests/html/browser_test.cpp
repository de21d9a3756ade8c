// The reports in a real browser: a 20-game Stockfish match (nodes-limited, so it takes
// seconds) written by match -htmlout and by `report`, and an audit, opened by headless
// Chromium from Debian with JavaScript on and off. The DOM it prints must hold every game row,
// chart and board (and, for the games the script draws, the same SAN as the PGN), no script
// error may reach the console, and screenshots are kept under build/browser/.
#include <unistd.h>
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "rules/notation.h"
#include "rules/pgn.h"
#include "support/paths.h"

using namespace drawproxy;
namespace fs = std::filesystem;

namespace {

const char* const STOCKFISH = "/usr/games/stockfish";

std::string chromium_path() {
    for (const char* p : {"/usr/bin/chromium", "/usr/bin/chromium-browser"})
        if (::access(p, X_OK) == 0) return p;
    return "";
}

std::string read(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

int count(const std::string& s, const std::string& what) {
    int n = 0;
    for (std::size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
    return n;
}

// The document part of a page or DOM dump (its script builds the same elements as text).
std::string without_script(std::string s) {
    for (std::size_t b; (b = s.find("<script>")) != std::string::npos;)
        s.erase(b, s.find("</script>", b) + 9 - b);
    return s;
}

// What a browser with script shows: a large report's rows and sections sit in <noscript>
// (one text node with script on, which the script shows a chunk at a time; markup with it off).
std::string without_noscript(std::string s) {
    for (std::size_t b; (b = s.find("<noscript")) != std::string::npos;)
        s.erase(b, s.find("</noscript>", b) + 11 - b);
    return s;
}

// The page as a browser with script off builds it: no script, and each <noscript>'s content
// parsed as markup (a browser with script on, as --dump-dom needs, reads it as text), here
// in a <div>.
std::string as_without_script(std::string s) {
    s = without_script(std::move(s));
    for (std::size_t b; (b = s.find("<noscript")) != std::string::npos;) {
        s.replace(b, 9, "<div data-noscript=\"\"");
        const std::size_t e = s.find("</noscript>", b);
        if (e == std::string::npos) break;
        s.replace(e, 11, "</div>");
    }
    return s;
}

struct Browser {
    std::string dom, log;
    int status = -1;
};

// Opens `url` in headless Chromium with a fresh profile: the DOM after the scripts ran, and
// the console (Chromium logs console messages to stderr with --enable-logging). --dump-dom
// itself needs script, so a page "without script" is read as the copy as_without_script makes;
// so are the screenshots (Chromium 156's --screenshot writes nothing with scriptEnabled=false).
Browser open_page(std::string url, const fs::path& dir, const std::string& name, bool script,
                  const std::string& extra = "") {
    if (!script) {
        const std::string file =
            url.substr(7, url.find('#') == std::string::npos ? std::string::npos : url.find('#') - 7);
        const fs::path copy = dir / (name + ".noscript.html");
        std::ofstream(copy, std::ios::binary) << as_without_script(read(file));
        url =
            "file://" + copy.string() + (url.find('#') == std::string::npos ? "" : url.substr(url.find('#')));
    }
    const std::string chromium = chromium_path();
    const fs::path profile = dir / ("profile-" + name);
    fs::remove_all(profile);
    const std::string flags =
        "--headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking "
        "--disable-component-update --disable-sync --enable-logging=stderr --v=0 "
        "--user-data-dir=" +
        profile.string() + " " + extra;
    Browser b;
    const fs::path dom = dir / (name + ".dom.html"), log = dir / (name + ".log");
    b.status = std::system(
        (chromium + " " + flags + " --dump-dom '" + url + "' > " + dom.string() + " 2> " + log.string())
            .c_str());
    b.dom = read(dom);
    b.log = read(log);
    fs::remove_all(profile);
    return b;
}

void screenshot(std::string url, const fs::path& dir, const std::string& name, const char* size,
                bool script) {
    if (!script) {
        const fs::path copy = dir / (name + ".noscript.html");
        std::ofstream(copy, std::ios::binary) << as_without_script(read(url.substr(7)));
        url = "file://" + copy.string();
    }
    const fs::path profile = dir / ("profile-shot-" + name);
    fs::remove_all(profile);
    std::system((chromium_path() +
                 " --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking "
                 "--disable-component-update --disable-sync --hide-scrollbars --user-data-dir=" +
                 profile.string() + " --window-size=" + size +
                 " --screenshot=" + (dir / (name + ".png")).string() + " '" + url + "' > /dev/null 2>&1")
                    .c_str());
    fs::remove_all(profile);
}

// Console errors Chromium logged for the page (uncaught exceptions, console.error).
std::string console_errors(const std::string& log) {
    std::string errors;
    std::istringstream in(log);
    for (std::string line; std::getline(in, line);)
        if (line.find("CONSOLE") != std::string::npos || line.find("Uncaught") != std::string::npos)
            errors += line + "\n";
    return errors;
}

// The SAN of every game of a PGN file, one string of space-separated moves per game.
std::vector<std::string> pgn_sans(const std::string& text) {
    std::vector<std::string> games;
    rules::PgnReader reader;
    reader.feed(text);
    reader.finish();
    while (const rules::PgnGame* g = reader.next()) {
        rules::Position pos = g->start;
        std::string s;
        for (rules::Move m : g->moves) {
            s += rules::to_san(pos, m) + " ";
            pos.play(m);
        }
        games.push_back(s);
    }
    return games;
}

// The SAN the page shows in one game section (the <span class="mv"> texts).
std::string section_sans(const std::string& dom, int game) {
    const std::size_t at = dom.find("<section class=\"game\" id=\"g" + std::to_string(game) + "\"");
    if (at == std::string::npos) return "<no section>";
    const std::string section = dom.substr(at, dom.find("</section>", at) - at);
    std::string s;
    std::regex mv("<span class=\"mv[^\"]*\">([^<]+)</span>");
    for (std::sregex_iterator it(section.begin(), section.end(), mv), end; it != end; ++it)
        s += (*it)[1].str() + " ";
    return s;
}

int run(const std::string& cmd) { return WEXITSTATUS(std::system(cmd.c_str())); }

}  // namespace

TEST_CASE("a 20-game Stockfish match and an audit read in headless Chromium",
          "[html][browser][stockfish][e2e][alone]") {
    if (chromium_path().empty())
        FAIL("chromium is not installed: the browser test cannot run (scripts/setup.sh --test installs it)");
    if (::access(STOCKFISH, X_OK) != 0) FAIL("needs /usr/games/stockfish");
    const fs::path dir = test::binary_path("browser");
    fs::create_directories(dir);
    for (const char* f :
         {"match.pgn", "match.json", "match.html", "report.html", "report-lazy.html", "audit.html"})
        fs::remove(dir / f);
    const std::string drawproxy = test::binary_path("bin/drawproxy");

    const std::string match =
        drawproxy + " match -engine cmd=" + STOCKFISH + " name=SF-A -engine cmd=" + STOCKFISH +
        " name=SF-B -each nodes=3000 option.Hash=8 -games 2 -rounds 10 -repeat -concurrency 2 "
        "-openings file=" +
        test::source_path("configs/openings/classical.epd") + " format=epd -rules fide-2023 -quiet -pgnout " +
        (dir / "match.pgn").string() + " -jsonout " + (dir / "match.json").string() + " -htmlout " +
        (dir / "match.html").string();
    REQUIRE(run(match) == 0);
    REQUIRE(run(drawproxy + " report -o " + (dir / "report.html").string() + " " +
                (dir / "match.json").string() + " " + (dir / "match.pgn").string()) == 0);
    REQUIRE(run(drawproxy + " report --full-sections 0 -o " + (dir / "report-lazy.html").string() + " " +
                (dir / "match.json").string() + " " + (dir / "match.pgn").string()) == 0);
    REQUIRE(run(drawproxy + " audit --html " + (dir / "audit.html").string() + " " +
                test::source_path("tests/data/pgn/stockfish-cutechess.pgn") + " " +
                test::source_path("tests/data/pgn/cutechess.pgn") + " > /dev/null") == 0);
    // The PGN lists the games in the order they finished; the summary says that order's numbers.
    const std::vector<std::string> pgn = pgn_sans(read(dir / "match.pgn"));
    REQUIRE(pgn.size() == 20);
    const nlohmann::json summary = nlohmann::json::parse(read(dir / "match.json"));
    REQUIRE(summary["finish_order"].size() == 20);
    std::map<int, std::string> sans;
    for (std::size_t i = 0; i < 20; ++i) sans[summary["finish_order"][i].get<int>()] = pgn[i];
    REQUIRE(sans.size() == 20);

    // Every page is opened at once (a browser start is mostly waiting, even on two cores), then
    // each DOM is checked in turn.
    std::map<std::string, std::future<Browser>> opened;
    auto open_async = [&](const std::string& url, const std::string& name, bool script) {
        opened[name] = std::async(std::launch::async, [=] { return open_page(url, dir, name, script); });
    };
    for (const char* page : {"match.html", "report.html"})
        for (bool script : {true, false})
            open_async("file://" + (dir / page).string(),
                       std::string(page).substr(0, std::string(page).find('.')) + (script ? "-js" : "-nojs"),
                       script);
    open_async("file://" + (dir / "report-lazy.html").string() + "#all", "report-lazy", true);
    open_async("file://" + (dir / "report-lazy.html").string() + "#all", "report-lazy-nojs", false);
    for (bool script : {true, false})
        open_async("file://" + (dir / "audit.html").string(), script ? "audit-js" : "audit-nojs", script);
    std::vector<std::future<void>> shots;
    auto shot_async = [&](const char* page, const char* name, const char* size, bool script) {
        shots.push_back(std::async(std::launch::async, [=] {
            screenshot("file://" + (dir / page).string(), dir, name, size, script);
        }));
    };
    shot_async("report.html", "report-wide", "1280,4000", true);
    shot_async("report.html", "report-narrow", "390,3000", false);
    shot_async("report-lazy.html", "report-lazy-wide", "1280,4000", true);
    shot_async("report-lazy.html", "report-lazy-narrow-nojs", "390,3000", false);
    shot_async("audit.html", "audit-wide", "1280,3000", true);
    shot_async("audit.html", "audit-narrow", "390,3000", false);

    for (const char* page : {"match.html", "report.html"}) {
        for (bool script : {true, false}) {
            const std::string name =
                std::string(page).substr(0, std::string(page).find('.')) + (script ? "-js" : "-nojs");
            INFO(name);
            const Browser b = opened[name].get();
            REQUIRE(b.status == 0);
            CHECK(console_errors(b.log).empty());
            const std::string dom = without_script(b.dom);
            CHECK(count(dom, "<tr data-n=") == 20);
            CHECK(count(dom, "<section class=\"game\"") == 20);   // 20 games: every one written out
            CHECK(count(dom, "<svg class=\"chart\"") == 2 + 20);  // score, Elo, one score graph a game
            CHECK(count(dom, "<svg class=\"chart bars\"") == 1);
            CHECK(count(dom, "<svg class=\"board\"") >= 40);  // at least the start and the end of each
            for (int g = 1; g <= 20; ++g)
                CHECK(dom.find("id=\"g" + std::to_string(g) + "\"") != std::string::npos);
            // With script the table's headers become sort buttons; without, they stay text.
            CHECK((count(dom, "<th class=\"n\"><button") > 0) == script);
        }
    }

    // The games the script draws: every game's section made from its row's codes, with the
    // same SAN as the PGN. The rows and the notable sections are shown by the script from the
    // <noscript> text (counted without it: they are there once, drawn by the script).
    {
        const Browser b = opened["report-lazy"].get();
        REQUIRE(b.status == 0);
        CHECK(console_errors(b.log).empty());
        const std::string dom = without_noscript(without_script(b.dom));
        CHECK(count(dom, "<table id=\"games\"") == 1);
        CHECK(count(dom, "<section class=\"game\"") == 20);
        const std::regex number("<tr data-n=\"(\\d+)\"");
        int i = 0;
        for (std::sregex_iterator it(dom.begin(), dom.end(), number), end; it != end; ++it, ++i) {
            const int n = std::stoi((*it)[1]);
            INFO("game " << n);
            // Sections written out for notable games carry their moves only once the script has filled them
            // in; #all fills them all.
            CHECK(section_sans(dom, n) == sans[n]);
        }
        CHECK(i == 20);
        const Browser off = opened["report-lazy-nojs"].get();
        CHECK(off.dom.find("id=\"nojs\"") != std::string::npos);
        CHECK(off.dom.find("id=\"nojs\" hidden") == std::string::npos);
        // Without script the <noscript> markup is the page: every row, and the notable games'
        // sections with their boards (the rest are drawn by script only).
        const std::string page = read(dir / "report-lazy.html");
        const std::size_t rows = page.find("<noscript id=\"game-rows\">");
        const std::size_t sections = page.find("<noscript id=\"game-sections\">");
        REQUIRE(rows != std::string::npos);
        REQUIRE(sections != std::string::npos);
        const std::string rows_markup = page.substr(rows, page.find("</noscript>", rows) - rows);
        CHECK(count(rows_markup, "<tr data-n=") == 20);
        const std::string section_markup =
            page.substr(sections, page.find("</noscript>", sections) - sections);
        CHECK(count(section_markup, "<section class=\"game\"") == count(dom, "<div class=\"more\""));
        // and a browser without script builds them: every row, every notable section with its boards
        const std::string off_dom = without_script(off.dom);
        CHECK(count(off_dom, "<tr data-n=") == 20);
        CHECK(count(off_dom, "<section class=\"game\"") == count(section_markup, "<section class=\"game\""));
        CHECK(count(off_dom, "<svg class=\"board\"") == count(section_markup, "<svg class=\"board\""));
        CHECK(count(off_dom, "<svg class=\"board\"") > 0);
    }

    for (bool script : {true, false}) {
        const Browser b = opened[script ? "audit-js" : "audit-nojs"].get();
        REQUIRE(b.status == 0);
        CHECK(console_errors(b.log).empty());
        const std::string dom = without_script(b.dom);
        CHECK(count(dom, "<tr><td>agrees</td>") + count(dom, "<tr class=\"differs\">") ==
              15);  // 10 + 5 games
        const int differs = count(dom, "<tr class=\"differs\">");
        CHECK(differs > 0);
        CHECK(count(dom, "<section class=\"game\"") == differs);
        CHECK(count(dom, "<svg class=\"board\"") == differs);
        // Disagreements first.
        CHECK(dom.find("<tr class=\"differs\">") < dom.find("<tr><td>agrees</td>"));
    }
    for (auto& f : shots) f.get();
}
