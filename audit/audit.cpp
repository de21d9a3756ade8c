// The audit of one recorded game: replay it under the edition, find the first automatic
// end and the first open claim, then weigh the recorded result against them.
#include "audit/audit.h"

#include "rules/ending.h"

#include <fmt/core.h>

#include "rules/notation.h"
#include "rules/winnability/winnability.h"

namespace drawproxy::audit {

namespace {

// Flag-fall checks search a little: enough for the endings where 6.9 matters, bounded so
// that a file of games stays fast.
constexpr std::uint64_t FLAG_FALL_NODES = 20000;

// Where `word` (lower case) first occurs in `text`, in any case; npos if nowhere.
std::size_t find_word(std::string_view text, std::string_view word) {
    if (word.size() > text.size()) return std::string_view::npos;
    for (std::size_t i = 0; i + word.size() <= text.size(); ++i) {
        std::size_t j = 0;
        while (j < word.size() && (text[i + j] | 0x20) == word[j]) ++j;
        if (j == word.size()) return i;
    }
    return std::string_view::npos;
}

bool contains(std::string_view text, std::string_view word) {
    return find_word(text, word) != std::string_view::npos;
}

// The texts cutechess-cli, fastchess and drawproxy put in the last move's comment. Only these
// are trusted there: a free-form comment ("Mate in 3 was missed") says nothing of the ending.
struct Phrase {
    std::string_view text;  // lower case
    RecordedEnd end;
};
constexpr Phrase ENDING_PHRASES[] = {
    {"loses on time", RecordedEnd::TimeForfeit},
    {"draw by timeout", RecordedEnd::TimeForfeit},
    {"by adjudication", RecordedEnd::Adjudication},
    {"draw by 3-fold repetition", RecordedEnd::Threefold},
    {"draw by fifty moves rule", RecordedEnd::FiftyMoves},
    {"draw by 50-move rule", RecordedEnd::FiftyMoves},
    {"draw by insufficient mating material", RecordedEnd::InsufficientMaterial},
    {"draw by insufficient material", RecordedEnd::InsufficientMaterial},
    {"draw by stalemate", RecordedEnd::Stalemate},
    {"draw by fivefold repetition", RecordedEnd::Fivefold},
    {"draw by 5-fold repetition", RecordedEnd::Fivefold},
    {"draw by 75-move rule", RecordedEnd::SeventyFiveMoves},
    {"draw by seventy-five", RecordedEnd::SeventyFiveMoves},
    {"draw by dead position", RecordedEnd::DeadPosition},
    {"flag fell", RecordedEnd::TimeForfeit},
    {"white mates", RecordedEnd::Checkmate},
    {"black mates", RecordedEnd::Checkmate},
    {"got checkmated", RecordedEnd::Checkmate},
    {"resigns", RecordedEnd::Resignation},
    {"by agreement", RecordedEnd::Agreement},
    {"illegal move", RecordedEnd::IllegalMove},
    {"disconnect", RecordedEnd::Abandoned},
    {"connection stalls", RecordedEnd::Abandoned},
    {"stalled connection", RecordedEnd::Abandoned},
};

RecordedEnd classify_comment(std::string_view comment) {
    // drawproxy: "Draw claimed: threefold 9.2.2", "Draw: fivefold 9.6.1" (a ResultRule after it).
    for (std::string_view lead : {std::string_view("draw claimed: "), std::string_view("draw: ")})
        if (std::size_t at = find_word(comment, lead); at != std::string_view::npos)
            if (RecordedEnd e = classify_result_rule(comment.substr(at + lead.size()));
                e != RecordedEnd::Unstated)
                return e;
    for (const Phrase& p : ENDING_PHRASES)
        if (contains(comment, p.text)) return p.end;
    return RecordedEnd::Unstated;
}

// The Termination tag: a word or two, in any tool's spelling.
RecordedEnd classify_tag(std::string_view t) {
    // The order matters: "Draw by adjudication: SyzygyTB" is an adjudication, and
    // "White loses on time" a flag fall, whatever else the text holds.
    if (contains(t, "on time") || contains(t, "time forfeit") || contains(t, "timeout") ||
        contains(t, "flag"))
        return RecordedEnd::TimeForfeit;
    if (contains(t, "adjudicat")) return RecordedEnd::Adjudication;
    // Before "repetition" and "fifty": "fivefold repetition", FIVEFOLD_REPETITION, SEVENTYFIVE_MOVES.
    if (contains(t, "fivefold") || contains(t, "five-fold") || contains(t, "five fold") ||
        contains(t, "5-fold"))
        return RecordedEnd::Fivefold;
    if (contains(t, "seventyfive") || contains(t, "seventy-five") || contains(t, "seventy five") ||
        contains(t, "75-move") || contains(t, "75 move"))
        return RecordedEnd::SeventyFiveMoves;
    if (contains(t, "dead position") || contains(t, "dead-position") || contains(t, "dead_position"))
        return RecordedEnd::DeadPosition;
    if (contains(t, "3-fold") || contains(t, "threefold") || contains(t, "repetition"))
        return RecordedEnd::Threefold;
    if (contains(t, "fifty") || contains(t, "50-move") || contains(t, "50 move"))
        return RecordedEnd::FiftyMoves;
    if (contains(t, "insufficient")) return RecordedEnd::InsufficientMaterial;
    if (contains(t, "stalemate")) return RecordedEnd::Stalemate;
    if (contains(t, "mate")) return RecordedEnd::Checkmate;
    if (contains(t, "resign")) return RecordedEnd::Resignation;
    if (contains(t, "agree")) return RecordedEnd::Agreement;
    if (contains(t, "illegal")) return RecordedEnd::IllegalMove;
    if (contains(t, "disconnect") || contains(t, "stall") || contains(t, "abandon") || contains(t, "crash"))
        return RecordedEnd::Abandoned;
    if (contains(t, "unterminated")) return RecordedEnd::Unfinished;
    return RecordedEnd::Unstated;
}

std::string reason_with_article(rules::Reason r, std::string_view article) {
    return fmt::format("{} {}", rules::reason_name(r), article);
}

bool is_decisive(std::string_view result) { return result == "1-0" || result == "0-1"; }

// The claim of the given kind open at `ply`, if any.
const rules::Claim* open_claim(const rules::Verdict& v, rules::Reason reason) {
    for (const rules::Claim& c : v)
        if (c.reason == reason && !c.intended) return &c;
    return nullptr;
}

// The intended-move claim of that kind open with `move`, if any.
const rules::Claim* open_intended_claim(const rules::Verdict& v, rules::Reason reason, rules::Move move) {
    for (const rules::Claim& c : v)
        if (c.reason == reason && c.intended && c.moves.contains(move)) return &c;
    return nullptr;
}

}  // namespace

std::string_view recorded_end_name(RecordedEnd e) {
    switch (e) {
        case RecordedEnd::Unstated:
            return "unstated";
        case RecordedEnd::Checkmate:
            return "checkmate";
        case RecordedEnd::Stalemate:
            return "stalemate";
        case RecordedEnd::Threefold:
            return "3-fold repetition";
        case RecordedEnd::FiftyMoves:
            return "fifty moves";
        case RecordedEnd::Fivefold:
            return "fivefold repetition";
        case RecordedEnd::SeventyFiveMoves:
            return "75 moves";
        case RecordedEnd::DeadPosition:
            return "dead position";
        case RecordedEnd::InsufficientMaterial:
            return "insufficient material";
        case RecordedEnd::TimeForfeit:
            return "time forfeit";
        case RecordedEnd::Adjudication:
            return "adjudication";
        case RecordedEnd::Resignation:
            return "resignation";
        case RecordedEnd::Agreement:
            return "agreement";
        case RecordedEnd::IllegalMove:
            return "illegal move";
        case RecordedEnd::Abandoned:
            return "abandoned";
        case RecordedEnd::Unfinished:
            return "unfinished";
    }
    return "?";
}

RecordedEnd classify_result_rule(std::string_view rule) {
    // The first word is the ending, as rules/ending.h spells it.
    while (!rule.empty() && rule.front() == ' ') rule.remove_prefix(1);
    const std::optional<rules::Termination> t =
        rules::parse_termination(rule.substr(0, rule.find_first_of(" \t,;)}")));
    if (!t) return RecordedEnd::Unstated;
    using rules::Termination;
    switch (*t) {
        case Termination::Checkmate:
            return RecordedEnd::Checkmate;
        case Termination::Stalemate:
            return RecordedEnd::Stalemate;
        case Termination::Threefold:
            return RecordedEnd::Threefold;
        case Termination::FiftyMoves:
            return RecordedEnd::FiftyMoves;
        case Termination::Fivefold:
            return RecordedEnd::Fivefold;
        case Termination::SeventyFiveMoves:
            return RecordedEnd::SeventyFiveMoves;
        case Termination::DeadPosition:
            return RecordedEnd::DeadPosition;
        case Termination::Agreement:
            return RecordedEnd::Agreement;
        case Termination::Adjudication:
            return RecordedEnd::Adjudication;
        case Termination::Resignation:
            return RecordedEnd::Resignation;
        case Termination::TimeForfeit:
            return RecordedEnd::TimeForfeit;
        case Termination::IllegalMove:
            return RecordedEnd::IllegalMove;
        case Termination::Crash:
        case Termination::Stall:
            return RecordedEnd::Abandoned;
        case Termination::Unterminated:
            return RecordedEnd::Unfinished;
    }
    return RecordedEnd::Unstated;
}

RecordedEnd classify_termination(const rules::PgnGame& game) {
    if (game.result == "*") return RecordedEnd::Unfinished;
    // drawproxy's own ResultRule tag says exactly how the game ended.
    if (RecordedEnd e = classify_result_rule(game.tag("ResultRule")); e != RecordedEnd::Unstated) return e;
    // cutechess-cli and fastchess say why at the last move ("..., Draw by 3-fold repetition");
    // the Termination tag is coarser ("adjudication", "time forfeit"; lichess "Normal").
    if (game.ply_count() > 0) {
        RecordedEnd e = classify_comment(game.comment(game.ply_count() - 1));
        if (e != RecordedEnd::Unstated) return e;
    }
    return classify_tag(game.tag("Termination"));
}

namespace {

// Replays the game, judging each position until it is over by itself. The first claim is
// looked for only until one is found; after that the cheaper automatic check suffices.
void replay(const rules::PgnGame& game, const rules::Edition& edition, rules::Game& g, GameAudit& a) {
    g.reset(game.start);
    for (int ply = 0;; ++ply) {
        if (!a.first_claim) {
            rules::Verdict v = g.verdict(edition, ply);
            if (v.result) {
                a.automatic_end =
                    AuditEnd{ply, v.result->score, v.result->reason, std::string(v.result->article)};
                break;
            }
            if (v.claim_count > 0)
                a.first_claim = AuditClaim{ply, v.claims[0].reason, std::string(v.claims[0].article)};
        } else if (auto r = g.automatic_result(edition, ply)) {
            a.automatic_end = AuditEnd{ply, r->score, r->reason, std::string(r->article)};
            break;
        }
        if (ply == a.plies) break;
        g.play(game.moves[ply]);
    }
    a.kept_plies = a.automatic_end ? a.automatic_end->ply : a.plies;
}

// The Laws ended the game by themselves at a.automatic_end: the record must say so.
void judge_automatic_end(GameAudit& a) {
    const bool unfinished = a.recorded == "*" || a.recorded.empty();
    const AuditEnd& end = *a.automatic_end;
    const std::string score(rules::score_text(end.score));
    const std::string how = reason_with_article(end.reason, end.article);
    a.corrected = score;
    a.result_rule = how;
    const int extra = a.plies - end.ply;
    if (!unfinished && a.recorded == score) {
        a.why = extra == 0
                    ? fmt::format("{} at ply {}", how, end.ply)
                    : fmt::format("{} at ply {}; {} more plies were played after it", how, end.ply, extra);
    } else {
        a.agrees = false;
        a.why = extra == 0 ? fmt::format("the final position ends the game: {} ({}), recorded {}", how, score,
                                         unfinished ? "unfinished" : a.recorded)
                           : fmt::format("the game went on past {} at ply {} ({} more plies): {} by the Laws",
                                         how, end.ply, extra, score);
    }
}

// A threefold or fifty-move draw (where the edition has no fivefold or 75-move rule, or they did
// not apply, those too needed a claim): the claim must have been open at the last position.
void judge_claimed_draw(const rules::Edition& edition, rules::Game& g, GameAudit& a) {
    const int last = a.plies;
    const bool threefold =
        a.recorded_end == RecordedEnd::Threefold || a.recorded_end == RecordedEnd::Fivefold;
    const rules::Reason reason = threefold ? rules::Reason::Threefold : rules::Reason::FiftyMoves;
    rules::Verdict v = g.verdict(edition, last);
    const rules::Claim* c = open_claim(v, reason);
    // drawproxy records a claim with the intended move ("threefold 9.2.1 move g1f3"),
    // the move itself unplayed: that claim must be open with that move.
    rules::Move intended;
    if (std::size_t at = a.recorded_rule.find(" move ");
        at != std::string::npos && classify_result_rule(a.recorded_rule) == a.recorded_end)
        intended =
            rules::parse_uci_move(g.position_at(last), std::string_view(a.recorded_rule).substr(at + 6));
    if (intended) c = open_intended_claim(v, reason, intended);
    if (c && a.recorded == "1/2-1/2") {
        a.result_rule = reason_with_article(reason, c->article);
        if (intended) a.result_rule += fmt::format(" move {}", rules::to_uci(g.position_at(last), intended));
        a.why = fmt::format("{} under the Laws needed a claim ({} open at ply {})",
                            recorded_end_name(a.recorded_end), c->article, last);
    } else {
        a.agrees = false;
        a.corrected = "*";
        a.why = c ? fmt::format("{} gives a draw, not {}", recorded_end_name(a.recorded_end), a.recorded)
                  : fmt::format("recorded as {}, but no {} claim is open at ply {}",
                                recorded_end_name(a.recorded_end), rules::reason_name(reason), last);
    }
}

// 6.9: the flag fall loses only if the opponent could still checkmate.
void judge_flag_fall(const rules::Edition& edition, rules::Game& g, GameAudit& a) {
    const int last = a.plies;
    if (!is_decisive(a.recorded)) {
        a.why = "flag fall recorded as a draw";
        return;
    }
    const rules::Color winner = a.recorded == "1-0" ? rules::WHITE : rules::BLACK;
    const auto r = rules::winnability::can_checkmate(g.position_at(last), winner,
                                                     {FLAG_FALL_NODES, /*want_witness=*/false});
    const std::string_view side = winner == rules::WHITE ? "White" : "Black";
    a.result_rule = fmt::format("{} {}", rules::termination_word(rules::Termination::TimeForfeit),
                                edition.articles.flag_fall);
    if (r.outcome == rules::winnability::Outcome::Unwinnable) {
        a.agrees = false;
        a.corrected = "1/2-1/2";
        a.why = fmt::format("flag fall, but {} cannot checkmate: a draw under {}", side,
                            edition.articles.flag_fall);
    } else {
        a.why = fmt::format("flag fall; {} {} still checkmate", side,
                            r.outcome == rules::winnability::Outcome::Winnable ? "could" : "may");
    }
}

// Endings Articles 5 and 9 do not decide (agreement, adjudication, resignation, none stated).
void judge_other_end(const rules::Edition& edition, rules::Game& g, GameAudit& a) {
    const int last = a.plies;
    a.why = fmt::format("{}: not an ending Articles 5 and 9 decide", a.recorded_end == RecordedEnd::Unstated
                                                                         ? "no automatic ending"
                                                                         : recorded_end_name(a.recorded_end));
    if (a.recorded_end == RecordedEnd::Agreement)
        a.result_rule = fmt::format("{} {}", rules::termination_word(rules::Termination::Agreement),
                                    edition.articles.agreement);
    // A draw that does not say why (lichess writes "Normal") may have been a claim.
    if (a.recorded == "1/2-1/2") {
        rules::Verdict v = g.verdict(edition, last);
        if (v.claim_count > 0)
            a.why += fmt::format("; a {} claim ({}) was open at the last position",
                                 rules::reason_name(v.claims[0].reason), v.claims[0].article);
    }
}

}  // namespace

GameAudit audit_game(const rules::PgnGame& game, const rules::Edition& edition, rules::Game& g) {
    GameAudit a;
    a.game = game.number;
    a.white = game.tag("White");
    a.black = game.tag("Black");
    a.recorded = game.result;
    a.recorded_end = classify_termination(game);
    a.recorded_rule = game.tag("ResultRule");
    a.plies = game.ply_count();
    replay(game, edition, g, a);
    if (a.automatic_end) {
        judge_automatic_end(a);
        return a;
    }
    // The Laws did not end the game by themselves: the record's own reason must hold up.
    a.corrected = a.recorded.empty() ? "*" : a.recorded;
    switch (a.recorded_end) {
        case RecordedEnd::Threefold:
        case RecordedEnd::Fivefold:
        case RecordedEnd::FiftyMoves:
        case RecordedEnd::SeventyFiveMoves:
            judge_claimed_draw(edition, g, a);
            break;
        case RecordedEnd::Checkmate:
        case RecordedEnd::Stalemate:
        case RecordedEnd::DeadPosition:
        case RecordedEnd::InsufficientMaterial:
            a.agrees = false;
            a.corrected = "*";
            a.why = fmt::format("recorded as {}, but the position at ply {} does not end the game",
                                recorded_end_name(a.recorded_end), a.plies);
            break;
        case RecordedEnd::TimeForfeit:
            judge_flag_fall(edition, g, a);
            break;
        case RecordedEnd::Unfinished:
            a.why = "unfinished; the Laws did not end it";
            break;
        default:
            judge_other_end(edition, g, a);
            break;
    }
    return a;
}

}  // namespace drawproxy::audit
