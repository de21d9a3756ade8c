#!/usr/bin/env bash
# The main job, from a fresh Debian 12 machine: installs what is missing, builds, and plays a
# short real match under the FIDE Laws (fide-2023): Stockfish from Debian against itself at
# fixed nodes (one side searches twice as many), from openings shipped in configs/openings,
# two games at a time. Prints the live lines and the table of results by reason, and writes
# the games to match.pgn.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# The program alone (the tests and benchmarks are scripts/test.sh's), with ninja's [n/N] lines:
# the first build takes a few minutes on a small machine, and a silent one looks hung.
echo "demo: building build/bin/drawproxy" >&2
scripts/build.sh release drawproxy
pgn=${PGN_OUT:-match.pgn}
rm -f "$pgn"
build/bin/drawproxy match \
    -engine cmd=/usr/games/stockfish name=sf-20k nodes=20000 \
    -engine cmd=/usr/games/stockfish name=sf-40k nodes=40000 \
    -each option.Threads=1 option.Hash=16 \
    -openings file=configs/openings/classical.epd format=epd order=sequential \
    -games 2 -rounds 2 -repeat -concurrency 2 \
    -rules fide-2023 -pgnout "$pgn"
echo "games written to $pgn"
