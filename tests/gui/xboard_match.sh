#!/usr/bin/env bash
# One game in GNU xboard (match mode, headless under xvfb-run, a temporary HOME) between two
# xboard engines made of UCI engines by an adapter, drawproxy --xboard or PolyGlot, and checks
# of how it ended, read from xboard's debug file and its saved PGN.
#
# Usage: xboard_match.sh SCENARIO ADAPTER
#   ADAPTER: drawproxy | polyglot
#   SCENARIO: see the case below (shuffle, shuffle-appeared, fifty, fifty-completed, fivefold,
#   seventy-five, ep, dead, never-repetition, never-fifty, stockfish)
# Programs come from the environment: DRAWPROXY, FAKE_ENGINE (the command before a spec: the
# scripted UCI engine that plays the moves of `moves=...` by ply), STOCKFISH, XBOARD, XVFB_RUN,
# POLYGLOT (empty: not found; the test is then skipped).
# Exit 0 pass, 1 fail, 77 skipped (xboard, xvfb-run, xauth, polyglot or stockfish missing).
# Xvfb, xboard, the adapters and every engine are stopped on any exit, failure included.
set -euo pipefail
scenario=${1:?scenario}
adapter=${2:?adapter}

skip() { echo "SKIPPED: $*"; exit 77; }
[[ -n ${XBOARD:-} && -x ${XBOARD:-} ]] || skip "no xboard (scripts/setup.sh --test installs it)"
[[ -n ${XVFB_RUN:-} && -x ${XVFB_RUN:-} ]] || skip "no xvfb-run (package xvfb)"
command -v xauth >/dev/null || skip "no xauth (xvfb-run needs it)"
[[ $adapter != polyglot || -x ${POLYGLOT:-} ]] || skip "no polyglot"
[[ $scenario != stockfish || -x ${STOCKFISH:-} ]] || skip "no stockfish"
[[ -x ${DRAWPROXY:?} ]] || { echo "FAILED: no drawproxy at $DRAWPROXY"; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/drawproxy-xboard.XXXXXX")
group=""
# Everything this game started: its process group, and whatever runs in the temp folder
# (xboard starts engines there; the adapters' engines live in groups of their own).
our_processes() {
    find /proc/[0-9]*/cwd -maxdepth 0 -lname "$tmp*" 2>/dev/null | cut -d/ -f3 | grep -vx -e "$$" -e "$BASHPID" || true
}
cleanup() {
    local status=$?
    trap - EXIT INT TERM
    cd /
    [[ -n $group ]] && kill -TERM -- "-$group" 2>/dev/null || true
    for pid in $(our_processes); do kill -TERM "$pid" 2>/dev/null || true; done
    sleep 0.3
    [[ -n $group ]] && kill -KILL -- "-$group" 2>/dev/null || true
    for pid in $(our_processes); do kill -KILL "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    if [[ $status -ne 0 && -f $tmp/debug.txt ]]; then
        echo "---- xboard debug (last 40 lines)"; tail -n 40 "$tmp/debug.txt"
        [[ -f $tmp/game.pgn ]] && { echo "---- PGN"; cat "$tmp/game.pgn"; }
    fi
    rm -rf "$tmp"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

fail() { echo "FAILED ($scenario, $adapter): $*"; exit 1; }

# The engine command for one seat under the adapter being tested: SPEC is the scripted
# engine's spec, or "stockfish".
seat() {
    local uci
    if [[ $1 == stockfish ]]; then uci=$STOCKFISH; else uci="$FAKE_ENGINE $1"; fi
    if [[ $adapter == polyglot ]]; then echo "$POLYGLOT -noini -ec '$uci'"; else echo "$DRAWPROXY --xboard -- $uci"; fi
}

# Plays one game: FIRST and SECOND engine commands, then extra xboard options.
play() {
    local first=$1 second=$2
    shift 2
    mkdir -p "$tmp/home"
    cd "$tmp"
    # setsid: the game is a process group of its own, so one signal stops all of it.
    HOME=$tmp/home setsid "$XVFB_RUN" -a -e "$tmp/xvfb.err" "$XBOARD" -mg 1 -xexit -debug \
        -nameOfDebugFile "$tmp/debug.txt" -sgf "$tmp/game.pgn" -saveSettingsOnExit false \
        -testClaims true -checkMates true -materialDraws true -repeatsToDraw 6 -autoCallFlag true \
        -fcp "$first" -scp "$second" "$@" >"$tmp/xboard.out" 2>&1 &
    group=$!
    local deadline=$((SECONDS + ${GAME_SECONDS:-150}))
    while kill -0 "$group" 2>/dev/null; do
        ((SECONDS < deadline)) || fail "the game did not end within ${GAME_SECONDS:-150} s"
        sleep 0.2
    done
    wait "$group" || true
    group=""
    [[ -s $tmp/debug.txt ]] || fail "xboard wrote no debug file ($(tail -n 3 "$tmp/xboard.out" | tr '\n' ' '))"
    touch "$tmp/game.pgn"  # xboard saves no game without a move
}

# From xboard's files: the ending that ended the game (the last GameEnds before xboard sends
# the engines its result; earlier ones were ignored), with its details and who said so
# (4 xboard, 5 first engine, 6 second engine); the plies played; the result.
ending() {
    awk '/^GameEnds\([0-9]+, [^(]/ { last = $0 } / >first : result / { print last; exit }' "$tmp/debug.txt" |
        sed -E 's/^GameEnds\([0-9]+, (.*), ([0-9]+)\)$/\1|\2/'
}
plies() {
    sed -e '/^\[/d' "$tmp/game.pgn" | tr '\n' ' ' | sed -E 's/\{[^}]*\}//g; s/[0-9]+\.+//g' |
        tr -s ' ' '\n' | grep -cvE '^$|^(1-0|0-1|1/2-1/2|\*)$' || true
}
# The result xboard sent the engines, and its comment (after xboard's own claim test).
result() { sed -nE 's/^[0-9]+ >first : result ([^ ]+).*$/\1/p' "$tmp/debug.txt" | head -n 1; }
final_comment() { sed -nE 's/^[0-9]+ >first : result [^ ]+ \{(.*)\}$/\1/p' "$tmp/debug.txt" | head -n 1; }
# The engine lines of the debug file, without timestamps: "first: move g1f3".
engine_lines() { sed -nE 's/^[0-9]+ <(first |second): (.*)$/\1: \2/p' "$tmp/debug.txt" | sed 's/^first :/first:/'; }

expect_ending() {  # DETAILS WHO PLIES
    local got
    got=$(ending)
    [[ $got == "$1|$2" ]] || fail "ending: expected '$1' said by $2, got '$got'"
    [[ $(plies) == "$3" ]] || fail "expected the game to end after $3 plies, got $(plies)"
    [[ $(result) == 1/2-1/2 ]] || fail "expected 1/2-1/2 in the PGN, got $(result)"
    ! grep -q "False draw claim" "$tmp/debug.txt" || fail "xboard saw a false draw claim"
}
# The last LINE1 among the engine lines, directly followed by LINE2.
expect_lines() {
    [[ $(engine_lines | grep -A1 -xF "$1" | tail -n 1) == "$2" ]] || fail "expected '$1' then '$2' from the engines"
}
# No engine line other than claims, results and offers mentions a draw as xboard reads it.
expect_no_stray_draw_words() {
    local stray
    stray=$(engine_lines | sed 's/^[a-z]*: //' | grep -vE '^(1/2-1/2|1-0|0-1) \{|^offer draw$|^feature ' |
            grep -E 'Draw|offer.*draw|draw.*offer' || true)
    [[ -z $stray ]] || fail "stray draw words from an engine: $stray"
}

SHUFFLE="moves=$(printf 'g1f3,g8f6,f3g1,f6g8,%.0s' {1..8})"
ROOK="moves=$(printf 'a1a2,h8g8,a2a1,g8h8,%.0s' {1..40})"
echo "7k/8/8/8/8/8/8/R5K1 w - - 97 70" >"$tmp/fifty.fen"
echo "7k/7p/8/8/8/8/8/R5K1 w - - 146 120" >"$tmp/seventy-five.fen"
echo "7k/7p/8/8/8/8/8/R5K1 w - - 100 80" >"$tmp/fifty-at-start.fen"
echo "6nk/3p4/8/K3P2r/8/8/8/6N1 b - - 0 1" >"$tmp/ep.fen"
echo "8/8/4k3/1p1p1p1p/1P1P1P1P/4K3/8/8 w - - 0 1" >"$tmp/dead.fen"
echo "7k/5Q2/7p/8/8/8/rq4PP/7K w - - 0 1" >"$tmp/perpetual.fen"
fast="-tc 0:30 -inc 0"

case "$scenario:$adapter" in
# The knights' shuffle from the start: the start position comes back a third time at ply 8,
# with Black's Ng8. Black claims with that move (9.2.1): offer draw, then the move.
shuffle:drawproxy)
    play "$(seat "$SHUFFLE")" "$(seat "$SHUFFLE")" $fast
    expect_ending "Draw claim: 3-fold repetition" 4 8
    expect_lines "second: offer draw" "second: move f6g8"
    expect_no_stray_draw_words ;;
# PolyGlot plays Black's Ng8 and only then claims: by then the right has passed to White.
shuffle:polyglot)
    play "$(seat "$SHUFFLE")" "$(seat "$SHUFFLE")" $fast
    expect_ending "Draw by repetition" 6 8
    expect_lines "second: move f6g8" "second: 1/2-1/2 {Draw by repetition}" ;;
# Black does not claim (drawproxy --claim never): White claims the threefold that has
# appeared (9.2.2) as Ng8 arrives, before searching.
shuffle-appeared:*)
    play "$(seat "$SHUFFLE")" "$DRAWPROXY --xboard --claim never -- $FAKE_ENGINE $SHUFFLE" $fast
    if [[ $adapter == drawproxy ]]; then
        expect_ending "Draw by threefold repetition 9.2.2" 5 8
        expect_lines "second: move f6g8" "first: 1/2-1/2 {Draw by threefold repetition 9.2.2}"
    else
        expect_ending "Draw by repetition" 5 8
    fi ;;
# 97 on the clock: White's Ra1 completes the fifty moves and White claims with it (9.3.1).
fifty:drawproxy)
    play "$(seat "$ROOK")" "$(seat "$ROOK")" $fast -lpf "$tmp/fifty.fen" -lpi 1
    expect_ending "Draw claim: 50-move rule" 4 3
    expect_lines "first: offer draw" "first: move a2a1" ;;
# PolyGlot plays White's Ra1 and then claims after its own move.
fifty:polyglot)
    play "$(seat "$ROOK")" "$(seat "$ROOK")" $fast -lpf "$tmp/fifty.fen" -lpi 1
    expect_ending "Draw by fifty-move rule" 5 3
    expect_lines "first: move a2a1" "first: 1/2-1/2 {Draw by fifty-move rule}" ;;
# 100 on the clock in the FEN: the fifty moves are complete before anyone moves, but xboard
# judges a position only after a move: a claim at the start would be called false. White
# claims with its first move instead (9.3.1). PolyGlot claims as soon as it is given the FEN:
# White's claim comes before the game has started (ignored), Black's once it has, and xboard
# calls it false: Black forfeits.
fifty-at-start:drawproxy)
    play "$(seat "$ROOK")" "$(seat "$ROOK")" $fast -lpf "$tmp/fifty-at-start.fen" -lpi 1
    expect_ending "Draw claim: 50-move rule" 4 1
    expect_lines "first: offer draw" "first: move a1a2" ;;
fifty-at-start:polyglot)
    play "$(seat "$ROOK")" "$(seat "$ROOK")" -tc 0:05 -inc 0 -lpf "$tmp/fifty-at-start.fen" -lpi 1
    [[ $(result) == 1-0 && $(final_comment) == "False draw claim: 'Draw by fifty-move rule'" && $(plies) == 0 ]] ||
        fail "expected Black's PolyGlot to forfeit by a false claim, got $(result) {$(final_comment)} after $(plies) plies" ;;
# White does not claim: Black claims the completed fifty moves (9.3.2) as Ra1 arrives.
fifty-completed:*)
    play "$DRAWPROXY --xboard --claim never -- $FAKE_ENGINE $ROOK" "$(seat "$ROOK")" $fast -lpf "$tmp/fifty.fen" -lpi 1
    if [[ $adapter == drawproxy ]]; then
        expect_ending "Draw by fifty-move rule 9.3.2" 6 3
    else
        expect_ending "Draw by fifty-move rule" 6 3
    fi ;;
# Nobody claims (--claim never, 2023 Laws): at the fifth occurrence, ply 16, the game is over
# by itself (9.6.1) and White, asked to move, says so. PolyGlot cannot be told not to claim
# and has no fivefold: in White's seat it claims the threefold at ply 8.
fivefold:drawproxy)
    play "$DRAWPROXY --xboard --claim never -- $FAKE_ENGINE $SHUFFLE" "$DRAWPROXY --xboard --claim never -- $FAKE_ENGINE $SHUFFLE" $fast
    expect_ending "Draw by fivefold repetition 9.6.1" 5 16 ;;
fivefold:polyglot)
    play "$(seat "$SHUFFLE")" "$DRAWPROXY --xboard --claim never -- $FAKE_ENGINE $SHUFFLE" $fast
    expect_ending "Draw by repetition" 5 8 ;;
# 146 on the clock, nobody claims, xboard's own fifty-move rule off: at 150 plies the game is
# over (9.6.2) and White says so. PolyGlot claims the fifty moves as soon as it is given the FEN,
# before the game has started (xboard ignores it), and then never moves: it loses on time.
seventy-five:drawproxy)
    play "$DRAWPROXY --xboard --claim never -- $FAKE_ENGINE $ROOK" "$DRAWPROXY --xboard --claim never -- $FAKE_ENGINE $ROOK" \
        $fast -ruleMoves 0 -lpf "$tmp/seventy-five.fen" -lpi 1
    expect_ending "Draw by seventy-five-move rule 9.6.2" 5 4 ;;
seventy-five:polyglot)
    play "$(seat "$ROOK")" "$DRAWPROXY --xboard --claim never -- $FAKE_ENGINE $ROOK" \
        -tc 0:05 -inc 0 -ruleMoves 0 -lpf "$tmp/seventy-five.fen" -lpi 1
    [[ $(ending) == "Black wins on time|4" && $(result) == 0-1 && $(plies) == 0 ]] ||
        fail "expected PolyGlot to lose on time without moving, got '$(ending)' $(result) after $(plies) plies"
    expect_lines "first: pong 3" "first: 1/2-1/2 {Draw by fifty-move rule}" ;;
# After ...d5 the pawn on e5 stands beside d5, but exd6 e.p. would expose the king to the rook:
# the position after ...d5 is the one the knights come back to, a third time at ply 9 (Black's
# Ng8). xboard takes the e.p. capture as possible and counts two: Black's claim with Ng8 would
# not be seen, so it stands as an offer, which White accepts (9.1): a draw at ply 9, no forfeit.
# PolyGlot counts as xboard does and plays on: White claims at ply 10, after its own move.
ep:drawproxy)
    play "$(seat "moves=d7d5,${SHUFFLE#moves=}")" "$(seat "moves=d7d5,${SHUFFLE#moves=}")" $fast -lpf "$tmp/ep.fen" -lpi 1
    expect_ending "Draw agreed" 4 9
    expect_lines "second: offer draw" "second: move f6g8"
    grep -q "^[0-9]* <second: # drawproxy: threefold 9.2.1 holds under the Laws, but xboard will not see it" "$tmp/debug.txt" ||
        fail "no # line about the claim xboard cannot see"
    expect_no_stray_draw_words ;;
ep:polyglot)
    play "$(seat "moves=d7d5,${SHUFFLE#moves=}")" "$(seat "moves=d7d5,${SHUFFLE#moves=}")" $fast -lpf "$tmp/ep.fen" -lpi 1
    expect_ending "Draw by repetition" 5 10
    expect_lines "first: move g1f3" "first: 1/2-1/2 {Draw by repetition}" ;;
# The same, with Black not claiming: at ply 9 White may claim the threefold (9.2.2), but xboard
# would call it false and forfeit White. White plays on, and claims with Nf3 (9.2.1), which brings
# back the position after ...d5 Nf3 a third time, one xboard counts too. PolyGlot in White's
# seat sees no threefold at ply 9 either, and claims at ply 10 after its own move.
ep-appeared:*)
    play "$(seat "moves=d7d5,${SHUFFLE#moves=}")" \
        "$DRAWPROXY --xboard --claim never -- $FAKE_ENGINE moves=d7d5,${SHUFFLE#moves=}" $fast -lpf "$tmp/ep.fen" -lpi 1
    if [[ $adapter == drawproxy ]]; then
        expect_ending "Draw claim: 3-fold repetition" 4 10
        expect_lines "first: offer draw" "first: move g1f3"
        grep -q "^[0-9]* <first : # drawproxy: threefold 9.2.2 holds under the Laws, but xboard's claim test would not" \
            "$tmp/debug.txt" || fail "no # line about the claim xboard would refuse"
    else
        expect_ending "Draw by repetition" 5 10
        expect_lines "first: move g1f3" "first: 1/2-1/2 {Draw by repetition}"
    fi ;;
# Blocked pawns and kings: dead at once (5.2.2), which xboard's claim test cannot see. White
# proposes agreement with its first move and Black accepts. PolyGlot plays on to a threefold.
dead:*)
    KINGS="moves=$(printf 'e3d3,e6d6,d3e3,d6e6,%.0s' {1..8})"
    play "$(seat "$KINGS")" "$(seat "$KINGS")" $fast -lpf "$tmp/dead.fen" -lpi 1
    if [[ $adapter == drawproxy ]]; then
        expect_ending "Draw agreed" 4 1
        expect_lines "first: offer draw" "first: move e3d3"
    else
        expect_ending "Draw by repetition" 6 8
    fi ;;
# Nobody claims under the 2009 Laws (no fivefold): xboard ends the game itself, at the sixth
# occurrence.
never-repetition:drawproxy)
    never="$DRAWPROXY --xboard --claim never --rules fide-2009 -- $FAKE_ENGINE $SHUFFLE"
    play "$never" "$never" $fast
    expect_ending "XBoard adjudication: repetition draw" 4 20 ;;
# Nobody claims: xboard ends the game itself after 51 moves (102 plies).
never-fifty:drawproxy)
    never="$DRAWPROXY --xboard --claim never -- $FAKE_ENGINE $ROOK"
    play "$never" "$never" $fast -lpf "$tmp/fifty.fen" -lpi 1
    expect_ending "Xboard adjudication: 50-move rule" 4 5 ;;
# Real Stockfish with a perpetual check (Qf8+ Kh7 Qf7+ Kh8): the start position comes back a
# third time at ply 8, with Black's forced Kh8, unless Stockfish takes another checking line. The claim must come at the first ply where
# the Laws allow one, by the side they allow, in a form xboard accepts.
stockfish:*)
    play "$(seat stockfish)" "$(seat stockfish)" -tc 0:20 -inc 0.2 -lpf "$tmp/perpetual.fen" -lpi 1
    n=$(plies)
    mapfile -t played < <(engine_lines | sed -nE 's/^(first|second): move (.*)$/\2/p')
    # The first ply at which a position has occurred three times, by the Laws.
    first=$("$DRAWPROXY" analyze fen "$(cat "$tmp/perpetual.fen")" moves "${played[@]}" |
        grep -m1 -E '"repetition":[3-9]' | sed -E 's/.*"ply":([0-9]+).*/\1/' || true)
    [[ -n $first ]] || fail "no threefold in the game: Stockfish did not repeat"
    [[ $n == "$first" ]] || fail "the game ended after $n plies; the first lawful claim is at ply $first"
    # Which side's move brings the third occurrence depends on the lines Stockfish chooses
    # (White is to move in the FEN, so odd plies are White's): that side claims with it.
    if ((first % 2)); then mover=first says=5; else mover=second says=6; fi
    move=${played[first - 1]}
    if [[ $adapter == drawproxy ]]; then
        expect_ending "Draw claim: 3-fold repetition" 4 "$first"
        expect_lines "$mover: offer draw" "$mover: move $move"
    else
        # Two PolyGlots race: the mover claims after its own move, the other side claims the
        # threefold that has appeared as the move reaches it (9.2.2). xboard takes whichever
        # line it reads first; both are lawful at that ply.
        got=$(ending)
        [[ $got == "Draw by repetition|5" || $got == "Draw by repetition|6" ]] ||
            fail "ending: expected 'Draw by repetition' said by an engine, got '$got'"
        [[ $n == "$first" && $(result) == 1/2-1/2 ]] || fail "expected 1/2-1/2 after $first plies, got $(result) after $n"
        ! grep -q "False draw claim" "$tmp/debug.txt" || fail "xboard saw a false draw claim"
        if [[ $got == *"|$says" ]]; then
            expect_lines "$mover: move $move" "$mover: 1/2-1/2 {Draw by repetition}"
        fi
    fi ;;
*) echo "unknown scenario '$scenario' for '$adapter'"; exit 2 ;;
esac
echo "PASSED ($scenario, $adapter): $(ending) after $(plies) plies"
