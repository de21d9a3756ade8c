#include "cecp/engine_message.h"

#include <fmt/format.h>

#include "cecp/text.h"

namespace drawproxy::cecp {

namespace {

using Message = EngineMessageType;

struct MessageWord {
    std::string_view word;
    Message type;
};

// Commands whose argument is the rest of the line.
constexpr MessageWord TEXT_COMMANDS[] = {
    {"telluser", Message::TellUser},
    {"tellusererror", Message::TellUserError},
    {"tellopponent", Message::TellOpponent},
    {"tellothers", Message::TellOthers},
    {"tellall", Message::TellAll},
    {"tellics", Message::TellIcs},
    {"tellicsnoalias", Message::TellIcsNoAlias},
    {"setup", Message::Setup},
    {"piece", Message::Piece},
    {"highlight", Message::Highlight},
    {"click", Message::Click},
    {"choice", Message::Choice},
};

std::string_view word_of(Message type) {
    for (const MessageWord& e : TEXT_COMMANDS)
        if (e.type == type) return e.word;
    return {};
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

void parse_features(std::string_view s, std::vector<Feature>& out) {
    std::size_t i = 0;
    while (true) {
        while (i < s.size() && is_blank(s[i])) ++i;
        if (i == s.size()) return;
        std::size_t start = i;
        while (i < s.size() && s[i] != '=' && !is_blank(s[i])) ++i;
        Feature f;
        f.name = s.substr(start, i - start);
        if (i < s.size() && s[i] == '=') {
            ++i;
            if (i < s.size() && s[i] == '"') {
                f.quoted = true;
                std::size_t close = s.find('"', ++i);
                if (close == s.npos) close = s.size();
                f.value = s.substr(i, close - i);
                i = close == s.size() ? close : close + 1;
            } else {
                start = i;
                while (i < s.size() && !is_blank(s[i])) ++i;
                f.value = s.substr(start, i - start);
            }
        }
        out.push_back(f);
    }
}

// "(REASON): REST" or ": REST" or " REST" after a leading word.
void parse_reason_and_text(std::string_view rest, EngineMessage& out) {
    rest = trim(rest);
    if (!rest.empty() && rest.front() == '(') {
        auto close = rest.find(')');
        if (close == rest.npos) close = rest.size();
        out.reason = rest.substr(1, close - 1);
        rest = rest.substr(std::min(close + 1, rest.size()));
        rest = trim(rest);
    }
    if (!rest.empty() && rest.front() == ':') rest.remove_prefix(1);
    out.text = trim(rest);
}

bool parse_thinking(std::string_view line, Thinking& t) {
    Words w(line);
    std::string_view ply = w.next();
    // GNU Chess marks the ply with one character (2. 3+ 3&) and then gives seconds.
    bool seconds = false;
    if (ply.size() >= 2 && !is_digit(ply.back())) {
        ply.remove_suffix(1);
        seconds = true;
    }
    auto p = to_number<int>(ply);
    auto score = to_number<int>(w.next());
    auto time = to_number<std::int64_t>(w.next());
    auto nodes = to_number<std::int64_t>(w.next());
    if (!p || !score || !time || !nodes || *time > (std::int64_t(1) << 40)) return false;
    t = Thinking{*p, *score, seconds ? *time * 100 : *time, *nodes, w.rest()};
    return true;
}

bool parse_stat01(Words& w, Stat01& s) {
    auto time = to_number<std::int64_t>(w.next());
    auto nodes = to_number<std::int64_t>(w.next());
    auto ply = to_number<int>(w.next());
    auto left = to_number<int>(w.next());
    auto total = to_number<int>(w.next());
    if (!time || !nodes || !ply || !left || !total) return false;
    s = Stat01{*time, *nodes, *ply, *left, *total, w.next()};
    return w.done();
}

bool starts_with_word(std::string_view line, std::string_view word) {
    return line.starts_with(word) && (line.size() == word.size() || is_blank(line[word.size()]));
}

}  // namespace

int mate_score(int moves) { return moves > 0 ? MATE_SCORE + moves : -MATE_SCORE + moves; }

std::optional<int> mate_moves(int score) {
    if (score >= MATE_SCORE && score < MATE_SCORE + 10000) return score - MATE_SCORE;
    if (score <= -MATE_SCORE && score > -MATE_SCORE - 10000) return score + MATE_SCORE;
    return std::nullopt;
}

void EngineMessage::clear() {
    type = Message::Unknown;
    features.clear();
    text = reason = {};
    result = ResultCode::Unfinished;
    number = 0;
    thinking = Thinking{};
    stat = Stat01{};
}

void parse_engine_message(std::string_view line, EngineMessage& out) {
    out.clear();
    line = trim(line);
    out.text = line;
    if (line.empty()) return;
    if (line.front() == '#') {
        out.type = Message::Comment;
        out.text = trim(line.substr(1));
        return;
    }
    Words w(line);
    std::string_view word = w.next();
    if (word == "feature") {
        out.type = Message::Feature;
        parse_features(w.rest(), out.features);
        return;
    }
    if (word == "move") {
        if (std::string_view move = w.next(); !move.empty() && w.done()) {
            out.type = Message::Move;
            out.text = move;
        }
        return;
    }
    if (auto code = parse_result_code(word)) {
        out.type = Message::Result;
        out.result = *code;
        out.text = brace_comment(w.rest());
        return;
    }
    if (line == "resign") return void(out.type = Message::Resign);
    if (line == "offer draw") return void(out.type = Message::OfferDraw);
    if (line == "++") return void(out.type = Message::FailHigh);
    if (line == "--") return void(out.type = Message::FailLow);
    if (word == "pong") {
        if (auto n = to_number<std::int64_t>(w.next()); n && w.done()) {
            out.type = Message::Pong;
            out.number = *n;
        }
        return;
    }
    if (line.starts_with("Illegal move") || line.starts_with("illegal move")) {
        out.type = Message::IllegalMove;
        parse_reason_and_text(line.substr(12), out);
        return;
    }
    if (line.starts_with("Error")) {
        out.type = Message::Error;
        parse_reason_and_text(line.substr(5), out);
        return;
    }
    if (word == "Hint:") {
        if (std::string_view move = w.next(); !move.empty() && w.done()) {
            out.type = Message::Hint;
            out.text = move;
        }
        return;
    }
    if (word == "askuser") {
        out.reason = w.next();
        out.text = w.rest();
        if (!out.reason.empty()) out.type = Message::AskUser;
        return;
    }
    if (word == "stat01:") {
        if (parse_stat01(w, out.stat)) out.type = Message::Stat01;
        return;
    }
    for (const MessageWord& e : TEXT_COMMANDS) {
        if (starts_with_word(line, e.word)) {
            out.type = e.type;
            out.text = w.rest();
            return;
        }
    }
    if (is_digit(word.front())) {
        // The old move form: "12. ... e2e4".
        Words old(line);
        old.next();
        if (old.next() == "...") {
            std::string_view move = old.next();
            if (!move.empty() && old.done()) {
                out.type = Message::Move;
                out.text = move;
            }
            return;
        }
        if (parse_thinking(line, out.thinking)) {
            out.type = Message::Thinking;
            out.text = out.thinking.pv;
        }
    }
}

EngineMessage parse_engine_message(std::string_view line) {
    EngineMessage msg;
    parse_engine_message(line, msg);
    return msg;
}

void append_features(std::span<const Feature> features, std::string& out) {
    out.append("feature");
    for (const Feature& f : features) {
        out.push_back(' ');
        out.append(f.name);
        out.push_back('=');
        const bool quote = f.quoted || f.value.find_first_of(" \t\"") != std::string_view::npos;
        if (quote) out.push_back('"');
        for (char c : f.value) out.push_back(c == '"' ? '\'' : c);  // a quoted string ends at '"'
        if (quote) out.push_back('"');
    }
}

void append_thinking(const Thinking& t, std::string& out) {
    fmt::format_to(std::back_inserter(out), "{} {} {} {}", t.ply, t.score, t.time_cs, t.nodes);
    if (!t.pv.empty()) {
        out.push_back(' ');
        out.append(t.pv);
    }
}

void append_result(ResultCode code, std::string_view comment, std::string& out) {
    out.append(result_text(code));
    if (comment.empty()) return;
    out.append(" {");
    out.append(comment);
    out.push_back('}');
}

void append_engine_message(const EngineMessage& m, std::string& out) {
    auto put = [&out](auto&&... parts) { (fmt::format_to(std::back_inserter(out), "{}", parts), ...); };
    switch (m.type) {
        case Message::Unknown:
            out.append(m.text);
            return;
        case Message::Feature:
            append_features(m.features, out);
            return;
        case Message::Move:
            put("move ", m.text);
            return;
        case Message::Result:
            append_result(m.result, m.text, out);
            return;
        case Message::Resign:
            out.append("resign");
            return;
        case Message::OfferDraw:
            out.append("offer draw");
            return;
        case Message::Pong:
            put("pong ", m.number);
            return;
        case Message::IllegalMove:
        case Message::Error:
            out.append(m.type == Message::Error ? "Error" : "Illegal move");
            if (!m.reason.empty()) put(" (", m.reason, ')');
            put(": ", m.text);
            return;
        case Message::AskUser:
            put("askuser ", m.reason);
            if (!m.text.empty()) put(' ', m.text);
            return;
        case Message::Hint:
            put("Hint: ", m.text);
            return;
        case Message::Comment:
            out.push_back('#');
            if (!m.text.empty()) put(' ', m.text);
            return;
        case Message::Thinking:
            append_thinking(m.thinking, out);
            return;
        case Message::Stat01:
            put("stat01: ", m.stat.time_cs, ' ', m.stat.nodes, ' ', m.stat.ply, ' ', m.stat.moves_left, ' ',
                m.stat.moves_total);
            if (!m.stat.move.empty()) put(' ', m.stat.move);
            return;
        case Message::FailHigh:
            out.append("++");
            return;
        case Message::FailLow:
            out.append("--");
            return;
        default:  // the commands whose argument is the rest of the line
            out.append(word_of(m.type));
            if (!m.text.empty()) put(' ', m.text);
            return;
    }
}

std::string format_engine_message(const EngineMessage& msg) {
    std::string out;
    append_engine_message(msg, out);
    return out;
}

}  // namespace drawproxy::cecp
