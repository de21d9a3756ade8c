#!/usr/bin/env python3
# Usage: make_game_positions.py SEED OUT GAMES  (wrote game_positions.txt with 7 ... 16)
# Plays short Stockfish self-play games (random first plies) and prints every position's FEN.
import subprocess, random, sys
random.seed(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
sf = subprocess.Popen(['/usr/games/stockfish'], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): sf.stdin.write(s + '\n'); sf.stdin.flush()
def until(prefix):
    lines = []
    while True:
        l = sf.stdout.readline()
        lines.append(l.strip())
        if l.startswith(prefix): return lines
send('uci'); until('uciok'); send('setoption name Threads value 1'); send('isready'); until('readyok')
out = open(sys.argv[2], 'w')
for game in range(int(sys.argv[3])):
    moves = []
    send('ucinewgame')
    for ply in range(400):
        send('position startpos moves ' + ' '.join(moves)); send('d')
        fen = [l for l in until('Checkers') if l.startswith('Fen:')][0][5:]
        out.write(fen + '\n')
        if ply < 8:
            send('go perft 1')
            legal = [l.split(':')[0] for l in until('Nodes searched') if ':' in l and not l.startswith('Nodes')]
            if not legal: break
            mv = random.choice(legal)
        else:
            send('go nodes 3000')
            mv = until('bestmove')[-1].split()[1]
            if mv == '(none)': break
        moves.append(mv)
        # stop long shuffling endgames
        if len(moves) > 250: break
out.close()
send('quit')
