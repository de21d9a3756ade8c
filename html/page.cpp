#include "html/page.h"

#include <algorithm>

#include "html/board.h"
#include "html/chart.h"
#include "html/escape.h"

namespace drawproxy::html {

namespace {

constexpr std::string_view STYLE =
#include "html/page_style.inc"
    ;

constexpr std::string_view SCRIPT =
#include "html/page_script.inc"
    ;

}  // namespace

void append_page_start(std::string& out, std::string_view title) {
    out +=
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        "<meta name=\"generator\" content=\"drawproxy\"><title>";
    append_escaped(out, title);
    out += "</title><style>";
    out += STYLE;
    out +=
        "</style></head>\n<body>\n<svg class=\"defs\" aria-hidden=\"true\" width=\"0\" height=\"0\"><defs>";
    append_board_defs(out);
    append_result_patterns(out);
    out += "</defs></svg>\n";
}

void append_page_end(std::string& out) {
    out += "\n<script>";
    out += SCRIPT;
    out += "</script>\n</body></html>\n";
}

void append_score_code(std::string& out, bool has_score, bool mate, int white_view) {
    int code = 0;
    if (has_score) {
        if (mate)
            code = white_view > 0 ? 4047 + std::min(white_view, 48) : 48 - std::clamp(-white_view, 1, 47);
        else
            code = 2048 + std::clamp(white_view, -1999, 1999);
    }
    out += SQUARE_CODES[code >> 6];
    out += SQUARE_CODES[code & 63];
}

void ScoreCodes::append(std::string& out, bool has_score, bool mate, int white_view) {
    if (!has_score) {
        out += SQUARE_CODES[61];
        return;
    }
    if (!mate && white_view >= previous_ - 30 && white_view <= previous_ + 30) {
        out += SQUARE_CODES[30 + white_view - previous_];
        previous_ = white_view;
        return;
    }
    out += '-';
    append_score_code(out, true, mate, white_view);
    if (!mate) previous_ = std::clamp(white_view, -1999, 1999);
}

}  // namespace drawproxy::html
