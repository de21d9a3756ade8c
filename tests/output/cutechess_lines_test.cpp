// cutechess-cli 1.5's "Finished game" reasons, PGN Termination tags and per-player outcome
// list, word for word as its Result::description(), its board's and its adjudicator's texts
// spell them, and the Laws' endings it does not have in its style.
#include <catch2/catch.hpp>

#include "output/cutechess_lines.h"
#include "output/pgn.h"
#include "output/report.h"
#include "rules/notation.h"

using namespace drawproxy;
using namespace drawproxy::output;
using rules::Score;
using rules::Termination;

namespace {

GameRecord cc_game(Termination t, Score s, std::string article = "", bool claimed = false,
                   std::string_view fen = rules::Position::START_FEN) {
    GameRecord g;
    g.number = 3;
    g.white = "A";
    g.black = "B";
    g.start = rules::Position::from_fen(fen);
    g.outcome.termination = t;
    g.outcome.score = s;
    g.outcome.article = std::move(article);
    g.outcome.claimed = claimed;
    return g;
}

std::string cc_line(const GameRecord& g) {
    return Report::runner_finished_line(g, rules::Wording::cutechess);
}

std::string cc_reason(const GameRecord& g) {
    const std::string line = cc_line(g);
    return line.substr(line.find('{'));
}

}  // namespace

TEST_CASE("cutechess-cli's Finished lines: its reasons for every ending", "[match][output]") {
    CHECK(cc_line(cc_game(Termination::Checkmate, Score::WhiteWins, "5.1.1")) ==
          "Finished game 3 (A vs B): 1-0 {White mates}");
    CHECK(cc_reason(cc_game(Termination::Checkmate, Score::BlackWins)) == "{Black mates}");
    CHECK(cc_reason(cc_game(Termination::Stalemate, Score::Draw)) == "{Draw by stalemate}");
    CHECK(cc_reason(cc_game(Termination::DeadPosition, Score::Draw, "5.2.2", false,
                            "8/8/4k3/8/8/3NK3/8/8 w - - 0 1")) == "{Draw by insufficient mating material}");
    CHECK(cc_reason(cc_game(Termination::Threefold, Score::Draw, "9.2")) == "{Draw by 3-fold repetition}");
    CHECK(cc_reason(cc_game(Termination::FiftyMoves, Score::Draw, "9.3")) == "{Draw by fifty moves rule}");
    CHECK(cc_reason(cc_game(Termination::Agreement, Score::Draw, "9.1.2")) == "{Draw by agreement}");
    CHECK(cc_reason(cc_game(Termination::TimeForfeit, Score::BlackWins, "6.9")) == "{White loses on time}");
    GameRecord illegal = cc_game(Termination::IllegalMove, Score::WhiteWins, "7.5.5");
    illegal.outcome.move = "e7e4";
    CHECK(cc_reason(illegal) == "{Black makes an illegal move: e7e4}");
    CHECK(cc_reason(cc_game(Termination::Crash, Score::WhiteWins, "forfeit")) == "{Black disconnects}");
    CHECK(cc_reason(cc_game(Termination::Stall, Score::BlackWins, "forfeit")) ==
          "{White's connection stalls}");
    CHECK(cc_reason(cc_game(Termination::Adjudication, Score::Draw, "draw-score")) ==
          "{Draw by adjudication}");
    CHECK(cc_reason(cc_game(Termination::Adjudication, Score::WhiteWins, "resign-score")) ==
          "{White wins by adjudication}");
    CHECK(cc_reason(cc_game(Termination::Adjudication, Score::Draw, "max-moves")) ==
          "{Draw by adjudication: maximal game length}");
    CHECK(cc_reason(cc_game(Termination::Adjudication, Score::BlackWins, "tablebase")) ==
          "{Black wins by adjudication: SyzygyTB}");
    CHECK(cc_reason(cc_game(Termination::Adjudication, Score::Draw, "tablebase")) ==
          "{Draw by adjudication: SyzygyTB}");
    CHECK(cc_reason(cc_game(Termination::Resignation, Score::WhiteWins)) == "{Black resigns}");
    CHECK(cc_line(cc_game(Termination::Unterminated, Score::Draw)) ==
          "Finished game 3 (A vs B): * {No result}");
}

TEST_CASE("cutechess-cli's words for the Laws' own endings keep its grammar and its draw classes",
          "[match][output]") {
    // cutechess-cli appends a description after ": "; its outcome list sorts draws by the words
    // "repetition", "moves rule", "material", "stalemate" in the reason.
    CHECK(cc_reason(cc_game(Termination::Threefold, Score::Draw, "9.2.2", true)) ==
          "{Draw by 3-fold repetition, claimed (9.2.2)}");
    CHECK(cc_reason(cc_game(Termination::FiftyMoves, Score::Draw, "9.3.1", true)) ==
          "{Draw by fifty moves rule, claimed (9.3.1)}");
    CHECK(cc_reason(cc_game(Termination::Fivefold, Score::Draw, "9.6.1")) ==
          "{Draw by 5-fold repetition (9.6.1)}");
    CHECK(cc_reason(cc_game(Termination::SeventyFiveMoves, Score::Draw, "9.6.2")) ==
          "{Draw by 75 moves rule (9.6.2)}");
    CHECK(cc_reason(cc_game(Termination::DeadPosition, Score::Draw, "9.7")) ==
          "{Draw by dead position (9.7)}");
    // A flag fall against a side that cannot mate: cutechess-cli's own "Draw by timeout".
    CHECK(cc_reason(cc_game(Termination::TimeForfeit, Score::Draw, "6.9")) ==
          "{Draw by timeout: the opponent cannot checkmate (6.9)}");
    GameRecord illegal = cc_game(Termination::IllegalMove, Score::Draw, "7.5.5");
    illegal.outcome.move = "a1a1";
    CHECK(cc_reason(illegal) == "{Draw by illegal move: a1a1, the opponent cannot checkmate (7.5.5)}");
}

TEST_CASE("cutechess-cli's PGN Termination tags: none for the board's endings", "[match][output]") {
    const auto tag = [](Termination t) {
        return std::string(rules::pgn_termination(t, rules::Wording::cutechess));
    };
    for (Termination t : {Termination::Checkmate, Termination::Stalemate, Termination::DeadPosition,
                          Termination::Threefold, Termination::FiftyMoves, Termination::Fivefold,
                          Termination::SeventyFiveMoves, Termination::Agreement, Termination::Resignation})
        CHECK(tag(t).empty());
    CHECK(tag(Termination::TimeForfeit) == "time forfeit");
    CHECK(tag(Termination::IllegalMove) == "illegal move");
    CHECK(tag(Termination::Crash) == "abandoned");
    CHECK(tag(Termination::Stall) == "stalled connection");
    CHECK(tag(Termination::Adjudication) == "adjudication");
    CHECK(tag(Termination::Unterminated) == "unterminated");
}

TEST_CASE("cutechess-cli's outcome list: per player, reasons sorted, Win:/Loss: for decisive games",
          "[match][output]") {
    OutcomeTally tally({"A", "B", "C"});
    tally.add(0, 1, cc_game(Termination::Checkmate, Score::WhiteWins), rules::Wording::cutechess);
    tally.add(1, 0, cc_game(Termination::Checkmate, Score::WhiteWins), rules::Wording::cutechess);
    tally.add(0, 1, cc_game(Termination::Stalemate, Score::Draw), rules::Wording::cutechess);
    tally.add(1, 0, cc_game(Termination::TimeForfeit, Score::BlackWins, "6.9"), rules::Wording::cutechess);
    tally.add(0, 1, cc_game(Termination::Unterminated, Score::Draw), rules::Wording::cutechess);
    tally.add(0, 7, cc_game(Termination::Stalemate, Score::Draw),
              rules::Wording::cutechess);  // no such engine
    CHECK(tally.text() ==
          "\nPlayer: A"
          "\n   \"Draw by stalemate\": 1"
          "\n   \"Loss: White mates\": 1"
          "\n   \"No result\": 1"
          "\n   \"Win: White loses on time\": 1"
          "\n   \"Win: White mates\": 1"
          "\nPlayer: B"
          "\n   \"Draw by stalemate\": 1"
          "\n   \"Loss: White loses on time\": 1"
          "\n   \"Loss: White mates\": 1"
          "\n   \"No result\": 1"
          "\n   \"Win: White mates\": 1"
          "\nPlayer: C");
}
