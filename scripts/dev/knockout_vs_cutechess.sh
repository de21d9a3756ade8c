#!/usr/bin/env bash
# Plays every knockout of tests/data/knockout/cutechess-1.5.1.txt with a real cutechess-cli and
# with drawproxy's cutechess dialect, and compares each one's standard output with the table.
#   scripts/dev/knockout_vs_cutechess.sh --cutechess PATH [--drawproxy PATH] [--engine PATH] [--record]
# --record prints the table's cases as cutechess-cli plays them (to extend or renew it) instead
# of comparing. Not run by CI: the other runner is not built by this project. The openings
# (tests/data/knockout/forced.epd) are mates in one and a dead position, so their results do
# not depend on the engine (any UCI engine that finds a mate in one; default stockfish).
set -euo pipefail
cutechess="" drawproxy="" engine="" record=0
usage() { echo "usage: $0 --cutechess PATH [--drawproxy PATH] [--engine PATH] [--record]" >&2; exit 2; }
while (($#)); do
    case "$1" in
        --cutechess) cutechess=$(realpath "$2"); shift 2 ;;
        --drawproxy) drawproxy=$(realpath "$2"); shift 2 ;;
        --engine) engine=$(realpath "$2"); shift 2 ;;
        --record) record=1; shift ;;
        *) usage ;;
    esac
done
[[ -n "$cutechess" ]] || usage
cd "$(dirname "$0")/../.."
drawproxy=${drawproxy:-$(realpath build/bin/drawproxy)}
engine=${engine:-$(command -v stockfish || echo /usr/games/stockfish)}
table=tests/data/knockout/cutechess-1.5.1.txt
openings=$(realpath tests/data/knockout/forced.epd)

# play RUNNER ENGINES OPTIONS: what RUNNER prints for the knockout.
play() {
    local runner=$1 count=$2 options=$3 names=(A B C D E F G H I J) args=() i
    for ((i = 0; i < count; ++i)); do args+=(-engine "cmd=$engine" "name=${names[i]}"); done
    local run=("$cutechess")
    [[ $runner == drawproxy ]] && run=("$drawproxy" match -dialect cutechess)
    # shellcheck disable=SC2086  # the table's options are words
    timeout 300 "${run[@]}" -tournament knockout "${args[@]}" -each proto=uci tc=inf nodes=50 \
        -openings file="$openings" format=epd $options 2>&1
}

cases=0 failed=0
while IFS= read -r row; do
    count=$(cut -d'|' -f1 <<<"${row#=== }" | xargs)
    options=$(cut -d'|' -f2 <<<"$row" | xargs)
    cc=$(play cutechess "$count" "$options")
    if ((record)); then
        printf '=== %s | %s\n%s\n' "$count" "$options" "$cc"
        continue
    fi
    expected=$(awk -v head="$row" '$0 == head { on = 1; next } /^===/ { on = 0 } on' "$table")
    dp=$(play drawproxy "$count" "$options")
    ((++cases))
    if [[ "$cc" != "$expected" || "$dp" != "$cc" ]]; then
        ((++failed))
        echo "$count engines $options differ:"
        diff <(echo "$cc") <(echo "$dp") | head -20 || true
        [[ "$cc" == "$expected" ]] || echo "  (cutechess-cli differs from the table)"
    fi
done < <(grep '^=== ' "$table")
((record)) && exit 0
echo "$cases knockouts, $failed differ (cutechess-cli $("$cutechess" --version | head -1 | awk '{print $2}'))"
((failed == 0))
