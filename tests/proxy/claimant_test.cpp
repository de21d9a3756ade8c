// The claim policy and game following, without processes: lines in, inserted lines out.
#include <catch2/catch.hpp>

#include "proxy/claimant.h"
#include "rules/notation.h"

using drawproxy::proxy::Claimant;
using drawproxy::proxy::ClaimPolicy;
namespace rules = drawproxy::rules;
namespace uci = drawproxy::uci;

namespace {

// Feeds GUI and engine lines to a Claimant; returns what it inserted for each line. GUI lines
// go through the same dispatch as in the relay.
struct Driver {
    Claimant claimant;
    explicit Driver(const char* edition = "fide-2023", ClaimPolicy policy = {})
        : claimant(rules::Edition::builtin(edition), policy) {}

    Claimant::Lines gui(const std::string& line) {
        Claimant::Lines out;
        claimant.on_gui_command(uci::parse_gui_command(line), out);
        return out;
    }
    Claimant::Lines engine(const std::string& line) {
        Claimant::Lines out;
        uci::EngineMessage msg = uci::parse_engine_message(line);
        if (msg.type == uci::EngineMessageType::Info)
            claimant.info_score(msg.info.score, msg.info.multipv.value_or(1));
        if (msg.type == uci::EngineMessageType::BestMove) claimant.bestmove(msg.bestmove, out);
        return out;
    }
};

using Lines = Claimant::Lines;
const std::string KNIGHTS_7 = "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1";

}  // namespace

TEST_CASE("threefold: the just-appeared claim is made at go, with the edition's article") {
    Driver d;
    CHECK(d.gui(KNIGHTS_7 + " f6g8").empty());
    CHECK(d.gui("go depth 1") == Lines{"info string drawproxy claim threefold 9.2.2"});
    CHECK(d.engine("bestmove e2e4").empty());  // at most one claim per go

    Driver old("fide-2014");
    old.gui(KNIGHTS_7 + " f6g8");
    CHECK(old.gui("go") == Lines{"info string drawproxy claim threefold 9.2b"});
}

TEST_CASE("threefold: the intended-move claim comes with the bestmove that repeats") {
    Driver d;
    d.gui(KNIGHTS_7);
    CHECK(d.gui("go depth 1").empty());
    CHECK(d.engine("bestmove f6g8 ponder g1f3") ==
          Lines{"info string drawproxy claim threefold 9.2.1 move f6g8"});
    // Another move makes no claim.
    d.gui(KNIGHTS_7);
    d.gui("go depth 1");
    CHECK(d.engine("bestmove e7e5").empty());
    // One repetition fewer: nothing.
    d.gui("position startpos moves g1f3 g8f6 f3g1");
    d.gui("go");
    CHECK(d.engine("bestmove f6g8").empty());
}

TEST_CASE("fifty moves: completed at go, intended with the move, not for a pawn move") {
    Driver d;
    d.gui("position fen 8/8/8/4k3/8/8/8/R3K3 w - - 100 80");
    CHECK(d.gui("go") == Lines{"info string drawproxy claim fifty-moves 9.3.2"});
    CHECK(d.engine("bestmove a1a2").empty());
    d.gui("position fen 8/8/8/4k3/8/8/4P3/R3K3 w - - 99 80");
    CHECK(d.gui("go").empty());
    CHECK(d.engine("bestmove a1a2") == Lines{"info string drawproxy claim fifty-moves 9.3.1 move a1a2"});
    d.gui("position fen 8/8/8/4k3/8/8/4P3/R3K3 w - - 99 80");
    d.gui("go");
    CHECK(d.engine("bestmove e2e4").empty());
}

TEST_CASE("a game already over: the result line at go, and no claim") {
    Driver d;
    CHECK(d.gui("position startpos moves f2f3 e7e5 g2g4 d8h4").empty());
    CHECK(d.gui("go") == Lines{"info string drawproxy result 0-1 checkmate 5.1.1"});
    CHECK(d.engine("bestmove 0000").empty());
    d.gui("position fen 8/8/8/4k3/8/8/8/R3K3 w - - 150 100");
    CHECK(d.gui("go") == Lines{"info string drawproxy result 1/2-1/2 seventy-five-moves 9.6.2"});
    d.gui("position fen 8/8/8/4k3/8/8/8/4K3 w - - 0 1");
    CHECK(d.gui("go") == Lines{"info string drawproxy result 1/2-1/2 dead-position 5.2.2"});
}

TEST_CASE("policy never claims nothing, and score:CP uses the engine's last score of the search") {
    Driver never("fide-2023", ClaimPolicy{ClaimPolicy::Never, 0});
    never.gui(KNIGHTS_7 + " f6g8");
    CHECK(never.gui("go").empty());
    CHECK(never.engine("bestmove g1f3").empty());

    Driver d("fide-2023", *ClaimPolicy::parse("score:0"));
    d.gui(KNIGHTS_7 + " f6g8");
    CHECK(d.gui("go").empty());  // decided when the score is known
    d.engine("info depth 5 score cp -40 pv g1f3");
    d.engine("info depth 6 score cp 25 pv g1f3");
    CHECK(d.engine("bestmove g1f3").empty());

    d.gui(KNIGHTS_7 + " f6g8");
    d.gui("go");
    d.engine("info depth 6 score cp 25 pv g1f3");
    d.engine("info depth 7 multipv 2 score cp 90 pv b1c3");  // not the main line
    d.engine("info depth 7 score cp 0 lowerbound pv g1f3");
    CHECK(d.engine("bestmove g1f3") == Lines{"info string drawproxy claim threefold 9.2.2"});

    d.gui(KNIGHTS_7);
    d.gui("go");
    d.engine("info depth 9 score mate -3 pv h7h6");
    CHECK(d.engine("bestmove f6g8") == Lines{"info string drawproxy claim threefold 9.2.1 move f6g8"});
    d.gui(KNIGHTS_7);
    d.gui("go");
    d.engine("info depth 9 score mate 3 pv h7h6");
    CHECK(d.engine("bestmove f6g8").empty());
    d.gui(KNIGHTS_7);
    d.gui("go");  // no score at all: no claim
    CHECK(d.engine("bestmove f6g8").empty());
}

TEST_CASE("pondering: go ponder never claims, ponderhit makes a normal search, a miss claims nothing") {
    Driver d;
    d.gui(KNIGHTS_7 + " f6g8");
    CHECK(d.gui("go ponder wtime 1000 btime 1000").empty());
    CHECK(d.gui("ponderhit") == Lines{"info string drawproxy claim threefold 9.2.2"});
    CHECK(d.engine("bestmove g1f3").empty());

    d.gui(KNIGHTS_7);
    d.gui("go ponder");
    CHECK(d.gui("ponderhit").empty());
    CHECK(d.engine("bestmove f6g8") == Lines{"info string drawproxy claim threefold 9.2.1 move f6g8"});

    d.gui(KNIGHTS_7);
    d.gui("go ponder");
    d.gui("stop");
    CHECK(d.engine("bestmove f6g8").empty());
}

TEST_CASE("a stop race: the late bestmove of the old search is not judged on the new position") {
    Driver d;
    d.gui("position startpos moves g1f3 g8f6 f3g1");
    d.gui("go infinite");
    d.gui("stop");
    d.gui(KNIGHTS_7);
    d.gui("go");
    CHECK(d.engine("bestmove f6g8").empty());  // belongs to the first go
    CHECK(d.engine("bestmove f6g8") == Lines{"info string drawproxy claim threefold 9.2.1 move f6g8"});
}

TEST_CASE("positions are followed incrementally, with takebacks and new branches") {
    Driver d;
    d.gui("position startpos moves e2e4 e7e5 g1f3");
    CHECK(d.claimant.game().ply_count() == 3);
    d.gui("position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5");
    CHECK(d.claimant.game().ply_count() == 5);
    d.gui("position startpos moves e2e4");
    CHECK(d.claimant.game().ply_count() == 1);
    d.gui("position   startpos   moves e2e4 c7c5\r");
    CHECK(d.claimant.game().ply_count() == 2);
    CHECK(rules::to_fen(d.claimant.game().position()) ==
          "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    d.gui("position fen 8/8/8/4k3/8/8/8/R3K3 w - - 10 80 moves a1a2");
    CHECK(d.claimant.game().ply_count() == 1);
    CHECK(d.claimant.game().halfmove_clock(1) == 11);
}

TEST_CASE("an unfollowable position is reported once and blocks claims until a good one") {
    Driver d;
    CHECK(d.gui(KNIGHTS_7 + " f6g8 e2e5") ==
          Lines{"info string drawproxy cannot follow: ply 9: 'e2e5' is illegal in this position"});
    CHECK(!d.claimant.following());
    CHECK(d.gui("go").empty());
    CHECK(d.engine("bestmove g1f3").empty());
    CHECK(d.gui("position fen not-a-fen").empty());  // still the same episode: said once
    d.gui(KNIGHTS_7 + " f6g8");
    CHECK(d.claimant.following());
    CHECK(d.gui("go") == Lines{"info string drawproxy claim threefold 9.2.2"});
    auto bad = d.gui("position fen 8/8/8/8/8/8/8/8 w - - 0 1");
    REQUIRE(bad.size() == 1);
    CHECK(bad[0].rfind("info string drawproxy cannot follow: bad FEN", 0) == 0);
}

TEST_CASE("a GUI sending only FENs: history is kept through bestmove plus one reply") {
    auto fen_after = [](const std::string& moves) {
        rules::Position p;
        std::string m;
        for (std::size_t i = 0; i <= moves.size(); ++i) {
            if (i == moves.size() || moves[i] == ' ') {
                if (!m.empty()) p.play(rules::parse_uci_move(p, m));
                m.clear();
            } else {
                m += moves[i];
            }
        }
        return "position fen " + rules::to_fen(p);
    };
    Driver d;
    d.gui("ucinewgame");
    d.gui(fen_after(""));
    d.gui("go");
    d.engine("bestmove g1f3");
    d.gui(fen_after("g1f3 g8f6"));
    d.gui("go");
    d.engine("bestmove f3g1");
    d.gui(fen_after("g1f3 g8f6 f3g1 f6g8"));
    CHECK(d.claimant.game().repetition_count() == 2);
    d.gui("go");
    d.engine("bestmove g1f3");
    d.gui(fen_after("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6"));
    d.gui("go");
    CHECK(d.engine("bestmove f3g1").empty());
    d.gui(fen_after("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8"));
    CHECK(d.claimant.game().ply_count() == 8);
    CHECK(d.gui("go") == Lines{"info string drawproxy claim threefold 9.2.2"});

    // A FEN that does not follow from the engine's move starts a new history.
    d.gui("position fen 8/8/8/4k3/8/8/8/R3K3 w - - 10 80");
    CHECK(d.claimant.game().ply_count() == 0);
}

TEST_CASE("UCI_Chess960: castling as king takes rook is followed") {
    Driver d;
    CHECK(d.gui("setoption name UCI_Chess960 value true").empty());
    CHECK(d.claimant.chess960());
    d.gui("position fen r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1 moves e1h1 e8a8");
    CHECK(d.claimant.following());
    CHECK(d.claimant.game().ply_count() == 2);
    CHECK(rules::to_fen(d.claimant.game().position()) == "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
    d.gui("setoption name uci_chess960 value FALSE");
    CHECK(!d.claimant.chess960());
    d.gui("setoption name UCI_Chess960 value true");
    d.gui("setoption name UCI_Chess960");  // no value: off, as in the relay
    CHECK(!d.claimant.chess960());
}

TEST_CASE("claim policies parse") {
    CHECK(ClaimPolicy::parse("always")->kind == ClaimPolicy::Always);
    CHECK(ClaimPolicy::parse("never")->kind == ClaimPolicy::Never);
    CHECK(ClaimPolicy::parse("score:-50")->max_cp == -50);
    CHECK(!ClaimPolicy::parse("score:"));
    CHECK(!ClaimPolicy::parse("sometimes"));
}

TEST_CASE("the Claim option's values from a GUI: any case, score keeps the ClaimScore set before") {
    const ClaimPolicy score{ClaimPolicy::ScoreAtMost, -30};
    CHECK(score.with_option_value("ALWAYS")->kind == ClaimPolicy::Always);
    CHECK(score.with_option_value("Never")->kind == ClaimPolicy::Never);
    const ClaimPolicy never{ClaimPolicy::Never, 15};
    CHECK(never.with_option_value("score")->kind == ClaimPolicy::ScoreAtMost);
    CHECK(never.with_option_value("score")->max_cp == 15);
    CHECK(never.with_option_value("score:-70")->max_cp == -70);
    CHECK(!never.with_option_value("engine"));  // the runner's kind, never a proxy's
    CHECK(!never.with_option_value("sometimes"));
}

TEST_CASE("a FEN with the same pieces but other clocks starts a new history") {
    // The history of the first FEN must not stay: after 99 -> 100 the claim due at go is the
    // completed fifty moves (9.3.2), not the intended-move form of the stale history.
    Driver d;
    d.gui("ucinewgame");
    d.gui("position fen 8/8/3k4/8/8/8/8/R3K3 w - - 99 120");
    d.gui("go depth 4 searchmoves a1a2");
    CHECK(d.engine("bestmove a1a2") == Lines{"info string drawproxy claim fifty-moves 9.3.1 move a1a2"});
    d.gui("position fen 8/8/3k4/8/8/8/8/R3K3 w - - 100 120");
    CHECK(d.claimant.game().ply_count() == 0);
    CHECK(d.claimant.game().position().halfmove_clock() == 100);
    CHECK(d.gui("go depth 4") == Lines{"info string drawproxy claim fifty-moves 9.3.2"});

    // The same FEN again, clocks included, keeps the history; the move number alone differing
    // does not.
    Driver e;
    e.gui("position startpos moves g1f3 g8f6");
    e.gui("position fen rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2");
    CHECK(e.claimant.game().ply_count() == 2);
    e.gui("position fen rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 9");
    CHECK(e.claimant.game().ply_count() == 0);
}

TEST_CASE("the match runner's form (its game) says what the position command's text says") {
    // A game with a threefold repetition and a position a move from one, played ply by ply: the
    // text claimant gets each position command, the other the game it was written from.
    const std::vector<std::string> moves = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6",
                                            "f3g1", "f6g8", "g1f3", "g8f6", "e2e4", "e7e5"};
    Driver text;
    Claimant from_game(rules::Edition::builtin("fide-2023"));
    from_game.new_game();
    rules::Game game;
    std::string command = "position startpos moves";
    int claims = 0;
    for (const std::string& move : moves) {
        text.gui(command);
        from_game.position(game);
        Lines said, said_too;
        said = text.gui("go depth 1");
        from_game.go(uci::GoParams{}, said_too);
        CHECK(said == said_too);
        const Lines with_move = text.engine("bestmove " + move);
        Lines with_move_too;
        from_game.bestmove(move, with_move_too);
        CHECK(with_move == with_move_too);
        claims += int(said.size() + with_move.size());
        command += " " + move;
        game.play(rules::parse_uci_move(game.position(), move));
        CHECK(from_game.game().ply_count() + 1 == game.ply_count());
    }
    CHECK(claims >= 2);  // the repetitions were claimed, by both
}
