// What an xboard GUI sends: every command the protocol defines, read and written back.
#include <catch2/catch.hpp>

#include "cecp/gui_command.h"

using namespace drawproxy::cecp;
using G = GuiCommandType;

TEST_CASE("cecp GUI: commands without arguments are recognised by their word") {
    const std::pair<const char*, G> cases[] = {
        {"xboard", G::Xboard},       {"new", G::New},       {"quit", G::Quit},
        {"random", G::Random},       {"force", G::Force},   {"go", G::Go},
        {"playother", G::PlayOther}, {"white", G::White},   {"black", G::Black},
        {"?", G::MoveNow},           {"draw", G::Draw},     {"edit", G::Edit},
        {"hint", G::Hint},           {"bk", G::Book},       {"undo", G::Undo},
        {"remove", G::Remove},       {"hard", G::Hard},     {"easy", G::Easy},
        {"post", G::Post},           {"nopost", G::NoPost}, {"analyze", G::Analyze},
        {"exit", G::Exit},           {".", G::Status},      {"computer", G::Computer},
        {"pause", G::Pause},         {"resume", G::Resume},
    };
    for (auto [text, type] : cases) {
        CAPTURE(text);
        const std::string line = std::string(text) + "\r\n";
        GuiCommand c = parse_gui_command(line);
        CHECK(c.type == type);
        CHECK(c.valid);
        CHECK(format_gui_command(c) == text);
    }
}

TEST_CASE("cecp GUI: numbers") {
    CHECK(parse_gui_command("protover 2").number == 2);
    CHECK(parse_gui_command("ping 17").type == G::Ping);
    CHECK(parse_gui_command("ping 17").number == 17);
    CHECK(parse_gui_command("time 12345").number == 12345);
    CHECK(parse_gui_command("otim -250").number == -250);  // clocks may run below zero
    CHECK(parse_gui_command("sd 12").number == 12);
    CHECK(parse_gui_command("nps 50000").number == 50000);
    CHECK(parse_gui_command("memory 256").number == 256);
    CHECK(parse_gui_command("cores 4").number == 4);
    CHECK(parse_gui_command("st 30").number == 30000);
    CHECK(parse_gui_command("st 0.5").number == 500);
    CHECK(format_gui_command(parse_gui_command("st 2.25")) == "st 2.25");
    for (const char* bad : {"ping", "ping x", "time 1e3", "st -1", "st", "protover two", "memory 1.5"}) {
        CAPTURE(bad);
        GuiCommand c = parse_gui_command(bad);
        CHECK(!c.valid);
        CHECK(format_gui_command(c) == bad);  // an invalid command is written back as it came
    }
}

TEST_CASE("cecp GUI: level, with minutes, min:sec, fractions and trailing text") {
    GuiCommand c = parse_gui_command("level 40 5 0");
    REQUIRE(c.type == G::Level);
    CHECK(c.level.moves == 40);
    CHECK(c.level.base_ms == 300000);
    CHECK(c.level.increment_ms == 0);
    CHECK(format_gui_command(c) == "level 40 5 0");

    c = parse_gui_command("level 0 0:30 0.5");
    CHECK(c.level.base_ms == 30000);
    CHECK(c.level.increment_ms == 500);
    CHECK(format_gui_command(c) == "level 0 0:30 0.5");

    c = parse_gui_command("level 0 2:05 12");
    CHECK(c.level.base_ms == 125000);
    CHECK(c.level.increment_ms == 12000);
    CHECK(format_gui_command(c) == "level 0 2:05 12");

    CHECK(parse_gui_command("level 40 25+5 0").level.base_ms == 25 * 60000);  // the protocol's future form
    CHECK(parse_gui_command("level 0 1.5 0").level.base_ms == 90000);
    CHECK(!parse_gui_command("level 40 5").valid);
    CHECK(!parse_gui_command("level -1 5 0").valid);
    CHECK(!parse_gui_command("level 40 x 0").valid);
}

TEST_CASE("cecp GUI: moves, bare and after usermove") {
    for (const char* m : {"e2e4", "e7e8q", "e1g1", "Nf3", "exd5", "Bxf7+", "Qxf7#", "e8=Q", "O-O", "O-O-O",
                          "P@h3", "@@@@", "Ng1f3", "a1"}) {
        CAPTURE(m);
        GuiCommand bare = parse_gui_command(m);
        CHECK(bare.type == G::Move);
        CHECK(!bare.usermove);
        CHECK(bare.text == m);
        const std::string line = std::string("usermove ") + m;
        GuiCommand user = parse_gui_command(line);
        CHECK(user.type == G::Move);
        CHECK(user.usermove);
        CHECK(user.text == m);
        CHECK(format_gui_command(user) == std::string("usermove ") + m);
    }
    for (const char* w : {"hello", "e2e9", "i2i4", "Zf3", "e2e4 e7e5", "xyzzy", "", "e2-"}) {
        CAPTURE(w);
        CHECK(parse_gui_command(w).type == G::Unknown);
    }
    CHECK(!parse_gui_command("usermove").valid);
}

TEST_CASE("cecp GUI: text arguments keep their inner spacing") {
    GuiCommand c =
        parse_gui_command("setboard rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1  \n");
    CHECK(c.type == G::SetBoard);
    CHECK(c.text == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    CHECK(parse_gui_command("name Stockfish 15.1").text == "Stockfish 15.1");
    CHECK(parse_gui_command("variant fischerandom").text == "fischerandom");
    CHECK(parse_gui_command("accepted usermove").text == "usermove");
    CHECK(parse_gui_command("rejected option Foo -bar").text == "option Foo -bar");
    CHECK(parse_gui_command("ics -").text == "-");
    CHECK(parse_gui_command("exclude e2e4").text == "e2e4");
    CHECK(parse_gui_command("lift e2").text == "e2");
    CHECK(!parse_gui_command("setboard").valid);
}

TEST_CASE("cecp GUI: option, egtpath, rating, setscore, result") {
    GuiCommand c = parse_gui_command("option Skill Level=12");
    CHECK(c.type == G::Option);
    CHECK(c.text == "Skill Level");
    CHECK(c.has_value);
    CHECK(c.value == "12");
    CHECK(format_gui_command(c) == "option Skill Level=12");
    c = parse_gui_command("option Clear Hash");
    CHECK(c.text == "Clear Hash");
    CHECK(!c.has_value);
    CHECK(parse_gui_command("option EvalFile=/a b/c.nnue").value == "/a b/c.nnue");
    CHECK(parse_gui_command("option Name=").has_value);

    c = parse_gui_command("egtpath syzygy /tb/one:/tb/two three");
    CHECK(c.text == "syzygy");
    CHECK(c.value == "/tb/one:/tb/two three");
    CHECK(!parse_gui_command("egtpath syzygy").valid);

    c = parse_gui_command("rating 2600 1500");
    CHECK(c.number == 2600);
    CHECK(c.number2 == 1500);
    c = parse_gui_command("setscore -35 12");
    CHECK(c.number == -35);
    CHECK(c.number2 == 12);

    c = parse_gui_command("result 1/2-1/2 {Draw by repetition}");
    CHECK(c.type == G::Result);
    CHECK(c.result == ResultCode::Draw);
    CHECK(c.text == "Draw by repetition");
    CHECK(format_gui_command(c) == "result 1/2-1/2 {Draw by repetition}");
    CHECK(parse_gui_command("result 1-0 {White mates}").result == ResultCode::WhiteWins);
    CHECK(parse_gui_command("result 0-1").result == ResultCode::BlackWins);
    CHECK(parse_gui_command("result *").result == ResultCode::Unfinished);
    CHECK(!parse_gui_command("result 2-0").valid);
}

TEST_CASE("cecp GUI: unknown lines are kept whole for the error reply") {
    GuiCommand c = parse_gui_command("  frobnicate now please \r");
    CHECK(c.type == G::Unknown);
    CHECK(c.line == "frobnicate now please");
    CHECK(format_gui_command(c) == "frobnicate now please");
}

TEST_CASE("cecp GUI: edit mode lines") {
    CHECK(parse_edit_command("c").type == EditCommandType::Color);
    CHECK(parse_edit_command("#").type == EditCommandType::Clear);
    CHECK(parse_edit_command(".").type == EditCommandType::Done);
    EditCommand e = parse_edit_command("Pa4");
    CHECK(e.type == EditCommandType::Place);
    CHECK(e.piece == 'P');
    CHECK(e.file == 0);
    CHECK(e.rank == 3);
    e = parse_edit_command("Kh8");
    CHECK(e.piece == 'K');
    CHECK(e.file == 7);
    CHECK(e.rank == 7);
    CHECK(parse_edit_command("xe4").type == EditCommandType::Empty);
    for (const char* bad : {"Za4", "Pa9", "P", "cc", "Pa44"})
        CHECK(parse_edit_command(bad).type == EditCommandType::Unknown);
}

TEST_CASE("cecp GUI: edit mode lines are written as they are read") {
    for (const char* line : {"c", "#", ".", "Pa4", "Kh8", "Qd1", "xe4"}) {
        std::string out;
        append_edit_command(parse_edit_command(line), out);
        CHECK(out == line);
    }
    std::string out;
    append_edit_command(EditCommand{}, out);
    CHECK(out.empty());
}
