#!/usr/bin/env bash
# Runs `fastchess --compliance` with a real fastchess and with drawproxy run as fastchess, on
# Stockfish and on fake engines that break one step each, and compares their standard output,
# standard error and exit status byte for byte, and the lines each sends the engine.
#   scripts/dev/compliance_vs_fastchess.sh FASTCHESS [--build DIR] [--engine PATH] [--slow]
# DIR: drawproxy's build folder (default build; bin/drawproxy and bin/fake_engine in it).
# --slow adds the engines that time out (no uciok: 10 s; no readyok: 60 s). Not run by CI: the
# other runner is not built by this project. Exit 0 when every case is equal.
set -euo pipefail
usage() { echo "usage: $0 FASTCHESS [--build DIR] [--engine PATH] [--slow]" >&2; exit 2; }
(($#)) || usage
fastchess=$(realpath "$1"); shift
build=build engine=$(command -v stockfish || echo /usr/games/stockfish) slow=0
while (($#)); do
    case "$1" in
        --build) build=$2; shift 2 ;;
        --engine) engine=$2; shift 2 ;;
        --slow) slow=1; shift ;;
        *) usage ;;
    esac
done
fake=$(realpath "$build/bin/fake_engine")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ln -s "$(realpath "$build/bin/drawproxy")" "$work/fastchess"

# name, engine, then the one word of engine arguments (fastchess reads only that one)
cases=(
    "stockfish|$engine|"
    "compliant|$fake|--on \"go=info depth 1 seldepth 1 score cp 13 nodes 20 nps 2000 time 10 pv e2e4;bestmove e2e4\""
    "no-info-line|$fake|"
    "no-id-author|$fake|--on \"uci=id name X;uciok\""
    "decimal-time|$fake|--on \"go=info depth 1 time 1.5 score cp 10;bestmove e2e4\""
    "bound-then-decimal|$fake|--on \"go=info depth 1 score cp 1 lowerbound;info depth 2 time 2.5 score cp 2;bestmove e2e4\""
    "bare-bestmove|$fake|--on \"go=info depth 1 score cp 3 pv e2e4;bestmove\""
    "crash-in-search|$fake|--on go=@crash"
    "stderr-lines|$fake|--on \"go=@stderr oops;info depth 1 score cp 1;bestmove e2e4\""
    "crlf-lines|$fake|--on \"go=@raw info depth 1 score cp 1\\r\\nbestmove e2e4\\r\\n\""
    "not-found|/nonexistent/engine|"
)
if ((slow)); then
    cases+=("no-uciok|$fake|--on \"uci=id name X;id author Y\""
            "no-readyok|$fake|--on \"isready=info string not yet\"")
fi

status=0
for c in "${cases[@]}"; do
    IFS='|' read -r name cmd args <<<"$c"
    for side in fastchess drawproxy; do
        program=$fastchess
        [[ $side == drawproxy ]] && program=$work/fastchess
        set +e
        if [[ -n $args ]]; then
            timeout 300 "$program" --compliance "$cmd" "$args" >"$work/$side.out" 2>"$work/$side.err" </dev/null
        else
            timeout 300 "$program" --compliance "$cmd" >"$work/$side.out" 2>"$work/$side.err" </dev/null
        fi
        echo $? >"$work/$side.rc"
        set -e
    done
    same=1
    for part in out err rc; do
        if ! cmp -s "$work/fastchess.$part" "$work/drawproxy.$part"; then
            same=0
            echo "--- $name: standard ${part/rc/exit status} differs (< fastchess, > drawproxy)"
            diff <(cat -A "$work/fastchess.$part") <(cat -A "$work/drawproxy.$part") || true
        fi
    done
    if ((same)); then
        echo "same: $name (exit $(cat "$work/fastchess.rc"), $(wc -l <"$work/fastchess.out") lines out, $(wc -l <"$work/fastchess.err") err)"
    else
        status=1
    fi
done
# The lines each sends the engine (the fake engine's --record), stop and quit included.
good='--on "go=info depth 1 score cp 13 time 10 pv e2e4;bestmove e2e4"'
"$fastchess" --compliance "$fake" "--record $work/fastchess.sent $good" >/dev/null 2>&1 </dev/null || true
"$work/fastchess" --compliance "$fake" "--record $work/drawproxy.sent $good" >/dev/null 2>&1 </dev/null || true
if cmp -s "$work/fastchess.sent" "$work/drawproxy.sent"; then
    echo "same: the $(wc -l <"$work/fastchess.sent") lines sent to the engine"
else
    echo "--- the lines sent to the engine differ (< fastchess, > drawproxy)"
    diff "$work/fastchess.sent" "$work/drawproxy.sent" || true
    status=1
fi
exit $status
