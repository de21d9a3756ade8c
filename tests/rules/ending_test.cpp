// The one spelling table of endings: every word reads back as its ending, the Laws' reasons
// keep their words, and each output's spelling of an ending comes from the same row.
#include <catch2/catch.hpp>
#include <set>

#include "rules/ending.h"

using namespace drawproxy;
using namespace drawproxy::rules;

namespace {

constexpr Termination ALL[] = {Termination::Checkmate,
                               Termination::Stalemate,
                               Termination::DeadPosition,
                               Termination::Fivefold,
                               Termination::SeventyFiveMoves,
                               Termination::Threefold,
                               Termination::FiftyMoves,
                               Termination::Agreement,
                               Termination::TimeForfeit,
                               Termination::IllegalMove,
                               Termination::Crash,
                               Termination::Stall,
                               Termination::Adjudication,
                               Termination::Resignation,
                               Termination::Unterminated};

}  // namespace

TEST_CASE("every ending's word reads back as that ending, and no two endings share a word",
          "[rules][ending]") {
    std::set<std::string_view> words;
    for (Termination t : ALL) {
        const std::string_view w = termination_word(t);
        INFO(w);
        CHECK(parse_termination(w) == t);
        CHECK(words.insert(w).second);
    }
    CHECK(!parse_termination("resigns"));
    CHECK(!parse_termination(""));
    CHECK(!parse_termination("Checkmate"));  // the words are exact, as the JSON and PGN hold them
    for (EventRule r :
         {EventRule::DrawScore, EventRule::ResignScore, EventRule::MaxMoves, EventRule::Tablebase})
        CHECK(parse_event_rule(event_rule_word(r)) == r);
    CHECK(!parse_event_rule("draw"));
}

TEST_CASE("the Laws' reasons keep the words ResultRule has always used", "[rules][ending]") {
    const std::pair<Reason, std::string_view> words[] = {
        {Reason::Threefold, "threefold"},        {Reason::FiftyMoves, "fifty-moves"},
        {Reason::Fivefold, "fivefold"},          {Reason::SeventyFiveMoves, "seventy-five-moves"},
        {Reason::DeadPosition, "dead-position"}, {Reason::Stalemate, "stalemate"},
        {Reason::Checkmate, "checkmate"}};
    for (const auto& [reason, word] : words) {
        CHECK(reason_name(reason) == word);
        CHECK(parse_termination(word) == termination_of(reason));
    }
}

TEST_CASE("each output spells an ending from its row", "[rules][ending]") {
    CHECK(pgn_termination(Termination::Checkmate) == "normal");
    CHECK(pgn_termination(Termination::TimeForfeit) == "time forfeit");
    CHECK(pgn_termination(Termination::Stall) == "rules infraction");
    CHECK(pgn_termination(Termination::Unterminated) == "unterminated");
    CHECK(is_event_ending(Termination::Crash));
    CHECK(is_event_ending(Termination::Adjudication));
    CHECK(!is_event_ending(Termination::IllegalMove));

    // The results table's rows: claimed or automatic, won or drawn, the adjudication's rule.
    CHECK(ending_category(Termination::Threefold, {}, {}, {true, false, true}) == "threefold claimed");
    CHECK(ending_category(Termination::Threefold, {}, {}, {false, false, true}) == "threefold (automatic)");
    CHECK(ending_category(Termination::TimeForfeit, {}, {}, {false, false, true}) == "flag fall drawn");
    CHECK(ending_category(Termination::TimeForfeit, {}, {}, {false, false, false}) == "flag fall won");
    CHECK(ending_category(Termination::Adjudication, "adjudication", "max-moves", {}) ==
          "adjudication max-moves");
    CHECK(ending_category(std::nullopt, "abandoned", {}, {}) == "forfeit (abandoned)");

    // The PGN's sentences and the HTML meanings pick the same variant as the row.
    CHECK(closing_sentence(Termination::IllegalMove, {false, false, true}) ==
          "Illegal move, opponent cannot checkmate");
    CHECK(closing_sentence(Termination::FiftyMoves, {true, false, true}) == "Draw claimed: {rule}");
    CHECK(ending_meaning(Termination::Adjudication, EventRule::Tablebase, {}) !=
          ending_meaning(Termination::Adjudication, std::nullopt, {}));
    CHECK(ending_meaning(Termination::Threefold, std::nullopt, {true, true, true}) !=
          ending_meaning(Termination::Threefold, std::nullopt, {true, false, true}));
    CHECK(ending_meaning(std::nullopt, std::nullopt, {}) ==
          ending_meaning(Termination::Unterminated, {}, {}));
}
