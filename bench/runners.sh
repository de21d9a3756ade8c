#!/usr/bin/env bash
# The same match through drawproxy, cutechess-cli and fastchess, wall time of each (best of RUNS),
# and drawproxy's ratio to each. The match: Stockfish against itself at nodes=1000, 10 openings
# played twice (-repeat, 20 games), concurrency 2, with the adjudication and output options a
# tester switches on (-draw -resign -maxmoves -tb -tbpieces -recover -event -site -srand -pgnout
# -epdout). The other runners are not built by this project (nor in CI): pass their binaries.
#   bench/runners.sh [--cutechess PATH] [--fastchess PATH] [--runs N]
# Needs build/bin/drawproxy, stockfish, and the Syzygy tables in ../shared/data/syzygy.
set -euo pipefail
cd "$(dirname "$0")/.."
cutechess="" fastchess="" runs=3
while (($#)); do
    case "$1" in
        --cutechess) cutechess=$2; shift 2 ;;
        --fastchess) fastchess=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        *) echo "usage: bench/runners.sh [--cutechess PATH] [--fastchess PATH] [--runs N]" >&2; exit 2 ;;
    esac
done
sf=$(command -v stockfish || echo /usr/games/stockfish)
tb=$(realpath ../shared/data/syzygy)
openings=$(realpath configs/openings/classical.epd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

engines=(-engine "cmd=$sf" name=SF-A -engine "cmd=$sf" name=SF-B
         -each proto=uci tc=inf nodes=1000 option.Hash=16 option.Threads=1)
schedule=(-games 2 -rounds 10 -repeat -concurrency 2 -srand 1
          -openings "file=$openings" format=epd order=sequential)
rules=(-draw movenumber=34 movecount=8 score=20 -resign movecount=3 score=600 -maxmoves 200
       -tb "$tb" -tbpieces 4 -recover -event "runner comparison" -site here)

# Best wall time of $runs runs of "$@", in seconds; the command's output stays in $out.
best_of() {
    local best="" t
    for ((i = 0; i < runs; ++i)); do
        rm -f "$out"/*.pgn "$out"/*.epd
        /usr/bin/time -f %e -o "$out/time" "$@" >"$out/stdout" 2>"$out/stderr" ||
            { echo "failed: $* (see its stderr below)" >&2; tail -5 "$out/stderr" >&2; exit 1; }
        t=$(tail -1 "$out/time")
        if [[ -z "$best" ]] || awk -v a="$t" -v b="$best" 'BEGIN{exit !(a < b)}'; then best=$t; fi
    done
    echo "$best"
}
games_in() { grep -c '^\[Result ' "$1" 2>/dev/null || echo 0; }

printf '%-14s %8s %6s  %s\n' runner "wall s" games "ratio (drawproxy / runner)"
dp=$(best_of build/bin/drawproxy match "${engines[@]}" "${schedule[@]}" "${rules[@]}" \
     -pgnout "$out/dp.pgn" -epdout "$out/dp.epd")
printf '%-14s %8s %6s\n' drawproxy "$dp" "$(games_in "$out/dp.pgn")"
if [[ -n "$cutechess" ]]; then
    cc=$(best_of "$cutechess" "${engines[@]}" "${schedule[@]}" "${rules[@]}" \
         -pgnout "$out/cc.pgn" -epdout "$out/cc.epd")
    printf '%-14s %8s %6s  %.2f\n' cutechess-cli "$cc" "$(games_in "$out/cc.pgn")" "$(awk -v a="$dp" -v b="$cc" 'BEGIN{print a/b}')"
fi
if [[ -n "$fastchess" ]]; then
    fc=$(best_of "$fastchess" "${engines[@]}" "${schedule[@]}" "${rules[@]}" \
         -pgnout "file=$out/fc.pgn" -epdout "file=$out/fc.epd")
    printf '%-14s %8s %6s  %.2f\n' fastchess "$fc" "$(games_in "$out/fc.pgn")" "$(awk -v a="$dp" -v b="$fc" 'BEGIN{print a/b}')"
fi
