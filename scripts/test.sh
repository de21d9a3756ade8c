#!/usr/bin/env bash
# The whole test suite, from a fresh Debian 12 machine: installs what is missing, then
#  1. Release build with -Wall -Wextra -Werror, all tests (CTest);
#  2. AddressSanitizer + UBSan build, all tests again (but the browser test);
#  3. libFuzzer targets (clang), each run for FUZZ_SECONDS (default 15), two at a time.
# Usage: scripts/test.sh [--quick]
#   --quick: instead, an -O1 build without the benchmarks (build-quick/) and the tests labelled
#            unit and engine (no Stockfish or other real engine, Chromium, Slurm or xboard).
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
    ""|--quick) ;;
    *) echo "usage: scripts/test.sh [--quick]" >&2; exit 2 ;;
esac
scripts/setup.sh --test

step() { printf '\n==== %s ====\n' "$*"; }

if [[ "${1:-}" == "--quick" ]]; then
    step "quick build (-O1, -Werror, no benchmarks)"
    scripts/build.sh quick
    step "tests labelled unit and engine"
    ctest --test-dir build-quick --output-on-failure -j 2 -L '^(unit|engine)$'
    exit 0
fi

step "release build (-Werror)"
scripts/build.sh release
step "tests (release)"
ctest --test-dir build --output-on-failure -j 2

step "AddressSanitizer + UBSan build"
scripts/build.sh asan
step "tests (ASan + UBSan)"
# All but the headless-Chromium test, which ran in step 1: there it drives a real Stockfish match
# and the report through a browser that is not instrumented, and it must run alone (40 s of
# both cores). The report code it reads is covered here by the html/ unit tests.
echo "(the headless-Chromium browser test runs in the release step only)"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir build-asan --output-on-failure -j 2 -E 'headless Chromium'

step "fuzz targets"
scripts/build.sh fuzz
scripts/fuzz.sh "${FUZZ_SECONDS:-15}"
