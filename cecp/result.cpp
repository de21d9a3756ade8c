#include "cecp/result.h"

#include "cecp/text.h"

namespace drawproxy::cecp {

namespace {

bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

// Case-blind search for a lower-case `part`.
bool icontains(std::string_view s, std::string_view part) {
    if (part.size() > s.size()) return false;
    for (std::size_t i = 0; i + part.size() <= s.size(); ++i) {
        std::size_t k = 0;
        while (k < part.size()) {
            char c = s[i + k];
            if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
            if (c != part[k]) break;
            ++k;
        }
        if (k == part.size()) return true;
    }
    return false;
}

}  // namespace

std::string_view result_text(ResultCode code) {
    switch (code) {
        case ResultCode::WhiteWins:
            return "1-0";
        case ResultCode::BlackWins:
            return "0-1";
        case ResultCode::Draw:
            return "1/2-1/2";
        case ResultCode::Unfinished:
            break;
    }
    return "*";
}

std::optional<ResultCode> parse_result_code(std::string_view word) {
    if (word == "1-0") return ResultCode::WhiteWins;
    if (word == "0-1") return ResultCode::BlackWins;
    if (word == "1/2-1/2" || word == "1/2") return ResultCode::Draw;
    if (word == "*") return ResultCode::Unfinished;
    return std::nullopt;
}

ResultCode result_code(rules::Score score) {
    switch (score) {
        case rules::Score::WhiteWins:
            return ResultCode::WhiteWins;
        case rules::Score::BlackWins:
            return ResultCode::BlackWins;
        case rules::Score::Draw:
            break;
    }
    return ResultCode::Draw;
}

std::string_view brace_comment(std::string_view s) {
    s = trim(s);
    if (!s.empty() && s.front() == '{') s.remove_prefix(1);
    // A comment ends at its first '}', with or without the opening brace: written back with
    // braces it must read the same.
    return trim(s.substr(0, s.find('}')));
}

std::optional<rules::Reason> reason_in_comment(std::string_view c) {
    using rules::Reason;
    if (icontains(c, "insufficient") || icontains(c, "dead")) return Reason::DeadPosition;
    if (icontains(c, "stalemate")) return Reason::Stalemate;
    if (icontains(c, "mate")) return Reason::Checkmate;  // "White mates", "checkmate"
    if (icontains(c, "fivefold") || icontains(c, "5-fold")) return Reason::Fivefold;
    if (icontains(c, "75") || icontains(c, "seventy")) return Reason::SeventyFiveMoves;
    if (icontains(c, "repetition") || icontains(c, "3-fold") || icontains(c, "threefold"))
        return Reason::Threefold;
    if (icontains(c, "50") || icontains(c, "fifty")) return Reason::FiftyMoves;
    return std::nullopt;
}

bool mentions_draw(std::string_view line) {
    return contains(line, "Draw") || (contains(line, "offer") && contains(line, "draw"));
}

}  // namespace drawproxy::cecp
