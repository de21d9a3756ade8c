// `audit` on hand-made samples in the styles of cutechess-cli, fastchess and lichess, with
// verdicts worked out by hand from the Laws; the rewrite read back; the command's contract.
#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>

#include "audit/audit.h"
#include "audit/audit_report.h"
#include "audit/audit_rewrite.h"
#include "pgn_samples.h"
#include "rules/notation.h"
#include "support/paths.h"

using namespace drawproxy;

namespace {

std::string sample(const std::string& name) { return test::pgn_sample(name); }

// Audits every well-formed game of `text`; also collects the rewritten PGN.
std::vector<audit::GameAudit> audit_text(const std::string& text, const std::string& edition,
                                         std::string* rewrite = nullptr) {
    rules::Edition e = rules::Edition::builtin(edition);
    rules::PgnReader reader;
    rules::Game scratch;
    std::vector<audit::GameAudit> out;
    reader.feed(text);
    reader.finish();
    while (const rules::PgnGame* g = reader.next()) {
        INFO("game " << g->number << (g->ok() ? "" : ": " + g->error->message));
        REQUIRE(g->ok());
        out.push_back(audit::audit_game(*g, e, scratch));
        if (rewrite) audit::append_corrected_pgn(*g, out.back(), *rewrite);
    }
    return out;
}

std::string end_text(const audit::GameAudit& a) {
    if (!a.automatic_end) return "-";
    const auto& e = *a.automatic_end;
    return std::to_string(e.ply) + " " + std::string(rules::reason_name(e.reason)) + " " + e.article + " " +
           std::string(rules::score_text(e.score));
}

std::string claim_text(const audit::GameAudit& a) {
    if (!a.first_claim) return "-";
    return std::to_string(a.first_claim->ply) + " " + std::string(rules::reason_name(a.first_claim->reason)) +
           " " + a.first_claim->article;
}

}  // namespace

TEST_CASE("audit: cutechess-cli samples under fide-2023", "[audit]") {
    auto a = audit_text(sample("cutechess.pgn"), "fide-2023");
    REQUIRE(a.size() == 5);
    // Fool's mate.
    CHECK(end_text(a[0]) == "4 checkmate 5.1.1 0-1");
    CHECK(claim_text(a[0]) == "-");
    CHECK(a[0].agrees);
    // Knights out and back twice: the start position's third occurrence is at ply 8; Black
    // could claim it with the intended move at ply 7 (9.2.1). A draw only on a claim.
    CHECK(end_text(a[1]) == "-");
    CHECK(claim_text(a[1]) == "7 threefold 9.2.1");
    CHECK(a[1].agrees);
    CHECK(a[1].recorded_end == audit::RecordedEnd::Threefold);
    CHECK(a[1].result_rule == "threefold 9.2.2");
    // Bxc3 leaves K+B v K: dead at once.
    CHECK(end_text(a[2]) == "1 dead-position 5.2.2 1/2-1/2");
    CHECK(a[2].agrees);
    // Black's flag falls, but White has a lone king: 6.9 makes it a draw.
    CHECK(a[3].recorded_end == audit::RecordedEnd::TimeForfeit);
    CHECK(!a[3].agrees);
    CHECK(a[3].corrected == "1/2-1/2");
    CHECK(a[3].result_rule == "time-forfeit 6.9");
    // White's flag falls and Black has a rook: the loss stands.
    CHECK(a[4].agrees);
    CHECK(a[4].corrected == "0-1");
}

TEST_CASE("audit: fastchess samples, Chess960 and FEN starts", "[audit]") {
    auto a = audit_text(sample("fastchess.pgn"), "fide-2023");
    REQUIRE(a.size() == 4);
    // Chess960: both castle (ply 4 has no castling rights left), then the knights shuffle;
    // ply 4's position recurs at 8 and 12.
    CHECK(end_text(a[0]) == "-");
    CHECK(claim_text(a[0]) == "11 threefold 9.2.1");
    CHECK(a[0].agrees);
    // The FEN's halfmove clock is 90: the clock is 99 at ply 9 (intended-move claim) and
    // 100 at ply 10.
    CHECK(claim_text(a[1]) == "9 fifty-moves 9.3.1");
    CHECK(a[1].result_rule == "fifty-moves 9.3.2");
    CHECK(a[1].agrees);
    // The start position for the fifth time at ply 16: a draw there, whatever the adjudicator said.
    CHECK(end_text(a[2]) == "16 fivefold 9.6.1 1/2-1/2");
    CHECK(claim_text(a[2]) == "7 threefold 9.2.1");
    CHECK(!a[2].agrees);
    CHECK(a[2].corrected == "1/2-1/2");
    CHECK(a[2].kept_plies == 16);
    // UCI movetext, mate at ply 5.
    CHECK(end_text(a[3]) == "5 checkmate 5.1.1 1-0");
}

TEST_CASE("audit: the edition decides fivefold", "[audit]") {
    // 2014: five occurrences by consecutive alternate moves (every 4 plies) is automatic.
    auto a14 = audit_text(sample("fastchess.pgn"), "fide-2014");
    CHECK(end_text(a14[2]) == "16 fivefold 9.6a 1/2-1/2");
    CHECK(claim_text(a14[2]) == "7 threefold 9.2a");
    // 2009: no fivefold rule; the adjudication stands.
    auto a09 = audit_text(sample("fastchess.pgn"), "fide-2009");
    CHECK(end_text(a09[2]) == "-");
    CHECK(a09[2].agrees);
    CHECK(a09[2].recorded_end == audit::RecordedEnd::Adjudication);
    // The computer rules end the repetition game by themselves at the third occurrence.
    auto ac = audit_text(sample("cutechess.pgn"), "computer");
    CHECK(end_text(ac[1]) == "8 threefold computer 1/2-1/2");
    CHECK(claim_text(ac[1]) == "-");
}

TEST_CASE("audit: lichess samples", "[audit]") {
    auto a = audit_text(sample("lichess.pgn"), "fide-2023");
    REQUIRE(a.size() == 3);
    CHECK(end_text(a[0]) == "7 checkmate 5.1.1 1-0");
    CHECK(end_text(a[1]) == "19 stalemate 5.2.1 1/2-1/2");  // Loyd's ten-move stalemate
    CHECK(a[1].agrees);
    CHECK(a[2].recorded_end == audit::RecordedEnd::TimeForfeit);
    CHECK(a[2].agrees);
    CHECK(a[0].white == "alice");
}

TEST_CASE("audit: a recorded ending the Laws do not support differs", "[audit]") {
    const std::string text =
        "[Result \"1/2-1/2\"]\n\n1. e4 e5 {Draw by 3-fold repetition} 1/2-1/2\n\n"
        "[Result \"1-0\"]\n\n1. e4 e5 {White mates} 1-0\n\n"
        "[Result \"*\"]\n\n1. f3 e5 2. g4 Qh4# *\n";
    auto a = audit_text(text, "fide-2023");
    REQUIRE(a.size() == 3);
    CHECK(!a[0].agrees);
    CHECK(a[0].corrected == "*");
    CHECK(!a[1].agrees);
    CHECK(!a[2].agrees);  // the record leaves the game open, but it ended in mate
    CHECK(a[2].corrected == "0-1");
}

TEST_CASE("audit: how the record says the game ended", "[audit]") {
    auto end_of = [](const std::string& text) {
        rules::PgnReader reader;
        reader.feed(text);
        reader.finish();
        const rules::PgnGame* g = reader.next();
        REQUIRE(g);
        REQUIRE(g->ok());
        return audit::classify_termination(*g);
    };
    using audit::RecordedEnd;
    CHECK(end_of("1. e4 {+0.1/3 0.1s, Draw by 3-fold repetition} 1/2-1/2") == RecordedEnd::Threefold);
    CHECK(end_of("1. e4 {Draw by fifty moves rule} 1/2-1/2") == RecordedEnd::FiftyMoves);
    CHECK(end_of("1. e4 {+1.0/3 0.1s, Black loses on time} 1-0") == RecordedEnd::TimeForfeit);
    CHECK(end_of("1. e4 {Draw by adjudication: SyzygyTB} 1/2-1/2") == RecordedEnd::Adjudication);
    CHECK(end_of("1. e4 {White makes an illegal move: e1e3} 0-1") == RecordedEnd::IllegalMove);
    CHECK(end_of("[Termination \"Time forfeit\"]\n\n1. e4 { [%clk 0:00:00] } 0-1") ==
          RecordedEnd::TimeForfeit);
    CHECK(end_of("[Termination \"abandoned\"]\n\n1. e4 0-1") == RecordedEnd::Abandoned);
    CHECK(end_of("1. e4 e5 *") == RecordedEnd::Unfinished);
    // An annotator's words at the last move are not the ending.
    CHECK(end_of("[Termination \"Normal\"]\n\n1. e4 {(+2.5 -> Mate in 3) Blunder.} 1-0") ==
          RecordedEnd::Unstated);
}

TEST_CASE("audit: a draw recorded without a reason notes an open claim", "[audit]") {
    auto a = audit_text(
        "[Termination \"Normal\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2\n\n"
        "[Termination \"Normal\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 1/2-1/2\n",
        "fide-2023");
    REQUIRE(a.size() == 2);
    CHECK(a[0].agrees);
    CHECK(a[0].why.find("threefold claim (9.2.2) was open") != std::string::npos);
    CHECK(a[1].agrees);
    CHECK(a[1].why.find("claim") == std::string::npos);
}

TEST_CASE("audit --rewrite output reads back with the corrected results", "[audit]") {
    for (const char* file : {"cutechess.pgn", "fastchess.pgn", "lichess.pgn"}) {
        std::string rewritten;
        auto first = audit_text(sample(file), "fide-2023", &rewritten);
        rules::PgnReader reader;
        reader.feed(rewritten);
        reader.finish();
        std::size_t i = 0;
        while (const rules::PgnGame* g = reader.next()) {
            INFO(file << " game " << g->number);
            REQUIRE(i < first.size());
            REQUIRE(g->ok());
            CHECK(g->result == first[i].corrected);
            CHECK(g->tag("Result") == first[i].corrected);
            CHECK(g->tag("ResultRule") == first[i].result_rule);
            CHECK(g->ply_count() == first[i].kept_plies);
            ++i;
        }
        CHECK(i == first.size());
    }
}

TEST_CASE("audit --json gives the fields of issue 7 in order, then the recorded ending", "[audit]") {
    auto a = audit_text(sample("fastchess.pgn"), "fide-2023");
    CHECK(audit::audit_json(a[2]) ==
          R"({"game":3,"white":"engine1","black":"engine2","recorded":"1-0","plies":18,)"
          R"("automatic_end":{"ply":16,"score":"1/2-1/2","reason":"fivefold","article":"9.6.1"},)"
          R"("first_claim":{"ply":7,"reason":"threefold","article":"9.2.1"},"verdict":"differs",)"
          R"("why":"the game went on past fivefold 9.6.1 at ply 16 (2 more plies): 1/2-1/2 by the Laws",)"
          R"("recorded_end":"adjudication"})");
    CHECK(audit::audit_json(a[3]).find(R"("first_claim":null)") != std::string::npos);
}

namespace {

struct ShellRun {
    int status;
    std::string out;
};

// `command` through the shell; its stdout (and whatever it redirects there) and exit status.
ShellRun run_shell(const std::string& command) {
    ShellRun r{-1, {}};
    std::unique_ptr<FILE, int (*)(FILE*)> p(popen(command.c_str(), "r"), pclose);
    REQUIRE(p);
    std::array<char, 4096> buf;
    while (std::size_t n = std::fread(buf.data(), 1, buf.size(), p.get())) r.out.append(buf.data(), n);
    int raw = pclose(p.release());
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return r;
}

}  // namespace

TEST_CASE("drawproxy audit: exit status, JSON lines, broken games on stderr", "[audit][cli][engine]") {
    const std::string exe = test::binary_path("bin/drawproxy");
    const std::string dir = test::source_path("tests/data/pgn/");
    ShellRun ok = run_shell(exe + " audit --json " + dir + "cutechess.pgn " + dir + "lichess.pgn 2>&1");
    CHECK(ok.status == 0);
    CHECK(std::count(ok.out.begin(), ok.out.end(), '\n') == 8);
    ShellRun bad = run_shell(exe + " audit --json " + dir + "malformed.pgn 2>&1 >/dev/null");
    CHECK(bad.status == 2);
    CHECK(std::count(bad.out.begin(), bad.out.end(), '\n') == 8);  // one line per broken game
    CHECK(bad.out.find("game 4, ply 2: bad move 'Nf9'") != std::string::npos);
    ShellRun table = run_shell(exe + " audit --rules fide-2014 " + dir + "fastchess.pgn");
    CHECK(table.status == 0);
    CHECK(table.out.find("total: 4 games: 3 agree, 1 differ, 0 broken") != std::string::npos);
    ShellRun usage = run_shell(exe + " audit --rules no-such-edition " + dir + "fastchess.pgn 2>/dev/null");
    CHECK(usage.status == 2);
    ShellRun missing = run_shell(exe + " audit /nonexistent/file.pgn 2>/dev/null");
    CHECK(missing.status == 2);
}
