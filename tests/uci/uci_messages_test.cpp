// UCI text both ways: every message parses to the right fields and formats back.
#include <catch2/catch.hpp>

#include "uci/engine_message.h"
#include "uci/gui_command.h"

using namespace drawproxy::uci;

TEST_CASE("GUI commands parse, tolerant of spacing, CRLF and unknown tokens") {
    CHECK(parse_gui_command("uci").type == GuiCommandType::Uci);
    CHECK(parse_gui_command("  isready \r").type == GuiCommandType::IsReady);
    CHECK(parse_gui_command("ucinewgame\r\n").type == GuiCommandType::UciNewGame);
    CHECK(parse_gui_command("stop").type == GuiCommandType::Stop);
    CHECK(parse_gui_command("ponderhit").type == GuiCommandType::PonderHit);
    CHECK(parse_gui_command("quit").type == GuiCommandType::Quit);
    CHECK(parse_gui_command("").type == GuiCommandType::Unknown);
    CHECK(parse_gui_command("hello world").type == GuiCommandType::Unknown);
    CHECK(parse_gui_command("isreadyx").type == GuiCommandType::Unknown);

    auto d = parse_gui_command("joho debug on");  // the protocol's own example
    CHECK(d.type == GuiCommandType::Debug);
    CHECK(d.debug_on);
    CHECK(!parse_gui_command("debug off").debug_on);

    auto s = parse_gui_command("setoption name Clear Hash");
    CHECK(s.type == GuiCommandType::SetOption);
    CHECK(s.option_name == "Clear Hash");
    CHECK(!s.option_value);
    s = parse_gui_command("setoption  name  Debug Log File\tvalue  /tmp/a b.txt \r");
    CHECK(s.option_name == "Debug Log File");
    REQUIRE(s.option_value);
    CHECK(*s.option_value == "/tmp/a b.txt");

    auto r = parse_gui_command("register name Stefan MK code 4359874324");
    CHECK(r.type == GuiCommandType::Register);
    CHECK(r.register_name == "Stefan MK");
    CHECK(r.register_code == "4359874324");
    CHECK(parse_gui_command("register later").register_later);

    auto p = parse_gui_command("position startpos moves e2e4  e7e5\r");
    CHECK(p.type == GuiCommandType::Position);
    CHECK(p.startpos);
    CHECK(p.moves == std::vector<std::string_view>{"e2e4", "e7e5"});
    p = parse_gui_command("position fen 8/8/8/4k3/8/8/8/R3K3 w - - 10 80 moves a1a2");
    CHECK(!p.startpos);
    CHECK(p.fen == "8/8/8/4k3/8/8/8/R3K3 w - - 10 80");
    CHECK(p.moves == std::vector<std::string_view>{"a1a2"});

    auto g = parse_gui_command(
        "go ponder wtime 1000 btime 2000 winc 10 binc 20 movestogo 30 searchmoves e2e4 g1f3 depth 7");
    CHECK(g.type == GuiCommandType::Go);
    CHECK(g.go.ponder);
    CHECK(g.go.wtime == 1000);
    CHECK(g.go.btime == 2000);
    CHECK(g.go.winc == 10);
    CHECK(g.go.binc == 20);
    CHECK(g.go.movestogo == 30);
    CHECK(g.go.depth == 7);
    CHECK(g.go.searchmoves == std::vector<std::string_view>{"e2e4", "g1f3"});
    g = parse_gui_command("go infinite nodes 500 mate 3 movetime 100 bogus 12");
    CHECK(g.go.infinite);
    CHECK(g.go.nodes == 500);
    CHECK(g.go.mate == 3);
    CHECK(g.go.movetime == 100);
    CHECK(!g.go.ponder);
    CHECK(!parse_gui_command("go wtime notanumber").go.wtime);
}

TEST_CASE("GUI commands format back to canonical text") {
    for (const char* text :
         {"uci", "debug on", "isready", "setoption name Hash value 32", "setoption name Clear Hash",
          "register name Stefan MK code 43", "register later", "ucinewgame", "position startpos",
          "position startpos moves e2e4 e7e5", "position fen 8/8/8/4k3/8/8/8/R3K3 w - - 10 80 moves a1a2",
          "go ponder wtime 1000 btime 2000 winc 10 binc 20 movestogo 30 depth 5 nodes 9 mate 2 movetime 7",
          "go infinite searchmoves e2e4 d2d4", "stop", "ponderhit", "quit"}) {
        CHECK(format_gui_command(parse_gui_command(text)) == text);
    }
    CHECK(format_gui_command(parse_gui_command("  go   depth 3\r")) == "go depth 3");
}

TEST_CASE("engine messages parse") {
    auto id = parse_engine_message("id name Stockfish 15.1\r");
    CHECK(id.type == EngineMessageType::Id);
    CHECK(id.id_field == "name");
    CHECK(id.id_value == "Stockfish 15.1");
    CHECK(parse_engine_message("uciok").type == EngineMessageType::UciOk);
    CHECK(parse_engine_message(" readyok ").type == EngineMessageType::ReadyOk);
    auto b = parse_engine_message("bestmove e2e4 ponder e7e5");
    CHECK(b.type == EngineMessageType::BestMove);
    CHECK(b.bestmove == "e2e4");
    CHECK(b.ponder == "e7e5");
    CHECK(parse_engine_message("bestmove (none)").bestmove == "(none)");
    CHECK(parse_engine_message("copyprotection checking").status == "checking");
    CHECK(parse_engine_message("registration error").type == EngineMessageType::Registration);

    auto i = parse_engine_message(
        "info depth 12 seldepth 20 multipv 2 score cp -35 upperbound nodes 123456 nps 1000000 hashfull 12 "
        "tbhits 3 "
        "sbhits 0 cpuload 999 time 123 currmove e2e4 currmovenumber 4 refutation d1h5 g6h5 currline 1 e2e4 "
        "e7e5 pv "
        "e2e4 e7e5 g1f3");
    CHECK(i.type == EngineMessageType::Info);
    CHECK(i.info.depth == 12);
    CHECK(i.info.seldepth == 20);
    CHECK(i.info.multipv == 2);
    CHECK(i.info.score.kind == Score::Cp);
    CHECK(i.info.score.value == -35);
    CHECK(i.info.score.upperbound);
    CHECK(i.info.nodes == 123456);
    CHECK(i.info.nps == 1000000);
    CHECK(i.info.hashfull == 12);
    CHECK(i.info.tbhits == 3);
    CHECK(i.info.sbhits == 0);
    CHECK(i.info.cpuload == 999);
    CHECK(i.info.time == 123);
    CHECK(i.info.currmove == "e2e4");
    CHECK(i.info.currmovenumber == 4);
    CHECK(i.info.refutation == std::vector<std::string_view>{"d1h5", "g6h5"});
    CHECK(i.info.currline_cpu == 1);
    CHECK(i.info.currline == std::vector<std::string_view>{"e2e4", "e7e5"});
    CHECK(i.info.pv == std::vector<std::string_view>{"e2e4", "e7e5", "g1f3"});

    auto m = parse_engine_message("info depth 30 score mate -4 lowerbound pv h7h6 string two  spaces kept\r");
    CHECK(m.info.score.kind == Score::Mate);
    CHECK(m.info.score.value == -4);
    CHECK(m.info.score.lowerbound);
    REQUIRE(m.info.string);
    CHECK(*m.info.string == "two  spaces kept");

    int multipv = 0;
    auto sc = parse_info_score("info depth 3 multipv 3 score cp 17 pv e2e4", &multipv);
    CHECK(sc.kind == Score::Cp);
    CHECK(sc.value == 17);
    CHECK(multipv == 3);
    CHECK(parse_info_score("info string score cp 5").kind == Score::None);
    CHECK(parse_info_score("bestmove e2e4").kind == Score::None);

    auto o = parse_engine_message("option name Debug Log File type string default <empty>");
    CHECK(o.type == EngineMessageType::Option);
    CHECK(o.option.name == "Debug Log File");
    CHECK(o.option.type == OptionType::String);
    CHECK(o.option.default_value == std::optional<std::string_view>("<empty>"));
    o = parse_engine_message(
        "option name Style type combo default Normal var Solid var Normal var Risky Play");
    CHECK(o.option.type == OptionType::Combo);
    CHECK(o.option.vars == std::vector<std::string_view>{"Solid", "Normal", "Risky Play"});
    o = parse_engine_message("option name Hash type spin default 16 min 1 max 33554432");
    CHECK(o.option.min == 1);
    CHECK(o.option.max == 33554432);
    CHECK(parse_engine_message("option name Clear Hash type button").option.type == OptionType::Button);
    CHECK(parse_engine_message("Stockfish 15.1 by the Stockfish developers").type ==
          EngineMessageType::Unknown);
}

TEST_CASE("engine messages format back to canonical text") {
    for (const char* text :
         {"id name Stockfish 15.1", "id author A B", "uciok", "readyok", "bestmove e2e4",
          "bestmove e2e4 ponder e7e5", "copyprotection ok", "registration checking",
          "info depth 3 seldepth 4 multipv 1 score cp 20 lowerbound nodes 100 nps 5 time 1 pv e2e4 e7e5",
          "info score mate -2 currmove e2e4 currmovenumber 1", "info depth 1 string hello  world",
          "option name Hash type spin default 16 min 1 max 1024",
          "option name Style type combo default Normal var Solid var Normal",
          "option name Clear Hash type button"}) {
        CHECK(format_engine_message(parse_engine_message(text)) == text);
    }
}
