// The xboard front end's protocol, without processes: xboard lines in, UCI lines out, and the
// engine's UCI lines back as xboard's.
#include <catch2/catch.hpp>

#include "support/xboard_harness.h"

namespace {

using drawproxy::test::XboardHarness;
using Lines = std::vector<std::string>;

bool contains(const std::string& s, std::string_view part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("xboard handshake: protover before uciok gets done=0 at once, the features with done=1 at uciok") {
    XboardHarness h({}, false);
    CHECK(h.take_engine() == Lines{"uci"});
    h.gui("xboard");
    h.gui("protover 2");
    CHECK(h.take() == Lines{"feature done=0"});
    h.gui("new");  // waits for the engine
    h.engine("id name Stockfish 15.1");
    h.engine("option name Hash type spin default 16 min 1 max 33554432");
    h.engine("option name Clear Hash type button");
    h.engine("option name Draw Contempt type check default true");
    h.engine("option name Style type combo default Normal var Solid var Normal var Risky");
    h.engine("option name EvalFile type string default nn-1.nnue");
    h.engine("uciok");
    Lines out = h.take();
    REQUIRE(out.size() == 1);  // one write
    const std::string& f = out[0];
    for (const char* feature : {"ping=1", "setboard=1", "usermove=1", "time=1", "draw=1", "sigint=0",
                                "sigterm=0", "reuse=1", "colors=0", "playother=1",
                                "myname=\"Stockfish 15.1\"", "variants=\"normal\"", "debug=1", "memory=1"}) {
        CAPTURE(feature);
        CHECK(contains(f, feature));
    }
    CHECK(contains(f, "feature option=\"Hash -spin 16 1 33554432\""));
    CHECK(contains(f, "feature option=\"Clear Hash -button\""));
    CHECK(contains(f, "feature option=\"draw Contempt -check 1\""));  // no "Draw" reaches the GUI
    CHECK(contains(f, "feature option=\"Style -combo Solid /// *Normal /// Risky\""));
    CHECK(contains(f, "feature option=\"EvalFile -file nn-1.nnue\""));
    CHECK(contains(f, "feature option=\"drawproxy Claim -combo *always /// never /// score\""));
    CHECK(contains(f, "feature option=\"drawproxy Rules -combo"));
    CHECK(f.ends_with("\nfeature done=1"));
    // The line that waited is acted on now.
    CHECK(h.take_engine() == Lines{"ucinewgame"});
    CHECK(h.stray_draw_mentions().empty());
}

TEST_CASE("xboard handshake: after uciok, protover is answered at once with done=1 and no done=0") {
    XboardHarness h({}, false);
    h.engine("id name Fake");
    h.engine("uciok");
    h.gui("xboard");
    h.gui("protover 2");
    Lines out = h.take();
    REQUIRE(out.size() == 1);
    CHECK(out[0].starts_with("feature ping=1"));
    CHECK(!contains(out[0], "done=0"));
    CHECK(out[0].ends_with("feature done=1"));
    h.gui("accepted ping");
    h.gui("rejected usermove");
    CHECK(h.take().empty());
}

TEST_CASE("xboard: a game in force mode, then go: positions and clocks for the engine") {
    XboardHarness h;
    h.new_game("level 40 5 0");
    h.gui("usermove e2e4");
    CHECK(h.take_engine().empty());  // force mode: nothing to think about
    h.gui("e7e5");                   // bare moves too
    h.gui("time 29000");
    h.gui("otim 28000");
    h.gui("go");
    CHECK(h.take_engine() ==
          Lines{"position startpos moves e2e4 e7e5", "go wtime 290000 btime 280000 movestogo 39"});
    h.engine("info depth 5 seldepth 7 score cp 31 nodes 1234 time 56 pv g1f3 b8c6");
    h.engine("bestmove g1f3 ponder b8c6");
    CHECK(h.take() == Lines{"5 31 5 1234 g1f3 b8c6", "move g1f3"});
    h.gui("time 28000");
    h.gui("otim 27000");
    h.gui("usermove b8c6");  // the engine plays White now: its clock is wtime
    CHECK(h.take_engine() ==
          Lines{"position startpos moves e2e4 e7e5 g1f3 b8c6", "go wtime 280000 btime 270000 movestogo 38"});
}

TEST_CASE("xboard: clocks become go wtime/btime/winc/binc/movestogo, st movetime, sd depth, nps nodes") {
    XboardHarness h;
    h.new_game("level 0 2 3");
    h.gui("usermove e2e4");  // the engine plays Black after new
    h.gui("time 11000");
    h.gui("otim 12000");
    CHECK(h.take_engine().empty());  // in force mode
    h.gui("new");
    h.gui("level 0 2 3");
    h.gui("time 11000");
    h.gui("otim 12000");
    h.take_engine();
    h.gui("usermove e2e4");
    CHECK(h.take_engine() ==
          Lines{"position startpos moves e2e4", "go wtime 120000 btime 110000 winc 3000 binc 3000"});
    h.engine("bestmove e7e5");
    h.take();

    h.gui("new");
    h.gui("st 2");
    h.gui("sd 7");
    h.take_engine();
    h.gui("usermove d2d4");
    CHECK(h.take_engine() == Lines{"position startpos moves d2d4", "go movetime 2000 depth 7"});
    h.engine("bestmove d7d5");

    h.gui("new");
    h.gui("st 2");
    h.gui("nps 50000");
    h.take_engine();
    h.gui("usermove d2d4");
    CHECK(h.take_engine() == Lines{"position startpos moves d2d4", "go nodes 100000"});
    h.engine("bestmove d7d5");

    h.gui("new");  // level 40 0:30 0 for the first 40 moves, no clock seen yet: the level's base
    h.gui("level 40 0:30 0");
    h.take_engine();
    h.gui("usermove d2d4");
    CHECK(h.take_engine() ==
          Lines{"position startpos moves d2d4", "go wtime 30000 btime 30000 movestogo 40"});
}

TEST_CASE("xboard: ping is answered in order, after the engine's move when it is thinking") {
    XboardHarness h;
    h.gui("new");
    h.take_engine();
    h.gui("ping 1");  // ucinewgame was sent: the pong waits for the engine's readyok
    CHECK(h.take_engine() == Lines{"isready"});
    CHECK(h.take().empty());
    h.gui("ping 2");
    CHECK(h.take().empty());  // pongs keep their order
    h.engine("readyok");
    CHECK(h.take() == Lines{"pong 1", "pong 2"});
    h.gui("ping 3");  // nothing sent since: at once
    CHECK(h.take() == Lines{"pong 3"});
    CHECK(h.take_engine().empty());

    h.gui("usermove e2e4");  // the engine (Black) thinks
    h.take_engine();
    h.gui("ping 4");
    CHECK(h.take().empty());
    h.engine("bestmove e7e5");
    CHECK(h.take() == Lines{"move e7e5", "pong 4"});
}

TEST_CASE("xboard: ? moves now, and force and new drop the stopped search's move") {
    XboardHarness h;
    h.new_game();
    h.gui("go");
    h.take_engine();
    h.gui("?");
    CHECK(h.take_engine() == Lines{"stop"});
    h.engine("bestmove e2e4");
    CHECK(h.take() == Lines{"move e2e4"});

    h.gui("usermove e7e5");
    CHECK(h.engine_got("go"));
    h.take_engine();
    h.gui("force");
    CHECK(h.take_engine() == Lines{"stop"});
    h.gui("new");
    h.engine("bestmove g1f3");  // the stopped search's move
    CHECK(h.take().empty());
    CHECK(h.session().game().ply_count() == 0);
}

TEST_CASE("xboard: bad input: unknown commands, illegal moves, unreadable positions") {
    XboardHarness h;
    h.new_game();
    h.gui("frobnicate 3");
    CHECK(h.take() == Lines{"Error (unknown command): frobnicate 3"});
    h.gui("level 40 x 0");
    CHECK(h.take() == Lines{"Error (invalid argument): level 40 x 0"});
    h.gui("usermove e2e5");
    CHECK(h.take() == Lines{"Illegal move: e2e5"});
    h.gui("e7e5");  // Black's move with White to move
    CHECK(h.take() == Lines{"Illegal move: e7e5"});
    CHECK(h.session().game().ply_count() == 0);  // nothing changed
    CHECK(h.take_engine().empty());

    h.gui("setboard 8/8/8/8/8/8/8/8 w - - 0 1");
    Lines out = h.take();
    REQUIRE(out.size() == 1);
    CHECK(out[0].starts_with("tellusererror Illegal position: "));
    h.gui("usermove e2e4");  // refused until a new position
    CHECK(h.take() == Lines{"Illegal move: e2e4"});
    h.gui("setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    h.gui("usermove e2e4");
    CHECK(h.take().empty());
    CHECK(h.session().game().ply_count() == 1);
    h.gui("undo");
    h.gui("undo");
    CHECK(h.take() == Lines{"Error (command not legal now): undo"});
    h.gui("");  // empty lines are not commands
    CHECK(h.take().empty());
    CHECK(h.stray_draw_mentions().empty());
}

TEST_CASE("xboard: setboard with Black to move, undo and remove") {
    XboardHarness h;
    h.new_game();
    h.gui("setboard rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    h.gui("usermove c7c5");
    h.gui("usermove g1f3");
    h.gui("usermove d7d6");
    CHECK(h.session().game().ply_count() == 3);
    h.gui("remove");
    CHECK(h.session().game().ply_count() == 1);
    h.gui("undo");
    CHECK(h.session().game().ply_count() == 0);
    h.gui("go");  // Black to move: the engine plays Black from the FEN
    CHECK(h.take_engine() == Lines{"position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                                   "go wtime 300000 btime 300000 movestogo 40"});
}

TEST_CASE("xboard: edit mode sets up a position, castling where king and rook stand at home") {
    XboardHarness h;
    h.new_game();
    h.gui("edit");
    for (const char* l : {"#", "Ke1", "Rh1", "Ra1", "Pe4", "c", "Ke8", "Ra8", "Pd5", "xd5", "Pd7", "."})
        h.gui(l);
    CHECK(h.take().empty());
    h.gui("go");
    CHECK(h.take_engine() == Lines{"position fen r3k3/3p4/8/8/4P3/8/8/R3K2R w KQq - 0 1",
                                   "go wtime 300000 btime 300000 movestogo 40"});
    h.engine("bestmove e1g1");
    CHECK(h.take() == Lines{"move e1g1"});
    h.gui("edit");
    h.gui("Zz9");
    CHECK(h.take() == Lines{"Error (unknown command): Zz9"});
    h.gui("#");
    h.gui(".");  // no kings: not a position
    Lines out = h.take();
    REQUIRE(out.size() == 1);
    CHECK(out[0].starts_with("tellusererror Illegal position"));
}

TEST_CASE("xboard: post shows thinking as xboard reads it, mate scores, ponder output leads with the guess") {
    XboardHarness h;
    h.new_game();
    h.gui("hard");
    CHECK(h.take_engine() == Lines{"setoption name Ponder value true"});
    h.gui("usermove e2e4");
    h.gui("go");  // xboard's way to start the engine playing Black from force mode
    h.take_engine();
    h.engine("info depth 1 score cp 10 nodes 20 time 1 pv e7e5");
    h.engine("info depth 9 score mate 3 nodes 999 time 1234 pv e7e5 g1f3");
    h.engine("info depth 9 multipv 2 score cp 1 nodes 999 time 1234 pv d7d5");  // only the main line
    h.engine("info currmove e7e5 currmovenumber 1");
    h.engine("info string hello");
    h.engine("bestmove e7e5 ponder g1f3");
    CHECK(h.take() ==
          Lines{"1 10 0 20 e7e5", "9 100003 123 999 e7e5 g1f3", "# info string hello", "move e7e5"});
    CHECK(h.take_engine() == Lines{"position startpos moves e2e4 e7e5 g1f3",
                                   "go ponder wtime 300000 btime 300000 movestogo 39"});
    h.engine("info depth 3 score cp -5 nodes 50 time 20 pv b8c6 f1b5");
    CHECK(h.take() == Lines{"3 -5 2 50 g1f3 b8c6 f1b5"});
    h.gui("nopost");
    h.engine("info depth 4 score cp -5 nodes 50 time 20 pv b8c6 f1b5");
    CHECK(h.take().empty());
}

TEST_CASE("xboard: pondering: a hit becomes the search, a miss stops it and starts the right one") {
    XboardHarness h;
    h.new_game();
    h.gui("hard");
    h.gui("usermove e2e4");
    h.gui("go");
    h.engine("bestmove e7e5 ponder g1f3");
    h.take();
    h.take_engine();
    h.gui("ping 7");  // while pondering: at once (isready, readyok)
    h.engine("readyok");
    CHECK(h.take() == Lines{"pong 7"});
    h.take_engine();
    h.gui("usermove g1f3");
    CHECK(h.take_engine() == Lines{"ponderhit"});
    h.engine("bestmove b8c6 ponder f1b5");
    CHECK(h.take() == Lines{"move b8c6"});
    h.take_engine();
    h.gui("usermove d2d4");  // not the guess
    CHECK(h.take_engine() == Lines{"stop", "position startpos moves e2e4 e7e5 g1f3 b8c6 d2d4",
                                   "go wtime 300000 btime 300000 movestogo 38"});
    h.engine("bestmove a7a6");  // the ponder search's move: dropped
    CHECK(h.take().empty());
    h.engine("bestmove e5d4 ponder f3d4");
    CHECK(h.take() == Lines{"move e5d4"});
    CHECK(h.take_engine().back() == "go ponder wtime 300000 btime 300000 movestogo 37");
    h.gui("easy");
    CHECK(h.take_engine() == Lines{"stop", "setoption name Ponder value false"});
}

TEST_CASE("xboard: analyze and exit, moves restart the analysis, and no claims there") {
    XboardHarness h;
    h.new_game();
    for (const char* m : {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"})
        h.gui(std::string("usermove ") + m);
    h.gui("post");
    h.gui("analyze");
    CHECK(h.take_engine() ==
          Lines{"position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8", "go infinite"});
    h.engine("info depth 3 score cp 12 nodes 300 time 10 pv e2e4");
    CHECK(h.take() == Lines{"3 12 1 300 e2e4"});  // a threefold on the board, but no claim in analysis
    h.gui("usermove e2e4");
    CHECK(h.take_engine() == Lines{"stop",
                                   "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 e2e4",
                                   "go infinite"});
    h.gui("undo");
    h.engine("bestmove e2e4");
    h.engine("bestmove e7e5");
    CHECK(h.take().empty());
    h.gui("exit");
    CHECK(h.take_engine() == Lines{"stop", "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8",
                                   "go infinite", "stop"});
    h.gui("analyze");
    h.gui("new");  // stays in analyze mode, from the start position, playing no side
    CHECK(h.take_engine().back() == "go infinite");
    h.gui("usermove e2e4");
    CHECK(h.take_engine() == Lines{"stop", "position startpos moves e2e4", "go infinite"});
    h.gui("exit");
    h.gui("usermove e7e5");
    h.gui("usermove g1f3");  // Black to move: after analysis the engine plays no side until told to
    CHECK(h.take_engine() == Lines{"stop"});
}

TEST_CASE("xboard: options from the GUI: the engine's, memory/cores/egtpath, and ours") {
    XboardHarness h;
    h.gui("option Hash=64");
    h.gui("memory 2048");  // clamped to the engine's maximum
    h.gui("cores 3");
    h.gui("option Ponder=1");
    CHECK(h.take_engine() == Lines{"setoption name Hash value 64", "setoption name Hash value 1024",
                                   "setoption name Threads value 3", "setoption name Ponder value true"});
    h.gui("option Nope=1");
    CHECK(h.take() == Lines{"Error (no such option): option Nope=1"});
    h.gui("option drawproxy Claim=never");
    CHECK(h.session().claimant().policy().kind == drawproxy::proxy::ClaimPolicy::Never);
    h.gui("option DrawProxy Rules=fide-2014");  // the UCI front end's spelling works too
    CHECK(h.session().claimant().edition().name == "fide-2014");
    h.gui("option drawproxy Claim=score:-50");
    CHECK(h.session().claimant().policy().max_cp == -50);
    CHECK(h.take_engine().empty());  // ours stay with us
}

TEST_CASE("xboard: Fischer random: the variant, X-FEN positions, O-O both ways") {
    XboardHarness h;
    h.new_game();
    h.gui("variant fischerandom");
    CHECK(h.take_engine() == Lines{"setoption name UCI_Chess960 value true"});
    h.gui("setboard bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1");
    h.gui("go");
    h.take_engine();
    h.engine("bestmove f1g1");  // the engine's king-takes-rook castling
    CHECK(h.take() == Lines{"move O-O"});
    h.gui("usermove O-O");
    Lines sent = h.take_engine();
    REQUIRE(!sent.empty());
    CHECK(sent.front().ends_with("moves f1g1 f8g8"));
    h.gui("variant atomic");
    CHECK(h.take() == Lines{"Error (unsupported variant): variant atomic"});
    h.gui("new");
    CHECK(h.take_engine() == Lines{"stop", "setoption name UCI_Chess960 value false", "ucinewgame"});
}

TEST_CASE("xboard: quit, and an engine that exits") {
    XboardHarness h;
    h.gui("quit");
    CHECK(h.out().quit_asked);
    XboardHarness g;
    g.session().engine_exited(3);
    CHECK(g.take() == Lines{"tellusererror drawproxy: the engine exited (status 3)"});
}

TEST_CASE("xboard: an option whose name xboard would read otherwise is left out, and said so") {
    XboardHarness h({}, false);
    h.engine("id name Tester");
    // xboard takes the name to end at the first " -spin": the rest would be read as values.
    h.engine("option name Mode -spin 64 x type check default true");
    h.engine("option name Hash type spin default 16 min 1 max 64");
    h.engine("uciok");
    h.gui("xboard");
    h.gui("protover 2");
    Lines f = h.take();
    REQUIRE(f.size() == 2);
    CHECK(f[0] ==
          "# drawproxy: the engine's option 'Mode -spin 64 x' is left out: xboard would read its name as "
          "'Mode'");
    CHECK(!contains(f[1], "Mode"));
    CHECK(contains(f[1], "feature option=\"Hash -spin 16 1 64\""));
}

TEST_CASE("xboard: an engine's own text never reaches xboard as a claim or an offer") {
    XboardHarness h({}, false);
    h.engine("id name Draw offer engine");
    h.engine("option name Draw Offers type check default true");
    h.engine("option name Contempt Draw type spin default 0 min -100 max 100");
    h.engine("uciok");
    h.gui("xboard");
    h.gui("protover 2");
    Lines f = h.take();
    REQUIRE(f.size() == 1);
    CHECK(contains(f[0], "myname=\"UCI engine\""));  // "offer" beside the line's draw=1
    CHECK(!contains(f[0], "offers"));                // the option that says both is not offered
    CHECK(contains(f[0], "feature option=\"Contempt draw -spin 0 -100 100\""));
    h.new_game();
    h.gui("go");
    h.engine("info depth 3 score cp 5 nodes 10 time 1 pv Draw offer");
    h.engine("bestmove Draw");  // not a move at all: not relayed
    CHECK(h.take() == Lines{"3 5 0 10", "# drawproxy: the engine's move is not legal here"});
    h.gui("option Contempt Draw=7");  // the GUI may use either spelling
    CHECK(h.take_engine().back() == "setoption name Contempt Draw value 7");
    CHECK(h.stray_draw_mentions().empty());
}
