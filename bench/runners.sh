#!/usr/bin/env bash
# The same match through drawproxy, cutechess-cli and fastchess, wall time of each (best of RUNS),
# and drawproxy's ratio to each. The match: Stockfish against itself at nodes=1000, 10 openings
# played twice (-repeat, 20 games), concurrency 2, with the adjudication and output options a
# tester switches on (-draw -resign -maxmoves -tb -tbpieces -recover -event -site -srand -pgnout
# -epdout). The other runners are not built by this project (nor in CI): pass their binaries.
#   bench/runners.sh [--cutechess PATH] [--fastchess PATH] [--runs N] [--keep DIR]
# --keep DIR keeps each runner's last PGN and EPD there (dp.pgn, cc.pgn, fc.pgn), to compare games.
# Needs build/bin/drawproxy, stockfish, and the Syzygy tables in tests/data/syzygy.
set -euo pipefail
cutechess="" fastchess="" runs=3 keep=""
absolute() { [[ -z "$1" ]] || realpath "$1"; }
while (($#)); do
    case "$1" in
        --cutechess) cutechess=$2; shift 2 ;;
        --fastchess) fastchess=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        --keep) keep=$2; shift 2 ;;
        *) echo "usage: bench/runners.sh [--cutechess PATH] [--fastchess PATH] [--runs N] [--keep DIR]" >&2; exit 2 ;;
    esac
done
cutechess=$(absolute "$cutechess")
fastchess=$(absolute "$fastchess")
cd "$(dirname "$0")/.."
sf=$(command -v stockfish || echo /usr/games/stockfish)
tb=$(realpath tests/data/syzygy)
openings=$(realpath configs/openings/classical.epd)
out=$(mktemp -d)
keep_files() { [[ -z "$keep" ]] || { mkdir -p "$keep" && cp "$out"/*.pgn "$out"/*.epd "$keep"/ 2>/dev/null || true; }; }
trap 'keep_files; rm -rf "$out"' EXIT

engines=(-engine "cmd=$sf" name=SF-A -engine "cmd=$sf" name=SF-B
         -each proto=uci tc=inf nodes=1000 option.Hash=16 option.Threads=1)
schedule=(-games 2 -rounds 10 -repeat -concurrency 2 -srand 1
          -openings "file=$openings" format=epd order=sequential)
rules=(-draw movenumber=34 movecount=8 score=20 -resign movecount=3 score=600 -maxmoves 200
       -tb "$tb" -tbpieces 4 -recover -event "runner comparison" -site here)

# Best wall time of $runs runs of "${@:2}", in seconds; the last run's files $out/$1.* are kept.
best_of() {
    local prefix=$1 best="" t
    shift
    for ((i = 0; i < runs; ++i)); do
        rm -f "$out/$prefix".*
        # In $out: fastchess writes its config.json (and drawproxy its state file) where it runs.
        (cd "$out" && exec /usr/bin/time -f %e -o "$out/time" "$@" >"$out/stdout" 2>"$out/stderr") ||
            { echo "failed: $* (see its stderr below)" >&2; tail -5 "$out/stderr" >&2; exit 1; }
        t=$(tail -1 "$out/time")
        if [[ -z "$best" ]] || awk -v a="$t" -v b="$best" 'BEGIN{exit !(a < b)}'; then best=$t; fi
    done
    echo "$best"
}
games_in() { grep -c '^\[Result ' "$1" 2>/dev/null || echo 0; }
# One line per game: round, white, result, plies, termination; sorted, to compare runners' games.
outcomes() {
    awk -F'"' '/^\[Round /{r=$2} /^\[White /{w=$2} /^\[Result /{res=$2} /^\[PlyCount /{p=$2}
               /^\[Termination /{t=$2} /^1\. |^[0-9]+\. /{if (r != "") print r "|" w "|" res "|" p "|" t; r=""}' "$1" | sort
}
# "N of M games as drawproxy played them (result, plies, termination)".
agreement() {
    local same total
    total=$(outcomes "$out/dp.pgn" | wc -l)
    same=$(comm -12 <(outcomes "$out/dp.pgn") <(outcomes "$1") | wc -l)
    echo "$same of $total games as drawproxy's (result, plies, termination)"
}

printf '%-14s %8s %6s  %s\n' runner "wall s" games "ratio (drawproxy / runner)"
dp=$(best_of dp "$PWD/build/bin/drawproxy" match "${engines[@]}" "${schedule[@]}" "${rules[@]}" \
     -pgnout "$out/dp.pgn" -epdout "$out/dp.epd")
printf '%-14s %8s %6s\n' drawproxy "$dp" "$(games_in "$out/dp.pgn")"
if [[ -n "$cutechess" ]]; then
    cc=$(best_of cc "$cutechess" "${engines[@]}" "${schedule[@]}" "${rules[@]}" \
         -pgnout "$out/cc.pgn" -epdout "$out/cc.epd")
    printf '%-14s %8s %6s  %.2f   %s\n' cutechess-cli "$cc" "$(games_in "$out/cc.pgn")" \
           "$(awk -v a="$dp" -v b="$cc" 'BEGIN{print a/b}')" "$(agreement "$out/cc.pgn")"
fi
if [[ -n "$fastchess" ]]; then
    fc=$(best_of fc "$fastchess" "${engines[@]}" "${schedule[@]}" "${rules[@]}" \
         -pgnout "file=$out/fc.pgn" -epdout "file=$out/fc.epd")
    printf '%-14s %8s %6s  %.2f   %s\n' fastchess "$fc" "$(games_in "$out/fc.pgn")" \
           "$(awk -v a="$dp" -v b="$fc" 'BEGIN{print a/b}')" "$(agreement "$out/fc.pgn")"
fi
