// fastchess's PGN tags as its pgn_builder.cpp writes them at the version drawproxy names itself
// (58072f23, fishtest's): Event, Site, Date, Round, White, Black, Result, SetUp/FEN/Variant,
// GameDuration, GameStartTime, GameEndTime, PlyCount, Termination, TimeControl, ECO, Opening; its times and
// its spelling of time controls ("-" for none, "N/move" for a fixed time per move).
#include <catch2/catch.hpp>
#include <regex>
#include <sstream>

#include "game/time_control.h"
#include "output/pgn.h"
#include "rules/notation.h"
#include "support/uci_moves.h"

using namespace drawproxy;
using namespace drawproxy::output;

namespace {

GameRecord one_move_game() {
    GameRecord g;
    g.white = "A";
    g.black = "B";
    g.event = "Fastchess Tournament";
    g.date = "2026.12.03";
    g.round = 3;
    g.rules = "fide-2023";
    g.start = rules::Position::from_fen(rules::Position::START_FEN);
    game::PlyRecord ply;
    ply.move = rules::parse_uci_move(g.start, "e2e4");
    g.plies.push_back(ply);
    g.outcome.termination = rules::Termination::Adjudication;
    g.outcome.score = rules::Score::Draw;
    g.outcome.article = "max-moves";
    g.tc[rules::WHITE] = g.tc[rules::BLACK] = *game::parse_time_control("10+0.1");
    g.started_at_ms = 1764770000000;
    g.ended_at_ms = 1764770065000;
    g.play_ms = 65999;
    return g;
}

std::vector<std::string> tag_names(const std::string& pgn) {
    std::vector<std::string> names;
    std::istringstream in(pgn);
    for (std::string line; std::getline(in, line) && !line.empty();)
        names.push_back(line.substr(1, line.find(' ') - 1));
    return names;
}

std::string tag_value(const std::string& pgn, const std::string& name) {
    const std::string head = "[" + name + " \"";
    const std::size_t at = pgn.find(head);
    if (at == std::string::npos) return "<none>";
    return pgn.substr(at + head.size(), pgn.find("\"]", at) - at - head.size());
}

const game::FastchessOutputSettings KEYS;

}  // namespace

TEST_CASE("fastchess PGN: its tags in its order, the Laws' after them", "[output][pgn][fastchess]") {
    const std::string pgn = write_pgn(one_move_game(), false, rules::Wording::fastchess, &KEYS);
    CHECK(tag_names(pgn) == std::vector<std::string>{"Event", "Site", "Date", "Round", "White", "Black",
                                                     "Result", "GameDuration", "GameStartTime", "GameEndTime",
                                                     "PlyCount", "Termination", "TimeControl", "ECO",
                                                     "Opening", "ResultRule", "Rules"});
    CHECK(tag_value(pgn, "Event") == "Fastchess Tournament");
    CHECK(tag_value(pgn, "ECO") == "B00");
    CHECK(tag_value(pgn, "Opening") == "King's Pawn Game");
    CHECK(tag_value(pgn, "TimeControl") == "10+0.1");
    CHECK(tag_value(pgn, "Termination") == "adjudication");
    // whole seconds, as fastchess truncates its game loop's duration
    CHECK(tag_value(pgn, "GameDuration") == "00:01:05");
    const std::regex iso(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d [+-]\d{4})");
    CHECK(std::regex_match(tag_value(pgn, "GameStartTime"), iso));
    CHECK(std::regex_match(tag_value(pgn, "GameEndTime"), iso));
    CHECK(tag_value(pgn, "GameStartTime") != tag_value(pgn, "GameEndTime"));
    // the rest of the game as before: the moves follow one blank line
    CHECK(pgn.find("\n\n1. e4 {") != std::string::npos);
}

TEST_CASE("fastchess PGN: a set-up position and each side's own time control", "[output][pgn][fastchess]") {
    GameRecord g = one_move_game();
    g.from_fen = true;
    g.tc[rules::BLACK] = *game::parse_time_control("inf");
    const std::string pgn = write_pgn(g, false, rules::Wording::fastchess, &KEYS);
    CHECK(tag_names(pgn) == std::vector<std::string>{"Event",
                                                     "Site",
                                                     "Date",
                                                     "Round",
                                                     "White",
                                                     "Black",
                                                     "Result",
                                                     "SetUp",
                                                     "FEN",
                                                     "GameDuration",
                                                     "GameStartTime",
                                                     "GameEndTime",
                                                     "PlyCount",
                                                     "Termination",
                                                     "WhiteTimeControl",
                                                     "BlackTimeControl",
                                                     "ECO",
                                                     "Opening",
                                                     "ResultRule",
                                                     "Rules"});
    CHECK(tag_value(pgn, "WhiteTimeControl") == "10+0.1");
    CHECK(tag_value(pgn, "BlackTimeControl") == "-");
}

TEST_CASE("fastchess PGN: the opening named after the game's last named position",
          "[output][pgn][fastchess]") {
    GameRecord g = one_move_game();
    auto play = [&g](const std::string& uci_moves) {
        g.plies.clear();
        rules::Position pos = g.start;
        for (const rules::Move m : test::play_uci(pos, uci_moves)) {
            game::PlyRecord ply;
            ply.move = m;
            g.plies.push_back(ply);
        }
    };
    auto opening = [&g] {
        const std::string pgn = write_pgn(g, false, rules::Wording::fastchess, &KEYS);
        return tag_value(pgn, "ECO") + " " + tag_value(pgn, "Opening");
    };
    // Moves past the last named position keep its name.
    play("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 a2a3 h7h6 h2h3");
    CHECK(opening() == "C70 Ruy Lopez: Morphy Defense");
    // Named by transposition, whatever the order of the moves.
    play("g1f3 b8c6 e2e4 e7e5 f1b5");
    CHECK(opening() == "C60 Ruy Lopez");
    // A start position with a name (an EPD book's) names a game that leaves the table at once.
    g.start = rules::Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    g.from_fen = true;
    play("a7a6");
    CHECK(opening() == "C40 King's Knight Opening");
    // None named: no tags, as fastchess writes none.
    g.start = rules::Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    play("e2e4 e8d7");
    CHECK(opening() == "<none> <none>");
    // Chess960: none, as fastchess names no Chess960 game, even from the standard array.
    g.start = rules::Position::from_fen(rules::Position::START_FEN, true);
    play("e2e4");
    CHECK(opening() == "<none> <none>");
}

TEST_CASE("fastchess PGN: a Chess960 FEN tag names the castling rooks' files", "[output][pgn][fastchess]") {
    // The real fastchess (-variant fischerandom, an EPD book of KQkq lines) wrote
    // [FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"]; cutechess-cli's FEN is an X-FEN.
    GameRecord g = one_move_game();
    g.start = rules::Position::from_fen("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1", true);
    g.from_fen = true;
    g.plies[0].move = rules::parse_uci_move(g.start, "c2c4");
    REQUIRE(g.plies[0].move);
    const std::string shredder = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1";
    CHECK(tag_value(write_pgn(g, false, rules::Wording::fastchess, &KEYS), "FEN") == shredder);
    CHECK(tag_value(write_pgn(g, true, rules::Wording::fastchess, &KEYS), "FEN") == shredder);
    CHECK(tag_value(write_pgn(g, false, rules::Wording::cutechess), "FEN") ==
          "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    // A standard game from a FEN keeps KQkq in fastchess's tag too.
    g.start = rules::Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    g.plies[0].move = rules::parse_uci_move(g.start, "e2e4");
    CHECK(tag_value(write_pgn(g, false, rules::Wording::fastchess, &KEYS), "FEN") ==
          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}

TEST_CASE("fastchess PGN: min keeps the roster and the set-up only", "[output][pgn][fastchess]") {
    GameRecord g = one_move_game();
    g.from_fen = true;
    const std::string pgn = write_pgn(g, true, rules::Wording::fastchess, &KEYS);
    CHECK(tag_names(pgn) == std::vector<std::string>{"Event", "Site", "Date", "Round", "White", "Black",
                                                     "Result", "SetUp", "FEN", "ResultRule"});
    CHECK(pgn.find('{') == std::string::npos);
}

TEST_CASE("fastchess PGN: drawproxy's own PGN keeps its tags", "[output][pgn][fastchess]") {
    const std::string pgn = write_pgn(one_move_game());
    CHECK(pgn.find("GameDuration") == std::string::npos);
    CHECK(tag_names(pgn) == std::vector<std::string>{"Event", "Site", "Date", "Round", "White", "Black",
                                                     "Result", "PlyCount", "ResultRule", "Rules",
                                                     "Termination", "TimeControl"});
}

TEST_CASE("fastchess PGN: time controls spelled as fastchess spells them", "[output][pgn][fastchess]") {
    const auto text = [](const char* tc) {
        const auto parsed = game::parse_time_control(tc);
        REQUIRE(parsed);
        return parsed->fastchess_text();
    };
    CHECK(text("10+0.1") == "10+0.1");
    CHECK(text("40/60+0.6") == "40/60+0.6");
    CHECK(text("0:30") == "30");
    CHECK(text("inf") == "-");
    game::TimeControl st;
    st.infinite = false;
    st.movetime_ms = 250;
    CHECK(st.fastchess_text() == "0.25/move");
    game::TimeControl increment_only;
    increment_only.infinite = false;
    increment_only.increment_ms = 500;
    CHECK(increment_only.fastchess_text() == "0+0.5");
}

TEST_CASE("fastchess's -epdout line: its EPD, Chess960 rights as rook files", "[match][output]") {
    // chess.hpp's getEpd() at 58072f23: the FEN without its counters, then "hmvc N; fmvn M;"; an
    // en passant square only where the capture is legal. The cutechess-cli line is the FEN.
    GameRecord g = one_move_game();
    CHECK(final_position_line(g, rules::Wording::fastchess) ==
          "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - hmvc 0; fmvn 1;");
    CHECK(final_position_line(g, rules::Wording::cutechess) ==
          "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    g.start = rules::Position::from_fen("rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 5");
    g.plies[0].move = rules::parse_uci_move(g.start, "e2e4");
    CHECK(final_position_line(g, rules::Wording::fastchess) ==
          "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 hmvc 0; fmvn 5;");
    // Chess960: the file of each castling rook kept, the outermost ones too, where an X-FEN would
    // write KQkq (the real fastchess ended a -variant fischerandom game with `w h -`).
    g.start = rules::Position::from_fen("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 3 9", true);
    g.plies[0].move = rules::parse_uci_move(g.start, "d2d3");
    CHECK(final_position_line(g, rules::Wording::fastchess) ==
          "bqnbrkrn/pppppppp/8/8/8/3P4/PPP1PPPP/BQNBRKRN b GEge - hmvc 0; fmvn 9;");
}
