#!/usr/bin/env bash
# The main job, from a fresh Debian 12 machine: installs what is missing, builds, and shows
# drawproxy at work. (Until the match runner lands: perft checks against known counts.)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh release >/dev/null
bin=build/bin/drawproxy
echo "== perft, start position, depth 5 (expected 4865609)"
$bin perft startpos 5
echo "== perft, Chess960 position, depth 4 (expected 215658)"
$bin perft --chess960 "n2k1bb1/p2ppp2/7p/8/4P3/7n/PPNP4/1QKRRB2 w - - 1 13" 4
