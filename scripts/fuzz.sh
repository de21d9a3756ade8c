#!/usr/bin/env bash
# Runs every libFuzzer target in build-fuzz/bin, two at a time. Fails on any finding.
#   scripts/fuzz.sh [SECONDS]         each target SECONDS (default 60; CI runs 15) from a
#                                     throw-away copy of its regression corpus tests/fuzz/corpus/<name>
#   scripts/fuzz.sh --long [SECONDS]  each target SECONDS (default 3600); the corpus it grows is
#                                     kept in build-fuzz/corpus/<name> and the next run goes on
#                                     from it (the regression corpus is read, never written);
#                                     findings in build-fuzz/artifacts/, logs in build-fuzz/fuzz-logs/
set -euo pipefail
cd "$(dirname "$0")/.."
long=0
if [[ "${1:-}" == "--long" ]]; then
    long=1
    shift
fi
seconds=${1:-$((long ? 3600 : 60))}
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || { echo "usage: scripts/fuzz.sh [--long] [SECONDS]" >&2; exit 2; }
if ((long)); then
    out=build-fuzz/fuzz-logs
    mkdir -p "$out" build-fuzz/artifacts
else
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
fi
targets=(build-fuzz/bin/fuzz_*)
[[ -e "${targets[0]}" ]] || { echo "fuzz: no targets in build-fuzz/bin" >&2; exit 1; }
# "N runs in S s" from libFuzzer's closing "Done N runs in S second(s)" line; without one, the
# last "#N" status line and the time asked for.
run_count() {
    local done_line runs secs
    done_line=$(grep -E '^Done [0-9]+ runs in [0-9]+ second' "$1" | tail -1 || true)
    if [[ -n "$done_line" ]]; then
        read -r _ runs _ _ secs _ <<<"$done_line"
        echo "$runs runs in ${secs}s"
    else
        runs=$(grep -Eo '#[0-9]+' "$1" | tail -1 | tr -d '#' || true)
        echo "${runs:-?} runs in ${seconds}s"
    fi
}
run_one() {
    local bin=$1 name corpus artifacts
    name=$(basename "$bin")
    local seeds=()
    [[ -d "tests/fuzz/corpus/$name" ]] && seeds=("tests/fuzz/corpus/$name")
    if ((long)); then
        # libFuzzer writes new inputs to the first directory only.
        corpus="build-fuzz/corpus/$name"
        artifacts="build-fuzz/artifacts/$name-"
        mkdir -p "$corpus"
    else
        corpus="$out/$name"
        artifacts="$out/$name-"
        mkdir -p "$corpus"
        ((${#seeds[@]})) && cp -r "${seeds[0]}/." "$corpus/"
        seeds=()
    fi
    if "$bin" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
         -artifact_prefix="$artifacts" "$corpus" "${seeds[@]}" >"$out/$name.log" 2>&1; then
        echo "fuzz: $name ok ($(run_count "$out/$name.log"), corpus $(find "$corpus" -type f | wc -l) inputs)"
    else
        echo "fuzz: $name FAILED"; tail -40 "$out/$name.log"
        echo "fuzz: keep the input that broke it in tests/fuzz/corpus/$name/ (see README, Fuzzing)"
        return 1
    fi
}
fail=0
pids=()
for bin in "${targets[@]}"; do
    run_one "$bin" & pids+=($!)
    if (( ${#pids[@]} == 2 )); then
        wait "${pids[0]}" || fail=1
        pids=("${pids[@]:1}")
    fi
done
for p in "${pids[@]}"; do wait "$p" || fail=1; done
exit $fail
