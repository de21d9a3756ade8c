// Judging an engine's answer to a probe against its expectation.
#include <algorithm>
#include <sstream>

#include "check/probes.h"
#include "rules/edition.h"
#include "rules/notation.h"

namespace drawproxy::check {
namespace {

bool contains(const std::vector<std::string>& v, std::string_view s) {
    return std::find(v.begin(), v.end(), s) != v.end();
}

std::string join(const std::vector<std::string>& v, std::string_view sep) {
    std::string out;
    for (const std::string& s : v) {
        if (!out.empty()) out += sep;
        out += s;
    }
    return out;
}

bool no_move(std::string_view m) { return m == "(none)" || m == "0000" || m.empty(); }

// Centipawns from the engine's side; mates count as +-100000.
int score_value(const uci::Score& s) {
    if (s.kind == uci::Score::Mate) return s.value > 0 ? 100000 : -100000;
    return s.value;
}

// Whether a printed claim (`info string drawproxy claim <reason> <article> [move <m>]`) is
// open under the Laws (fide-2023) at the probe's position; `why` says why not.
bool claim_allowed(const rules::Game& g, const rules::Verdict& verdict, const std::string& line,
                   const std::string& bestmove, std::string& why) {
    std::istringstream in(line);
    std::string info, string, drawproxy, claim, reason, article, word, move;
    in >> info >> string >> drawproxy >> claim >> reason >> article >> word >> move;
    const bool intended = word == "move";
    if (intended && move != bestmove) {  // the claim names the move the engine then plays
        why = "claim names " + move + " but the engine plays " + bestmove;
        return false;
    }
    for (const rules::Claim& c : verdict) {
        if (rules::reason_name(c.reason) != reason || c.intended != intended) continue;
        if (!intended) return true;
        const rules::Move m = rules::parse_uci_move(g.position(), move);
        if (m && c.moves.contains(m)) return true;
    }
    why = "claim not allowed here: " + line.substr(std::min(line.size(), std::size_t(12)));
    return false;
}

}  // namespace

std::string_view outcome_text(Outcome o) {
    switch (o) {
        case Outcome::Pass:
            return "pass";
        case Outcome::Fail:
            return "FAIL";
        case Outcome::NotApplicable:
            return "n/a";
    }
    return "?";
}

std::string score_text(const uci::Score& s) {
    switch (s.kind) {
        case uci::Score::Cp:
            return "cp " + std::to_string(s.value);
        case uci::Score::Mate:
            return "mate " + std::to_string(s.value);
        case uci::Score::None:
            return "-";
    }
    return "-";
}

std::string expectation_text(const Probe& p) {
    const Expectation& e = p.expect;
    std::vector<std::string> parts;
    if (e.finished) parts.push_back("prompt bestmove ((none)/0000 or legal), engine alive");
    if (!e.moves.empty()) parts.push_back(join(e.moves, "|"));
    if (!e.not_moves.empty()) parts.push_back("not " + join(e.not_moves, "|"));
    if (e.zeroing) parts.push_back("a capture or pawn move");
    switch (e.score) {
        case ScoreWanted::Any:
            break;
        case ScoreWanted::Draw:
            parts.push_back("|score| <= " + std::to_string(DRAW_MARGIN));
            break;
        case ScoreWanted::Losing:
            parts.push_back("score <= -" + std::to_string(CLEAR_MARGIN));
            break;
        case ScoreWanted::Winning:
            parts.push_back("score >= " + std::to_string(CLEAR_MARGIN));
            break;
        case ScoreWanted::MateFound:
            parts.push_back("mate score");
            break;
    }
    if (e.claims == ClaimWanted::Some) parts.push_back("a claim the Laws allow");
    if (e.claims == ClaimWanted::None) parts.push_back("no claim");
    return join(parts, ", ");
}

Judgement judge(const Probe& p, const Answer& a, bool claiming_engine) {
    const Expectation& e = p.expect;
    if (e.claims != ClaimWanted::Ignored && !claiming_engine)
        return {Outcome::NotApplicable, "the engine printed no drawproxy claim in any probe"};
    if (a.exited) return {Outcome::Fail, "the engine exited (status " + std::to_string(a.exit_status) + ")"};
    if (!a.answered) return {Outcome::Fail, "no bestmove, even after stop"};
    const rules::Game g = replay(p);
    const rules::Move m =
        no_move(a.bestmove) ? rules::Move::none() : rules::parse_uci_move(g.position(), a.bestmove);
    if (e.finished) {
        if (a.needed_stop) return {Outcome::Fail, "searched until stopped in a finished game"};
        if (!no_move(a.bestmove) && !m) return {Outcome::Fail, "illegal move " + a.bestmove};
        return {};
    }
    if (!m)
        return {Outcome::Fail,
                no_move(a.bestmove) ? "no move in a game that goes on" : "illegal move " + a.bestmove};
    if (e.claims != ClaimWanted::Ignored) {
        static const rules::Edition edition = rules::Edition::builtin(rules::Edition::DEFAULT_NAME);
        const rules::Verdict verdict = g.verdict(edition);
        std::string why;
        for (const std::string& c : a.claims)
            if (!claim_allowed(g, verdict, c, a.bestmove, why)) return {Outcome::Fail, why};
        if (e.claims == ClaimWanted::Some && a.claims.empty())
            return {Outcome::Fail, "no claim where one is open"};
        return {};
    }
    if (!e.moves.empty() && !contains(e.moves, a.bestmove)) return {Outcome::Fail, "move " + a.bestmove};
    if (contains(e.not_moves, a.bestmove)) return {Outcome::Fail, "move " + a.bestmove};
    if (e.zeroing && !g.position().is_zeroing(m))
        return {Outcome::Fail, "move " + a.bestmove + " does not reset the count"};
    const int v = score_value(a.score);
    const bool scored = a.score.kind != uci::Score::None;
    switch (e.score) {
        case ScoreWanted::Any:
            break;
        case ScoreWanted::Draw:
            if (!scored || std::abs(v) > DRAW_MARGIN) return {Outcome::Fail, "score " + score_text(a.score)};
            break;
        case ScoreWanted::Losing:
            if (!scored || v > -CLEAR_MARGIN) return {Outcome::Fail, "score " + score_text(a.score)};
            break;
        case ScoreWanted::Winning:
            if (!scored || v < CLEAR_MARGIN) return {Outcome::Fail, "score " + score_text(a.score)};
            break;
        case ScoreWanted::MateFound:
            if (a.score.kind != uci::Score::Mate || a.score.value <= 0)
                return {Outcome::Fail, "score " + score_text(a.score)};
            break;
    }
    return {};
}

}  // namespace drawproxy::check
