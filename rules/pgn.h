#pragma once
// A streaming PGN reader. Text goes in by chunks of any size and games come out one at a
// time, with their tags, their moves (checked legal as they are read) and what the move
// comments say about clocks and scores. Only the game being read is held, so memory stays
// flat however long the input is. A broken game is reported (its number, the ply, why) and
// reading resumes at the next game. Pure: the caller does the I/O.
//
//     PgnReader reader;
//     while (read a chunk) {
//         reader.feed(chunk);
//         while (const PgnGame* g = reader.next()) use(*g);
//     }
//     reader.finish();
//     while (const PgnGame* g = reader.next()) use(*g);
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/position.h"

namespace drawproxy::rules {

struct PgnTag {
    std::string name;
    std::string value;
};

// What a move's comment says, from the [%clk] / [%emt] / [%eval] commands (lichess and
// others) or the "+0.25/12 0.105s" form of cutechess-cli and fastchess ("tl=" is
// fastchess's clock). Fields the comment does not give stay unset.
struct PgnMoveNote {
    std::optional<int> clock_ms;    // clock left after the move
    std::optional<int> elapsed_ms;  // time spent on the move
    std::optional<int>
        score_cp;             // as written: cutechess/fastchess from the mover's side, [%eval] from White's
    std::optional<int> mate;  // mate in N (negative: getting mated)
    std::optional<int> depth;
    bool book = false;
    std::uint32_t comment_begin = 0;  // the comment text, in PgnGame::comments
    std::uint32_t comment_size = 0;
};

struct PgnError {
    int ply = 0;  // the position the faulty move was read from (0 = the start position)
    std::string message;
};

struct PgnGame {
    int number = 0;  // 1 for the first game of the input
    std::vector<PgnTag> tags;
    Position start;  // the standard start, or the FEN tag's position
    std::vector<Move> moves;
    std::vector<PgnMoveNote> notes;  // one per move
    std::string comments;            // the texts of all move comments, back to back
    std::string result;              // the movetext's result token: "1-0", "0-1", "1/2-1/2", "*"; "" if none
    std::optional<PgnError> error;   // set for a broken game; `moves` then holds the moves read before it
    // A broken game's text exactly as read, from its first byte to its last (the whitespace
    // after it excluded), when the reader keeps it (PgnReader::keep_broken_text); "" otherwise.
    std::string text;

    bool ok() const { return !error; }
    bool chess960() const { return start.chess960(); }
    int ply_count() const { return int(moves.size()); }
    // The value of a tag, "" when absent.
    std::string_view tag(std::string_view name) const;
    // The comments after move `ply` (0 = the first move) and before the next one.
    std::string_view comment(int ply) const {
        const PgnMoveNote& n = notes[ply];
        return std::string_view(comments).substr(n.comment_begin, n.comment_size);
    }
};

// Reads what a move comment says into `note` (fields it does not mention are left as they are).
void parse_move_comment(std::string_view comment, PgnMoveNote& note);

// True for a Variant tag value naming Chess960 ("Chess960", "chess 960", "fischerandom", ...).
bool is_chess960_variant(std::string_view variant);

class PgnReader {
  public:
    // Limits that keep memory flat on hostile input; a game beyond them is reported broken.
    static constexpr int MAX_PLIES = 1 << 16;
    static constexpr std::size_t MAX_COMMENT_BYTES = 1 << 20;  // per game; the rest is dropped
    static constexpr std::size_t MAX_TAG_BYTES = 1 << 16;      // per tag value
    static constexpr std::size_t MAX_TAGS = 1024;

    PgnReader();

    // Adds text. The reader keeps only what it has not read yet.
    void feed(std::string_view text);
    // Says no more text will come: a game left open is then finished (and reported broken).
    void finish();
    // The next complete game, or nullptr when more text is needed (or, after finish(), at
    // the end). The game stays valid until the next call to feed(), finish() or next().
    const PgnGame* next();

    // Games started so far (broken ones included).
    int games_started() const { return game_.number; }

    // Keep each broken game's text (PgnGame::text) so that it can be copied unchanged. Costs
    // one copy of the text read; a game longer than MAX_KEPT_TEXT keeps none.
    static constexpr std::size_t MAX_KEPT_TEXT = std::size_t(1) << 26;
    void keep_broken_text(bool on) { keep_text_ = on; }

  private:
    enum class State : std::uint8_t {
        Between,         // outside any game
        TagName,         // after '['
        TagValue,        // inside the quotes
        TagValueEscape,  // after a backslash in the quotes
        TagClose,        // after the closing quote, before ']'
        Headers,         // between tags
        Movetext,
        Comment,      // inside { } in the main line
        LineComment,  // after ';', or a '%' line, up to the end of the line
        Variation,    // inside ( ), any depth
        VariationComment,
    };
    enum class Lookahead : std::uint8_t { No, Yes, NeedMore };
    // What reading one character did: Consumed it; completed a game (Ready); completed a
    // game that this character does not belong to, so it is read again (ReadyKeep); or
    // needs more text before it can decide (NeedMore).
    enum class Step : std::uint8_t { Consumed, Ready, ReadyKeep, NeedMore };

    Step step(char c);
    Step step_between(char c);
    Step step_tag(char c);
    Step step_headers(char c);
    Step step_movetext(char c);
    Step step_comment(char c);
    Step step_variation(char c);
    Step begin_tag();
    Step enter_line_comment(State from);
    void begin_game();
    void begin_movetext();
    void end_tag();
    Step bad_tag(char c, const char* why);
    Step end_token();
    void play_token(std::string_view token);
    void fail(std::string message);
    Step complete(std::string_view result);
    Step abandon(const char* why);
    Step unclosed(const char* why);
    void end_comment();
    void end_of_input();
    void save_text();
    void take_text();
    Lookahead tag_line_ahead() const;

    std::string buffer_;
    std::size_t pos_ = 0;
    bool finished_ = false;
    bool at_line_start_ = true;
    bool line_has_text_ = false;
    bool blank_line_ = false;  // a blank line was seen in the tag section
    bool skipping_ = false;    // after an error: read on to the end of the game, ignoring moves
    bool in_game_ = false;
    bool name_done_ = false;       // a space followed the tag name
    bool token_overflow_ = false;  // the token was longer than any move
    State state_ = State::Between;
    State return_state_ = State::Between;  // where a comment or skipped line returns to
    int variation_depth_ = 0;

    std::string token_;
    std::string tag_name_;
    std::string tag_value_;
    std::string comment_;  // the comment being read
    std::string error_text_;
    bool keep_text_ = false;
    bool text_too_long_ = false;
    std::size_t game_begin_ = 0;  // where the game being read starts in buffer_
    std::string kept_text_;       // its text that has left buffer_ already
    Position pos_now_;            // the position after the moves read so far
    PgnGame game_;
};

}  // namespace drawproxy::rules
