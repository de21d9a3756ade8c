#!/usr/bin/env bash
# Plays every case of the schedule table with a real cutechess-cli and with drawproxy, and
# compares each game's Round, White, Black and opening (the PGN's FEN tag) with the table.
#   scripts/dev/schedule_vs_cutechess.sh --cutechess PATH [--drawproxy PATH] [--engine PATH] [--record]
# --record prints the table's lines as cutechess-cli plays them (to extend or renew the table)
# instead of comparing. Not run by CI: the other runner is not built by this project.
# The openings are dead positions (bare kings), so every game ends at once; the engine (any UCI
# engine, default stockfish from PATH) only has to start.
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
table=tests/data/schedule/cutechess-1.5.1.txt
openings=$(realpath tests/data/schedule/openings.epd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One game a word: round:WhiteBlack:opening, the opening as its line in the EPD file, "-" for the
# start position; with order=random as a letter per distinct opening in order of first use (the
# runners' random generators differ: only the structure can agree).
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
    if [[ $runner == cutechess ]]; then
        (cd "$work" && "$cutechess" "${args[@]}" -each proto=uci tc=inf nodes=1 ${options//OPENINGS/$openings} \
            -pgnout games.pgn >out.txt 2>&1) || { echo "cutechess-cli failed: $options" >&2; tail -3 "$work/out.txt" >&2; }
    else
        (cd "$work" && "$drawproxy" match "${args[@]}" -each tc=inf nodes=1 ${options//OPENINGS/$openings} \
            -pgnout games.pgn >out.txt 2>&1) || { echo "drawproxy failed: $options" >&2; tail -3 "$work/out.txt" >&2; }
    fi
    local random=0
    [[ $options == *order=random* ]] && random=1
    games_of "$work/games.pgn" "$random"
}

cases=0 failed=0
while IFS= read -r row; do
    [[ -z "$row" || "$row" == \#* ]] && continue
    count=$(cut -d'|' -f1 <<<"$row" | xargs)
    options=$(cut -d'|' -f2 <<<"$row" | xargs)
    expected=$(cut -d'|' -f3 <<<"$row" | xargs)
    cc=$(play cutechess "$count" "$options")
    if ((record)); then
        echo "$count | $options | $cc"
        continue
    fi
    dp=$(play drawproxy "$count" "$options")
    ((++cases))
    if [[ "$cc" != "$expected" || "$dp" != "$cc" ]]; then
        ((++failed))
        printf '%s engines %s\n  table:        %s\n  cutechess-cli: %s\n  drawproxy:    %s\n' \
            "$count" "$options" "$expected" "$cc" "$dp"
    fi
done <"$table"
((record)) && exit 0
echo "$cases cases, $failed differ (cutechess-cli $("$cutechess" --version | head -1 | awk '{print $2}'))"
((failed == 0))
