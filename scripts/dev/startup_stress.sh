#!/usr/bin/env bash
# Engine start-up under load with a real engine: 128 Stockfish processes at depth 1, 64 games at
# once, RUNS times; prints how many matches played every game. Needs about 9 GB of memory
# (Stockfish's network is loaded by every process), so it is not part of the test suite, whose
# stress test uses fake engines that burn CPU while they start.
#   scripts/dev/startup_stress.sh [RUNS] [DRAWPROXY] [STOCKFISH]
set -euo pipefail
runs=${1:-3}
drawproxy=${2:-build/bin/drawproxy}
stockfish=${3:-$(command -v stockfish || echo /usr/games/stockfish)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
finished=0
for ((i = 1; i <= runs; i++)); do
    start=$(date +%s.%N)
    if "$drawproxy" match -engine cmd="$stockfish" name=A -engine cmd="$stockfish" name=B \
        -each depth=1 option.Hash=1 -games 2 -rounds 64 -repeat -concurrency 64 \
        -pgnout "$tmp/run$i.pgn" >"$tmp/run$i.out" 2>"$tmp/run$i.err"; then
        status=0
    else
        status=$?
    fi
    games=$(grep -c '^\[Result ' "$tmp/run$i.pgn" 2>/dev/null || true)
    printf 'run %d: exit %d, %s of 128 games, %.0f s\n' "$i" "$status" "${games:-0}" \
        "$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')"
    [[ $status -eq 0 && ${games:-0} -eq 128 ]] && finished=$((finished + 1))
    [[ $status -eq 0 ]] || tail -n 2 "$tmp/run$i.err"
done
echo "$finished of $runs matches played every game"
