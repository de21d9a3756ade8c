// The usage text of `drawproxy match`. README.md's match section lists the same options
// (tests/match/match_cli_test.cpp checks that they agree).
#include "app/match_options.h"

namespace drawproxy::app {

const char* match_usage() {
    return R"(usage: drawproxy match -engine KEY=VALUE... -engine KEY=VALUE... [-engine ...] [options]

Plays engine-vs-engine games in cutechess-cli's option style, judged by the FIDE Laws.
An option's values run up to the next word that starts with '-' and a letter.

Engine keys (for -engine and -each):
  cmd=COMMAND           the engine program (required)
  name=NAME             its name in the output (default: the program's file name)
  dir=DIR               run the engine in DIR (a relative cmd is found there)
  arg=ARG               one argument for the engine (repeatable)
  args="A B ..."        several arguments (fastchess), quotes group words
  option.NAME=VALUE     sent as "setoption name NAME value VALUE" after uciok
  tc=TC                 time control: [MOVES/]TIME[+INC], TIME in seconds or m:ss
                        ("40/60+0.6", "10+0.1", "2:30+1"), or inf
  st=SECONDS            a fixed time per move
  nodes=N, depth=N      search limits, sent with every go (limits combine); plies=N is depth=N
  timemargin=MS         latency allowed past the flag before it counts (default 50)
  stall=SECONDS         silence that forfeits when no clock runs (default 60)
  startup=SECONDS       time for uciok from the engine's start and for readyok from
                        isready (default 10); a process that misses it is started once
                        more with 3 times as long, then the match stops before the
                        game is scored
  tscale=X              multiply stall= and startup= by X (cutechess-cli's timeout scale;
                        the clock is not scaled)
  conf=NAME             the engine NAME of cutechess-cli's engines.json (./engines.json,
                        else ~/.config/cutechess/engines.json); keys after it refine it
  stderr=FILE           append the engine's standard error to FILE
  initstr=TEXT          write TEXT to the engine before "uci" ("\n" starts a new line)
  book=FILE.bin [bookdepth=N]
                        a Polyglot opening book: its moves are played for the engine, on no
                        clock, weighted and seeded by -seed, within N full moves
  whitepov              the engine's scores are from White's side: turned to the mover's
                        for adjudication, claims and the PGN
  claim=POLICY          always (default), never, score:CP (only when the engine's own
                        score is at most CP), engine (the engine's own
                        "info string drawproxy claim ..." lines count)
  restart=on|off|auto   on: a new engine process for every game; off (default): the
                        process is kept between games (ucinewgame, isready) and replaced
                        only after a crash, a stall, an illegal move, or no bestmove
                        within 1 s of the `stop` sent when its game ended mid-search;
                        auto (cutechess-cli's default) is off
  proto=uci|xboard      the engine's protocol (default uci); xboard is CECP v2

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
  -pgnout FILE [min] [fi]
  -pgnout file=FILE [notation=san] [append=true|false] [min=true|false]
                        append the games to FILE as PGN (append=false: truncate first); min:
                        roster tags, ResultRule and moves only; fi: only finished games (all are)
  -epdout FILE, -epdout file=FILE [append=true|false]
                        each game's final position, one FEN line
  -jsonout FILE         write a JSON summary to FILE
  -htmlout FILE         write the match as one HTML page (charts, boards at claims), at the
                        end and every -ratinginterval games
  -sprt elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05] [model=normalized|logistic]
                        stop once the SPRT accepts H0 or H1 (two engines; the games
                        running then finish); normalized: fishtest's LLR_normalized, nElo
  -report penta=true|false
                        statistics on game pairs of -repeat (default) or on single games
  -ratinginterval N     a status block every N games (game pairs with penta=true)
  -scoreinterval N      the score line after every N-th game and the last (default 1;
                        0: the last only)
  -output drawproxy|cutechess|fastchess
                        status lines as drawproxy (default), cutechess-cli or fastchess
  -shard K/N            play the K-th of N parts of the match (needs -seed); the parts'
                        -jsonout summaries combine with `drawproxy merge`
  -autosaveinterval N   save the match state every N finished games and at the end (0:
                        never; default 20 when there is an output file, else 0), to
                        OUTPUT.state.json beside the first of -pgnout, -epdout, -jsonout
                        (else drawproxy-state.json)
  -resume STATE.json, -config file=STATE.json [discard=true]
                        resume an interrupted match: the saved command line (and any options
                        given here), without the games already played; discard=true: anew
  -rules NAME|FILE      rule edition (default fide-2023)
  -claim POLICY         claim policy for every engine (see claim=)
  -draw-offers score=CP moves=N [after=MOVE]
                        offer a draw when the own score stayed within +-CP for the last N
                        moves, accept one within +-CP; no agreement before move MOVE
  -draw movenumber=N movecount=M score=CP
                        event rule: a draw once both engines' scores stayed within +-CP for
                        M moves each, from move N; a capture or pawn move restarts the count
  -resign movecount=M score=CP [twosided=true]
                        event rule: a loss for an engine whose score was -CP or worse for M
                        moves in a row (twosided: and the opponent's +CP or better)
  -maxmoves N           event rule: a draw after N full moves
                        (the Laws come first when they end the game at the same move)
  -tb DIRS [-tbpieces N] [-tbignore50] [-tbadjudicate WIN_LOSS|DRAW|BOTH]
                        event rule: Syzygy tables (DIRS separated by ';' or ':') decide a
                        position of at most N pieces without castling rights; a cursed win
                        is a draw when the defender's claim policy claims under 9.3
                        (-tbignore50: a win)
  -event NAME, -site NAME
                        PGN Event and Site tags
  -wait MS              pause between games
  -noswap               the first engine of a pair plays White in every game
  -reverse              the second engine of a pair starts with White
  -log file=FILE [level=L] [engine=true]
  -debug                every line to and from the engines, with the time in ms and the
                        engine's name, to FILE (-log) or standard output (-debug)
  -bookmode ram|disk    accepted: books are read into memory either way
  -seed N, -srand N     seed for order=random
  -tournament round-robin|gauntlet
                        pairings with more than two engines (default round-robin; fastchess'
                        roundrobin too)
  -seeds 1              the gauntlet's first engine plays the rest (only 1)
  -force-concurrency    accepted: -concurrency is never capped
  -recover              restart an engine that crashed and go on (default: the match stops
                        after the running games, exit status 1)
  -quiet                no per-game lines and no tables (the final score and Elo lines,
                        warnings and errors stay)
  -h, --help            print this text and exit
  -version, -v          print the version and exit
)";
}

}  // namespace drawproxy::app
