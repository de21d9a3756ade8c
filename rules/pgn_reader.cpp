// The streaming PGN reader: a byte-at-a-time state machine, so chunk boundaries can fall
// anywhere, and one game's worth of state. Moves are checked with parse_san (lenient) and,
// failing that, as UCI text (fastchess can write its movetext that way).
// Over 500 lines and one concern: the states share one game's members and call one another
// character by character; split across files they would only be harder to follow.
#include <charconv>
#include <cmath>

#include "rules/notation.h"
#include "rules/pgn.h"

namespace drawproxy::rules {

namespace {

constexpr std::size_t MAX_TOKEN = 64;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_name_char(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || is_digit(c) || c == '_';
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

// "1:02:03.5" or "62.5" (seconds) -> milliseconds.
std::optional<int> parse_clock(std::string_view s) {
    double total = 0;
    while (true) {
        std::size_t colon = s.find(':');
        std::string_view part = s.substr(0, colon);
        double v = 0;
        auto [p, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
        if (ec != std::errc() || p != part.data() + part.size() || v < 0 || v > 1e7) return std::nullopt;
        total = total * 60 + v;
        if (colon == std::string_view::npos) break;
        s.remove_prefix(colon + 1);
    }
    return int(std::lround(total * 1000));
}

// "0.105s", "105ms" -> milliseconds.
std::optional<int> parse_seconds(std::string_view s) {
    if (s.size() > 2 && s.substr(s.size() - 2) == "ms") {
        auto v = parse_clock(s.substr(0, s.size() - 2));
        if (v) return *v / 1000;
        return std::nullopt;
    }
    if (s.size() > 1 && s.back() == 's') return parse_clock(s.substr(0, s.size() - 1));
    return std::nullopt;
}

// "+0.25", "-1.5", "#-3", "M5", "-M5" into centipawns or mate.
void parse_score(std::string_view s, PgnMoveNote& note) {
    bool negative = false;
    if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
        negative = s[0] == '-';
        s.remove_prefix(1);
    }
    if (!s.empty() && (s[0] == '#' || s[0] == 'M')) {
        s.remove_prefix(1);
        if (!s.empty() && s[0] == '-') {
            negative = !negative;
            s.remove_prefix(1);
        }
        int n = 0;
        auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
        if (ec == std::errc() && p == s.data() + s.size()) note.mate = negative ? -n : n;
        return;
    }
    double v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec == std::errc() && p == s.data() + s.size() && std::abs(v) < 1e5)
        note.score_cp = int(std::lround((negative ? -v : v) * 100));
}

bool is_result(std::string_view t) { return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*"; }

}  // namespace

std::string_view PgnGame::tag(std::string_view name) const {
    for (const PgnTag& t : tags)
        if (t.name == name) return t.value;
    return {};
}

void parse_move_comment(std::string_view c, PgnMoveNote& note) {
    // Embedded commands: [%clk 0:01:02] [%emt 0:00:03] [%eval 0.25] [%eval #-3] [%eval 0.25,20]
    for (std::size_t i = c.find("[%"); i != std::string_view::npos; i = c.find("[%", i)) {
        std::size_t end = c.find(']', i);
        if (end == std::string_view::npos) break;
        std::string_view body = trim(c.substr(i + 2, end - i - 2));
        std::size_t sp = body.find_first_of(" \t");
        std::string_view cmd = body.substr(0, sp);
        std::string_view arg = sp == std::string_view::npos ? std::string_view() : trim(body.substr(sp));
        if (cmd == "clk") {
            if (auto v = parse_clock(arg)) note.clock_ms = v;
        } else if (cmd == "emt") {
            if (auto v = parse_clock(arg)) note.elapsed_ms = v;
        } else if (cmd == "eval") {
            std::size_t comma = arg.find(',');
            parse_score(arg.substr(0, comma), note);
            if (comma != std::string_view::npos) {
                int d = 0;
                std::string_view ds = arg.substr(comma + 1);
                auto [p, ec] = std::from_chars(ds.data(), ds.data() + ds.size(), d);
                if (ec == std::errc()) note.depth = d;
            }
        }
        i = end + 1;
    }
    // cutechess-cli / fastchess: "+0.25/12 0.105s", "-M5/20 1.2s, tl=3.456s", "book".
    std::string_view s = trim(c);
    std::size_t end = s.find_first_of(" \t\n\r,");
    std::string_view first = s.substr(0, end);
    if (first == "book") {
        note.book = true;
    } else if (std::size_t slash = first.find('/'); slash != std::string_view::npos && slash > 0) {
        std::string_view depth = first.substr(slash + 1);
        int d = 0;
        auto [p, ec] = std::from_chars(depth.data(), depth.data() + depth.size(), d);
        // Both tools always write the time after the score: without it, this is prose.
        std::string_view rest = end == std::string_view::npos ? std::string_view() : trim(s.substr(end));
        auto time = parse_seconds(rest.substr(0, rest.find_first_of(" \t\n\r,")));
        if (ec == std::errc() && p == depth.data() + depth.size() && time) {
            note.depth = d;
            note.elapsed_ms = time;
            parse_score(first.substr(0, slash), note);
        }
    }
    if (std::size_t tl = s.find("tl="); tl != std::string_view::npos) {
        std::string_view v = s.substr(tl + 3);
        if (auto ms = parse_seconds(v.substr(0, v.find_first_of(" \t\n\r,}")))) note.clock_ms = ms;
    }
}

namespace {

// "Chess 960" -> "chess960": tools spell variant names in many ways.
std::string normalized_variant(std::string_view variant) {
    std::string v;
    for (char c : variant)
        if (is_name_char(c)) v += char(c >= 'A' && c <= 'Z' ? c + 32 : c);
    return v;
}

}  // namespace

bool is_chess960_variant(std::string_view variant) {
    const std::string v = normalized_variant(variant);
    return v == "chess960" || v == "fischerandom" || v == "fischerrandom" || v == "frc" || v == "960";
}

PgnReader::PgnReader() : pos_now_(Position::startpos()) {
    token_.reserve(MAX_TOKEN);
    comment_.reserve(256);
}

void PgnReader::feed(std::string_view text) {
    if (pos_ > 0) {
        save_text();
        buffer_.erase(0, pos_);
        pos_ = 0;
    }
    if (buffer_.empty() && game_.number == 0 && !in_game_ && text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);  // a UTF-8 byte order mark
    buffer_.append(text);
}

void PgnReader::finish() { finished_ = true; }

const PgnGame* PgnReader::next() {
    while (pos_ < buffer_.size()) {
        char c = buffer_[pos_];
        Step s = step(c);
        if (s == Step::NeedMore) break;
        if (s != Step::ReadyKeep) {
            ++pos_;
            at_line_start_ = c == '\n';
            if (c == '\n')
                line_has_text_ = false;
            else if (!is_space(c))
                line_has_text_ = true;
        }
        if (s != Step::Consumed) {
            take_text();
            return &game_;
        }
    }
    if (finished_ && pos_ >= buffer_.size()) {
        if (!in_game_) return nullptr;
        end_of_input();
        take_text();
        return &game_;
    }
    save_text();
    buffer_.erase(0, pos_);
    pos_ = 0;
    return nullptr;
}

// The part of the game's text about to leave buffer_ (everything before pos_) is kept.
void PgnReader::save_text() {
    if (!keep_text_ || !in_game_) return;
    if (kept_text_.size() + (pos_ - game_begin_) <= MAX_KEPT_TEXT)
        kept_text_.append(buffer_, game_begin_, pos_ - game_begin_);
    else
        text_too_long_ = true;
    game_begin_ = 0;
}

// The game is complete: a broken game gets its text (the bytes before pos_ are its own).
void PgnReader::take_text() {
    if (!keep_text_) return;
    if (game_.error && !text_too_long_) {
        std::string& t = game_.text;
        t = kept_text_;
        t.append(buffer_, game_begin_, pos_ - game_begin_);
        while (!t.empty() && is_space(t.back())) t.pop_back();
        if (t.size() > MAX_KEPT_TEXT) t.clear();
    }
    kept_text_.clear();
    text_too_long_ = false;
}

void PgnReader::begin_game() {
    game_.number++;
    game_begin_ = pos_;
    kept_text_.clear();
    text_too_long_ = false;
    game_.text.clear();
    game_.tags.clear();
    game_.moves.clear();
    game_.notes.clear();
    game_.comments.clear();
    game_.result.clear();
    game_.error.reset();
    game_.start = Position::startpos();
    pos_now_ = game_.start;
    in_game_ = true;
    skipping_ = false;
    blank_line_ = false;
}

void PgnReader::fail(std::string message) {
    if (!game_.error) {
        // Junk bytes are shown as \xNN so that the report stays one readable line.
        std::string text;
        for (unsigned char c : message) {
            if (c >= 0x20 && c < 0x7f) {
                text += char(c);
            } else {
                static constexpr char HEX[] = "0123456789abcdef";
                text += "\\x";
                text += HEX[c >> 4];
                text += HEX[c & 15];
            }
        }
        game_.error = PgnError{int(game_.moves.size()), std::move(text)};
    }
    skipping_ = true;
}

// The tags are all read: set up the start position from Variant and FEN.
void PgnReader::begin_movetext() {
    std::string_view variant = game_.tag("Variant");
    bool chess960 = is_chess960_variant(variant);
    if (!chess960 && !variant.empty()) {
        const std::string v = normalized_variant(variant);
        if (v != "standard" && v != "fromposition" && v != "chess" && v != "normal")
            return fail("unsupported variant '" + std::string(variant) + "'");
    }
    std::string_view fen = game_.tag("FEN");
    if (!fen.empty()) {
        std::string error;
        if (!parse_fen(fen, chess960, game_.start, error)) return fail("bad FEN tag: " + error);
    }
    game_.start.set_chess960(chess960);
    pos_now_ = game_.start;
}

void PgnReader::end_tag() {
    if (game_.tags.size() < MAX_TAGS)
        game_.tags.push_back(PgnTag{tag_name_, tag_value_});
    else
        fail("more than " + std::to_string(MAX_TAGS) + " tags");
    state_ = State::Headers;
}

PgnReader::Step PgnReader::bad_tag(char c, const char* why) {
    fail(std::string("bad tag: ") + why);
    // Skip the rest of the line; a newline ends it here.
    if (c == '\n') {
        state_ = State::Headers;
    } else {
        state_ = State::LineComment;
        return_state_ = State::Headers;
    }
    return Step::Consumed;
}

PgnReader::Step PgnReader::complete(std::string_view result) {
    game_.result = result;
    in_game_ = false;
    state_ = State::Between;
    return Step::Ready;
}

// A token of the movetext ends: a move number, a result, an annotation or a move.
PgnReader::Step PgnReader::end_token() {
    if (token_.empty()) return Step::Consumed;
    std::string_view t = token_;
    std::size_t i = 0;
    while (i < t.size() && is_digit(t[i])) ++i;
    if (i == t.size()) {  // a bare move number
        token_.clear();
        return Step::Consumed;
    }
    if (t[i] == '.') {  // "12." "12..." "12.e4"
        while (i < t.size() && t[i] == '.') ++i;
        t.remove_prefix(i);
    }
    Step s = Step::Consumed;
    if (token_overflow_) {
        if (!skipping_) fail("'" + std::string(t.substr(0, 16)) + "...': not a move");
    } else if (is_result(t)) {
        s = complete(t);
    } else if (t.empty() || t.find_first_not_of(".!?") == std::string_view::npos || t[0] == '$' ||
               t == "e.p." || t == "ep") {
        // punctuation, annotation glyphs and NAGs say nothing about the game
    } else if (!skipping_) {
        play_token(t);
    }
    token_.clear();
    token_overflow_ = false;
    return s;
}

void PgnReader::play_token(std::string_view t) {
    if (t == "--" || t == "Z0" || t == "0000" || t == "@@@@")
        return fail("null move '" + std::string(t) + "'");
    if (int(game_.moves.size()) >= MAX_PLIES)
        return fail("more than " + std::to_string(MAX_PLIES) + " plies");
    Move m = parse_san(pos_now_, t, error_text_);
    if (!m) {
        m = parse_uci_move(pos_now_, t);
        if (!m) return fail("bad move " + error_text_);
    }
    game_.moves.push_back(m);
    PgnMoveNote note;
    note.comment_begin = std::uint32_t(game_.comments.size());
    game_.notes.push_back(note);
    pos_now_.play(m);
}

void PgnReader::end_comment() {
    if (!in_game_ || skipping_ || game_.notes.empty()) return;
    PgnMoveNote& note = game_.notes.back();
    std::string& all = game_.comments;
    if (all.size() + comment_.size() + 1 <= MAX_COMMENT_BYTES) {
        if (note.comment_size > 0) all += ' ';
        all += comment_;
        note.comment_size = std::uint32_t(all.size() - note.comment_begin);
    }
    parse_move_comment(comment_, note);
}

// At a line start inside a comment or variation: does a tag pair begin here? Then the
// comment or variation was never closed, and a new game starts.
PgnReader::Lookahead PgnReader::tag_line_ahead() const {
    std::size_t j = pos_ + 1, end = std::min(buffer_.size(), pos_ + 256);
    std::size_t name = 0;
    while (j < end && is_name_char(buffer_[j])) ++j, ++name;
    if (j < end && name > 0) {
        while (j < end && (buffer_[j] == ' ' || buffer_[j] == '\t')) ++j;
        if (j < end) return buffer_[j] == '"' ? Lookahead::Yes : Lookahead::No;
    } else if (j < end) {
        return Lookahead::No;
    }
    return finished_ || end < buffer_.size() ? Lookahead::No : Lookahead::NeedMore;
}

// A game ends without its result: `why` names the fault. The character is read again
// outside the game.
PgnReader::Step PgnReader::abandon(const char* why) {
    fail(why);
    complete("");
    return Step::ReadyKeep;
}

PgnReader::Step PgnReader::unclosed(const char* why) {
    switch (tag_line_ahead()) {
        case Lookahead::Yes:
            return abandon(why);
        case Lookahead::NeedMore:
            return Step::NeedMore;
        case Lookahead::No:
            break;
    }
    return Step::Consumed;
}

// One character, by state: each group of states below is one part of the grammar.
PgnReader::Step PgnReader::step(char c) {
    switch (state_) {
        case State::Between:
            return step_between(c);
        case State::TagName:
        case State::TagValue:
        case State::TagValueEscape:
        case State::TagClose:
            return step_tag(c);
        case State::Headers:
            return step_headers(c);
        case State::Movetext:
            return step_movetext(c);
        case State::Comment:
        case State::LineComment:
            return step_comment(c);
        case State::Variation:
        case State::VariationComment:
            return step_variation(c);
    }
    return Step::Consumed;
}

// Comments at line starts and ';' comments, outside a tag: where to return is `from`.
PgnReader::Step PgnReader::enter_line_comment(State from) {
    state_ = State::LineComment;
    return_state_ = from;
    return Step::Consumed;
}

PgnReader::Step PgnReader::begin_tag() {
    tag_name_.clear();
    name_done_ = false;
    state_ = State::TagName;
    return Step::Consumed;
}

PgnReader::Step PgnReader::step_between(char c) {
    if (is_space(c)) return Step::Consumed;
    if (c == '[') {
        begin_game();
        return begin_tag();
    }
    if (c == '{') {
        state_ = State::Comment;
        return_state_ = State::Between;
        return Step::Consumed;
    }
    if (c == ';' || (c == '%' && at_line_start_)) return enter_line_comment(State::Between);
    // Movetext without tags.
    begin_game();
    begin_movetext();
    state_ = State::Movetext;
    return step(c);
}

// A tag pair: [Name "value"], with \-escapes in the value.
PgnReader::Step PgnReader::step_tag(char c) {
    switch (state_) {
        case State::TagName:
            if (is_name_char(c)) {
                if (name_done_) return bad_tag(c, "space inside a tag name");
                if (tag_name_.size() < 256) tag_name_ += c;
                return Step::Consumed;
            }
            if (c == ' ' || c == '\t') {
                name_done_ = !tag_name_.empty();
                return Step::Consumed;
            }
            name_done_ = false;
            if (c == '"' && !tag_name_.empty()) {
                tag_value_.clear();
                state_ = State::TagValue;
                return Step::Consumed;
            }
            return bad_tag(c, tag_name_.empty() ? "no tag name" : "no quoted value");
        case State::TagValue:
            if (c == '"') {
                state_ = State::TagClose;
            } else if (c == '\\') {
                state_ = State::TagValueEscape;
            } else if (c == '\n') {
                return bad_tag(c, "unterminated value");
            } else if (tag_value_.size() < MAX_TAG_BYTES) {
                tag_value_ += c;
            }
            return Step::Consumed;
        case State::TagValueEscape:
            if (c == '\n') return bad_tag(c, "unterminated value");
            if (tag_value_.size() < MAX_TAG_BYTES) tag_value_ += c;
            state_ = State::TagValue;
            return Step::Consumed;
        default:  // TagClose
            if (c == ' ' || c == '\t') return Step::Consumed;
            if (c == ']') {
                end_tag();
                return Step::Consumed;
            }
            return bad_tag(c, "no closing ']'");
    }
}

// Between the tags of one game, and from them to its movetext.
PgnReader::Step PgnReader::step_headers(char c) {
    if (c == '\n' && !line_has_text_) blank_line_ = true;
    if (is_space(c)) return Step::Consumed;
    if (c == '[') {
        // After a blank line, a tag starts the next game: this one had no movetext.
        if (blank_line_) return abandon("missing result");
        return begin_tag();
    }
    if (c == ';' || (c == '%' && at_line_start_)) return enter_line_comment(State::Headers);
    begin_movetext();
    state_ = State::Movetext;
    return step(c);
}

PgnReader::Step PgnReader::step_movetext(char c) {
    if (is_space(c)) return end_token();
    if (c == '{' || c == '(' || c == ';' || c == ')' || c == '}' || c == '$') {
        if (end_token() == Step::Ready) return Step::ReadyKeep;
        if (c == '{') {
            comment_.clear();
            state_ = State::Comment;
            return_state_ = State::Movetext;
        } else if (c == '(') {
            variation_depth_ = 1;
            state_ = State::Variation;
        } else if (c == ';') {
            return enter_line_comment(State::Movetext);
        } else if (c == '$') {
            token_ += c;
        }
        return Step::Consumed;  // a stray ')' or '}' is ignored
    }
    if (at_line_start_ && c == '[') return abandon("missing result");
    if (at_line_start_ && c == '%') return enter_line_comment(State::Movetext);
    if (token_.size() < MAX_TOKEN)
        token_ += c;
    else
        token_overflow_ = true;
    return Step::Consumed;
}

// A {comment}, or a ';' or '%' comment to the end of the line.
PgnReader::Step PgnReader::step_comment(char c) {
    if (state_ == State::LineComment) {
        if (c == '\n') state_ = return_state_;
        return Step::Consumed;
    }
    if (c == '}') {
        if (return_state_ == State::Movetext) end_comment();
        state_ = return_state_;
        return Step::Consumed;
    }
    if (at_line_start_ && c == '[') {
        Lookahead a = tag_line_ahead();
        if (a == Lookahead::NeedMore) return Step::NeedMore;
        if (a == Lookahead::Yes) {
            if (return_state_ != State::Between) return abandon("unclosed comment");
            state_ = State::Between;  // an open comment between games: the next game starts
            return step(c);
        }
    }
    if (return_state_ == State::Movetext && comment_.size() < MAX_COMMENT_BYTES) comment_ += c;
    return Step::Consumed;
}

// A (variation), skipped with its comments; a tag line at a line start ends it unclosed.
PgnReader::Step PgnReader::step_variation(char c) {
    if (state_ == State::VariationComment) {
        if (c == '}') {
            state_ = State::Variation;
            return Step::Consumed;
        }
        if (at_line_start_ && c == '[') return unclosed("unclosed comment");
        return Step::Consumed;
    }
    if (c == '(') {
        ++variation_depth_;
    } else if (c == ')') {
        if (--variation_depth_ == 0) state_ = State::Movetext;
    } else if (c == '{') {
        state_ = State::VariationComment;
    } else if (c == ';') {
        return enter_line_comment(State::Variation);
    } else if (at_line_start_ && c == '[') {
        return unclosed("unclosed variation");
    }
    return Step::Consumed;
}

// The input ended inside a game.
void PgnReader::end_of_input() {
    if (state_ == State::Movetext && end_token() == Step::Ready) return;
    switch (state_) {
        case State::Comment:
        case State::VariationComment:
            fail("unclosed comment");
            break;
        case State::Variation:
            fail("unclosed variation");
            break;
        case State::TagName:
        case State::TagValue:
        case State::TagValueEscape:
        case State::TagClose:
            fail("bad tag: cut off by the end of the input");
            break;
        default:
            fail("missing result");
            break;
    }
    complete("");
}

}  // namespace drawproxy::rules
