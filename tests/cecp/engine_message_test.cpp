// What an xboard engine sends: every message the protocol defines, read and written back.
#include <catch2/catch.hpp>

#include "cecp/engine_message.h"

using namespace drawproxy::cecp;
using E = EngineMessageType;

namespace {

// Parses, checks the type, and checks that the canonical text reads back to itself.
EngineMessage read(std::string_view line, E type) {
    EngineMessage m = parse_engine_message(line);
    CAPTURE(line);
    CHECK(m.type == type);
    std::string once = format_engine_message(m);
    CHECK(format_engine_message(parse_engine_message(once)) == once);
    return m;
}

}  // namespace

TEST_CASE("cecp engine: feature lines with quoted and bare values") {
    EngineMessage m = read(
        R"(feature ping=1 setboard=1 myname="Fruit 2.1" variants="normal,fischerandom" done=0)", E::Feature);
    REQUIRE(m.features.size() == 5);
    CHECK(m.features[0].name == "ping");
    CHECK(m.features[0].value == "1");
    CHECK(!m.features[0].quoted);
    CHECK(m.features[2].name == "myname");
    CHECK(m.features[2].value == "Fruit 2.1");
    CHECK(m.features[2].quoted);
    CHECK(m.features[4].value == "0");
    CHECK(format_engine_message(m) ==
          R"(feature ping=1 setboard=1 myname="Fruit 2.1" variants="normal,fischerandom" done=0)");

    m = read(R"(feature option="Hash -spin 64 1 4096")", E::Feature);
    REQUIRE(m.features.size() == 1);
    CHECK(m.features[0].value == "Hash -spin 64 1 4096");
    m = read(R"(feature myname="unterminated)", E::Feature);
    CHECK(m.features[0].value == "unterminated");
}

TEST_CASE("cecp engine: moves, old and new forms") {
    CHECK(read("move e2e4", E::Move).text == "e2e4");
    CHECK(read("move O-O", E::Move).text == "O-O");
    CHECK(read("1. ... e7e5", E::Move).text == "e7e5");
    CHECK(read("12. ... Nf6", E::Move).text == "Nf6");
    read("move", E::Unknown);
    read("move e2e4 e7e5", E::Unknown);
}

TEST_CASE("cecp engine: results, resign and draw offers") {
    EngineMessage m = read("1/2-1/2 {Draw by repetition}", E::Result);
    CHECK(m.result == ResultCode::Draw);
    CHECK(m.text == "Draw by repetition");
    CHECK(read("1-0 {White mates}", E::Result).result == ResultCode::WhiteWins);
    CHECK(read("0-1 {Black mates}", E::Result).result == ResultCode::BlackWins);
    CHECK(read("* {aborted}", E::Result).result == ResultCode::Unfinished);
    CHECK(read("1/2-1/2", E::Result).text.empty());
    read("resign", E::Resign);
    read("offer draw", E::OfferDraw);
    CHECK(format_engine_message(parse_engine_message("1/2-1/2 {Stalemate}")) == "1/2-1/2 {Stalemate}");
}

TEST_CASE("cecp engine: pong, errors and illegal moves") {
    CHECK(read("pong 12", E::Pong).number == 12);
    read("pong", E::Unknown);
    EngineMessage m = read("Illegal move: e2e5", E::IllegalMove);
    CHECK(m.text == "e2e5");
    CHECK(m.reason.empty());
    m = read("Illegal move (moving into check): e1f1", E::IllegalMove);
    CHECK(m.reason == "moving into check");
    CHECK(m.text == "e1f1");
    CHECK(format_engine_message(m) == "Illegal move (moving into check): e1f1");
    m = read("Error (unknown command): frobnicate", E::Error);
    CHECK(m.reason == "unknown command");
    CHECK(m.text == "frobnicate");
    CHECK(format_engine_message(m) == "Error (unknown command): frobnicate");
}

TEST_CASE("cecp engine: messages to the user and debug lines") {
    CHECK(read("tellusererror Illegal position", E::TellUserError).text == "Illegal position");
    CHECK(read("telluser hello there", E::TellUser).text == "hello there");
    CHECK(read("tellopponent gg", E::TellOpponent).text == "gg");
    CHECK(read("tellothers hi", E::TellOthers).text == "hi");
    CHECK(read("tellall hi", E::TellAll).text == "hi");
    CHECK(read("tellics say hi", E::TellIcs).text == "say hi");
    CHECK(read("tellicsnoalias say hi", E::TellIcsNoAlias).text == "say hi");
    EngineMessage m = read("askuser name What is your name?", E::AskUser);
    CHECK(m.reason == "name");
    CHECK(m.text == "What is your name?");
    CHECK(read("Hint: e2e4", E::Hint).text == "e2e4");
    CHECK(read("# searching 12 plies", E::Comment).text == "searching 12 plies");
    CHECK(read("#", E::Comment).text.empty());
    read("++", E::FailHigh);
    read("--", E::FailLow);
    CHECK(read("setup (PNBRQKpnbrqk) 8x8+0_fairy 8/8/8/8/8/8/8/8 w - - 0 1", E::Setup)
              .text.starts_with("(PNB"));
}

TEST_CASE("cecp engine: thinking output, mate scores and stat01") {
    EngineMessage m = read("9 156 1084 48000 Nf3 Nc6 Nc3 Nf6", E::Thinking);
    CHECK(m.thinking.ply == 9);
    CHECK(m.thinking.score == 156);
    CHECK(m.thinking.time_cs == 1084);
    CHECK(m.thinking.nodes == 48000);
    CHECK(m.thinking.pv == "Nf3 Nc6 Nc3 Nf6");
    CHECK(format_engine_message(m) == "9 156 1084 48000 Nf3 Nc6 Nc3 Nf6");
    m = read(" 3+     78    1       65   d1d2  e8e7  d2d3 ", E::Thinking);  // GNU Chess: seconds
    CHECK(m.thinking.ply == 3);
    CHECK(m.thinking.time_cs == 100);
    CHECK(m.thinking.pv == "d1d2  e8e7  d2d3");
    CHECK(read("5 -100003 10 200", E::Thinking).thinking.pv.empty());
    read("5 12 x 200 e2e4", E::Unknown);

    CHECK(mate_score(3) == 100003);
    CHECK(mate_score(-2) == -100002);
    CHECK(mate_score(0) == -100000);
    CHECK(mate_moves(100003) == 3);
    CHECK(mate_moves(-100002) == -2);
    CHECK(!mate_moves(950));

    m = read("stat01: 1234 30000 7 5 30 Nf3", E::Stat01);
    CHECK(m.stat.time_cs == 1234);
    CHECK(m.stat.nodes == 30000);
    CHECK(m.stat.ply == 7);
    CHECK(m.stat.moves_left == 5);
    CHECK(m.stat.moves_total == 30);
    CHECK(m.stat.move == "Nf3");
    read("stat01: 1 2 3", E::Unknown);
}

TEST_CASE("cecp engine: the result comment names its ending") {
    using drawproxy::rules::Reason;
    CHECK(reason_in_comment("Draw by repetition") == Reason::Threefold);
    CHECK(reason_in_comment("3-fold repetition") == Reason::Threefold);
    CHECK(reason_in_comment("Draw by fifty-move rule") == Reason::FiftyMoves);
    CHECK(reason_in_comment("50 move rule") == Reason::FiftyMoves);
    CHECK(reason_in_comment("Stalemate") == Reason::Stalemate);
    CHECK(reason_in_comment("White mates") == Reason::Checkmate);
    CHECK(reason_in_comment("Draw by insufficient material") == Reason::DeadPosition);
    CHECK(reason_in_comment("Draw by fivefold repetition 9.6.1") == Reason::Fivefold);
    CHECK(reason_in_comment("Draw by seventy-five-move rule 9.6.2") == Reason::SeventyFiveMoves);
    CHECK(!reason_in_comment("White resigns"));
}

TEST_CASE("cecp engine: what xboard would read as a claim or an offer") {
    CHECK(mentions_draw("1/2-1/2 {Draw by repetition}"));
    CHECK(mentions_draw("offer draw"));
    CHECK(mentions_draw("# I offer you a draw"));
    CHECK(!mentions_draw("# drawproxy: following the game"));
    CHECK(!mentions_draw("tellusererror drawproxy: engine exited (status 1)"));
    CHECK(!mentions_draw("12 35 100 4000 e2e4"));
}

TEST_CASE("cecp engine: the formatter's pieces") {
    std::string out;
    const Feature f[] = {
        {"ping", "1", false}, {"myname", "drawproxy Stockfish", false}, {"option", "a \"b\"", true}};
    append_features(f, out);
    CHECK(out == R"(feature ping=1 myname="drawproxy Stockfish" option="a 'b'")");
    out.clear();
    append_thinking(Thinking{12, -35, 250, 123456, "e2e4 e7e5"}, out);
    CHECK(out == "12 -35 250 123456 e2e4 e7e5");
    out.clear();
    append_result(ResultCode::BlackWins, "Black mates 5.1.1", out);
    CHECK(out == "0-1 {Black mates 5.1.1}");
}

TEST_CASE("cecp: a result comment ends at its first closing brace, with or without the opening one") {
    CHECK(brace_comment("{White mates} trailing") == "White mates");
    CHECK(brace_comment("White mates} x") == "White mates");
    CHECK(brace_comment("{unclosed comment") == "unclosed comment");
    CHECK(brace_comment("") == "");
}
