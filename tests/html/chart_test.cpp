// The charts draw their data: points where the values say, bars as long as their counts.
#include <catch2/catch.hpp>
#include <cmath>
#include <regex>

#include "html/chart.h"
#include "tests/html/html_checker.h"

using namespace drawproxy;

namespace {

std::vector<std::pair<double, double>> polyline_points(const std::string& svg, std::size_t from = 0) {
    std::vector<std::pair<double, double>> pts;
    const std::size_t at = svg.find("<polyline class=\"line", from);
    if (at == std::string::npos) return pts;
    const std::size_t b = svg.find("points=\"", at) + 8, e = svg.find('"', b);
    std::string list = svg.substr(b, e - b);
    std::regex pair(R"((-?[0-9.]+),(-?[0-9.]+))");
    for (std::sregex_iterator it(list.begin(), list.end(), pair), end; it != end; ++it)
        pts.emplace_back(std::stod((*it)[1]), std::stod((*it)[2]));
    return pts;
}

}  // namespace

TEST_CASE("a line chart puts each value at its place", "[html][chart]") {
    html::LineChart c;
    c.title = "score";
    c.x = {1, 2, 3, 4, 5};
    c.series.push_back({"score", {50, 75, 60, 40, 55}, "s1"});
    std::string svg;
    html::append_line_chart(svg, c);
    CHECK(test::check_html(svg).empty());
    const auto pts = polyline_points(svg);
    REQUIRE(pts.size() == 5);
    const html::ChartFrame f = html::chart_frame(c);
    for (std::size_t i = 0; i < 5; ++i) {
        CHECK(pts[i].first == Approx(f.px(c.x[i])).margin(0.06));
        CHECK(pts[i].second == Approx(f.py(c.series[0].y[i])).margin(0.06));
    }
    // Higher values are higher on the page (smaller y), and the frame holds every value.
    CHECK(pts[1].second < pts[2].second);
    CHECK(pts[3].second > pts[0].second);
    CHECK(f.y0 <= 40);
    CHECK(f.y1 >= 75);
}

TEST_CASE("non-finite values leave gaps, the band follows the interval", "[html][chart]") {
    html::LineChart c;
    c.x = {1, 2, 3, 4};
    c.series.push_back({"Elo", {INFINITY, 10, 20, NAN}, "s1"});
    c.band_lo = {-INFINITY, -50, -30, 0};
    c.band_hi = {INFINITY, 70, 70, 0};
    c.y_min_limit = -600, c.y_max_limit = 600;
    std::string svg;
    html::append_line_chart(svg, c);
    CHECK(test::check_html(svg).empty());
    CHECK(polyline_points(svg).size() == 2);  // games 2 and 3 only
    CHECK(svg.find("<polygon class=\"band\"") != std::string::npos);
    CHECK(svg.find("inf") == std::string::npos);
    CHECK(svg.find("nan") == std::string::npos);
    const html::ChartFrame f = html::chart_frame(c);
    CHECK(f.y0 <= -50);
    CHECK(f.y1 >= 70);
    CHECK(f.y1 < 600);  // the infinite ends do not stretch the scale
}

TEST_CASE("nice ticks are round and cover the range", "[html][chart]") {
    CHECK(html::nice_ticks(0, 100, 5) == std::vector<double>{0, 20, 40, 60, 80, 100});
    const auto t = html::nice_ticks(-37, 112, 5);
    REQUIRE(t.size() >= 3);
    CHECK(t.front() >= -37);
    CHECK(t.back() <= 112);
    CHECK(t[1] - t[0] == 50);
}

TEST_CASE("result bars are as long as their counts, split by result", "[html][chart]") {
    std::vector<html::BarBlock> blocks = {
        {"The Laws", {{"checkmate", 4, 2, 0}, {"threefold claimed", 0, 0, 8}}},
        {"Event rules", {{"adjudication max-moves", 0, 0, 2}}},
    };
    std::string svg;
    html::append_result_bars(svg, "by reason", blocks);
    CHECK(test::check_html(svg).empty());
    std::regex seg(
        R"re(data-result="([^"]+)" data-count="(\d+)" x="[-0-9.]+" y="[-0-9.]+" width="([0-9.]+)")re");
    std::vector<std::tuple<std::string, int, double>> segs;
    for (std::sregex_iterator it(svg.begin(), svg.end(), seg), end; it != end; ++it)
        segs.emplace_back((*it)[1], std::stoi((*it)[2]), std::stod((*it)[3]));
    REQUIRE(segs.size() == 4);  // zero counts draw nothing
    CHECK(std::get<0>(segs[0]) == "1-0");
    CHECK(std::get<1>(segs[0]) == 4);
    CHECK(std::get<0>(segs[1]) == "0-1");
    CHECK(std::get<0>(segs[2]) == "1/2");
    CHECK(std::get<1>(segs[2]) == 8);
    // One scale for every bar: width per game is the same everywhere.
    const double per_game = std::get<2>(segs[0]) / 4;
    for (const auto& s : segs) CHECK(std::get<2>(s) == Approx(per_game * std::get<1>(s)).epsilon(0.01));
    // The numbers are written out, not left to the colours.
    CHECK(svg.find(">6 (4 / 2 / 0)<") != std::string::npos);
    CHECK(svg.find(">8 (0 / 0 / 8)<") != std::string::npos);
    CHECK(svg.find("Event rules") != std::string::npos);
}
