// fastchess' options that drawproxy once refused, in the fastchess dialect: -quick, -strict,
// -startup-ms, -ucinewgame-ms, -ping-ms, -show-latency. Parsed as fastchess' parser sets them
// (app/src/cli/cli.cpp), and run with fake engines as fastchess ends a match or a game on them.
#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <thread>

#include "app/match_options.h"
#include "support/match_helpers.h"

using namespace drawproxy;
using drawproxy::test::words;
using tournament::Dialect;

namespace fc_options {

const std::string ENGINES = "-engine cmd=a -engine cmd=b -each nodes=1 ";

tournament::MatchOptions parsed(const std::string& args, Dialect d = Dialect::fastchess) {
    return app::parse_match_options(words(args), d);
}

std::string error_of(const std::string& args, Dialect d = Dialect::fastchess) {
    try {
        app::parse_match_request(words(args), d);
    } catch (const game::OptionError& e) {
        return e.what();
    }
    return "";
}

int lines_with(const std::string& text, const std::string& part) { return test::occurrences(text, part); }

test::CommandRun fastchess_run(const std::string& args) {
    return test::run_drawproxy("match -dialect fastchess " + args);
}

}  // namespace fc_options

using namespace fc_options;

TEST_CASE("fastchess -quick: two engines named after cmd, its time control, rounds and rules",
          "[dialect][fastchess]") {
    const auto o = parsed("-quick cmd=./sf cmd=lc0 book=books/uho.epd");
    REQUIRE(o.engines.size() == 2);
    CHECK(o.engines[0].cmd == "./sf");
    CHECK(o.engines[0].name == "./sf");  // the cmd as given, not its stem
    CHECK(o.engines[1].name == "lc0");
    for (const auto& e : o.engines) {
        CHECK(e.tc.base_ms == 10000);
        CHECK(e.tc.increment_ms == 100);
    }
    CHECK(o.games == 2);
    CHECK(o.rounds == 25000);
    CHECK(o.repeat);
    CHECK(o.recover);
    CHECK(o.adjudication.draw_movenumber == 30);
    CHECK(o.adjudication.draw_movecount == 8);
    CHECK(o.adjudication.draw_score == 8);
    CHECK(o.output == output::OutputFormat::cutechess);
    REQUIRE(o.openings);
    CHECK(o.openings->file == "books/uho.epd");
    CHECK(o.openings->random);
    CHECK(o.openings->format == tournament::OpeningsOptions::Format::Epd);
    // the machine's hardware threads less 2, at least 1, without fastchess's Info line
    const int threads = int(std::thread::hardware_concurrency());
    CHECK(o.concurrency == std::max(1, threads - 2));
    CHECK_FALSE(o.concurrency_adjusted);
    CHECK(parsed("-quick cmd=a cmd=b book=x.pgn").openings->format ==
          tournament::OpeningsOptions::Format::Pgn);
}

TEST_CASE("fastchess -quick: equal names get 1 and 2, later options override it", "[dialect][fastchess]") {
    const auto same = parsed("-quick cmd=sf cmd=sf book=x.epd");
    CHECK(same.engines[0].name == "sf1");
    CHECK(same.engines[1].name == "sf2");
    const auto later =
        parsed("-quick cmd=a cmd=b book=x.epd -concurrency 1 -rounds 3 -output format=fastchess");
    CHECK(later.concurrency == 1);
    CHECK(later.rounds == 3);
    CHECK(later.output == output::OutputFormat::fastchess);
    // -engine beside it: fastchess adds the engines in the order given
    const auto more = parsed("-engine cmd=c nodes=1 -quick cmd=a cmd=b book=x.epd");
    REQUIRE(more.engines.size() == 3);
    CHECK(more.engines[0].name == "c");
    CHECK(more.engines[2].name == "b");
}

TEST_CASE("fastchess -quick: fastchess' messages for a wrong or missing key", "[dialect][fastchess]") {
    CHECK(error_of("-quick cmd=a cmd=b book=x.bin") ==
          "Please include the .pgn or .epd file extension for the opening book.");
    CHECK(error_of("-quick cmd=a book=x.epd") == "Option \"-quick\" requires exactly two cmd entries.");
    CHECK(error_of("-quick cmd=a cmd=b cmd=c book=x.epd") ==
          "Option \"-quick\" requires exactly two cmd entries.");
    CHECK(error_of("-quick cmd=a cmd=b") == "Option \"-quick\" requires a book=FILE entry.");
    CHECK(error_of("-quick cmd=a cmd=b tc=1 book=x.epd") ==
          "Unrecognized quick option \"tc\" with value \"1\".");
    // drawproxy's own dialect refuses it, saying where it is taken
    const std::string refused = error_of("-quick cmd=a cmd=b book=x.epd", Dialect::drawproxy);
    CHECK(refused.find("-quick is not supported") == 0);
    CHECK(refused.find("fastchess dialect") != std::string::npos);
}

TEST_CASE("fastchess -startup-ms, -ucinewgame-ms: each engine's waits for uciok and readyok",
          "[dialect][fastchess]") {
    // fastchess' defaults: 10 s for uciok, 60 s for the readyok after ucinewgame
    const auto defaults = parsed(ENGINES);
    CHECK(defaults.engines[0].startup_ms == 10000);
    CHECK(defaults.engines[0].ready_ms == 60000);
    const auto set = parsed(ENGINES + "-startup-ms 2500 -ucinewgame-ms 700 -ping-ms 300");
    for (const auto& e : set.engines) {
        CHECK(e.startup_ms == 2500);
        CHECK(e.ready_ms == 700);
    }
    // an engine's startup= is both waits, and beats the options
    const auto key = parsed("-engine cmd=a startup=3 -engine cmd=b -each nodes=1 -startup-ms 2500");
    CHECK(key.engines[0].startup_ms == 3000);
    CHECK(key.engines[0].ready_ms == 3000);
    CHECK(key.engines[1].startup_ms == 2500);
    for (const char* bad : {"-startup-ms 0", "-ucinewgame-ms x", "-ping-ms -5"}) {
        INFO(bad);
        CHECK(error_of(ENGINES + bad).find(std::string(bad).substr(0, std::string(bad).find(' '))) !=
              std::string::npos);
    }
    // drawproxy's dialect: its engine key startup= (10 s for both) stays the way
    const auto own = parsed(ENGINES, Dialect::drawproxy);
    CHECK(own.engines[0].ready_ms == 10000);
    CHECK(error_of(ENGINES + "-ucinewgame-ms 700", Dialect::drawproxy).find("startup=") != std::string::npos);
}

TEST_CASE("fastchess -strict and -show-latency are taken", "[dialect][fastchess]") {
    CHECK(parsed(ENGINES + "-strict").strict);
    CHECK_FALSE(parsed(ENGINES).strict);
    CHECK(error_of(ENGINES + "-strict 1").find("takes no value") != std::string::npos);
    CHECK(error_of(ENGINES + "-show-latency").empty());
    CHECK(error_of(ENGINES + "-strict", Dialect::cutechess).find("not supported") != std::string::npos);
}

TEST_CASE("fastchess -quick: a match as it sets it up", "[match][fastchess][engine]") {
    test::TempDir dir;
    const std::string book = dir.file("b.epd"), pgn = dir.file("g.pgn");
    std::ofstream(book) << "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n";
    const std::string player = test::binary_path("bin/fake_player");
    const auto r = fastchess_run("-quick cmd=" + player + " cmd=" + player + " book=" + book +
                                 " -each args=score=0 -rounds 1 -maxmoves 3 -pgnout file=" + pgn);
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    // cutechess-cli's status lines, the names with 1 and 2
    CHECK(lines_with(r.out, "Score of " + player + "1 vs " + player + "2: ") == 2);
    const auto games = test::read_pgn_file(pgn);
    REQUIRE(games.size() == 2);
    CHECK(games[0].tag("TimeControl") == "10+0.1");
    CHECK(games[1].tag("White") == player + "2");
}

TEST_CASE("fastchess -strict: an option warning at a game's start stops the match, exit 1",
          "[match][fastchess][engine]") {
    test::TempDir dir;
    const std::string pgn = dir.file("g.pgn");
    const std::string match = "-engine " + test::fake_cmd("score=0") + " name=A option.Foo=1 -engine " +
                              test::fake_cmd("score=0") +
                              " name=B -each tc=2+0.1 -maxmoves 8 -rounds 3 -pgnout file=" + pgn;
    const auto strict = fastchess_run(match + " -strict");
    INFO(strict.out << strict.err);
    CHECK(strict.status == 1);
    CHECK(lines_with(strict.out, "Warning; A doesn't have option Foo") == 1);
    CHECK(strict.err.find("match stopped: -strict: Warning; A doesn't have option Foo") != std::string::npos);
    const auto games = test::read_pgn_file(pgn);  // none was kept
    CHECK(std::count_if(games.begin(), games.end(), [](const auto& g) { return g.tag("Result") != "*"; }) ==
          0);
    // without it the warning is said at each game's start and the six games are played
    const auto plain = fastchess_run(match);
    CHECK(plain.status == 0);
    CHECK(lines_with(plain.out, "Warning; A doesn't have option Foo") == 6);
}

TEST_CASE("fastchess -strict: a warning about a search ends its game at once", "[match][fastchess][engine]") {
    const std::string match = "-engine " + test::fake_cmd("cp=0:abc") + " name=X -engine " +
                              test::fake_cmd("score=0") + " name=B -each tc=2+0.1 -maxmoves 8 -rounds 2";
    const auto strict = fastchess_run(match + " -strict");
    INFO(strict.out << strict.err);
    CHECK(strict.status == 1);
    CHECK(lines_with(strict.out, "Warning; Could not extract score from engine X") == 1);
    CHECK(lines_with(strict.out, "Started game") == 1);
    CHECK(lines_with(strict.out, "Draw by adjudication") == 0);  // game 1 ended at its first move
    const auto plain = fastchess_run(match);
    CHECK(plain.status == 0);
    // (the fake engine sends its bad score on its first move only: games 1 and 3)
    CHECK(lines_with(plain.out, "Warning; Could not extract score from engine X") == 2);
    CHECK(lines_with(plain.out, "Draw by adjudication") == 4);
}

TEST_CASE("fastchess -ucinewgame-ms: a late readyok loses the game, -recover goes on",
          "[match][fastchess][engine]") {
    const std::string match = "-engine " + test::fake_cmd("readysleep=1500") + " name=Slow -engine " +
                              test::fake_cmd("score=0") + " name=B -each tc=2+0.1 -maxmoves 3 -rounds 1";
    const auto lost = fastchess_run(match + " -ucinewgame-ms 300");
    INFO(lost.out << lost.err);
    CHECK(lost.status == 1);
    CHECK(lines_with(lost.out, "Warning; Engine Slow is not responsive") == 1);
    CHECK(lines_with(lost.out, "Finished game 1 (Slow vs B): 0-1 {White disconnects}") == 1);
    CHECK(lines_with(lost.out, "Started game 2") == 0);
    const auto recovered = fastchess_run(match + " -ucinewgame-ms 300 -recover");
    CHECK(recovered.status == 0);
    // Black lost, and fastchess names the side to move as it readies the game: White
    CHECK(lines_with(recovered.out, "Finished game 2 (B vs Slow): 1-0 {White disconnects}") == 1);
    // given the time, the same engine plays
    const auto waited = fastchess_run(match + " -ucinewgame-ms 5000");
    CHECK(waited.status == 0);
    CHECK(lines_with(waited.out, "disconnects") == 0);
    CHECK(lines_with(waited.out, "Finished game 2") == 1);
}

TEST_CASE("fastchess -ping-ms: a search past its time is asked isready: silence is a stall",
          "[match][fastchess][engine]") {
    // White hangs in its second search (reads nothing more): past its time fastchess sends
    // isready, and no readyok within -ping-ms makes the game a stall, not a loss on time.
    const std::string match = "-engine " + test::fake_cmd("hang=2") + " name=Hangs -engine " +
                              test::fake_cmd("score=0") + " name=B -each tc=0.5+0.05 -rounds 1";
    const auto stalled = fastchess_run(match + " -ping-ms 300");
    INFO(stalled.out << stalled.err);
    CHECK(stalled.status == 1);  // as fastchess without -recover
    CHECK(lines_with(stalled.out,
                     "Warning; Engine Hangs is not responsive\nGame 1 stalled / disconnected and no recover "
                     "option set "
                     "for engine, stopping tournament.\nFinished game 1 (Hangs vs B): 0-1 "
                     "{White's connection stalls}") == 1);
    CHECK(lines_with(stalled.out, "Started game 2") == 0);
    const auto recovered = fastchess_run(match + " -ping-ms 300 -recover");
    INFO(recovered.out << recovered.err);
    CHECK(recovered.status == 0);  // a new process plays game 2 (Black there, it never hangs)
    CHECK(lines_with(recovered.out, "connection stalls}") == 1);
    // asked once more before its restart, as fastchess asks it
    CHECK(lines_with(recovered.out,
                     "Warning; Engine Hangs is not responsive\nWarning; Engine Hangs is not "
                     "responsive\nFinished game 1") == 1);
    CHECK(lines_with(recovered.out, "Finished game 2 (B vs Hangs)") == 1);
    // A slow engine is not a hung one: it answers the isready after its late bestmove.
    const auto slow = fastchess_run("-engine " + test::fake_cmd("sleep=2:1200") + " name=Slow -engine " +
                                    test::fake_cmd("score=0") +
                                    " name=B -each tc=0.5+0.05 -rounds 1 -games 1 -ping-ms 5000");
    INFO(slow.out << slow.err);
    CHECK(slow.status == 0);
    CHECK(lines_with(slow.out, "Finished game 1 (Slow vs B): 0-1 {White loses on time (") == 1);
    CHECK(lines_with(slow.out, "not responsive") == 0);
}

TEST_CASE("fastchess dialect: an engine that exits after its uciok disconnects, -recover plays on",
          "[match][fastchess][engine]") {
    // As an engine dies when an option is set (a tablebase path it cannot read): fastchess loses
    // the game by disconnect at its refreshUci, and stops only without -recover.
    const std::string match = "-engine cmd=" + test::binary_path("bin/fake_engine") +
                              " 'arg=--on' 'arg=isready=@exit 4' name=Dies -engine " +
                              test::fake_cmd("score=0") + " name=B -each tc=2+0.1 -maxmoves 3 -rounds 2";
    const auto stopped = fastchess_run(match);
    INFO(stopped.out << stopped.err);
    CHECK(stopped.status == 1);
    CHECK(
        lines_with(
            stopped.out,
            "Warning; Engine Dies is not responsive\nGame 1 stalled / disconnected and no recover option set "
            "for engine, stopping tournament.\nFinished game 1 (Dies vs B): 0-1 "
            "{White disconnects}") == 1);
    CHECK(lines_with(stopped.out, "Started game 2") == 0);
    CHECK(stopped.err.find("engine 'Dies' exited with status 4 before readyok") != std::string::npos);
    const auto recovered = fastchess_run(match + " -recover");
    INFO(recovered.out << recovered.err);
    CHECK(recovered.status == 0);
    CHECK(lines_with(recovered.out, "Finished game 2 (B vs Dies): 1-0 {White disconnects}") == 1);
    CHECK(lines_with(recovered.out, "disconnects}") == 4);  // every game, each with a new process
    CHECK(lines_with(recovered.out, "Games: 4, Wins: 0, Losses: 4, Draws: 0") == 1);
    // drawproxy's own dialect, and cutechess-cli's (which cannot initialize the player and stops
    // even with -recover, with status 0), keep an engine that never became ready out of the score
    for (const char* dialect : {"drawproxy", "cutechess"}) {
        const auto other =
            test::run_drawproxy("match -dialect " + std::string(dialect) + " " + match + " -recover");
        INFO(dialect << ": " << other.out << other.err);
        CHECK(other.status == (dialect == std::string("cutechess") ? 0 : 1));
        CHECK(other.err.find("match stopped: engine 'Dies' exited with status 4 before readyok") !=
              std::string::npos);
        CHECK(lines_with(other.out, "Finished game") == 0);
    }
}

TEST_CASE("fastchess -startup-ms: a late uciok is fastchess's Fatal line, no game, exit 1",
          "[match][fastchess][engine]") {
    const std::string match = "-engine " + test::fake_cmd("startsleep=1500") + " name=Slow -engine " +
                              test::fake_cmd("score=0") + " name=B -each tc=2+0.1 -maxmoves 3 -rounds 1";
    const auto failed = fastchess_run(match + " -startup-ms 300 -recover");
    INFO(failed.out << failed.err);
    CHECK(failed.status == 1);
    CHECK(lines_with(
              failed.out,
              "Fatal; Slow engine startup failure: \"Engine didn't respond to uciok after startup\"") == 1);
    CHECK(lines_with(failed.out, "Finished game") == 0);
    CHECK(failed.err.find("sent no uciok within 0.3 s of its start") != std::string::npos);
    const auto waited = fastchess_run(match + " -startup-ms 5000");
    CHECK(waited.status == 0);
    CHECK(lines_with(waited.out, "Finished game 2") == 1);
}

TEST_CASE("fastchess dialect: without -openings, fastchess's two warnings come first",
          "[match][fastchess][engine]") {
    const std::string match = "-engine " + test::fake_cmd("score=0") + " name=A -engine " +
                              test::fake_cmd("score=0") + " name=B -each tc=2+0.1 -maxmoves 4 -rounds 1";
    const auto bare = fastchess_run(match);
    INFO(bare.out << bare.err);
    CHECK(bare.status == 0);
    CHECK(bare.out.starts_with(
        "Warning: No opening book specified! Consider using one, otherwise all games will be played from the "
        "starting position.\n"
        "Warning: Unknown opening format, 2. All games will be played from the starting position.\n"
        "Started game 1 of 2 (A vs B)\n"));
    test::TempDir dir;
    const std::string book = dir.file("book.epd");
    std::ofstream(book) << "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n";
    const auto with_book = fastchess_run(match + " -openings file=" + book);
    CHECK(with_book.status == 0);
    CHECK(lines_with(with_book.out, "Warning:") == 0);
    // drawproxy's own dialect says neither
    CHECK(lines_with(test::run_drawproxy("match " + match).out, "Warning:") == 0);
}
