#include "html/chart.h"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>

#include "html/escape.h"

namespace drawproxy::html {

namespace {

std::string num(double v) {
    // A tenth of a pixel is finer than any screen or printer shows.
    std::string s = fmt::format("{:.1f}", v);
    if (s == "-0.0") s = "0.0";
    if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
    return s;
}

std::string tick_text(double v, double step) {
    if (std::abs(v) < step * 1e-9) v = 0;
    return step >= 1     ? fmt::format("{:.0f}", v)
           : step >= 0.1 ? fmt::format("{:.1f}", v)
                         : fmt::format("{:.2f}", v);
}

}  // namespace

std::vector<double> nice_ticks(double lo, double hi, int count) {
    std::vector<double> ticks;
    if (!(hi > lo) || count < 1) {
        ticks.push_back(lo);
        return ticks;
    }
    const double raw = (hi - lo) / count;
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    double step = power;
    for (double f : {1.0, 2.0, 5.0, 10.0}) {
        step = f * power;
        if (step >= raw) break;
    }
    for (double t = std::ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) ticks.push_back(t);
    return ticks;
}

ChartFrame chart_frame(const LineChart& c) {
    ChartFrame f{};
    f.left = 56, f.right = c.width - 12.0, f.top = 28, f.bottom = c.height - 34.0;
    f.x0 = c.x.empty() ? 0 : c.x.front();
    f.x1 = c.x.empty() ? 1 : c.x.back();
    double lo = INFINITY, hi = -INFINITY;
    auto take = [&](double v) {
        if (!std::isfinite(v)) return;
        v = std::clamp(v, c.y_min_limit, c.y_max_limit);
        lo = std::min(lo, v), hi = std::max(hi, v);
    };
    for (const LineSeries& s : c.series)
        for (double v : s.y) take(v);
    for (double v : c.band_lo) take(v);
    for (double v : c.band_hi) take(v);
    if (c.has_reference) take(c.reference_y);
    if (!std::isfinite(lo)) lo = 0, hi = 1;
    if (hi - lo < 1e-9) lo -= 1, hi += 1;
    const double pad = (hi - lo) * 0.05;
    f.y0 = lo - pad, f.y1 = hi + pad;
    return f;
}

void append_line_chart(std::string& out, const LineChart& c) {
    const ChartFrame f = chart_frame(c);
    out += fmt::format("<svg class=\"chart\" viewBox=\"0 0 {} {}\" role=\"img\"><title>", c.width, c.height);
    append_escaped(out, c.title);
    out += "</title>";
    // Axes, grid and tick labels.
    const std::vector<double> y_ticks = nice_ticks(f.y0, f.y1, 5);
    const double y_step = y_ticks.size() > 1 ? y_ticks[1] - y_ticks[0] : 1;
    for (double t : y_ticks) {
        const double y = f.py(t);
        out += fmt::format("<line class=\"grid\" x1=\"{}\" x2=\"{}\" y1=\"{}\" y2=\"{}\"/>", num(f.left),
                           num(f.right), num(y), num(y));
        out += fmt::format("<text class=\"tk\" x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>",
                           num(f.left - 4), num(y + 4), tick_text(t, y_step));
    }
    for (double t : nice_ticks(f.x0, f.x1, 6)) {
        if (t != std::floor(t)) continue;  // games and plies are whole numbers
        out += fmt::format("<text class=\"tk\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{:.0f}</text>",
                           num(f.px(t)), num(f.bottom + 14), t);
    }
    out += fmt::format("<path class=\"axis\" d=\"M{} {}V{}H{}\"/>", num(f.left), num(f.top), num(f.bottom),
                       num(f.right));
    out += fmt::format("<text class=\"lb\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">",
                       num((f.left + f.right) / 2), c.height - 4);
    append_escaped(out, c.x_label);
    out += fmt::format("</text><text class=\"lb\" x=\"{}\" y=\"16\">", num(f.left));
    append_escaped(out, c.y_label);
    out += "</text>";
    auto y_of = [&](double v) { return f.py(std::clamp(v, f.y0, f.y1)); };
    // The band: one polygon per run of finite points.
    if (!c.band_lo.empty() && c.band_lo.size() == c.x.size() && c.band_hi.size() == c.x.size()) {
        std::size_t i = 0;
        while (i < c.x.size()) {
            while (i < c.x.size() && !(std::isfinite(c.band_lo[i]) && std::isfinite(c.band_hi[i]))) ++i;
            std::size_t j = i;
            while (j < c.x.size() && std::isfinite(c.band_lo[j]) && std::isfinite(c.band_hi[j])) ++j;
            if (j > i) {
                out += "<polygon class=\"band\" points=\"";
                for (std::size_t k = i; k < j; ++k)
                    out += num(f.px(c.x[k])) + "," + num(y_of(c.band_hi[k])) + " ";
                for (std::size_t k = j; k-- > i;)
                    out += num(f.px(c.x[k])) + "," + num(y_of(c.band_lo[k])) + " ";
                out.back() = '"';
                out += "/>";
            }
            i = j;
        }
    }
    if (c.has_reference)
        out += fmt::format("<line class=\"ref\" x1=\"{}\" x2=\"{}\" y1=\"{}\" y2=\"{}\"/>", num(f.left),
                           num(f.right), num(f.py(c.reference_y)), num(f.py(c.reference_y)));
    // Series: a polyline per run of finite values, and the legend above the plot.
    double legend_x = f.left + 8;
    for (const LineSeries& s : c.series) {
        std::size_t i = 0;
        const std::size_t n = std::min(s.y.size(), c.x.size());
        while (i < n) {
            while (i < n && !std::isfinite(s.y[i])) ++i;
            std::size_t j = i;
            while (j < n && std::isfinite(s.y[j])) ++j;
            if (j > i) {
                out += "<polyline class=\"line " + s.css_class + "\" points=\"";
                for (std::size_t k = i; k < j; ++k) out += num(f.px(c.x[k])) + "," + num(y_of(s.y[k])) + " ";
                out.back() = '"';
                out += "/>";
            }
            i = j;
        }
        if (c.series.size() > 1 || !c.band_lo.empty()) {
            out += fmt::format("<line class=\"line {}\" x1=\"{}\" x2=\"{}\" y1=\"22\" y2=\"22\"/>",
                               s.css_class, num(legend_x + 120), num(legend_x + 140));
            out += fmt::format("<text class=\"tk\" x=\"{}\" y=\"26\">", num(legend_x + 144));
            append_escaped(out, s.name);
            out += "</text>";
            legend_x += 150 + 7.0 * double(s.name.size());
        }
    }
    if (!c.band_lo.empty())
        out += fmt::format(
            "<rect class=\"band\" x=\"{}\" y=\"16\" width=\"20\" height=\"10\"/><text class=\"tk\" "
            "x=\"{}\" y=\"26\">95% interval</text>",
            num(legend_x + 120), num(legend_x + 144));
    out += "</svg>";
}

void append_result_patterns(std::string& out) {
    // 1-0: solid; 0-1: diagonal hatching; 1/2: dots. The colours are the page's (Okabe-Ito).
    out +=
        "<pattern id=\"pat-w\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\"><rect class=\"r10\" "
        "width=\"6\" height=\"6\"/></pattern>"
        "<pattern id=\"pat-b\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
        "patternTransform=\"rotate(45)\"><rect class=\"r01\" width=\"6\" height=\"6\"/><line class=\"hatch\" "
        "x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\"/></pattern>"
        "<pattern id=\"pat-d\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\"><rect class=\"rdd\" "
        "width=\"6\" height=\"6\"/><circle class=\"dot\" cx=\"3\" cy=\"3\" r=\"1.2\"/></pattern>";
}

void append_result_bars(std::string& out, std::string_view title, const std::vector<BarBlock>& blocks) {
    int rows = 0, most = 1;
    for (const BarBlock& b : blocks) {
        rows += int(b.bars.size()) + 1;
        for (const ResultBar& r : b.bars) most = std::max(most, r.total());
    }
    const double label_w = 190, bar_w = 330, row_h = 22, top = 34;
    const double width = label_w + bar_w + 110, height = top + rows * row_h + 8;
    out += fmt::format("<svg class=\"chart bars\" viewBox=\"0 0 {} {}\" role=\"img\"><title>", num(width),
                       num(height));
    append_escaped(out, title);
    out += "</title>";
    // Legend.
    const char* names[3] = {"1-0", "0-1", "1/2"};
    const char* fills[3] = {"pat-w", "pat-b", "pat-d"};
    for (int k = 0; k < 3; ++k) {
        const double x = label_w + k * 80;
        out += fmt::format(
            "<rect class=\"seg\" x=\"{}\" y=\"8\" width=\"16\" height=\"14\" fill=\"url(#{})\"/>"
            "<text class=\"tk\" x=\"{}\" y=\"19\">{}</text>",
            num(x), fills[k], num(x + 20), names[k]);
    }
    double y = top;
    for (const BarBlock& b : blocks) {
        out += fmt::format("<text class=\"bh\" x=\"0\" y=\"{}\">", num(y + 15));
        append_escaped(out, b.title);
        out += "</text>";
        y += row_h;
        for (const ResultBar& r : b.bars) {
            out += fmt::format("<g class=\"bar\" data-total=\"{}\"><text class=\"tk\" x=\"8\" y=\"{}\">",
                               r.total(), num(y + 15));
            append_escaped(out, r.label);
            out += "</text>";
            const int counts[3] = {r.white_wins, r.black_wins, r.draws};
            double x = label_w;
            for (int k = 0; k < 3; ++k) {
                if (!counts[k]) continue;
                const double w = bar_w * counts[k] / most;
                out += fmt::format(
                    "<rect class=\"seg\" data-result=\"{}\" data-count=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" "
                    "height=\"16\" fill=\"url(#{})\"/>",
                    names[k], counts[k], num(x), num(y + 3), fmt::format("{:.2f}", w), fills[k]);
                x += w;
            }
            out += fmt::format("<text class=\"tk\" x=\"{}\" y=\"{}\">{} ({} / {} / {})</text></g>",
                               num(x + 6), num(y + 15), r.total(), r.white_wins, r.black_wins, r.draws);
            y += row_h;
        }
    }
    out += "</svg>";
}

}  // namespace drawproxy::html
