#include "cecp/gui_command.h"

#include <fmt/format.h>

#include <utility>

#include "cecp/text.h"

namespace drawproxy::cecp {

namespace {

using T = GuiCommandType;

// How a command's arguments are read.
enum class Args { None, Integer, Seconds, Text, UserMove, Level, Result, Option, EgtPath, TwoIntegers };

struct Entry {
    std::string_view word;
    T type;
    Args args;
};

constexpr Entry COMMANDS[] = {
    {"xboard", T::Xboard, Args::None},
    {"protover", T::Protover, Args::Integer},
    {"accepted", T::Accepted, Args::Text},
    {"rejected", T::Rejected, Args::Text},
    {"new", T::New, Args::None},
    {"variant", T::Variant, Args::Text},
    {"quit", T::Quit, Args::None},
    {"random", T::Random, Args::None},
    {"force", T::Force, Args::None},
    {"go", T::Go, Args::None},
    {"playother", T::PlayOther, Args::None},
    {"white", T::White, Args::None},
    {"black", T::Black, Args::None},
    {"level", T::Level, Args::Level},
    {"st", T::St, Args::Seconds},
    {"sd", T::Sd, Args::Integer},
    {"nps", T::Nps, Args::Integer},
    {"time", T::Time, Args::Integer},
    {"otim", T::Otim, Args::Integer},
    {"usermove", T::Move, Args::UserMove},
    {"?", T::MoveNow, Args::None},
    {"ping", T::Ping, Args::Integer},
    {"draw", T::Draw, Args::None},
    {"result", T::Result, Args::Result},
    {"setboard", T::SetBoard, Args::Text},
    {"edit", T::Edit, Args::None},
    {"hint", T::Hint, Args::None},
    {"bk", T::Book, Args::None},
    {"undo", T::Undo, Args::None},
    {"remove", T::Remove, Args::None},
    {"hard", T::Hard, Args::None},
    {"easy", T::Easy, Args::None},
    {"post", T::Post, Args::None},
    {"nopost", T::NoPost, Args::None},
    {"analyze", T::Analyze, Args::None},
    {"exit", T::Exit, Args::None},
    {".", T::Status, Args::None},
    {"name", T::Name, Args::Text},
    {"rating", T::Rating, Args::TwoIntegers},
    {"ics", T::Ics, Args::Text},
    {"computer", T::Computer, Args::None},
    {"pause", T::Pause, Args::None},
    {"resume", T::Resume, Args::None},
    {"memory", T::Memory, Args::Integer},
    {"cores", T::Cores, Args::Integer},
    {"egtpath", T::EgtPath, Args::EgtPath},
    {"option", T::Option, Args::Option},
    {"exclude", T::Exclude, Args::Text},
    {"include", T::Include, Args::Text},
    {"setscore", T::SetScore, Args::TwoIntegers},
    {"lift", T::Lift, Args::Text},
    {"put", T::Put, Args::Text},
    {"hover", T::Hover, Args::Text},
};

const Entry* find(std::string_view word) {
    for (const Entry& e : COMMANDS)
        if (e.word == word) return &e;
    return nullptr;
}

std::string_view word_of(T type) {
    for (const Entry& e : COMMANDS)
        if (e.type == type) return e.word;
    return {};
}

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }
bool is_piece(char c) { return c == 'K' || c == 'Q' || c == 'R' || c == 'B' || c == 'N'; }

// Minutes, or minutes:seconds, each with an optional fraction; characters after the number
// are ignored, as the protocol asks ("25+5").
std::optional<std::int64_t> parse_base(std::string_view s) {
    std::size_t end = 0;
    while (end < s.size() && ((s[end] >= '0' && s[end] <= '9') || s[end] == '.' || s[end] == ':')) ++end;
    s = s.substr(0, end);
    auto colon = s.find(':');
    auto minutes = to_thousandths(s.substr(0, colon));
    if (!minutes || *minutes < 0) return std::nullopt;
    std::int64_t ms = *minutes * 60;
    if (colon != s.npos) {
        auto seconds = to_thousandths(s.substr(colon + 1));
        if (!seconds || *seconds < 0) return std::nullopt;
        ms += *seconds;
    }
    return ms;
}

void append_thousandths(std::int64_t v, std::string& out) {
    if (v < 0) {
        out.push_back('-');
        v = -v;
    }
    fmt::format_to(std::back_inserter(out), "{}", v / 1000);
    if (int frac = int(v % 1000)) {
        out.push_back('.');
        for (int scale = 100; frac; scale /= 10) {
            out.push_back(char('0' + frac / scale));
            frac %= scale;
        }
    }
}

bool read_args(Args args, Words& words, std::string_view rest, GuiCommand& out) {
    switch (args) {
        case Args::None:
            return true;
        case Args::Integer: {
            auto n = to_number<std::int64_t>(words.next());
            if (n) out.number = *n;
            return n.has_value();
        }
        case Args::Seconds: {
            auto ms = to_thousandths(words.next());
            if (ms) out.number = *ms;
            return ms && *ms >= 0;
        }
        case Args::Text:
            out.text = rest;
            return !rest.empty();
        case Args::UserMove:
            out.usermove = true;
            out.text = words.next();
            return !out.text.empty();
        case Args::Level: {
            auto moves = to_number<int>(words.next());
            auto base = parse_base(words.next());
            auto inc = to_thousandths(words.next());
            if (!moves || *moves < 0 || !base || !inc || *inc < 0) return false;
            out.level = Level{*moves, *base, *inc};
            return true;
        }
        case Args::Result: {
            auto code = parse_result_code(words.next());
            if (!code) return false;
            out.result = *code;
            out.text = brace_comment(words.rest());
            return true;
        }
        case Args::Option: {
            auto eq = rest.find('=');
            out.text = trim(rest.substr(0, eq));
            out.has_value = eq != rest.npos;
            if (out.has_value) out.value = trim(rest.substr(eq + 1));
            return !out.text.empty();
        }
        case Args::EgtPath:
            out.text = words.next();
            out.value = words.rest();
            return !out.text.empty() && !out.value.empty();
        case Args::TwoIntegers: {
            auto a = to_number<std::int64_t>(words.next());
            auto b = to_number<std::int64_t>(words.next());
            if (!a || !b) return false;
            out.number = *a;
            out.number2 = *b;
            return true;
        }
    }
    return false;
}

}  // namespace

bool looks_like_move(std::string_view w) {
    if (w.empty() || w.size() > 12) return false;
    if (w == "@@@@") return true;
    while (!w.empty() && (w.back() == '+' || w.back() == '#' || w.back() == '!' || w.back() == '?'))
        w.remove_suffix(1);
    if (w == "O-O" || w == "O-O-O" || w == "0-0" || w == "0-0-0") return true;
    if (w.size() >= 2 && w[1] == '@')  // a drop: P@h3
        return w.size() == 4 && std::string_view("PNBRQK").find(w[0]) != w.npos && is_file(w[2]) &&
               is_rank(w[3]);
    // A promotion suffix: =Q, Q or q after the target square.
    if (w.size() >= 3 && w[w.size() - 2] == '=') w.remove_suffix(2);
    if (w.size() >= 3 && is_rank(w[w.size() - 2]) && std::string_view("QRBNKqrbnk").find(w.back()) != w.npos)
        w.remove_suffix(1);
    if (w.size() < 2 || !is_file(w[w.size() - 2]) || !is_rank(w.back())) return false;
    w.remove_suffix(2);
    // What may come before the target square: a piece, a file and/or rank, and x, - or :.
    if (!w.empty() && is_piece(w.front())) w.remove_prefix(1);
    if (!w.empty() && is_file(w.front())) w.remove_prefix(1);
    if (!w.empty() && is_rank(w.front())) w.remove_prefix(1);
    if (!w.empty() && (w.front() == 'x' || w.front() == '-' || w.front() == ':')) w.remove_prefix(1);
    return w.empty();
}

void parse_gui_command(std::string_view line, GuiCommand& out) {
    out.clear();
    out.line = trim(line);
    Words words(out.line);
    std::string_view word = words.next();
    const Entry* entry = find(word);
    if (!entry) {
        if (looks_like_move(word) && words.done()) {
            out.type = T::Move;
            out.text = word;
        }
        return;
    }
    out.type = entry->type;
    out.valid = read_args(entry->args, words, words.rest(), out);
}

GuiCommand parse_gui_command(std::string_view line) {
    GuiCommand cmd;
    parse_gui_command(line, cmd);
    return cmd;
}

void append_level(const Level& level, std::string& out) {
    fmt::format_to(std::back_inserter(out), "level {} {}", level.moves, level.base_ms / 60000);
    std::int64_t rest_ms = level.base_ms % 60000;
    if (rest_ms) {
        out.push_back(':');
        if (rest_ms < 10000) out.push_back('0');
        append_thousandths(rest_ms, out);
    }
    out.push_back(' ');
    append_thousandths(level.increment_ms, out);
}

void append_gui_command(const GuiCommand& cmd, std::string& out) {
    if (cmd.type == T::Unknown || !cmd.valid) {
        out.append(cmd.line);
        return;
    }
    auto put = [&out](auto&&... parts) { (fmt::format_to(std::back_inserter(out), "{}", parts), ...); };
    switch (cmd.type) {
        case T::Move:
            if (cmd.usermove) out.append("usermove ");
            out.append(cmd.text);
            return;
        case T::Protover:
        case T::Sd:
        case T::Nps:
        case T::Time:
        case T::Otim:
        case T::Ping:
        case T::Memory:
        case T::Cores:
            put(word_of(cmd.type), ' ', cmd.number);
            return;
        case T::St:
            out.append("st ");
            append_thousandths(cmd.number, out);
            return;
        case T::Accepted:
        case T::Rejected:
        case T::Variant:
        case T::SetBoard:
        case T::Name:
        case T::Ics:
        case T::Exclude:
        case T::Include:
        case T::Lift:
        case T::Put:
        case T::Hover:
            put(word_of(cmd.type), ' ', cmd.text);
            return;
        case T::Level:
            append_level(cmd.level, out);
            return;
        case T::Result:
            put("result ", result_text(cmd.result));
            if (!cmd.text.empty()) put(" {", cmd.text, '}');
            return;
        case T::Option:
            put("option ", cmd.text);
            if (cmd.has_value) put('=', cmd.value);
            return;
        case T::EgtPath:
            put("egtpath ", cmd.text, ' ', cmd.value);
            return;
        case T::Rating:
        case T::SetScore:
            put(word_of(cmd.type), ' ', cmd.number, ' ', cmd.number2);
            return;
        default:
            out.append(word_of(cmd.type));
            return;
    }
}

std::string format_gui_command(const GuiCommand& cmd) {
    std::string out;
    append_gui_command(cmd, out);
    return out;
}

EditCommand parse_edit_command(std::string_view line) {
    EditCommand e;
    line = trim(line);
    if (line == "c") e.type = EditCommandType::Color;
    if (line == "#") e.type = EditCommandType::Clear;
    if (line == ".") e.type = EditCommandType::Done;
    if (line.size() == 3 && is_file(line[1]) && is_rank(line[2])) {
        e.file = line[1] - 'a';
        e.rank = line[2] - '1';
        if (line[0] == 'x' || line[0] == 'X') e.type = EditCommandType::Empty;
        if (is_piece(line[0]) || line[0] == 'P') {
            e.type = EditCommandType::Place;
            e.piece = line[0];
        }
    }
    return e;
}

}  // namespace drawproxy::cecp
