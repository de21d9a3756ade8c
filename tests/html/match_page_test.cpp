// The match page from a hand-made match: well formed, every game in the table, sections with
// boards at the claims and the end, the repeated position marked, big reports drawn lazily.
#include <catch2/catch.hpp>
#include <regex>

#include "html/game_section.h"
#include "html/match_page.h"
#include "html/page.h"
#include "rules/notation.h"
#include "tests/html/board_parse.h"
#include "tests/html/html_checker.h"

using namespace drawproxy;

namespace {

html::GameView game(int number, const std::vector<std::string>& uci, std::string result, std::string reason,
                    std::string article) {
    html::GameView g;
    g.number = number;
    g.white = number % 2 ? "Alpha" : "Beta";
    g.black = number % 2 ? "Beta" : "Alpha";
    g.result = std::move(result);
    g.termination = rules::parse_termination(reason);
    g.reason = std::move(reason);
    g.article = std::move(article);
    rules::Position pos = g.start;
    int k = 0;
    for (const std::string& t : uci) {
        html::PlyView p;
        p.move = rules::parse_uci_move(pos, t);
        REQUIRE(p.move);
        p.has_score = true;
        p.score = 10 * (k++ % 3);
        pos.play(p.move);
        g.plies.push_back(p);
    }
    return g;
}

// Occurrences in the document, not in its script (which builds the same elements).
int count(const std::string& page, const std::string& what) {
    std::string s = page;
    if (const std::size_t b = s.find("<script>"); b != std::string::npos) s.erase(b, s.find("</script>") - b);
    int n = 0;
    for (std::size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
    return n;
}

html::MatchView sample_match() {
    html::MatchView m;
    m.title = "Alpha vs Beta <test>";
    m.engines = {"Alpha", "Beta"};
    m.headline = {{"rules", "fide-2023"}, {"score", "1 - 1 - 1"}};
    html::GameView rep = game(1, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"}, "1/2-1/2",
                              "threefold", "9.2.2");
    rep.claimed = true;
    rep.final_notes = {"claim threefold 9.2.2: correct"};
    html::GameView mate = game(2, {"f2f3", "e7e5", "g2g4", "d8h4"}, "0-1", "checkmate", "5.1.1");
    html::GameView wrong = game(3, {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"}, "1-0", "time-forfeit", "6.9");
    wrong.plies[2].notes = {"claim threefold 9.2.2: incorrect, 9.5.2, opponent +120s"};
    wrong.incorrect_claims[0] = 1;
    wrong.plies[3].offered_draw = true;
    m.games = {rep, mate, wrong};
    for (int i = 0; i < 3; ++i) m.progress.push_back({50.0 + i, 10.0 * i, -100, 100});
    m.reasons = {{"The Laws", {{"checkmate", 0, 1, 0}, {"threefold claimed", 0, 0, 1}}}};
    m.incorrect_claims = {1, 0};
    return m;
}

}  // namespace

TEST_CASE("the match page is well formed and holds every game, chart and board", "[html][page]") {
    const html::MatchView m = sample_match();
    std::string page;
    html::append_match_page(page, m);
    INFO(test::check_html(page));
    CHECK(test::check_html(page).empty());
    CHECK(page.find("<title>Alpha vs Beta &lt;test&gt;</title>") != std::string::npos);
    CHECK(count(page, "<tr data-n=") == 3);
    CHECK(count(page, "<section class=\"game\"") == 3);   // a small match: every game written out
    CHECK(count(page, "<svg class=\"chart\"") == 2 + 3);  // score and Elo, and each game's score graph
    CHECK(count(page, "<svg class=\"chart bars\"") == 1);
    // Boards: game 1 start + end; game 2 start + end; game 3 start + incorrect claim + offer + end.
    CHECK(count(page, "<svg class=\"board\"") == 8);
    CHECK(page.find("Incorrect claim by White before 2. Nf3") != std::string::npos);
    CHECK(page.find("Draw offered by Black with 2... Nc6") != std::string::npos);
    CHECK(page.find("threefold 9.2.2</b>: The same position") != std::string::npos);
    // No script is needed to read it: no lazily drawn rows in a small match.
    CHECK(count(page, "data-m=") == 0);
    CHECK(page.find("http") == std::string::npos);  // nothing from the network
}

TEST_CASE("a threefold game marks the plies of the repeated position", "[html][page]") {
    const html::MatchView m = sample_match();
    CHECK(html::repetition_plies(m.games[0]) == std::vector<int>{0, 4, 8});
    CHECK(html::repetition_plies(m.games[1]).empty());
    std::string section;
    html::append_game_section(section, m.games[0], "meaning");
    CHECK(section.find("the start, after ply 4 and after ply 8 (3 times") != std::string::npos);
    CHECK(count(section, "class=\"mv rep\"") == 2);
    // The end board shows the final position (the start again).
    const std::size_t end = section.rfind("<svg class=\"board\"");
    CHECK(test::board_squares(section.substr(end)) ==
          test::board_squares(section.substr(section.find("<svg class=\"board\""))));
}

TEST_CASE("an intended-move claim shows the board after the claimed move", "[html][page]") {
    html::GameView g =
        game(7, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"}, "1/2-1/2", "threefold", "9.2.1");
    g.claimed = true;
    g.move = "f6g8";
    CHECK(html::repetition_plies(g) == std::vector<int>{0, 4, 8});  // ply 8: after the claimed move
    std::string section;
    html::append_game_section(section, g, "meaning");
    CHECK(section.find("The claimed move 4... Ng8") != std::string::npos);
    const std::size_t last = section.rfind("<svg class=\"board\"");
    const std::string start = test::board_squares(section.substr(section.find("<svg class=\"board\"")));
    CHECK(test::board_squares(section.substr(last)) == start);
    CHECK(section.find("<rect class=\"mk\"", last) != std::string::npos);
}

TEST_CASE("a large report writes sections for notable games only and codes the rest", "[html][page]") {
    html::MatchView m = sample_match();
    m.full_sections_up_to = 0;
    std::string page;
    html::append_match_page(page, m);
    CHECK(test::check_html(page).empty());
    CHECK(count(page, "<section class=\"game\"") == 2);  // the claim and the incorrect claim
    CHECK(page.find("id=\"g2\"") == std::string::npos);
    // The checkmate game's row carries its moves for the script: f2f3 e7e5 g2g4 d8h4. The
    // knight on g1 could also go to f3, so that move is f3 and the pawn's rank among g1, f2
    // (1); the others are their destinations alone.
    const auto code = [](const char* sq) { return html::SQUARE_CODES[rules::parse_square(sq)]; };
    const std::string moves = {code("f3"), html::SQUARE_CODES[1], code("e5"), code("g4"), code("h4")};
    CHECK(page.find("data-m=\"" + moves + "\"") != std::string::npos);
    CHECK(page.find("data-mate=\"1\"") != std::string::npos);
    CHECK(page.find("id=\"nojs\"") != std::string::npos);
    // The rows and sections are markup inside <noscript> (a browser without script shows them;
    // with script they are text the script cuts at "</tr>\n" and "</section>\n"): every row,
    // one a line, after the table head's line; every notable section.
    const std::size_t rows =
        page.find("<noscript id=\"game-rows\">\n<div class=\"scroll\"><table id=\"games\"");
    REQUIRE(rows != std::string::npos);
    const std::string rows_text = page.substr(rows, page.find("</noscript>", rows) - rows);
    CHECK(count(rows_text, "</tr>\n<tr data-n=") == 2);
    CHECK(count(rows_text, "<tbody>\n<tr data-n=\"1\"") == 1);
    CHECK(rows_text.ends_with("</tr>\n</tbody></table></div>\n"));
    const std::size_t sections = page.find("<noscript id=\"game-sections\">\n");
    REQUIRE(sections != std::string::npos);
    const std::string sections_text = page.substr(sections, page.find("</noscript>", sections) - sections);
    CHECK(count(sections_text, "</section>\n") == 2);
    CHECK(count(page, "<table id=\"games\"") == 1);  // only in the <noscript>: the script makes its own
    CHECK(page.find("<div id=\"sections\"></div>") > sections);
}

TEST_CASE("a game carried over from a resume state has a marked row and no section", "[html][page]") {
    for (int full : {1000, 0}) {
        INFO("full sections up to " << full);
        html::MatchView m = sample_match();
        m.full_sections_up_to = full;
        // Game 1, a claimed threefold, as a resumed match knows it: result and length only
        html::GameView& g = m.games[0];
        g.carried = true;
        g.carried_plies = int(g.plies.size());
        g.plies.clear();
        std::string page;
        html::append_match_page(page, m);
        CHECK(test::check_html(page).empty());
        CHECK(count(page, "<tr data-n=") == 3);
        const std::size_t row = page.find("<tr data-n=\"1\"");
        REQUIRE(row != std::string::npos);
        const std::string cells = page.substr(row, page.find("</tr>", row) - row);
        CHECK(cells.find("class=\"carried\"") != std::string::npos);
        CHECK(cells.find("moves not in this report") != std::string::npos);
        CHECK(cells.find("<td>8</td>") != std::string::npos);  // its plies
        CHECK(cells.find("data-m=") == std::string::npos);     // nothing for the script to draw
        CHECK(cells.find("href=") == std::string::npos);       // no section to open
        CHECK(count(page, "id=\"g1\"") == 0);
        CHECK(count(page, "<section class=\"game\"") == (full ? 2 : 1));  // all others, or the notable one
    }
}

TEST_CASE("score codes hold centipawns and mates from White's side", "[html][page]") {
    auto decode = [](const std::string& s) {
        return int(html::SQUARE_CODES.find(s[0])) * 64 + int(html::SQUARE_CODES.find(s[1]));
    };
    auto code = [](bool has, bool mate, int v) {
        std::string s;
        html::append_score_code(s, has, mate, v);
        return s;
    };
    CHECK(decode(code(false, false, 0)) == 0);
    CHECK(decode(code(true, false, 25)) == 2048 + 25);
    CHECK(decode(code(true, false, -5000)) == 2048 - 1999);
    CHECK(decode(code(true, true, 3)) == 4047 + 3);
    CHECK(decode(code(true, true, -2)) == 48 - 2);
}

TEST_CASE("a game's scores are coded mostly one character a ply", "[html][page]") {
    html::ScoreCodes codes;
    std::string s;
    codes.append(s, true, false, 25);     // +25 from 0: one character
    codes.append(s, false, false, 0);     // none
    codes.append(s, true, false, -5);     // -30 from +25 (a missing score does not move the base)
    codes.append(s, true, false, 300);    // too far: '-' and the absolute code
    codes.append(s, true, true, -2);      // mate: '-' and the absolute code
    codes.append(s, true, false, 310);    // +10 from 300 (a mate does not move the base)
    codes.append(s, true, false, -4000);  // clamped to -1999 in the absolute code...
    codes.append(s, true, false, -1990);  // ...which is the base for the next: +9
    auto abs_code = [](bool mate, int v) {
        std::string a;
        html::append_score_code(a, true, mate, v);
        return a;
    };
    const auto& C = html::SQUARE_CODES;
    const std::string expected = std::string{C[55], C[61], C[0]} + '-' + abs_code(false, 300) + '-' +
                                 abs_code(true, -2) + C[40] + '-' + abs_code(false, -1999) + C[39];
    CHECK(s == expected);
}

TEST_CASE("a move is coded by its destination when its mover is the only candidate", "[html][page]") {
    auto candidates = [](const std::string& fen, const char* to) {
        const rules::Position pos = rules::Position::from_fen(fen, false);
        std::vector<std::string> out;
        for (rules::Bitboard b = html::move_candidates(pos, rules::parse_square(to)); b; b &= b - 1)
            out.push_back(rules::square_name(rules::Square(__builtin_ctzll(b))));
        return out;
    };
    const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    CHECK(candidates(start, "f3") == std::vector<std::string>{"g1", "f2"});
    CHECK(candidates(start, "e4") == std::vector<std::string>{"e2"});
    CHECK(candidates(start, "e5").empty());
    // A capture: the pawns beside, and a piece that attacks the square (pins ignored).
    CHECK(candidates("4k3/8/8/3p4/2P1P3/8/8/3QK3 w - - 0 1", "d5") ==
          std::vector<std::string>{"d1", "c4", "e4"});
    // En passant: an enemy pawn behind the empty square on the en passant rank; with Black.
    CHECK(candidates("4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 2", "d6") == std::vector<std::string>{"c5", "e5"});
    CHECK(candidates("4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 2", "d3") == std::vector<std::string>{"e4"});
    // A double push needs the square between empty.
    CHECK(candidates("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e4") == std::vector<std::string>{"e2"});
    CHECK(candidates("4k3/8/8/8/8/4N3/4P3/4K3 w - - 0 1", "e4").empty());
}

TEST_CASE("a crosstable appears with three engines", "[html][page]") {
    html::MatchView m = sample_match();
    m.engines = {"Alpha", "Beta", "Gamma"};
    m.incorrect_claims = {1, 0, 0};
    m.games[1].black = "Gamma";
    std::string page;
    html::append_match_page(page, m);
    CHECK(test::check_html(page).empty());
    CHECK(page.find("<h2>Crosstable</h2>") != std::string::npos);
    std::string two;
    html::append_match_page(two, sample_match());
    CHECK(two.find("<h2>Crosstable</h2>") == std::string::npos);
}
