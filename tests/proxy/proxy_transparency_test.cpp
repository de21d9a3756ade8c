// Transparency: a long random session gives the same transcripts on both sides with and
// without the proxy, apart from the lines the proxy inserts.
#include <catch2/catch.hpp>
#include <fstream>
#include <random>

#include "rules/notation.h"
#include "support/child_session.h"
#include "support/text_file.h"

using drawproxy::test::binary_path;
using drawproxy::test::ChildSession;
using drawproxy::test::fake_engine_binary;
using drawproxy::test::proxy_binary;
namespace rules = drawproxy::rules;
using drawproxy::test::read_lines;

namespace {

// GUI lines of every kind: games that grow and branch, searches with pondering, stop and
// ponderhit at any time, isready during searches, odd spacing, long and binary lines.
std::vector<std::string> random_session(int count, unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<std::string> out;
    rules::Position pos;
    std::string moves;
    auto pick = [&rng](int n) { return int(rng() % unsigned(n)); };
    while (int(out.size()) < count) {
        switch (pick(14)) {
            case 0:
                out.push_back("isready");
                break;
            case 1:
            case 2: {  // extend the game by a few random legal plies
                for (int k = pick(4); k >= 0; --k) {
                    auto legal = pos.legal_moves();
                    if (legal.empty()) break;
                    rules::Move m = legal[pick(legal.size())];
                    moves += " " + rules::to_uci(pos, m);
                    pos.play(m);
                }
                out.push_back("position startpos moves" + moves);
                break;
            }
            case 3:
                out.push_back("ucinewgame");
                pos = rules::Position();
                moves.clear();
                break;
            case 4:
                out.push_back("go ponder wtime 1000 btime 1000 winc 10 binc 10");
                break;
            case 5:
                out.push_back(pick(2) ? "ponderhit" : "stop");
                break;
            case 6:
                out.push_back("go depth " + std::to_string(1 + pick(20)));
                break;
            case 7:
                out.push_back("go nodes 100 searchmoves e2e4 d2d4");
                break;
            case 8:
                out.push_back("  isready \r");
                break;
            case 9:
                out.push_back("setoption name Hash value " + std::to_string(pick(512)));
                break;
            case 10: {
                std::string l = "debug on ";
                for (int k = pick(200); k > 0; --k) {
                    char c = char(rng() % 256);
                    l.push_back(c == '\n' ? '.' : c);
                }
                out.push_back(l);
                break;
            }
            case 11:
                out.push_back(std::string(std::size_t(pick(20000)), char('A' + pick(26))));
                break;
            case 12:
                out.push_back("position fen 8/8/8/4k3/8/8/8/R3K3 w - - " + std::to_string(pick(160)) + " 80");
                break;
            default:
                out.push_back("go infinite");
                break;
        }
    }
    return out;
}

// Index of the first difference, or -1 (comparing whole vectors would make Catch print
// megabytes on failure).
long first_difference(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i)
        if (a[i] != b[i]) return long(i);
    return a.size() == b.size() ? -1 : long(std::min(a.size(), b.size()));
}

struct Transcript {
    std::vector<std::string> gui_side, engine_side;
};

Transcript run(const std::vector<std::string>& session, bool through_proxy, const std::string& record) {
    std::vector<std::string> engine = {"--record", record,
                                       "--on",     "go=@random 2;bestmove e2e4 ponder e7e5",
                                       "--on",     "isready=readyok",
                                       "--on",     "quit=@exit 0",
                                       "--on",     "=@random 2"};
    std::vector<std::string> args;
    std::string program = fake_engine_binary();
    if (through_proxy) {
        args = {"--", program};
        program = proxy_binary();
    }
    args.insert(args.end(), engine.begin(), engine.end());
    ChildSession s(program, args);
    for (const auto& l : session) s.send(l);
    s.close_input();
    REQUIRE(s.wait_exit(std::chrono::seconds(120)));
    CHECK(*s.status() == 0);
    return Transcript{s.lines(), read_lines(record)};
}

}  // namespace

TEST_CASE("a long random session is the same through the proxy, apart from inserted lines", "[engine]") {
    auto session = random_session(20000, 2026);
    Transcript direct = run(session, false, binary_path("tests/tmp_transparency_direct.txt"));
    Transcript proxied = run(session, true, binary_path("tests/tmp_transparency_proxy.txt"));
    REQUIRE(direct.engine_side.size() == session.size());
    CHECK(direct.gui_side.size() > 40000);

    // The engine saw exactly what the GUI sent (no setoption of the proxy's own was asked for).
    // At the end of its input the proxy sends `quit`: the only line it adds.
    REQUIRE(!proxied.engine_side.empty());
    CHECK(proxied.engine_side.back() == "quit");
    proxied.engine_side.pop_back();
    long diff = first_difference(proxied.engine_side, direct.engine_side);
    INFO("engine side differs at line "
         << diff << ": "
         << (diff >= 0 && diff < long(direct.engine_side.size()) ? direct.engine_side[diff].substr(0, 200)
                                                                 : "")
         << " | "
         << (diff >= 0 && diff < long(proxied.engine_side.size()) ? proxied.engine_side[diff].substr(0, 200)
                                                                  : ""));
    CHECK(diff == -1);

    std::vector<std::string> relayed;
    int inserted = 0;
    for (auto& l : proxied.gui_side) {
        if (l.rfind("info string drawproxy ", 0) == 0)
            ++inserted;
        else
            relayed.push_back(l);
    }
    CHECK(relayed.size() == direct.gui_side.size());
    diff = first_difference(relayed, direct.gui_side);
    INFO("GUI side differs at line " << diff);
    CHECK(diff == -1);
    CHECK(inserted > 0);  // the session does reach positions the proxy comments on
}
