// cutechess-cli 1.5's PGN (its PgnGame::write and ChessGame's move comments): the roster, the
// other tags in name order, Termination only for the endings it names, the moves numbered from 1
// and wrapped by unit before column 80, one comment per move with the ending's reason added to
// the last. The expected texts are a real cutechess-cli 1.5.1 game's layout with this game's moves.
#include <catch2/catch.hpp>

#include "output/cutechess_pgn.h"
#include "output/pgn.h"
#include "rules/notation.h"

using namespace drawproxy;
using namespace drawproxy::output;

namespace {

GameRecord cc_pgn_game(std::string_view fen, std::initializer_list<const char*> moves) {
    GameRecord g;
    g.white = "A";
    g.black = "B";
    g.date = "2026.12.04";
    g.round = 2;
    g.rules = "fide-2023";
    g.start = rules::Position::from_fen(fen);
    g.from_fen = fen != rules::Position::START_FEN;
    rules::Position pos = g.start;
    for (const char* m : moves) {
        game::PlyRecord ply;
        ply.move = rules::parse_uci_move(pos, m);
        ply.has_score = true;
        ply.score = 25;
        ply.depth = 12;
        ply.time_ms = 520;
        pos.play(ply.move);
        g.plies.push_back(ply);
    }
    g.outcome.termination = rules::Termination::Adjudication;
    g.outcome.score = rules::Score::Draw;
    g.outcome.article = "max-moves";
    g.tc[rules::WHITE] = g.tc[rules::BLACK] = *game::parse_time_control("10+0.1");
    g.started_at_ms = 1796349898250;
    g.ended_at_ms = 1796349965125;
    return g;
}

}  // namespace

TEST_CASE("cutechess-cli PGN: roster, tags in name order, moves from 1, the reason in the last comment",
          "[output][pgn][cutechess]") {
    GameRecord g = cc_pgn_game("r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4",
                               {"b5a4", "g8f6", "d2d3"});
    setenv("TZ", "UTC", 1);
    tzset();
    CHECK(write_pgn(g, false, rules::Wording::cutechess) ==
          "[Event \"?\"]\n[Site \"?\"]\n[Date \"2026.12.04\"]\n[Round \"2\"]\n[White \"A\"]\n[Black \"B\"]\n"
          "[Result \"1/2-1/2\"]\n"
          "[FEN \"r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4\"]\n"
          "[GameDuration \"00:01:06\"]\n"  // 66.875 s, truncated as Qt's secsTo does
          "[GameEndTime \"2026-12-04T02:06:05.125 UTC\"]\n"
          "[GameStartTime \"2026-12-04T02:04:58.250 UTC\"]\n"
          "[PlyCount \"3\"]\n[ResultRule \"adjudication max-moves\"]\n[Rules \"fide-2023\"]\n[SetUp \"1\"]\n"
          "[Termination \"adjudication\"]\n[TimeControl \"10+0.1\"]\n"
          "\n1. Ba4 {+0.25/12 0.52s} Nf6 {+0.25/12 0.52s}"
          "\n2. d3 {+0.25/12 0.52s, Draw by adjudication: maximal game length} 1/2-1/2\n\n");
    CHECK(write_pgn(g, true, rules::Wording::cutechess) ==
          "[Event \"?\"]\n[Site \"?\"]\n[Date \"2026.12.04\"]\n[Round \"2\"]\n[White \"A\"]\n[Black \"B\"]\n"
          "[Result \"1/2-1/2\"]\n"
          "[FEN \"r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4\"]\n[SetUp \"1\"]\n"
          "\n1. Ba4 Nf6 2. d3 1/2-1/2\n\n");
}

TEST_CASE("cutechess-cli PGN: no Termination tag for a mate, Black's first move numbered 1...",
          "[output][pgn][cutechess]") {
    GameRecord g = cc_pgn_game("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", {"d8h4"});
    g.outcome.termination = rules::Termination::Checkmate;
    g.outcome.score = rules::Score::BlackWins;
    g.outcome.article = "5.1.1";
    const std::string pgn = write_pgn(g, false, rules::Wording::cutechess);
    CHECK(pgn.find("[Termination") == std::string::npos);
    CHECK(pgn.find("\n1... Qh4# {+0.25/12 0.52s, Black mates} 0-1\n\n") != std::string::npos);
}

TEST_CASE("cutechess-cli PGN: a time control tag for each colour when the limits differ",
          "[output][pgn][cutechess]") {
    GameRecord g = cc_pgn_game(rules::Position::START_FEN, {"e2e4"});
    g.tc[rules::WHITE] = g.tc[rules::BLACK] = *game::parse_time_control("inf");
    g.limits_differ = true;  // nodes=8000 against nodes=400: cutechess-cli's time controls differ
    const std::string pgn = write_pgn(g, false, rules::Wording::cutechess);
    CHECK(pgn.find("[BlackTimeControl \"inf\"]\n") < pgn.find("[GameDuration"));
    CHECK(pgn.find("[WhiteTimeControl \"inf\"]\n") != std::string::npos);
    CHECK(pgn.find("[TimeControl") == std::string::npos);
}

TEST_CASE("cutechess-cli PGN: a game of no move has its reason alone", "[output][pgn][cutechess]") {
    GameRecord g = cc_pgn_game(rules::Position::START_FEN, {});
    g.outcome.termination = rules::Termination::Crash;
    g.outcome.score = rules::Score::BlackWins;
    g.outcome.article = "forfeit";
    const std::string pgn = write_pgn(g, false, rules::Wording::cutechess);
    CHECK(pgn.find("[FEN") == std::string::npos);
    CHECK(pgn.find("[Termination \"abandoned\"]\n") != std::string::npos);
    CHECK(pgn.substr(pgn.find("\n\n")) == "\n\n{White disconnects} 0-1\n\n");
}

TEST_CASE("cutechess-cli PGN: lines wrap by whole units before column 80", "[output][pgn][cutechess]") {
    GameRecord g = cc_pgn_game(rules::Position::START_FEN, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6",
                                                            "f3g1", "f6g8", "b1c3", "b8c6"});
    const std::string pgn = write_pgn(g, false, rules::Wording::cutechess);
    const std::string moves = pgn.substr(pgn.find("\n\n") + 2);
    CHECK(moves ==
          "1. Nf3 {+0.25/12 0.52s} Nf6 {+0.25/12 0.52s} 2. Ng1 {+0.25/12 0.52s}\n"
          "Ng8 {+0.25/12 0.52s} 3. Nf3 {+0.25/12 0.52s} Nf6 {+0.25/12 0.52s}\n"
          "4. Ng1 {+0.25/12 0.52s} Ng8 {+0.25/12 0.52s} 5. Nc3 {+0.25/12 0.52s}\n"
          "Nc6 {+0.25/12 0.52s, Draw by adjudication: maximal game length} 1/2-1/2\n\n");
}

TEST_CASE("cutechess-cli's move comments: its score, depth and time precision", "[output][pgn][cutechess]") {
    game::PlyRecord p;
    CHECK(cutechess_move_comment(p) == "");
    p.time_ms = 7;
    CHECK(cutechess_move_comment(p) == "0.007s");
    p.has_score = true;
    p.depth = 20;
    p.score = -31;
    p.time_ms = 0;
    CHECK(cutechess_move_comment(p) == "-0.31/20 0s");
    p.score = 0;
    p.time_ms = 1234;
    CHECK(cutechess_move_comment(p) == "0.00/20 1.2s");
    p.mate = true;
    p.score = 3;  // mate in 3: 5 plies
    p.time_ms = 12345;
    CHECK(cutechess_move_comment(p) == "+M5/20 12s");
    p.score = -2;  // mated in 2: 4 plies
    CHECK(cutechess_move_comment(p) == "-M4/20 12s");
    p.book = true;
    CHECK(cutechess_move_comment(p) == "book");
}
