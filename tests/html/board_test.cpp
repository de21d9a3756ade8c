// The SVG board: a FEN's pieces come back from the drawing on the right squares.
#include <catch2/catch.hpp>

#include "html/board.h"
#include "rules/notation.h"
#include "tests/html/board_parse.h"
#include "tests/html/html_checker.h"

using namespace drawproxy;

namespace {

// The 64 squares a1..h8 as piece letters, straight from the position.
std::string expected_squares(const rules::Position& pos) {
    std::string s(64, '.');
    for (int sq = 0; sq < 64; ++sq)
        if (pos.piece_on(rules::Square(sq)) != rules::NO_PIECE)
            s[sq] = rules::piece_char(pos.piece_on(rules::Square(sq)));
    return s;
}

}  // namespace

TEST_CASE("a drawn board holds every piece of its FEN on its square", "[html][board]") {
    const char* fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/8/8/8/8/5k2/6q1/7K w - - 0 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
        "1Q6/8/8/8/8/8/8/k1K5 b - - 0 70",
    };
    for (const char* fen : fens) {
        const rules::Position pos = rules::Position::from_fen(fen);
        std::string svg;
        html::append_board(svg, pos);
        INFO(fen);
        CHECK(test::board_squares(svg) == expected_squares(pos));
        CHECK(test::check_html("<div>" + svg + "</div>").empty());
        CHECK(svg.find("<title>" + rules::to_fen(pos) + "</title>") != std::string::npos);
    }
}

TEST_CASE("a board marks the last move and the marked squares, and names itself", "[html][board]") {
    const rules::Position pos = rules::Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    html::BoardMarks marks;
    marks.from = rules::parse_square("e2");
    marks.to = rules::parse_square("e4");
    marks.marked = rules::square_bb(rules::parse_square("h8"));
    marks.caption = "Claim <threefold> & more";
    std::string svg;
    html::append_board(svg, pos, marks);
    // e2 is file 4, row 6; e4 row 4; h8 file 7 row 0.
    CHECK(svg.find("<rect class=\"lm\" x=\"4\" y=\"6\"") != std::string::npos);
    CHECK(svg.find("<rect class=\"lm\" x=\"4\" y=\"4\"") != std::string::npos);
    CHECK(svg.find("<rect class=\"mk\" x=\"7\" y=\"0\"") != std::string::npos);
    CHECK(svg.find("<title>Claim &lt;threefold&gt; &amp; more: 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1</title>") !=
          std::string::npos);
    CHECK(test::board_squares(svg) == expected_squares(pos));
}

TEST_CASE("the board defs define the twelve pieces and the empty board once", "[html][board]") {
    std::string defs;
    html::append_board_defs(defs);
    for (char c : std::string("PNBRQKpnbrqk")) {
        const std::string id = std::string("id=\"p") + c + "\"";
        INFO(c);
        CHECK(defs.find(id) != std::string::npos);
        CHECK(defs.find(id, defs.find(id) + 1) == std::string::npos);
    }
    CHECK(defs.find("id=\"bd\"") != std::string::npos);
    CHECK(test::check_html("<svg><defs>" + defs + "</defs></svg>").empty());
}

TEST_CASE("the checker used by these tests finds unclosed and crossed elements", "[html][checker]") {
    CHECK(test::check_html("<p><b>x</b></p>").empty());
    CHECK_FALSE(test::check_html("<p><b>x</p>").empty());
    CHECK_FALSE(test::check_html("<div><p>x</p>").empty());
    CHECK_FALSE(test::check_html("<p>a < b</p>").empty());
    CHECK_FALSE(test::check_html("<p>a & b</p>").empty());
    CHECK_FALSE(test::check_html("<p class=x>a</p>").empty());
    CHECK_FALSE(test::check_html("<div/>").empty());
    CHECK(test::check_html("<svg><use href=\"#a\"/></svg><input hidden><br>").empty());
    CHECK(test::check_html("<script>if (a < b && c) x();</script>").empty());
}
