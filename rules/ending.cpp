#include "rules/ending.h"

#include <iterator>

namespace drawproxy::rules {

namespace {

// One row per ending. A column with two texts reads the first when the game was claimed (the
// Laws' claims) or won (the forfeits), the second otherwise.
struct Spelling {
    Termination termination;
    std::string_view word;
    std::string_view pgn_tag;
    bool event = false;  // an event rule or forfeit, shown apart from the Laws
    enum Split : std::uint8_t { None, ByClaim, ByResult } split = None;
    std::string_view category[2];
    std::string_view sentence[2];
    std::string_view meaning[2];
    std::string_view intended_meaning = {};  // a claim that named the move about to be played
    // fastchess's reason in its "Finished game" line ({winner}, {loser}: the colour) and its
    // PGN Termination tag. Its two texts split as the row does, or else by result (won, drawn).
    // The Laws' endings fastchess does not have carry their article in brackets; none may hold
    // the words its parsers count as forfeits ("disconnect", "stall", "on time", "timeout",
    // "illegal") unless it is that forfeit.
    std::string_view fastchess[2] = {};
    std::string_view fastchess_tag = {};
    // cutechess-cli 1.5's reason (its Result::description()) and Termination tag ("": none,
    // as it writes for the board's own endings). {move} is ": <the move>" of an illegal move,
    // {adjudication} the detail cutechess adds to an adjudication (": maximal game length",
    // ": SyzygyTB"). The texts split as fastchess's; the Laws' additions follow ": " or sit in
    // brackets, where cutechess-cli puts a description.
    std::string_view cutechess[2] = {};
    std::string_view cutechess_tag = {};
};

constexpr Spelling TABLE[] = {
    {Termination::Checkmate,
     "checkmate",
     "normal",
     false,
     Spelling::None,
     {"checkmate"},
     {"{winner} mates"},
     {"The king was in check and no legal move could get it out: the game is won."},
     {},
     {"{winner} mates"},
     "normal",
     {"{winner} mates"},
     ""},
    {Termination::Stalemate,
     "stalemate",
     "normal",
     false,
     Spelling::None,
     {"stalemate"},
     {"Draw: {rule}"},
     {"The player to move had no legal move and was not in check: a draw."},
     {},
     {"Draw by stalemate"},
     "normal",
     {"Draw by stalemate"},
     ""},
    {Termination::DeadPosition,
     "dead-position",
     "normal",
     false,
     Spelling::None,
     {"dead position"},
     {"Draw: {rule}"},
     {"Neither side could checkmate by any series of legal moves any more, so the game ended as a draw at "
      "once."},
     {},
     {"Draw by insufficient mating material", "Draw by dead position ({article})"},
     "normal",
     {"Draw by insufficient mating material", "Draw by dead position ({article})"},
     ""},
    {Termination::Fivefold,
     "fivefold",
     "normal",
     false,
     Spelling::None,
     {"fivefold"},
     {"Draw: {rule}"},
     {"The same position appeared for the fifth time: the game is drawn at once, nobody has to claim it."},
     {},
     {"Draw by 5-fold repetition ({article})"},
     "normal",
     {"Draw by 5-fold repetition ({article})"},
     ""},
    {Termination::SeventyFiveMoves,
     "seventy-five-moves",
     "normal",
     false,
     Spelling::None,
     {"75 moves"},
     {"Draw: {rule}"},
     {"Seventy-five moves by each side without a capture or a pawn move (the last move did not mate): the "
      "game is drawn at once, nobody has to claim it."},
     {},
     {"Draw by 75 moves rule ({article})"},
     "normal",
     {"Draw by 75 moves rule ({article})"},
     ""},
    {Termination::Threefold,
     "threefold",
     "normal",
     false,
     Spelling::ByClaim,
     {"threefold claimed", "threefold (automatic)"},
     {"Draw claimed: {rule}", "Draw: {rule}"},
     {"The same position (same side to move, same men on the same squares, same castling and en passant "
      "chances) had just appeared for the third time and the player to move claimed the draw; the claim "
      "was right.",
      "The same position came up for the third time and these rules end the game there."},
     "The player to move wrote down a move that makes the same position appear for the third time and "
     "claimed the draw before playing it; the claim was right.",
     {"Draw by 3-fold repetition, claimed ({article})", "Draw by 3-fold repetition"},
     "normal",
     {"Draw by 3-fold repetition, claimed ({article})", "Draw by 3-fold repetition"},
     ""},
    {Termination::FiftyMoves,
     "fifty-moves",
     "normal",
     false,
     Spelling::ByClaim,
     {"fifty moves claimed", "fifty moves (automatic)"},
     {"Draw claimed: {rule}", "Draw: {rule}"},
     {"Each side had made fifty moves without a capture or a pawn move and the player to move claimed the "
      "draw; the claim was right.",
      "Fifty moves by each side went by without a capture or a pawn move; these rules end the game there."},
     "The player to move wrote down a move that completes fifty moves by each side without a capture or a "
     "pawn move and claimed the draw; the claim was right.",
     {"Draw by fifty moves rule, claimed ({article})", "Draw by fifty moves rule"},
     "normal",
     {"Draw by fifty moves rule, claimed ({article})", "Draw by fifty moves rule"},
     ""},
    {Termination::Agreement,
     "agreement",
     "normal",
     false,
     Spelling::None,
     {"agreement"},
     {"Draw by agreement"},
     {"One player offered a draw and the other accepted it."},
     {},
     {"Draw by agreement"},
     "normal",
     {"Draw by agreement"},
     ""},
    {Termination::TimeForfeit,
     "time-forfeit",
     "time forfeit",
     false,
     Spelling::ByResult,
     {"flag fall won", "flag fall drawn"},
     {"{loser} loses on time", "Flag fell, opponent cannot checkmate"},
     {"A player ran out of time while the opponent could still checkmate: the game is lost.",
      "A player ran out of time, but the opponent could not checkmate by any series of legal moves, so the "
      "game is drawn instead of lost."},
     {},
     {"{loser} loses on time ({overrun}ms overrun)",
      "Draw, flag fell and the opponent cannot checkmate ({article})"},
     "time forfeit",
     {"{loser} loses on time", "Draw by timeout: the opponent cannot checkmate ({article})"},
     "time forfeit"},
    {Termination::IllegalMove,
     "illegal-move",
     "rules infraction",
     false,
     Spelling::ByResult,
     {"forfeit (illegal move)", "illegal move drawn"},
     {"{loser} makes an illegal move", "Illegal move, opponent cannot checkmate"},
     {"A player made an illegal move and loses the game.",
      "A player made an illegal move, but the opponent could not checkmate by any series of legal moves: a "
      "draw."},
     {},
     {"{loser} makes an illegal move", "Draw, illegal move and the opponent cannot checkmate ({article})"},
     "illegal move",
     {"{loser} makes an illegal move{move}",
      "Draw by illegal move{move}, the opponent cannot checkmate ({article})"},
     "illegal move"},
    {Termination::Crash,
     "crash",
     "rules infraction",
     true,
     Spelling::None,
     {"forfeit (crash)"},
     {"{loser} disconnects"},
     {"The engine's process ended during the game: it loses by forfeit (an event rule)."},
     {},
     {"{loser} disconnects"},
     "abandoned",
     {"{loser} disconnects"},
     "abandoned"},
    {Termination::Stall,
     "stall",
     "rules infraction",
     true,
     Spelling::None,
     {"forfeit (stall)"},
     {"{loser}'s connection stalls"},
     {"The engine stopped answering during the game: it loses by forfeit (an event rule)."},
     {},
     {"{loser}'s connection stalls"},
     "abandoned",
     {"{loser}'s connection stalls"},
     "stalled connection"},
    {Termination::Adjudication,
     "adjudication",
     "adjudication",
     true,
     Spelling::None,
     {"adjudication {article}"},
     {"{result} by adjudication: {article}"},
     {"An event rule, not the Laws, ended the game."},
     {},
     {"{winner} wins by adjudication{tablebase}", "Draw by adjudication{tablebase}"},
     "adjudication",
     {"{winner} wins by adjudication{adjudication}", "Draw by adjudication{adjudication}"},
     "adjudication"},
    {Termination::Resignation,
     "resignation",
     "normal",
     false,
     Spelling::None,
     {"resignation"},
     {"{loser} resigns"},
     {"A player resigned: the game is lost."},
     {},
     {"{loser} resigns"},
     "normal",
     {"{loser} resigns"},
     ""},
    {Termination::Unterminated,
     "unterminated",
     "unterminated",
     false,
     Spelling::None,
     {"forfeit (unterminated)"},
     {"Unterminated: the match was interrupted"},
     {"The game ended for a reason these reports do not explain."},
     {},
     {"Game interrupted"},
     "unterminated",
     {"No result"},
     "unterminated"},
};
static_assert(std::size(TABLE) == std::size_t(Termination::Unterminated) + 1);

// row() indexes the table by the enum: each row must sit at its own ending's place.
constexpr bool in_enum_order() {
    for (std::size_t i = 0; i < std::size(TABLE); ++i)
        if (std::size_t(TABLE[i].termination) != i) return false;
    return true;
}
static_assert(in_enum_order());

const Spelling& row(Termination t) { return TABLE[std::size_t(t)]; }

// Which of a row's two texts the game reads.
int variant(const Spelling& s, const EndingFacts& f) {
    if (s.split == Spelling::ByClaim) return f.claimed ? 0 : 1;
    if (s.split == Spelling::ByResult) return f.drawn ? 1 : 0;
    return 0;
}

struct RuleSpelling {
    EventRule rule;
    std::string_view word;
    std::string_view meaning;
};

constexpr RuleSpelling RULES[] = {
    {EventRule::DrawScore, "draw-score",
     "The event's rule ended the game as a draw: both scores had stayed near zero for the moves it asks "
     "(not a rule of the Laws)."},
    {EventRule::ResignScore, "resign-score",
     "The event's rule ended the game: the engines' scores had stayed beyond the resign threshold for the "
     "moves it asks (not a rule of the Laws)."},
    {EventRule::MaxMoves, "max-moves",
     "The event's rule ended the game as a draw when it reached its move limit (not a rule of the Laws)."},
    {EventRule::Tablebase, "tablebase",
     "The event's rule ended the game with the result the endgame tablebase gives (not a rule of the "
     "Laws)."},
};
static_assert(std::size(RULES) == std::size_t(EventRule::Tablebase) + 1);

constexpr bool rules_in_enum_order() {
    for (std::size_t i = 0; i < std::size(RULES); ++i)
        if (std::size_t(RULES[i].rule) != i) return false;
    return true;
}
static_assert(rules_in_enum_order());

}  // namespace

std::string_view termination_word(Termination t) { return row(t).word; }

std::optional<Termination> parse_termination(std::string_view word) {
    for (const Spelling& s : TABLE)
        if (s.word == word) return s.termination;
    return std::nullopt;
}

std::string_view event_rule_word(EventRule r) { return RULES[std::size_t(r)].word; }

std::optional<EventRule> parse_event_rule(std::string_view word) {
    for (const RuleSpelling& r : RULES)
        if (r.word == word) return r.rule;
    return std::nullopt;
}

Termination termination_of(Reason r) {
    switch (r) {
        case Reason::Threefold:
            return Termination::Threefold;
        case Reason::FiftyMoves:
            return Termination::FiftyMoves;
        case Reason::Fivefold:
            return Termination::Fivefold;
        case Reason::SeventyFiveMoves:
            return Termination::SeventyFiveMoves;
        case Reason::DeadPosition:
            return Termination::DeadPosition;
        case Reason::Stalemate:
            return Termination::Stalemate;
        case Reason::Checkmate:
            return Termination::Checkmate;
    }
    return Termination::Checkmate;
}

std::string_view pgn_termination(Termination t, Wording w) {
    switch (w) {
        case Wording::fastchess:
            return row(t).fastchess_tag;
        case Wording::cutechess:
            return row(t).cutechess_tag;
        default:
            return row(t).pgn_tag;
    }
}

namespace {

// Which of a runner's two reasons the game reads: a dead position by its material, a claim
// by whether it was claimed, the rest by whether it was drawn.
int runner_variant(Termination t, const Spelling& s, const EndingFacts& facts) {
    if (t == Termination::DeadPosition) return facts.insufficient_material ? 0 : 1;
    if (s.split == Spelling::ByClaim) return facts.claimed ? 0 : 1;
    return facts.drawn ? 1 : 0;
}

std::string_view either(const std::string_view (&texts)[2], int i) {
    return texts[i].empty() ? texts[0] : texts[i];
}

}  // namespace

std::string_view fastchess_reason(Termination t, const EndingFacts& facts) {
    const Spelling& s = row(t);
    return either(s.fastchess, runner_variant(t, s, facts));
}

std::string_view cutechess_reason(Termination t, const EndingFacts& facts) {
    const Spelling& s = row(t);
    return either(s.cutechess, runner_variant(t, s, facts));
}

bool is_event_ending(Termination t) { return row(t).event; }

std::string ending_category(std::optional<Termination> t, std::string_view word, std::string_view article,
                            const EndingFacts& facts) {
    if (!t) return "forfeit (" + std::string(word) + ")";
    const Spelling& s = row(*t);
    std::string_view text = s.category[variant(s, facts)];
    if (*t != Termination::Adjudication) return std::string(text);
    std::string out(text.substr(0, text.find('{')));
    return out + std::string(article);
}

std::string_view closing_sentence(Termination t, const EndingFacts& facts) {
    const Spelling& s = row(t);
    return s.sentence[variant(s, facts)];
}

std::string_view ending_meaning(std::optional<Termination> t, std::optional<EventRule> rule,
                                const EndingFacts& facts) {
    if (!t) return "The game ended for a reason these reports do not explain.";
    if (*t == Termination::Adjudication && rule) return RULES[std::size_t(*rule)].meaning;
    const Spelling& s = row(*t);
    if (s.split == Spelling::ByClaim && facts.claimed && facts.intended) return s.intended_meaning;
    return s.meaning[variant(s, facts)];
}

}  // namespace drawproxy::rules
