#!/bin/bash
# Runs one drawproxy match on a Slurm cluster as N parts and merges them:
#   scripts/slurm/run.sh N OUTDIR MATCH-OPTIONS... [-- --sprt elo0=E0 elo1=E1 ...]
# The match options must include -seed (every part computes the same schedule). With an
# SPRT after "--", the parts are submitted in batches of BATCH (default N/10, at least 1) and
# a merge after each batch decides whether to go on (merge exit 0), or stop: H0 (3), H1 (4).
# Environment: DRAWPROXY (the binary on the nodes), SBATCH_ARGS (extra sbatch options).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
parts=$1
outdir=$2
shift 2
match=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do match+=("$1"); shift; done
[ $# -gt 0 ] && shift
merge_opts=("$@")
drawproxy=${DRAWPROXY:-drawproxy}
mkdir -p "$outdir"

submit_parts() {  # first last -> job id
    sbatch --parsable ${SBATCH_ARGS:-} --array="$1-$2" "$here/match.sbatch" "$parts" "$outdir" "${match[@]}"
}
merge() {  # extra sbatch dependency -> exit status of the merge
    local dep=$1 status=0
    rm -f "$outdir/merge.status"   # a merge that never ran must not read the last batch's status
    # A failed part makes afterok unsatisfiable: without --kill-on-invalid-dep the merge would
    # stay pending, and sbatch --wait with it, forever.
    sbatch --wait ${SBATCH_ARGS:-} --dependency="afterok:$dep" --kill-on-invalid-dep=yes \
        --job-name=drawproxy-merge \
        --output="$outdir/merge.out" --wrap "$drawproxy merge ${merge_opts[*]} --pgn $outdir/merged.pgn \
        --jsonout $outdir/merged.json \$(ls $outdir/part-*.json | grep -E '/part-[0-9]+[.]json\$'); echo \$? > $outdir/merge.status" >/dev/null || true
    status=$(cat "$outdir/merge.status" 2>/dev/null || echo 1)
    return "$status"
}

if [ ${#merge_opts[@]} -eq 0 ]; then
    job=$(submit_parts 1 "$parts")
    merge "$job" && status=0 || status=$?
    cat "$outdir/merge.out"
    exit "$status"
fi
batch=${BATCH:-$(( parts / 10 > 0 ? parts / 10 : 1 ))}
first=1
while [ "$first" -le "$parts" ]; do
    last=$(( first + batch - 1 > parts ? parts : first + batch - 1 ))
    job=$(submit_parts "$first" "$last")
    merge "$job" && status=0 || status=$?
    cat "$outdir/merge.out"
    case $status in
        0) first=$(( last + 1 )) ;;
        3) echo "SPRT: H0 accepted after parts 1-$last"; exit 0 ;;
        4) echo "SPRT: H1 accepted after parts 1-$last"; exit 0 ;;
        *) echo "merge failed (status $status)"; exit 1 ;;
    esac
done
echo "SPRT: every part played, no decision"
