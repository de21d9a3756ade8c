#!/usr/bin/env bash
# Installs the runner dialects: links named fastchess, fastchess-ob and cutechess-cli to the
# drawproxy binary. Run under one of these names, drawproxy is the match runner with that
# runner's meaning of every option (no `match` subcommand).
# Usage: scripts/install_links.sh [DIR] [DRAWPROXY]
#   DIR        where the links go (default: the folder of DRAWPROXY)
#   DRAWPROXY  the binary (default: build/bin/drawproxy of this checkout)
# An existing file of one of these names that is not such a link is left alone (exit 1).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
binary="${2:-$root/build/bin/drawproxy}"
[[ -x "$binary" ]] || { echo "install_links: no drawproxy binary at $binary (build it first)" >&2; exit 2; }
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
dir="${1:-$(dirname "$binary")}"
mkdir -p "$dir"
status=0
for name in fastchess fastchess-ob cutechess-cli; do
    link="$dir/$name"
    if [[ -e "$link" || -L "$link" ]] && [[ "$(readlink -f "$link")" != "$(readlink -f "$binary")" ]]; then
        echo "install_links: $link exists and is not drawproxy: left alone" >&2
        status=1
        continue
    fi
    ln -sfn "$binary" "$link"
    echo "$link -> $binary"
done
exit $status
