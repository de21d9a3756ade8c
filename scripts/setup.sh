#!/usr/bin/env bash
# Installs the Debian 12 packages drawproxy needs, only those missing (quiet when all are there).
# Usage: scripts/setup.sh [--test]   (--test adds what the test suite needs: clang for fuzzing, the engines
#                                     that `drawproxy check` is tested on, chromium for the HTML reports'
#                                     browser test, Slurm and munge for the one-node cluster test, GNU
#                                     xboard under Xvfb and PolyGlot for the xboard front end's GUI tests,
#                                     Fairy-Max and GNU Chess for the runner's xboard-engine tests)
set -euo pipefail

packages=(build-essential cmake ninja-build libboost1.81-dev catch2 libfmt-dev libtomlplusplus-dev
          libcli11-dev nlohmann-json3-dev libfathom-dev stockfish)
if [[ "${1:-}" == "--test" ]]; then
    packages+=(toga2 glaurung ethereal-chess clang libclang-rt-14-dev python3 chromium
              slurm-wlm munge xboard xvfb xauth polyglot fairymax gnuchess)
fi

missing=()
for p in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

echo "setup: installing ${missing[*]}" >&2
sudo=()
if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null || { echo "setup: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
    sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
