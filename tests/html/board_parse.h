#pragma once
// Reads a board the report drew back into its pieces: each <use href="#pX" x=F y=R/> puts
// piece letter X on file F, row R (row 0 = rank 8). Returns the 64 squares a1..h8 as piece
// letters ('.' empty), or "" if the SVG holds something that is not a board.
#include <string>
#include <string_view>

namespace drawproxy::test {

inline std::string board_squares(std::string_view svg) {
    svg = svg.substr(0, svg.find("</svg>"));
    std::string squares(64, '.');
    std::size_t at = 0;
    auto attr = [&](std::string_view tag, std::string_view name) -> std::string {
        const std::string key = " " + std::string(name) + "=\"";
        const std::size_t p = tag.find(key);
        if (p == std::string_view::npos) return "";
        const std::size_t b = p + key.size(), e = tag.find('"', b);
        return std::string(tag.substr(b, e - b));
    };
    while ((at = svg.find("<use ", at)) != std::string_view::npos) {
        const std::size_t end = svg.find("/>", at);
        if (end == std::string_view::npos) return "";
        const std::string_view tag = svg.substr(at, end - at);
        at = end;
        const std::string href = attr(tag, "href");
        if (href == "#bd") continue;  // the empty board
        if (href.size() != 3 || href.compare(0, 2, "#p") != 0) return "";
        const std::string x = attr(tag, "x"), y = attr(tag, "y");
        if (x.size() != 1 || y.size() != 1 || x[0] < '0' || x[0] > '7' || y[0] < '0' || y[0] > '7') return "";
        const int square = (7 - (y[0] - '0')) * 8 + (x[0] - '0');
        if (squares[square] != '.') return "";  // two pieces on one square
        squares[square] = href[2];
    }
    return squares;
}

}  // namespace drawproxy::test
