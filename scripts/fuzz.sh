#!/usr/bin/env bash
# Runs every libFuzzer target in build-fuzz/bin for N seconds (default 60), two at a time,
# each from its seed corpus in tests/fuzz/corpus/<name> when there is one. Fails on any finding.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
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
    local bin=$1 name corpus
    name=$(basename "$bin")
    corpus="$out/$name"
    mkdir -p "$corpus"
    [[ -d "tests/fuzz/corpus/$name" ]] && cp -r "tests/fuzz/corpus/$name/." "$corpus/"
    if "$bin" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
         -artifact_prefix="$out/$name-" "$corpus" >"$out/$name.log" 2>&1; then
        echo "fuzz: $name ok ($(run_count "$out/$name.log"))"
    else
        echo "fuzz: $name FAILED"; tail -40 "$out/$name.log"; return 1
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
