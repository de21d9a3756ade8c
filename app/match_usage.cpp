// The usage text of `drawproxy match`. README.md's match section lists the same options
// (tests/match/match_cli_test.cpp checks that they agree).
#include "app/match_options.h"

namespace drawproxy::match {

const char* match_usage() {
    return R"(usage: drawproxy match -engine KEY=VALUE... -engine KEY=VALUE... [-engine ...] [options]

Plays engine-vs-engine games in cutechess-cli's option style, judged by the FIDE Laws.
An option's values run up to the next word that starts with '-' and a letter.

Engine keys (for -engine and -each):
  cmd=COMMAND           the engine program (required)
  name=NAME             its name in the output (default: the program's file name)
  dir=DIR               run the engine in DIR (a relative cmd is found there)
  arg=ARG               one argument for the engine (repeatable)
  option.NAME=VALUE     sent as "setoption name NAME value VALUE" after uciok
  tc=TC                 time control: [MOVES/]TIME[+INC], TIME in seconds or m:ss
                        ("40/60+0.6", "10+0.1", "2:30+1"), or inf
  st=SECONDS            a fixed time per move
  nodes=N, depth=N      search limits, sent with every go (limits combine)
  timemargin=MS         latency allowed past the flag before it counts (default 50)
  stall=SECONDS         silence that forfeits when no clock runs (default 60)
  startup=SECONDS       time for uciok after uci and readyok after isready (default 10);
                        an engine that misses it stops the match before the game is scored
  claim=POLICY          always (default), never, score:CP (only when the engine's own
                        score is at most CP), engine (the engine's own
                        "info string drawproxy claim ..." lines count)
  restart=on|off        on: a new engine process for every game; off (default): the
                        process is kept between games (ucinewgame, isready) and replaced
                        only after a crash, a stall, an illegal move, or no bestmove
                        within 1 s of the `stop` sent when its game ended mid-search
  proto=uci             the only protocol

Options:
  -engine KEY=VALUE...  one player (at least two)
  -each KEY=VALUE...    keys for every engine, applied before each -engine's own
  -games N              games per encounter (default 1)
  -rounds N             rounds (default 1)
  -repeat [N]           play each opening twice (or N times), colours swapped
  -concurrency N        games at once (default 1); each game has its own engine processes
  -variant VARIANT      standard (default) or fischerandom (Chess960: UCI_Chess960 is set,
                        castling is sent king-takes-rook, PGN has [Variant "Chess960"])
  -openings file=FILE [format=epd|pgn] [order=random|sequential] [plies=N] [start=N]
            [policy=default|encounter|round]
                        start positions (EPD lines or the first N plies of PGN games);
                        policy: when a new opening is taken: default after -repeat games
                        or a new pair of engines (3+ engines), encounter only for a new
                        pair, round only for a new round
  -pgnout FILE          append the games to FILE as PGN
  -jsonout FILE         write a JSON summary to FILE
  -htmlout FILE         write the match as one HTML page (charts, boards at claims), at the
                        end and every -ratinginterval games
  -rules NAME|FILE      rule edition (default fide-2023)
  -claim POLICY         claim policy for every engine (see claim=)
  -draw-offers score=CP moves=N [after=MOVE]
                        offer a draw when the own score stayed within +-CP for the last N
                        moves, accept one within +-CP; no agreement before move MOVE
  -seed N               seed for order=random
  -tournament round-robin|gauntlet
                        pairings with more than two engines (default round-robin)
  -recover              restart an engine that crashed and go on (default: the match stops
                        after the running games, exit status 1)
  -quiet                no per-game lines and no tables (the final score and Elo lines,
                        warnings and errors stay)
  -h, --help            print this text and exit
)";
}

}  // namespace drawproxy::match
