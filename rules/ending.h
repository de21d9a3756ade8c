#pragma once
// How a game ends: the kinds of ending (python-chess's Termination, with the endings a match
// adds: agreement, forfeits, the event's adjudication, an interrupted game) and the one table
// that spells each of them for every output: the word of ResultRule, the JSON summary and the
// live lines; the PGN Termination tag; the results table's row; the PGN's closing sentence; and
// what the HTML pages say it means. A new ending is a row here and nothing else to spell.
// (In rules/ because the audit and the HTML pages read endings too, and they may use only rules/.)
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "rules/game.h"

namespace drawproxy::rules {

enum class Termination : std::uint8_t {
    Checkmate,         // 5.1.1
    Stalemate,         // 5.2.1
    DeadPosition,      // 5.2.2 (9.7, 9.6 in older editions)
    Fivefold,          // 9.6.1
    SeventyFiveMoves,  // 9.6.2
    Threefold,         // 9.2, claimed (or automatic under the computer rules)
    FiftyMoves,        // 9.3, likewise
    Agreement,         // 9.1
    TimeForfeit,       // 6.9
    IllegalMove,       // 7.5.5
    Crash,             // the engine's process died: a forfeit (an event rule)
    Stall,             // the engine stopped answering: a forfeit (an event rule)
    Adjudication,      // -draw, -resign, -maxmoves, -tb: the event's rules, not the Laws
    Resignation,       // a player resigned (an xboard engine's `resign`)
    Unterminated,      // the match was interrupted: no result
};

// The event's adjudication rules, the "article" of an adjudicated game.
enum class EventRule : std::uint8_t { DrawScore, ResignScore, MaxMoves, Tablebase };

// "checkmate", "threefold", "time-forfeit", ... (ResultRule, JSON "reason", live lines).
std::string_view termination_word(Termination t);
std::optional<Termination> parse_termination(std::string_view word);
// "draw-score", "resign-score", "max-moves", "tablebase".
std::string_view event_rule_word(EventRule r);
std::optional<EventRule> parse_event_rule(std::string_view word);

Termination termination_of(Reason r);

// Whose words an output uses for endings: drawproxy's own, fastchess's or cutechess-cli's.
enum class Wording : std::uint8_t { drawproxy, fastchess, cutechess };

// The PGN Termination tag: drawproxy's "normal", "time forfeit", "rules infraction",
// "adjudication", "unterminated" (the PGN standard's words); fastchess's "abandoned" for a crash
// or a stall and "illegal move" (OpenBench's client reads them); cutechess-cli 1.5's "abandoned",
// "stalled connection", "illegal move", ... and none ("") for the board's own endings.
std::string_view pgn_termination(Termination t, Wording w = Wording::drawproxy);
// The event's, not the Laws': adjudication and the forfeits of a crash or a stall.
bool is_event_ending(Termination t);

// What a finished game is, beyond its kind of ending: the row of the results table and the
// sentences depend on it.
struct EndingFacts {
    bool claimed = false;   // a draw a player claimed (9.2, 9.3)
    bool intended = false;  // ... in the form that names the move about to be played
    bool drawn = false;     // the result is a draw
    // A dead position of bare material (fastchess's only dead position): the final position's.
    bool insufficient_material = false;
};

// The results table's row: "threefold claimed", "75 moves", "flag fall won", ...; an
// adjudication's is "adjudication <rule>" (`article`), an unknown word's "forfeit (<word>)".
std::string ending_category(std::optional<Termination> t, std::string_view word, std::string_view article,
                            const EndingFacts& facts);

// fastchess's reason in its "Finished game" line, with `{winner}`, `{loser}` (White, Black),
// `{article}` and `{tablebase}` (": SyzygyTB" for a tablebase adjudication, else nothing) to fill
// in: "{winner} mates", "Draw by 3-fold repetition", "{loser} disconnects", ...
std::string_view fastchess_reason(Termination t, const EndingFacts& facts);
// cutechess-cli's reason in its "Finished game" line and the PGN's last comment, with the same
// fields and `{move}` (": <the illegal move>", or nothing) and `{adjudication}` (": maximal game
// length", ": SyzygyTB", or nothing): "{winner} mates", "{loser}'s connection stalls", ...
std::string_view cutechess_reason(Termination t, const EndingFacts& facts);

// The PGN's closing sentence, with `{winner}` (White, Black), `{loser}` (the loser's name),
// `{result}` (Draw, White wins, Black wins), `{article}` and `{rule}` (the ResultRule text) to
// fill in: "{loser} loses on time", "Draw claimed: {rule}", ...
std::string_view closing_sentence(Termination t, const EndingFacts& facts);

// Appends `text` to `out` with each `{field}` replaced by `value(field)` (a string_view): the
// one way the spellings above are filled in.
template <class Value>
void fill_fields(std::string_view text, std::string& out, Value&& value) {
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t open = text.find('{', at);
        out += text.substr(at, open - at);
        if (open == std::string_view::npos) break;
        const std::size_t close = text.find('}', open);
        out += value(text.substr(open + 1, close - open - 1));
        at = close + 1;
    }
}

// What the ending means, in one plain line of the project's own words (not the FIDE text), for
// the HTML pages; `rule` is an adjudication's rule, if known. nullopt `t`: an ending these
// reports do not know.
std::string_view ending_meaning(std::optional<Termination> t, std::optional<EventRule> rule,
                                const EndingFacts& facts);

}  // namespace drawproxy::rules
