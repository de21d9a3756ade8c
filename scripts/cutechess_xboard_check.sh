#!/usr/bin/env bash
# Plays cutechess-cli matches between Stockfish engines behind drawproxy --xboard
# (cutechess-cli's proto=xboard) and checks that no game is lost to one of our claims.
# cutechess-cli ends threefold and fifty moves by itself, before either engine is asked to
# move, and forfeits any draw claim that reaches its arbiter (claims are validated by default):
# the adapter must never make one there. It makes them only where xboard would see the draw,
# which cutechess-cli has always ended first; its `offer draw` before a move is ignored there.
# cutechess-cli is not built by this project (nor in CI): pass its binary.
#   scripts/cutechess_xboard_check.sh CUTECHESS_CLI [--games N] [--tc TC] [--keep DIR]
# The matches: the classical openings and the scenario positions (a perpetual check, 97 on the
# fifty-move clock, an e.p. capture that is not legal, a blocked dead position, 146 on the
# clock: cutechess-cli does not judge the start position, so there a claim would reach it),
# each with both sides claiming and with one side under --claim never. Time losses are
# counted but are not failures (they are the machine's load: compare with the engines alone).
# Exit 0: no forfeit, no claim cutechess-cli called invalid, no illegal move; 1 otherwise.
set -euo pipefail
usage() { echo "usage: scripts/cutechess_xboard_check.sh CUTECHESS_CLI [--games N] [--tc TC] [--keep DIR]" >&2; exit 2; }
[[ $# -ge 1 ]] || usage
cutechess=$(realpath "$1")
shift
games=40 tc=5+0.1 keep=""
while (($#)); do
    case "$1" in
        --games) games=$2; shift 2 ;;
        --tc) tc=$2; shift 2 ;;
        --keep) keep=$(realpath -m "$2"); shift 2 ;;
        *) usage ;;
    esac
done
cd "$(dirname "$0")/.."
[[ -x $cutechess ]] || { echo "no cutechess-cli at $cutechess" >&2; exit 2; }
drawproxy=$(realpath build/bin/drawproxy)
sf=$(command -v stockfish || echo /usr/games/stockfish)
out=$(mktemp -d)
trap '[[ -z $keep ]] || { mkdir -p "$keep"; cp "$out"/* "$keep"/; }; rm -rf "$out"' EXIT

cat >"$out/scenarios.epd" <<'EPD'
7k/5Q2/7p/8/8/8/rq4PP/7K w - - hmvc 0; fmvn 1;
7k/7p/8/8/8/8/8/R5K1 w - - hmvc 97; fmvn 70;
6nk/3p4/8/K3P2r/8/8/8/6N1 b - - hmvc 0; fmvn 1;
8/8/4k3/1p1p1p1p/1P1P1P1P/4K3/8/8 w - - hmvc 0; fmvn 1;
7k/7p/8/8/8/8/8/R5K1 w - - hmvc 146; fmvn 120;
EPD

# One match: NAME, the second engine's extra drawproxy options, the openings file.
match() {
    local name=$1 flags=$2 openings=$3 rounds=$4
    "$cutechess" -engine name=claims proto=xboard "cmd=$drawproxy" arg=--xboard arg=-- "arg=$sf" \
        -engine name=other proto=xboard "cmd=$drawproxy" arg=--xboard $flags arg=-- "arg=$sf" \
        -each "tc=$tc" option.Threads=1 -games 2 -rounds "$rounds" -repeat -concurrency 2 \
        -openings "file=$openings" format=epd order=sequential -pgnout "$out/$name.pgn" -debug all \
        >"$out/$name.log" 2>&1
}

status=0
report() {
    local name=$1 log=$out/$1.log
    local played bad
    played=$(grep -c '^Finished game' "$log" || true)
    bad=$(grep -E 'forfeits by invalid result claim|Invalid result claim|claims illegal|illegal move|disconnects|stalls|connection stalls' "$log" || true)
    echo "$name: $played games; endings:"
    grep '^Finished game' "$log" | sed -E 's/.*: (.*)$/\1/' | sort | uniq -c | sed 's/^/   /'
    echo "   draw claims (1/2-1/2) our adapters sent: $(grep -cE '<(claims|other)\([0-9]+\): 1/2-1/2' "$log" || true);" \
         "offers before a move: $(grep -cE '<(claims|other)\([0-9]+\): offer draw' "$log" || true)"
    if [[ -n $bad ]]; then
        echo "   FAILED: $bad"
        status=1
    fi
}

match classical "" configs/openings/classical.epd $((games / 2))
report classical
match scenarios "" "$out/scenarios.epd" 5
report scenarios
match scenarios-never "arg=--claim arg=never" "$out/scenarios.epd" 5
report scenarios-never
[[ $status -eq 0 ]] && echo "no forfeits from our claims" || echo "FAILED"
exit $status
