#!/usr/bin/env bash
# drawproxy against cutechess-cli and fastchess, in two matches (best of RUNS each):
# 1. The same match through drawproxy, cutechess-cli and fastchess: wall time and each runner's own
#    CPU per ply, with drawproxy's ratio to each. Stockfish against itself at nodes=1000, 10
#    openings played twice (-repeat, 20 games), concurrency 2, with the adjudication and output
#    options a tester switches on (-draw -resign -maxmoves -tb -tbpieces -recover -event -site
#    -srand -pgnout -epdout).
# 2. fishtest's worker line (every option it passes: -testEnv -recover -repeat -ratinginterval 1
#    -scoreinterval 1 -autosaveinterval 0 -report penta=true -pgnout file= append=false -crc32
#    pgn=true -site -event -srand -resign -draw -variant -openings ... -check-mate-pvs, engines
#    with name= tc= cmd= dir=, -each proto=uci option.Threads=1) through drawproxy run as
#    `fastchess` and through fastchess, and the same match as cutechess-cli options, with Stockfish
#    at depth 1 so that the runner's own cost shows: each runner's own CPU per ply (the runner
#    process alone, not its engines: bench/self_cpu.py), and drawproxy's ratio to each.
# The other runners are not built by this project (nor in CI): pass their binaries.
#   bench/runners.sh [--cutechess PATH] [--fastchess PATH] [--drawproxy PATH] [--runs N]
#                    [--fishtest-rounds N] [--fishtest-concurrency N[,N...]] [--keep DIR]
# --drawproxy PATH  the binary (default build/bin/drawproxy of this checkout)
# --fishtest-rounds N  rounds (game pairs) of match 2, default 200; 0 skips it
# --fishtest-concurrency N[,N...]  games at once in match 2, one run of it for each, default 2,16
#    (the issue's figures are at 16 and 64; above the machine's hardware threads fastchess and
#    drawproxy's fastchess dialect are given -force-concurrency)
# --keep DIR keeps each runner's last PGN and EPD there (dp.pgn, cc.pgn, fc.pgn; match 2: ft-dp.pgn,
#    ft-fc.pgn, ft-cc.pgn), to compare games.
# Needs stockfish, python3 and the Syzygy tables in tests/data/syzygy.
set -euo pipefail
cutechess="" fastchess="" drawproxy="" runs=3 keep="" fishtest_rounds=200 fishtest_concurrency=2,16
usage="usage: bench/runners.sh [--cutechess PATH] [--fastchess PATH] [--drawproxy PATH] [--runs N] [--fishtest-rounds N] [--fishtest-concurrency N[,N...]] [--keep DIR]"
absolute() { [[ -z "$1" ]] || realpath "$1"; }
while (($#)); do
    case "$1" in
        --cutechess) cutechess=$2; shift 2 ;;
        --fastchess) fastchess=$2; shift 2 ;;
        --drawproxy) drawproxy=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        --fishtest-rounds) fishtest_rounds=$2; shift 2 ;;
        --fishtest-concurrency) fishtest_concurrency=$2; shift 2 ;;
        --keep) keep=$2; shift 2 ;;
        *) echo "$usage" >&2; exit 2 ;;
    esac
done
cutechess=$(absolute "$cutechess")
fastchess=$(absolute "$fastchess")
drawproxy=$(absolute "$drawproxy")
keep=$(absolute "$keep")
cd "$(dirname "$0")/.."
drawproxy=${drawproxy:-$PWD/build/bin/drawproxy}
[[ -x "$drawproxy" ]] || { echo "runners.sh: no drawproxy binary at $drawproxy (build it first)" >&2; exit 2; }
self_cpu=$PWD/bench/self_cpu.py
sf=$(command -v stockfish || echo /usr/games/stockfish)
tb=$(realpath tests/data/syzygy)
openings=$(realpath configs/openings/classical.epd)
out=$(mktemp -d)
keep_files() { [[ -z "$keep" ]] || { mkdir -p "$keep" && cp "$out"/*.pgn "$out"/*.epd "$keep"/ 2>/dev/null || true; }; }
trap 'keep_files; rm -rf "$out"' EXIT
# Run as `fastchess`, drawproxy is the runner with fastchess' meaning of every option.
mkdir "$out/bin" && ln -s "$drawproxy" "$out/bin/fastchess"

engines=(-engine "cmd=$sf" name=SF-A -engine "cmd=$sf" name=SF-B
         -each proto=uci tc=inf nodes=1000 option.Hash=16 option.Threads=1)
schedule=(-games 2 -rounds 10 -repeat -concurrency 2 -srand 1
          -openings "file=$openings" format=epd order=sequential)
rules=(-draw movenumber=34 movecount=8 score=20 -resign movecount=3 score=600 -maxmoves 200
       -tb "$tb" -tbpieces 4 -recover -event "runner comparison" -site here)

plies_in() { awk -F'"' '/^\[PlyCount /{s += $2} END {print s + 0}' "$1" 2>/dev/null || echo 0; }
# best_of PREFIX COMMAND...: runs it $runs times in $out; prints "best-wall-s best-cpu-us-per-ply
# plies" (the plies of the last run; the files $out/PREFIX.* of the last run are kept).
# With reference=1, a run of another runner that stops part-way (fastchess at concurrency 64 on
# a small machine: "engine startup failure") still counts, over the plies it played; its last
# words are kept in $out/stopped-$prefix, one line a stopped run, for stopped_note.
best_of() {
    local prefix=$1 best_wall="" best_cpu="" cpu wall plies us
    shift
    rm -f "$out/stopped-$prefix"
    for ((i = 0; i < runs; ++i)); do
        rm -f "$out/$prefix".*
        # In $out: fastchess writes its config.json (and drawproxy its state file) where it runs.
        if ! (cd "$out" && exec python3 "$self_cpu" "$out/time" "$@" >"$out/stdout" 2>"$out/stderr" </dev/null); then
            if [[ "${reference:-0}" == 1 ]] && (($(plies_in "$out/$prefix.pgn") > 0)); then
                { grep -h -m1 -E '^(Fatal|Error)' "$out/stdout" "$out/stderr" || tail -1 "$out/stderr"; } |
                    head -1 >>"$out/stopped-$prefix"
            else
                echo "failed: $* (see its output below)" >&2
                tail -5 "$out/stderr" "$out/stdout" >&2
                exit 1
            fi
        fi
        read -r cpu wall <"$out/time"
        plies=$(plies_in "$out/$prefix.pgn")
        ((plies > 0)) || { echo "no plies in $out/$prefix.pgn: $*" >&2; exit 1; }
        us=$(awk -v c="$cpu" -v p="$plies" 'BEGIN{printf "%.1f", c * 1e6 / p}')
        if [[ -z "$best_wall" ]] || awk -v a="$wall" -v b="$best_wall" 'BEGIN{exit !(a < b)}'; then best_wall=$wall; fi
        if [[ -z "$best_cpu" ]] || awk -v a="$us" -v b="$best_cpu" 'BEGIN{exit !(a < b)}'; then best_cpu=$us; fi
    done
    echo "$best_wall $best_cpu $plies"
}
# stopped_note PREFIX NAME: a line under the table when some of that runner's runs stopped.
stopped_note() {
    [[ -s "$out/stopped-$1" ]] || return 0
    echo "  ($2 stopped part-way in $(wc -l <"$out/stopped-$1") of $runs runs, its figures are over the plies" \
         "it played: $(head -1 "$out/stopped-$1"))"
}
games_in() { grep -c '^\[Result ' "$1" 2>/dev/null || echo 0; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%.2f", a / b}'; }
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
# row NAME "WALL CPU PLIES" PGN [DRAWPROXY-ROW [NOTE]]: one line of a table.
row() {
    local name=$1 pgn=$3 wall cpu plies dwall dcpu
    read -r wall cpu plies <<<"$2"
    printf '%-24s %7s %6s %7s %9s' "$name" "$wall" "$(games_in "$pgn")" "$plies" "$cpu"
    if [[ -n "${4:-}" ]]; then
        read -r dwall dcpu _ <<<"$4"
        printf '  %5s %5s' "$(ratio "$dwall" "$wall")" "$(ratio "$dcpu" "$cpu")"
        [[ -z "${5:-}" ]] || printf '   %s' "$5"
    fi
    echo
}
header() {
    echo "$1"
    printf '%-24s %7s %6s %7s %9s  %s\n' runner "wall s" games plies "CPU us/ply" \
           "drawproxy / runner: wall, CPU per ply"
}

header "The same match (Stockfish nodes=1000, 20 games, concurrency 2, every option on), best of $runs:"
dp=$(best_of dp "$drawproxy" match "${engines[@]}" "${schedule[@]}" "${rules[@]}" \
     -pgnout "$out/dp.pgn" -epdout "$out/dp.epd")
row drawproxy "$dp" "$out/dp.pgn"
if [[ -n "$cutechess" ]]; then
    cc=$(reference=1 best_of cc "$cutechess" "${engines[@]}" "${schedule[@]}" "${rules[@]}" \
         -pgnout "$out/cc.pgn" -epdout "$out/cc.epd")
    row cutechess-cli "$cc" "$out/cc.pgn" "$dp" "$(agreement "$out/cc.pgn")"
    stopped_note cc cutechess-cli
fi
if [[ -n "$fastchess" ]]; then
    fc=$(reference=1 best_of fc "$fastchess" "${engines[@]}" "${schedule[@]}" "${rules[@]}" \
         -pgnout "file=$out/fc.pgn" -epdout "file=$out/fc.epd")
    row fastchess "$fc" "$out/fc.pgn" "$dp" "$(agreement "$out/fc.pgn")"
    stopped_note fc fastchess
fi

((fishtest_rounds > 0)) || exit 0
# fishtest's worker line (worker/games.py), with its names, site, event and a seed as it makes
# them; the engines at depth 1. cutechess-cli gets the options it has of the same match.
players=()
for name in New-0123abcd Base-4567ef01; do
    players+=(-engine "name=$name" tc=10+0.1 depth=1 "cmd=$sf" dir=. option.Hash=16)
done
# fishtest_match CONCURRENCY: the line at that many games at once, through each runner.
fishtest_match() {
    local concurrency=$1 ft ftfc ftcc dcpu fcpu r verdict
    local common=(-recover -repeat -games 2 -rounds "$fishtest_rounds" -ratinginterval 1
        -site https://tests.stockfishchess.org/tests/view/0123abcd -event "Batch 1: New-0123abcd vs Base-4567ef01"
        -srand 123456789 -resign movecount=3 score=600 -draw movenumber=34 movecount=8 score=20
        -variant standard -concurrency "$concurrency"
        -openings "file=$openings" format=epd order=random plies=16 start=1)
    local fastchess_only=(-testEnv -scoreinterval 1 -autosaveinterval 0 -report penta=true -crc32 pgn=true
        -check-mate-pvs)
    ((concurrency <= $(nproc))) || fastchess_only+=(-force-concurrency)
    local each=(-each proto=uci option.Threads=1)
    echo
    header "fishtest's worker line (Stockfish depth 1, $((2 * fishtest_rounds)) games, concurrency $concurrency), best of $runs:"
    ft=$(best_of ft-dp "$out/bin/fastchess" "${common[@]}" "${fastchess_only[@]}" \
         -pgnout "file=$out/ft-dp.pgn" append=false "${players[@]}" "${each[@]}")
    row "drawproxy as fastchess" "$ft" "$out/ft-dp.pgn"
    if [[ -n "$fastchess" ]]; then
        ftfc=$(reference=1 best_of ft-fc "$fastchess" "${common[@]}" "${fastchess_only[@]}" \
               -pgnout "file=$out/ft-fc.pgn" append=false "${players[@]}" "${each[@]}")
        row fastchess "$ftfc" "$out/ft-fc.pgn" "$ft"
        stopped_note ft-fc fastchess
    fi
    if [[ -n "$cutechess" ]]; then
        ftcc=$(reference=1 best_of ft-cc "$cutechess" "${common[@]}" -pgnout "$out/ft-cc.pgn" "${players[@]}" "${each[@]}")
        row "cutechess-cli" "$ftcc" "$out/ft-cc.pgn" "$ft"
        stopped_note ft-cc cutechess-cli
    fi
    if [[ -n "$fastchess" ]]; then
        read -r _ dcpu _ <<<"$ft"
        read -r _ fcpu _ <<<"$ftfc"
        r=$(ratio "$dcpu" "$fcpu")
        awk -v r="$r" 'BEGIN{exit !(r <= 1 / 3)}' && verdict=met || verdict="not met"
        echo "drawproxy's own CPU per ply / fastchess's at concurrency $concurrency: $r (goal: at most 0.33, $verdict)"
    fi
}
IFS=, read -ra concurrencies <<<"$fishtest_concurrency"
for c in "${concurrencies[@]}"; do fishtest_match "$c"; done
