#pragma once
// The probes of `drawproxy check`: each a position with its history (the words of a UCI
// `position` command) and what a correct engine must answer there. Pure data and pure
// judging: no processes (the driver is check/runner.h). Why each expectation is what the
// Laws ask of a correct engine is written beside each probe in probes.cpp.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/game.h"
#include "uci/engine_message.h"

namespace drawproxy::check {

// Margins, in centipawns from the engine's side. A draw the engine has seen is 0 (or a
// point or two of contempt noise); a position it evaluates without seeing the draw shows
// the material: the probes keep at least three pawns between the two.
inline constexpr int DRAW_MARGIN = 30;    // |score| <= 30: scored as a draw
inline constexpr int CLEAR_MARGIN = 150;  // score <= -150 (or >= 150): clearly not a draw

enum class ScoreWanted { Any, Draw, Losing, Winning, MateFound };
enum class ClaimWanted { Ignored, Some, None };  // for engines that claim by themselves

struct Expectation {
    ScoreWanted score = ScoreWanted::Any;
    std::vector<std::string> moves{};      // bestmove must be one of these (empty: any legal move)
    std::vector<std::string> not_moves{};  // bestmove must not be one of these
    bool zeroing = false;                  // bestmove must be a capture or a pawn move
    bool finished = false;                 // the game is over: any prompt answer, the engine survives
    ClaimWanted claims = ClaimWanted::Ignored;
};

struct Probe {
    std::string name;      // e.g. "repetition-history"
    std::string group;     // probes that share a feature: "claims" and "chess960" can be n/a
    std::string position;  // after `position `: "startpos moves ..." or "fen <FEN> moves ..."
    bool chess960 = false;
    Expectation expect;
    std::string summary;  // one line: what is checked and under which article
};

// Every probe, in report order.
const std::vector<Probe>& probes();
const Probe* find_probe(std::string_view name);

// The probe's game replayed by drawproxy's own rules (throws std::invalid_argument if the
// probe text is not a legal game: a defect of the probe table, caught by the tests).
rules::Game replay(const Probe& p);

// What the engine did for one probe.
struct Answer {
    bool answered = false;     // a bestmove line arrived
    bool needed_stop = false;  // ... only after the hard timeout sent `stop`
    bool exited = false;       // the engine exited (or was killed) during the probe
    int exit_status = 0;
    std::string bestmove;             // as written ("(none)", "0000", "e2e4", ...)
    uci::Score score;                 // the last score of the main line before bestmove
    std::vector<std::string> claims;  // `info string drawproxy claim ...` lines, as printed
    double seconds = 0;               // from `go` to `bestmove`
};

enum class Outcome { Pass, Fail, NotApplicable };
std::string_view outcome_text(Outcome o);  // "pass", "FAIL", "n/a"

struct Judgement {
    Outcome outcome = Outcome::Pass;
    std::string reason;  // why it failed (empty on pass)
};

// Judges one answer against the probe's expectation, using drawproxy's judge for the facts
// (legal moves, zeroing moves, the claims open under fide-2023). `claiming_engine`: the
// engine printed a drawproxy claim somewhere in this run, so the claim probes apply to it.
Judgement judge(const Probe& p, const Answer& a, bool claiming_engine);

// The expectation in words, for the card: "h1g1, |score| <= 30".
std::string expectation_text(const Probe& p);
// The engine's score in words: "cp -12", "mate 3", "-".
std::string score_text(const uci::Score& s);

}  // namespace drawproxy::check
