#!/usr/bin/env python3
"""Reference tablebase verdicts, the halfmove clock counted, for drawproxy's Syzygy tests.

usage: scripts/dev/syzygy_verdicts.py PYTHON_CHESS_DIR TABLES_DIR [--games N] [--seed S] [--check] > verdicts.tsv

PYTHON_CHESS_DIR is a python-chess source tree (the directory holding the `chess` package);
TABLES_DIR holds the 3- and 4-man Syzygy tables (WDL and DTZ). The games are played out from
random set-up positions, part of the moves the best by DTZ and part at random, so that the file
holds positions reached by play (the halfmove clock running on, zeroing moves resetting it), with
both sides to move and clocks 0-99. Each game's positions are written in order with the move that
led to each, so a reader can replay the game and probe it position after position.

The verdict (see tests/data/syzygy-verdicts/README.md) is the result with best play when the defender claims the fifty-move
draw (Article 9.3) at its first chance, from python-chess's probe_wdl (w, the fifty moves counted
from zero) and probe_dtz (d) and the position's halfmove clock h:
  w = 0: draw; w = 1: cursed-win; w = -1: blessed-loss;
  w = 2 or -2: win or loss when the zeroing move (or mate) comes by ply 100 of the clock, that is
  |dtz| + h <= 100 for the exact distance, else cursed-win or blessed-loss.
probe_dtz may be one ply short of the exact distance (the tables store some distances halved), so
|d| + h <= 99 is a win or loss and |d| + h >= 101 is cursed or blessed for certain; at
|d| + h == 100 the exact distance decides, and a search settles it: the winner needs a move that
mates or zeroes into a position still won (or a move into a position settled the same way with
one ply less), the loser loses when every move does.

--check verifies that bound on the positions where the search runs with a short budget: the same
search without the distances (WDL probes only, to the end of the budget) must agree.
"""

import argparse
import os
import random
import sys

MAX_PLIES = 36


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("python_chess", help="python-chess source tree (holding the chess package)")
    p.add_argument("tables", help="directory of the 3- and 4-man Syzygy tables")
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--seed", type=int, default=26)
    p.add_argument("--check", action="store_true", help="also check the search without distances")
    return p.parse_args()


class Reference:
    """python-chess's probes and the clock-aware verdict built on them."""

    def __init__(self, chess, syzygy, tables):
        self.chess = chess
        self.tb = syzygy.open_tablebase(tables)
        self.memo = {}
        self.searches = 0
        self.checked = 0

    def wdl(self, board):
        if self.chess.popcount(board.occupied) == 2:
            return 0
        return self.tb.probe_wdl(board)

    def dtz(self, board):
        if self.chess.popcount(board.occupied) == 2:
            return 0
        return self.tb.probe_dtz(board)

    def verdict(self, board):
        w = self.wdl(board)
        if w == 0:
            return w, 0, "draw"
        d = self.dtz(board)
        if w == 1:
            return w, d, "cursed-win"
        if w == -1:
            return w, d, "blessed-loss"
        h = board.halfmove_clock
        reach = abs(d) + h
        if h == 0 or reach <= 99:
            decided = True
        elif reach >= 101:
            decided = False
        else:
            self.searches += 1
            decided = self.within(board, 100 - h, w > 0, True)
        if w > 0:
            return w, d, "win" if decided else "cursed-win"
        return w, d, "loss" if decided else "blessed-loss"

    def within(self, board, budget, winner_to_move, use_dtz):
        """Whether the winner mates or zeroes into a won position within `budget` plies."""
        key = (board._transposition_key(), budget, use_dtz)
        if key in self.memo:
            return self.memo[key]
        if winner_to_move:
            result = any(self.winner_move(board, m, budget, use_dtz) for m in list(board.legal_moves))
        else:
            moves = list(board.legal_moves)
            result = budget >= 1 and bool(moves) and all(
                self.loser_move(board, m, budget, use_dtz) for m in moves)
        self.memo[key] = result
        return result

    def winner_move(self, board, move, budget, use_dtz):
        zeroing = board.is_zeroing(move)
        board.push(move)
        try:
            if board.is_checkmate():
                return budget >= 1
            if zeroing:
                return budget >= 1 and self.wdl(board) == -2
            if budget - 1 < 1 or self.wdl(board) != -2:
                return False  # the loser's next move reaches ply 100: it claims
            return self.settle(board, budget - 1, False, use_dtz)
        finally:
            board.pop()

    def loser_move(self, board, move, budget, use_dtz):
        zeroing = board.is_zeroing(move)
        board.push(move)
        try:
            if board.is_checkmate():
                return False
            if zeroing:
                return self.wdl(board) == 2
            if budget - 1 < 1 or self.wdl(board) != 2:
                return False  # this move reaches ply 100: the loser claims with it
            return self.settle(board, budget - 1, True, use_dtz)
        finally:
            board.pop()

    def settle(self, board, budget, winner_to_move, use_dtz):
        """Decided by the distance where its rounding cannot matter, else by searching on."""
        if use_dtz:
            a = abs(self.dtz(board))
            if a + 1 <= budget:
                return True
            if a > budget:
                return False
        return self.within(board, budget, winner_to_move, use_dtz)

    def check(self, board, w):
        """The search without distances, where its budget is short enough to run it."""
        budget = 100 - board.halfmove_clock
        if budget > 9:
            return
        self.checked += 1
        with_dtz = self.within(board, budget, w > 0, True)
        without = self.within(board, budget, w > 0, False)
        if with_dtz != without:
            sys.exit(f"the distances' bound fails at {board.fen()}: {with_dtz} with them, {without} without")


def tables_material(tables):
    names = set()
    for f in os.listdir(tables):
        stem, ext = os.path.splitext(f)
        # A lone minor piece cannot mate: the Laws end those games, no table is asked.
        if stem in ("KBvK", "KNvK"):
            continue
        if ext == ".rtbw" and os.path.exists(os.path.join(tables, stem + ".rtbz")):
            names.add(stem)
    return sorted(names)


def set_up(chess, rng, material):
    """A random legal position of `material` (e.g. KQvKR, either colour the stronger), no moves
    ending it on the board."""
    white, black = material.split("v")
    if rng.random() < 0.5:
        white, black = black, white
    while True:
        board = chess.Board(None)
        squares = rng.sample(range(64), len(white) + len(black))
        for letters, color in ((white, chess.WHITE), (black, chess.BLACK)):
            for letter in letters:
                board.set_piece_at(squares.pop(), chess.Piece.from_symbol(letter if color else letter.lower()))
        board.turn = rng.random() < 0.5
        if board.is_valid() and not board.is_game_over() and any(board.legal_moves):
            return board


def pick_move(ref, board, rng):
    """The best move by DTZ (quickest zeroing when winning, longest when losing), or at random."""
    moves = list(board.legal_moves)
    if rng.random() < 0.35:
        return rng.choice(moves)
    scored = []
    for m in moves:
        board.push(m)
        v = 1 if board.is_checkmate() else -ref.dtz(board)
        board.pop()
        scored.append((v, m))
    wins = [s for s in scored if s[0] > 0]
    if wins:
        best = min(v for v, _ in wins)
        return rng.choice([m for v, m in wins if v == best])
    draws = [m for v, m in scored if v == 0]
    if draws:
        return rng.choice(draws)
    best = min(v for v, _ in scored)
    return rng.choice([m for v, m in scored if v == best])


def start_clock(ref, board, rng):
    """Mostly a clock that puts a decisive start at the fifty-move edge, where the rounding of
    the distances matters; else any clock."""
    w = ref.wdl(board)
    if abs(w) == 2 and rng.random() < 0.7:
        return max(0, min(99, 100 - abs(ref.dtz(board)) + rng.randint(-2, 2)))
    return rng.randint(0, 99)


def play(ref, board, rng, out, number, check):
    chess = ref.chess
    out.write(f"game {number}\n")
    move = "-"
    for ply in range(MAX_PLIES + 1):
        w, d, verdict = ref.verdict(board)
        if check and abs(w) == 2 and abs(d) + board.halfmove_clock == 100:
            ref.check(board, w)
        out.write(f"{ply}\t{move}\t{board.fen()}\t{w}\t{d}\t{verdict}\n")
        if ply == MAX_PLIES:
            break
        m = pick_move(ref, board, rng)
        move = m.uci()
        board.push(m)
        # The Laws end these before any probe (and past 99 the verdicts are drawproxy's own).
        if board.is_game_over(claim_draw=False) or board.halfmove_clock > 99:
            break
        if chess.popcount(board.occupied) < 3:
            break


def main():
    args = parse_args()
    sys.path.insert(0, args.python_chess)
    import chess
    import chess.syzygy

    ref = Reference(chess, chess.syzygy, args.tables)
    rng = random.Random(args.seed)
    materials = tables_material(args.tables)
    out = sys.stdout
    out.write("# Syzygy verdicts with the halfmove clock counted: python-chess " + chess.__version__ +
              " on the 3-4-man tables; written by scripts/dev/syzygy_verdicts.py (see README.md).\n")
    out.write(f"# syzygy_verdicts.py --games {args.games} --seed {args.seed}\n")
    out.write("# game N, then per position: ply, move into it (UCI; - at the start), FEN, "
              "probe_wdl, probe_dtz, verdict\n")
    number = 0
    # The case that exposed a verdict blind to the clock, then random set-ups.
    for fen in ("8/8/8/3k4/8/8/8/KBN5 w - - 70 1", "8/8/8/3k4/8/8/8/KBN5 w - - 41 1"):
        number += 1
        play(ref, chess.Board(fen), rng, out, number, args.check)
    while number < args.games:
        number += 1
        board = set_up(chess, rng, rng.choice(materials))
        board.halfmove_clock = start_clock(ref, board, rng)
        play(ref, board, rng, out, number, args.check)
    print(f"{number} games, {ref.searches} edge searches, {ref.checked} checked without distances",
          file=sys.stderr)


if __name__ == "__main__":
    main()
