#!/bin/bash
# drawproxy match with Debian's xboard engines (proto=xboard), as two tests that share a folder:
#   DRAWPROXY=... xboard_engines.sh play DIR NAME1 "PROTO1 CMD1 [ARG]" NAME2 "PROTO2 CMD2 [ARG]" [GAMES] [TC]
#     short games with colours swapped; every game must end lawfully: by the Laws or a
#     resignation, never a crash, a stall or an illegal move. The PGN is kept as DIR/games.pgn.
#   xboard_engines.sh readback DIR
#     python-chess reads DIR/games.pgn back: every move legal, the final position as the
#     ResultRule says.
# Exit 77 (skip) when an engine is missing, or python-chess (PYTHONPATH) cannot be imported.
set -u
mode=$1 keep=$2
shift 2
if [ "$mode" = readback ]; then
    [ -s "$keep/games.pgn" ] || { echo "no $keep/games.pgn: the play test did not run or failed"; exit 1; }
    cd "$keep" || exit 1
else
rm -f "$keep/games.pgn"  # a failed play leaves nothing for readback to pass on
name1=$1 spec1=$2 name2=$3 spec2=$4 games=${5:-2} tc=${6:-4+0.05}
engine_words() {  # "proto cmd [arg]" -> -engine words
    local proto=$1 cmd=$2 arg=${3:-}
    command -v "$cmd" >/dev/null || { echo "skip: $cmd not found"; exit 77; }
    echo "cmd=$(command -v "$cmd") proto=$proto${arg:+ arg=$arg}"
}
w1=$(engine_words $spec1) || exit 77
w2=$(engine_words $spec2) || exit 77
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
# shellcheck disable=SC2086
"$DRAWPROXY" match -engine $w1 name=$name1 -engine $w2 name=$name2 -each tc=$tc option.Hash=16 \
    -games "$games" -repeat -pgnout file=games.pgn -log file=engines.log >out.txt 2>err.txt
status=$?
if [ $status -ne 0 ]; then
    echo "match exited $status"; cat err.txt; tail -40 engines.log; exit 1
fi
played=$(grep -c '^\[ResultRule ' games.pgn)
[ "$played" -eq "$games" ] || { echo "expected $games games, PGN has $played"; cat out.txt; exit 1; }
if grep -E '^\[ResultRule "(crash|stall|illegal-move)' games.pgn; then
    echo "a game ended unlawfully"; grep -E '^\[(White|Black|Result|ResultRule) ' games.pgn; exit 1
fi
grep -E '^\[ResultRule ' games.pgn
mkdir -p "$keep" && cp games.pgn "$keep/games.pgn" || exit 1
exit 0
fi
python3 - games.pgn <<'PY'
import sys
try:
    import chess, chess.pgn
except ImportError:
    print("skip: python-chess not importable (set PYTHONPATH)")
    sys.exit(77)
checks = {
    "checkmate": lambda b: b.is_checkmate(),
    "stalemate": lambda b: b.is_stalemate(),
    "fivefold": lambda b: b.is_fivefold_repetition(),
    "seventy-five-moves": lambda b: b.is_seventyfive_moves(),
    # python-chess knows no dead position beyond bare material: only that much is checked
    "dead-position": lambda b: b.is_insufficient_material() or b.is_valid(),
}
bad = 0
with open(sys.argv[1]) as f:
    while (game := chess.pgn.read_game(f)) is not None:
        if game.errors:
            print("python-chess:", game.errors); bad += 1; continue
        board = game.end().board()
        rule = game.headers.get("ResultRule", "")
        word = rule.split(" ")[0]
        if word == "threefold":
            # the appeared form: the position now; the intended form: after the named move
            if " move " in rule:
                board.push_uci(rule.split(" move ")[1])
            ok = board.is_repetition(3)
        elif word == "fifty-moves":
            if " move " in rule:
                board.push_uci(rule.split(" move ")[1])
            ok = board.halfmove_clock >= 100
        else:
            ok = checks.get(word, lambda b: True)(board)
        if word == "checkmate":
            ok = ok and game.headers["Result"] == ("0-1" if board.turn == chess.WHITE else "1-0")
        print(f'{game.headers["White"]}-{game.headers["Black"]} {game.headers["Result"]} {rule}: '
              f'{len(list(game.mainline_moves()))} plies, {"ok" if ok else "NOT SO"}')
        bad += not ok
sys.exit(1 if bad else 0)
PY
