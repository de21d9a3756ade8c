#!/usr/bin/env bash
# Plays every case of a schedule table with the real runner and with drawproxy in that runner's
# dialect, and compares each game's Round, White, Black and opening (the PGN's FEN tag) with the
# table: tests/data/schedule/cutechess-1.5.1.txt with --cutechess, fastchess-58072f23.txt with
# --fastchess.
#   scripts/dev/schedule_vs_runners.sh --cutechess PATH|--fastchess PATH [--drawproxy PATH] [--engine PATH] [--record]
# --record prints the table's lines as the runner plays them (to extend or renew the table)
# instead of comparing. Not run by CI: the other runners are not built by this project.
# The openings are dead positions (bare kings), so every game ends at once; the engine (any UCI
# engine, default stockfish from PATH) only has to start.
set -euo pipefail
cutechess="" fastchess="" drawproxy="" engine="" record=0
usage() { echo "usage: $0 --cutechess PATH|--fastchess PATH [--drawproxy PATH] [--engine PATH] [--record]" >&2; exit 2; }
while (($#)); do
    case "$1" in
        --cutechess) cutechess=$(realpath "$2"); shift 2 ;;
        --fastchess) fastchess=$(realpath "$2"); shift 2 ;;
        --drawproxy) drawproxy=$(realpath "$2"); shift 2 ;;
        --engine) engine=$(realpath "$2"); shift 2 ;;
        --record) record=1; shift ;;
        *) usage ;;
    esac
done
[[ -n "$cutechess" || -n "$fastchess" ]] || usage
cd "$(dirname "$0")/../.."
drawproxy=${drawproxy:-$(realpath build/bin/drawproxy)}
engine=${engine:-$(command -v stockfish || echo /usr/games/stockfish)}
table=tests/data/schedule/cutechess-1.5.1.txt runner=cutechess-cli
[[ -n "$fastchess" ]] && table=tests/data/schedule/fastchess-58072f23.txt runner=fastchess
openings=$(realpath tests/data/schedule/openings.epd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One game a word: round:WhiteBlack:opening, the opening as its line in the EPD file, "-" for the
# start position; with cutechess-cli's order=random as a letter per distinct opening in order of
# first use (its random generator is its own: only the structure can agree; drawproxy shuffles as
# fastchess does, so fastchess's lines are compared as they are).
games_of() {
    local pgn=$1 random=$2
    awk -F'"' -v random="$random" '
        NR == FNR { line[$0] = FNR; next }
        /^\[Event / { op[++n] = "-" }  # a game begins; its FEN tag, if any, may follow Result
        /^\[Round / { r[n] = $2 }
        /^\[White / { w[n] = $2 }
        /^\[Black / { b[n] = $2 }
        /^\[FEN / { op[n] = line[$2] }
        END {
            letters = "abcdefghijklmnopqrstuvwxyz"
            for (i = 1; i <= n; ++i) {
                o = op[i]
                if (random && o != "-") {
                    if (!(o in seen)) seen[o] = substr(letters, ++k, 1)
                    o = seen[o]
                }
                printf "%s%s:%s%s:%s", (i > 1 ? " " : ""), r[i], w[i], b[i], o
            }
            print ""
        }' "$openings" "$pgn"
}

# play RUNNER ENGINES OPTIONS: the games RUNNER plays, as games_of prints them.
play() {
    local runner=$1 count=$2 options=$3 names=(A B C D E F G H) args=() i
    for ((i = 0; i < count; ++i)); do args+=(-engine "cmd=$engine" "name=${names[i]}"); done
    rm -f "$work/games.pgn"
    # shellcheck disable=SC2086  # the table's options are words
    case $runner in
        cutechess)
            (cd "$work" && "$cutechess" "${args[@]}" -each proto=uci tc=inf nodes=1 ${options//OPENINGS/$openings} \
                -pgnout games.pgn >out.txt 2>&1 </dev/null) || { echo "cutechess-cli failed: $options" >&2; tail -3 "$work/out.txt" >&2; } ;;
        fastchess)
            (cd "$work" && "$fastchess" "${args[@]}" -each tc=inf nodes=1 ${options//OPENINGS/$openings} \
                -pgnout file=games.pgn >out.txt 2>&1 </dev/null) || { echo "fastchess failed: $options" >&2; tail -3 "$work/out.txt" >&2; } ;;
        drawproxy-fastchess)
            (cd "$work" && "$drawproxy" match -dialect fastchess "${args[@]}" -each tc=inf nodes=1 \
                ${options//OPENINGS/$openings} -pgnout file=games.pgn >out.txt 2>&1 </dev/null) ||
                { echo "drawproxy failed: $options" >&2; tail -3 "$work/out.txt" >&2; } ;;
        *)
            (cd "$work" && "$drawproxy" match "${args[@]}" -each tc=inf nodes=1 ${options//OPENINGS/$openings} \
                -pgnout games.pgn >out.txt 2>&1 </dev/null) || { echo "drawproxy failed: $options" >&2; tail -3 "$work/out.txt" >&2; } ;;
    esac
    local random=0
    [[ $runner != *fastchess && $options == *order=random* ]] && random=1
    games_of "$work/games.pgn" "$random"
}

cases=0 failed=0
while IFS= read -r row; do
    [[ -z "$row" || "$row" == \#* ]] && continue
    count=$(cut -d'|' -f1 <<<"$row" | xargs)
    options=$(cut -d'|' -f2 <<<"$row" | xargs)
    expected=$(cut -d'|' -f3 <<<"$row" | xargs)
    if [[ $runner == fastchess ]]; then
        real=$(play fastchess "$count" "$options")
    else
        real=$(play cutechess "$count" "$options")
    fi
    if ((record)); then
        echo "$count | $options | $real"
        continue
    fi
    if [[ $runner == fastchess ]]; then
        dp=$(play drawproxy-fastchess "$count" "$options")
    else
        dp=$(play drawproxy "$count" "$options")
    fi
    ((++cases))
    if [[ "$real" != "$expected" || "$dp" != "$real" ]]; then
        ((++failed))
        printf '%s engines %s\n  table:     %s\n  %-10s %s\n  drawproxy: %s\n' \
            "$count" "$options" "$expected" "$runner:" "$real" "$dp"
    fi
done <"$table"
((record)) && exit 0
version=$("${cutechess:-$fastchess}" --version | head -1)
echo "$cases cases, $failed differ ($version)"
((failed == 0))
