#!/usr/bin/env bash
# Configures and builds one flavour of drawproxy.
# Usage: scripts/build.sh [release|quick|asan|fuzz] [TARGET...]
#        -> build/, build-quick/, build-asan/, build-fuzz/
# With TARGETs only those are built (scripts/demo.sh builds the program alone, not the tests).
set -euo pipefail
cd "$(dirname "$0")/.."
flavour=${1:-release}
shift || true
targets=()
for t in "$@"; do targets+=(--target "$t"); done
jobs=$(nproc)
case "$flavour" in
    release)
        cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DDRAWPROXY_WERROR=ON >/dev/null
        cmake --build build -j "$jobs" "${targets[@]}" ;;
    quick)
        # For scripts/test.sh --quick: the tests need no -O3 code and -O1 compiles faster; the
        # benchmarks are left out.
        cmake -S . -B build-quick -G Ninja -DCMAKE_BUILD_TYPE=Release -DDRAWPROXY_WERROR=ON \
              -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" -DDRAWPROXY_BENCH=OFF >/dev/null
        cmake --build build-quick -j "$jobs" "${targets[@]}" ;;
    asan)
        # -O1 -g1 (line tables): stack traces keep file and line, and the build takes half the
        # time of -O2 -g (27 s -> 15 s for a large test file), which keeps CI under 30 minutes.
        cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDRAWPROXY_WERROR=ON \
              -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
              -DDRAWPROXY_SANITIZE=ON -DDRAWPROXY_BENCH=OFF >/dev/null
        cmake --build build-asan -j "$jobs" "${targets[@]}" ;;
    fuzz)
        CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
              -DDRAWPROXY_WERROR=ON -DDRAWPROXY_FUZZ=ON -DDRAWPROXY_TESTS=OFF -DDRAWPROXY_BENCH=OFF >/dev/null
        # Only the fuzz targets and the libraries they use (of app/, the match command line's files).
        cmake --build build-fuzz -j "$jobs" --target fuzz_targets ;;
    *) echo "usage: scripts/build.sh [release|quick|asan|fuzz] [TARGET...]" >&2; exit 2 ;;
esac
