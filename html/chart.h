#pragma once
// Line charts (a value over games or plies, with an optional band such as a 95% interval)
// and stacked bar charts of results (1-0 / 0-1 / 1/2) as inline SVG. Colours come from the
// page's CSS (a colour-blind safe palette); each result also has its own fill pattern and
// every bar its numbers written out, so no reader depends on colour.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace drawproxy::html {

struct LineSeries {
    std::string name;
    std::vector<double> y;  // one per x; non-finite values leave a gap
    std::string css_class;  // "s1", "s2", ...: colour and dash from the page's CSS
};

struct LineChart {
    std::string title;  // also the SVG's accessible name
    std::string x_label, y_label;
    std::vector<double> x;  // increasing
    std::vector<LineSeries> series;
    // A shaded band (e.g. the 95% interval), same length as x; empty for none.
    std::vector<double> band_lo, band_hi;
    bool has_reference = false;  // a dashed horizontal line at reference_y (0 Elo, 50%)
    double reference_y = 0;
    // The y range is fitted to the data, then clamped to these limits (infinite Elo).
    double y_min_limit = -1e300, y_max_limit = 1e300;
    int width = 640, height = 240;
};

// The plot area and the value -> pixel mapping a chart uses (exposed for tests).
struct ChartFrame {
    double x0, x1, y0, y1;            // data range
    double left, right, top, bottom;  // pixel box
    double px(double x) const { return x1 > x0 ? left + (x - x0) / (x1 - x0) * (right - left) : left; }
    double py(double y) const { return y1 > y0 ? bottom - (y - y0) / (y1 - y0) * (bottom - top) : bottom; }
};
ChartFrame chart_frame(const LineChart& c);
// Tick values for [lo, hi]: 1, 2 or 5 times a power of ten apart, about `count` of them.
std::vector<double> nice_ticks(double lo, double hi, int count);

void append_line_chart(std::string& out, const LineChart& c);

struct ResultBar {
    std::string label;
    int white_wins = 0, black_wins = 0, draws = 0;
    int total() const { return white_wins + black_wins + draws; }
};
struct BarBlock {
    std::string title;  // e.g. "The Laws", "Event rules"
    std::vector<ResultBar> bars;
};

// The fill patterns of the three results; write once per page (inside any <svg><defs>).
void append_result_patterns(std::string& out);
// Horizontal bars, one per row, split 1-0 / 0-1 / 1/2; bar lengths share one scale across
// the blocks. A legend names the three fills.
void append_result_bars(std::string& out, std::string_view title, const std::vector<BarBlock>& blocks);

}  // namespace drawproxy::html
