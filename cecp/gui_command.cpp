#include "cecp/gui_command.h"

#include <fmt/format.h>

#include <utility>

#include "cecp/text.h"

namespace drawproxy::cecp {

namespace {

using Command = GuiCommandType;

// How a command's arguments are read.
enum class Args { None, Integer, Seconds, Text, UserMove, Level, Result, Option, EgtPath, TwoIntegers };

struct CommandWord {
    std::string_view word;
    Command type;
    Args args;
};

constexpr CommandWord COMMANDS[] = {
    {"xboard", Command::Xboard, Args::None},
    {"protover", Command::Protover, Args::Integer},
    {"accepted", Command::Accepted, Args::Text},
    {"rejected", Command::Rejected, Args::Text},
    {"new", Command::New, Args::None},
    {"variant", Command::Variant, Args::Text},
    {"quit", Command::Quit, Args::None},
    {"random", Command::Random, Args::None},
    {"force", Command::Force, Args::None},
    {"go", Command::Go, Args::None},
    {"playother", Command::PlayOther, Args::None},
    {"white", Command::White, Args::None},
    {"black", Command::Black, Args::None},
    {"level", Command::Level, Args::Level},
    {"st", Command::St, Args::Seconds},
    {"sd", Command::Sd, Args::Integer},
    {"nps", Command::Nps, Args::Integer},
    {"time", Command::Time, Args::Integer},
    {"otim", Command::Otim, Args::Integer},
    {"usermove", Command::Move, Args::UserMove},
    {"?", Command::MoveNow, Args::None},
    {"ping", Command::Ping, Args::Integer},
    {"draw", Command::Draw, Args::None},
    {"result", Command::Result, Args::Result},
    {"setboard", Command::SetBoard, Args::Text},
    {"edit", Command::Edit, Args::None},
    {"hint", Command::Hint, Args::None},
    {"bk", Command::Book, Args::None},
    {"undo", Command::Undo, Args::None},
    {"remove", Command::Remove, Args::None},
    {"hard", Command::Hard, Args::None},
    {"easy", Command::Easy, Args::None},
    {"post", Command::Post, Args::None},
    {"nopost", Command::NoPost, Args::None},
    {"analyze", Command::Analyze, Args::None},
    {"exit", Command::Exit, Args::None},
    {".", Command::Status, Args::None},
    {"name", Command::Name, Args::Text},
    {"rating", Command::Rating, Args::TwoIntegers},
    {"ics", Command::Ics, Args::Text},
    {"computer", Command::Computer, Args::None},
    {"pause", Command::Pause, Args::None},
    {"resume", Command::Resume, Args::None},
    {"memory", Command::Memory, Args::Integer},
    {"cores", Command::Cores, Args::Integer},
    {"egtpath", Command::EgtPath, Args::EgtPath},
    {"option", Command::Option, Args::Option},
    {"exclude", Command::Exclude, Args::Text},
    {"include", Command::Include, Args::Text},
    {"setscore", Command::SetScore, Args::TwoIntegers},
    {"lift", Command::Lift, Args::Text},
    {"put", Command::Put, Args::Text},
    {"hover", Command::Hover, Args::Text},
};

const CommandWord* find(std::string_view word) {
    for (const CommandWord& e : COMMANDS)
        if (e.word == word) return &e;
    return nullptr;
}

std::string_view word_of(Command type) {
    for (const CommandWord& e : COMMANDS)
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
    const CommandWord* entry = find(word);
    if (!entry) {
        if (looks_like_move(word) && words.done()) {
            out.type = Command::Move;
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
    if (cmd.type == Command::Unknown || !cmd.valid) {
        out.append(cmd.line);
        return;
    }
    auto put = [&out](auto&&... parts) { (fmt::format_to(std::back_inserter(out), "{}", parts), ...); };
    switch (cmd.type) {
        case Command::Move:
            if (cmd.usermove) out.append("usermove ");
            out.append(cmd.text);
            return;
        case Command::Protover:
        case Command::Sd:
        case Command::Nps:
        case Command::Time:
        case Command::Otim:
        case Command::Ping:
        case Command::Memory:
        case Command::Cores:
            put(word_of(cmd.type), ' ', cmd.number);
            return;
        case Command::St:
            out.append("st ");
            append_thousandths(cmd.number, out);
            return;
        case Command::Accepted:
        case Command::Rejected:
        case Command::Variant:
        case Command::SetBoard:
        case Command::Name:
        case Command::Ics:
        case Command::Exclude:
        case Command::Include:
        case Command::Lift:
        case Command::Put:
        case Command::Hover:
            put(word_of(cmd.type), ' ', cmd.text);
            return;
        case Command::Level:
            append_level(cmd.level, out);
            return;
        case Command::Result:
            put("result ", result_text(cmd.result));
            if (!cmd.text.empty()) put(" {", cmd.text, '}');
            return;
        case Command::Option:
            put("option ", cmd.text);
            if (cmd.has_value) put('=', cmd.value);
            return;
        case Command::EgtPath:
            put("egtpath ", cmd.text, ' ', cmd.value);
            return;
        case Command::Rating:
        case Command::SetScore:
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

void append_edit_command(const EditCommand& cmd, std::string& out) {
    switch (cmd.type) {
        case EditCommandType::Color:
            out += 'c';
            return;
        case EditCommandType::Clear:
            out += '#';
            return;
        case EditCommandType::Done:
            out += '.';
            return;
        case EditCommandType::Place:
        case EditCommandType::Empty:
            out += cmd.type == EditCommandType::Place ? cmd.piece : 'x';
            out += char('a' + cmd.file);
            out += char('1' + cmd.rank);
            return;
        case EditCommandType::Unknown:
            return;
    }
}

}  // namespace drawproxy::cecp
