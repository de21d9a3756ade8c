#pragma once
// A small well-formedness checker for the pages the reports write: every element closed in
// the order opened (void elements excepted, "/>" only inside <svg>), attributes quoted, no
// stray '<' or '&' in text, script and style read as raw text. Returns "" or the first fault
// with its offset. Enough to catch an unclosed or crossed element; not a full HTML parser.
#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>
#include <vector>

namespace drawproxy::test {

inline std::string check_html(std::string_view s) {
    static const std::vector<std::string_view> VOID = {
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"};
    std::vector<std::string> open;
    auto fault = [&](std::size_t at, const std::string& why) {
        return "offset " + std::to_string(at) + ": " + why;
    };
    std::size_t i = 0;
    while (i < s.size()) {
        const char c = s[i];
        if (c == '&') {
            const std::size_t semi = s.find(';', i);
            if (semi == std::string_view::npos || semi - i > 10) return fault(i, "bare '&'");
            i = semi + 1;
            continue;
        }
        if (c != '<') {
            ++i;
            continue;
        }
        if (s.substr(i, 4) == "<!--") {
            const std::size_t end = s.find("-->", i);
            if (end == std::string_view::npos) return fault(i, "unclosed comment");
            i = end + 3;
            continue;
        }
        if (s.substr(i, 9) == "<!DOCTYPE") {
            i = s.find('>', i) + 1;
            continue;
        }
        const bool closing = i + 1 < s.size() && s[i + 1] == '/';
        std::size_t j = i + (closing ? 2 : 1);
        std::size_t name_start = j;
        while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '-')) ++j;
        std::string name(s.substr(name_start, j - name_start));
        if (name.empty()) return fault(i, "stray '<'");
        std::transform(name.begin(), name.end(), name.begin(),
                       [](unsigned char ch) { return std::tolower(ch); });
        // Attributes up to '>' (quoted values may hold '>').
        bool self_closed = false;
        while (true) {
            while (j < s.size() && std::isspace(static_cast<unsigned char>(s[j]))) ++j;
            if (j >= s.size()) return fault(i, "unterminated tag <" + name);
            if (s[j] == '>') break;
            if (s[j] == '/' && j + 1 < s.size() && s[j + 1] == '>') {
                self_closed = true;
                ++j;
                break;
            }
            if (closing) return fault(j, "attribute in closing tag </" + name);
            const std::size_t attr = j;
            while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j])) && s[j] != '=' &&
                   s[j] != '>' && s[j] != '/') {
                if (s[j] == '"' || s[j] == '\'' || s[j] == '<')
                    return fault(j, "bad attribute name in <" + name);
                ++j;
            }
            if (j == attr) return fault(j, "bad attribute in <" + name);
            if (j < s.size() && s[j] == '=') {
                ++j;
                if (j >= s.size() || s[j] != '"') return fault(j, "unquoted attribute value in <" + name);
                const std::size_t end = s.find('"', j + 1);
                if (end == std::string_view::npos) return fault(j, "unterminated attribute value");
                const std::string_view value = s.substr(j + 1, end - j - 1);
                if (value.find('<') != std::string_view::npos) return fault(j, "'<' in attribute value");
                j = end + 1;
            }
        }
        i = j + 1;
        if (closing) {
            if (open.empty() || open.back() != name)
                return fault(i, "</" + name + "> closes <" +
                                    (open.empty() ? std::string("nothing") : open.back()) + ">");
            open.pop_back();
            continue;
        }
        if (std::find(VOID.begin(), VOID.end(), name) != VOID.end()) continue;
        if (self_closed) {
            if (std::find(open.begin(), open.end(), "svg") == open.end() && name != "svg")
                return fault(i, "self-closed <" + name + "/> outside svg");
            continue;
        }
        if (name == "script" || name == "style") {
            const std::string end_tag = "</" + name + ">";
            const std::size_t end = s.find(end_tag, i);
            if (end == std::string_view::npos) return fault(i, "unclosed <" + name + ">");
            i = end + end_tag.size();
            continue;
        }
        open.push_back(name);
    }
    if (!open.empty()) return "end of document: <" + open.back() + "> not closed";
    return "";
}

}  // namespace drawproxy::test
