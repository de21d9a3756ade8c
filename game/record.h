#pragma once
// What one finished game leaves behind: how it ended, the moves with their comments, and
// the facts the PGN writer and the report need. Plain data.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "game/time_control.h"
#include "rules/ending.h"
#include "rules/game.h"
#include "rules/types.h"

namespace drawproxy::game {

// How a game ended: its kind of ending (rules/ending.h spells it) and its result, as
// python-chess's Outcome{termination, winner}, with what the record says beside them.
struct Outcome {
    rules::Termination termination = rules::Termination::Unterminated;  // no result yet
    rules::Score score = rules::Score::Draw;
    std::string article;          // "9.2.2", "6.9", ...; "forfeit" for crash and stall; the rule of an
                                  // adjudication ("draw-score", ...)
    std::string move;             // the claimed intended move, or the illegal move's text
    std::int64_t overrun_ms = 0;  // a flag fall: how far past the time allowed the move came
    bool claimed = false;         // ended by a player's claim (9.2, 9.3)
    std::string loser_name;       // filled by the runner, for messages

    // The ending's word: "threefold", "time-forfeit", ... (ResultRule, JSON, live lines).
    std::string_view word() const { return rules::termination_word(termination); }
    // "<word> <article>[ move <uci>]", the ResultRule tag.
    std::string rule_text() const;
    // Stopped by Ctrl-C (SIGINT/SIGTERM): no result, PGN `*`, not scored.
    bool unterminated() const { return termination == rules::Termination::Unterminated; }
    // What rules/ending.h's sentences and rows depend on.
    rules::EndingFacts facts() const;
    // The PGN result: "1-0", "0-1", "1/2-1/2", or "*" when unterminated.
    std::string result_text() const;
};

// The bucket a result falls in for the table of results by reason.
std::string outcome_category(const Outcome& o);

struct PlyRecord {
    rules::Move move;
    bool book = false;
    bool has_score = false;
    bool mate = false;
    int score = 0;  // centipawns, or moves to mate (signed), from the mover's view
    int depth = 0;
    std::int64_t time_ms = 0;
    bool offered_draw = false;
    std::vector<std::string> notes;  // claims, refused agreements, penalties at this move
    // fastchess's -pgnout keys (game/search_facts.h): filled only when one of them asks.
    std::int64_t nodes = 0, seldepth = 0, nps = 0, hashfull = 0, tbhits = 0;
    std::int64_t latency_ms = 0;     // from go to bestmove, less the engine's last reported time
    std::int64_t timeleft_ms = 0;    // the mover's clock after the move
    std::string pv;                  // the last scored info line's pv, UCI moves
    std::vector<std::string> lines;  // per match_line regex that matched, the last line
};

struct GameRecord {
    int number = 0;  // 1-based, in schedule order
    int round = 1;
    std::string white, black;
    // White's and Black's places among the match's engines (-1: not known); two engines may
    // share a name, as cutechess-cli allows.
    int players[2] = {-1, -1};
    std::string event = "?";
    std::string site = "?";
    std::string time_control;  // PGN TimeControl tag text
    TimeControl tc[2];         // by colour: the clocks (fastchess's and cutechess-cli's PGN tags spell them)
    // The players' clocks or node or depth limits differ: cutechess-cli's PGN then has a time
    // control tag for each colour (its time controls hold the limits).
    bool limits_differ = false;
    std::string rules;  // edition name
    rules::Position start;
    bool from_fen = false;
    std::vector<PlyRecord> plies;
    // Notes after the last move (a claim whose intended move was not played, a flag fall).
    std::vector<std::string> final_notes;
    Outcome outcome;
    int incorrect_claims[2] = {0, 0};  // by colour
    std::string date;                  // YYYY.MM.DD
    std::int64_t wall_ms = 0;          // from the runner's start (engines asked for readiness) to the end
    // The PGN's GameStartTime/GameEndTime (milliseconds since the epoch: cutechess-cli writes
    // them) and fastchess's GameDuration (from both engines ready to the end, as fastchess times
    // its game loop).
    std::int64_t started_at_ms = 0, ended_at_ms = 0, play_ms = 0;
    // Not empty when an engine process died during the game ("engine 'X' exited with status N").
    std::string crash;
    // Not empty when an engine never became ready (no uciok/readyok in time, or it exited): the
    // game was not played and is not scored; says what the engine did.
    std::string startup_failure;
    // Lost by an engine found dead or mute as the game was readied (fastchess's dialect): fastchess
    // then names the side to move, not the loser, in its reason.
    bool lost_before_play = false;
    // fastchess's format: its "Warning; ..." lines about the engines' output, in order.
    std::vector<std::string> warnings;

    // The side to move after the last ply.
    rules::Color to_move() const {
        return plies.size() % 2 == 0 ? start.side_to_move() : ~start.side_to_move();
    }
};

}  // namespace drawproxy::game
