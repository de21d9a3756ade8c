#!/usr/bin/env bash
# A real one-node Slurm cluster on this machine (munged, slurmctld, slurmd, all state in a temp
# folder, /etc untouched) runs a Stockfish match as a 4-part array job through
# scripts/slurm/run.sh; the merged result must equal the same match played in one process: the
# same moves in every game (by game number) and the same statistics.
# Usage: one_node_cluster.sh DRAWPROXY SOURCE_DIR
# Exit 0 pass, 1 fail, 77 skipped (not root, or no Slurm/munge/Stockfish on this machine).
# Every daemon and job process started here is stopped on any exit (trap).
set -euo pipefail
drawproxy=$(realpath "$1")
source_dir=$(realpath "$2")
stockfish=${STOCKFISH:-/usr/games/stockfish}

skip() { echo "SKIPPED: $*"; exit 77; }
[[ $(id -u) -eq 0 ]] || skip "needs root (slurmd and munged run as root)"
for tool in munged mungekey munge unmunge slurmctld slurmd sbatch squeue sinfo scancel python3; do
    command -v "$tool" >/dev/null || skip "no '$tool' (scripts/setup.sh --test installs slurm-wlm and munge)"
done
[[ -x $stockfish ]] || skip "no Stockfish at $stockfish"

tmp=$(mktemp -d /tmp/drawproxy-slurm.XXXXXX)
chmod 700 "$tmp"
pids=()
fail() {
    echo "FAILED: $*"
    for log in "$tmp"/log/*.log "$tmp"/run/*.out; do
        [[ -f $log ]] && { echo "---- $log"; tail -n 20 "$log"; }
    done
    exit 1
}

# The processes of this cluster: the daemons we started, and whatever still has a file open or
# its working directory in our temp folder (slurmstepd holds its socket in the spool, the job's
# drawproxy and engines run in the job folder). Nothing else on the machine is touched.
our_processes() {
    { find /proc/[0-9]*/cwd -maxdepth 0 -lname "$tmp*"
      find /proc/[0-9]*/fd -maxdepth 1 -lname "$tmp/*"; } 2>/dev/null |
        cut -d/ -f3 | sort -u | grep -vx -e "$$" -e "$BASHPID" || true
}
cleanup() {
    local status=$? left
    trap - EXIT INT TERM
    cd /
    if [[ -n ${SLURM_CONF:-} ]]; then
        timeout 10 scancel --quiet --full "--user=$(id -un)" 2>/dev/null || true
    fi
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for _ in $(seq 50); do
        left=0
        for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && left=1; done
        [[ $left -eq 0 ]] && break
        sleep 0.1
    done
    for pid in "${pids[@]}" $(our_processes); do kill -KILL "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$tmp"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# Two free TCP ports for slurmctld and slurmd (another test run may use the defaults).
free_port() {
    local p
    while :; do
        p=$((20000 + RANDOM % 20000))
        (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return; }
    done
}
ctld_port=$(free_port)
slurmd_port=$(free_port)
[[ $slurmd_port != "$ctld_port" ]] || slurmd_port=$((ctld_port + 1))

# munge: our own key, socket, pid, seed and log in the temp folder.
mkdir -p "$tmp/munge" "$tmp/log" "$tmp/state" "$tmp/spool" "$tmp/run"
mungekey --create --keyfile="$tmp/munge/munge.key" || fail "mungekey"
socket=$tmp/munge/munge.socket
munged --foreground --force --socket="$socket" --key-file="$tmp/munge/munge.key" \
    --pid-file="$tmp/munge/munged.pid" --seed-file="$tmp/munge/munged.seed" \
    --log-file="$tmp/log/munged.log" >>"$tmp/log/munged.err" 2>&1 &
pids+=($!)
for _ in $(seq 100); do
    munge -n -S "$socket" 2>/dev/null | unmunge -S "$socket" >/dev/null 2>&1 && break
    sleep 0.1
done
munge -n -S "$socket" | unmunge -S "$socket" >/dev/null || fail "munged did not come up"

# slurm.conf: this node with its real CPUs and memory (slurmd -C).
node_line=$(slurmd -C | head -n 1)
node=$(sed -n 's/^NodeName=\([^ ]*\).*/\1/p' <<<"$node_line")
[[ -n $node ]] || fail "slurmd -C printed no NodeName: $node_line"
cat >"$tmp/slurm.conf" <<EOF
ClusterName=drawproxytest
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/builtin
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
PlugStackConfig=$tmp/plugstack.conf
$node_line NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
: >"$tmp/plugstack.conf"
export SLURM_CONF=$tmp/slurm.conf
slurmctld -D -c -i >>"$tmp/log/slurmctld.err" 2>&1 &
pids+=($!)
slurmd -D -N "$node" >>"$tmp/log/slurmd.err" 2>&1 &
pids+=($!)
state=
for _ in $(seq 300); do
    state=$(sinfo -h -n "$node" -o %T 2>/dev/null || true)
    [[ $state == idle ]] && break
    sleep 0.1
done
[[ $state == idle ]] || fail "node $node is '$state', not idle, after 30 s"
up_at=$SECONDS

# The match: two Stockfish settings at fixed nodes (deterministic), openings in random order from
# the seed, game pairs with colours swapped.
match=(-engine "cmd=$stockfish" name=sf-a nodes=600 -engine "cmd=$stockfish" name=sf-b nodes=900
       -each option.Threads=1 option.Hash=8 -games 2 -rounds 4 -repeat
       -openings "file=$source_dir/configs/openings/classical.epd" order=random -seed 7)
cd "$tmp/run"
# Long steps run in the background: bash runs a trap only once its foreground command is done,
# but `wait` returns at once on a signal, so an interrupted test cleans up at once.
in_background() {
    "$@" &
    wait $!
}
in_background timeout 120 "$drawproxy" match "${match[@]}" -concurrency 2 -quiet -pgnout "$tmp/run/whole.pgn" \
    -jsonout "$tmp/run/whole.json" >"$tmp/run/whole.out" 2>&1 || fail "the one-process match failed"
whole_at=$SECONDS

# The same match as a 4-task array job on the cluster, then the merge (a job with
# --dependency=afterok on the array), as scripts/slurm/run.sh submits them.
export DRAWPROXY=$drawproxy
export SBATCH_ARGS="--cpus-per-task=1 --chdir=$tmp/run --output=$tmp/run/slurm-%A_%a.out"
in_background timeout 150 "$source_dir/scripts/slurm/run.sh" 4 "$tmp/run/parts" "${match[@]}" >"$tmp/run/run.out" 2>&1 ||
    fail "scripts/slurm/run.sh failed (status $?)"
slurm_at=$SECONDS
for k in 1 2 3 4; do
    [[ -s $tmp/run/parts/part-$k.json ]] || fail "part $k wrote no summary"
done
grep -q "Merged 4 of 4 parts, 8 games" "$tmp/run/parts/merge.out" || fail "merge did not report 4 parts"

python3 - "$tmp/run" <<'EOF' || fail "the merged match differs from the one-process match"
import json, re, sys
run = sys.argv[1]

def games(path):
    """(round, white, black) -> movetext without comments (the move times differ between
    runs), result and ResultRule. A round's two games swap colours, so the key is one game."""
    text = open(path).read()
    out = {}
    for game in re.split(r'\n\n(?=\[)', text.strip()):
        tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', game, re.M))
        body = re.sub(r'\{[^}]*\}', ' ', game.split('\n\n', 1)[1])
        key = (tags['Round'], tags['White'], tags['Black'])
        assert key not in out, f"{path}: game {key} twice"
        out[key] = (' '.join(body.split()), tags['Result'], tags.get('ResultRule'))
    return out

whole, merged = games(f"{run}/whole.pgn"), games(f"{run}/parts/merged.pgn")
assert len(whole) == 8, f"one-process PGN has {len(whole)} games"
assert sorted(whole) == sorted(merged), f"games differ: {sorted(whole)} vs {sorted(merged)}"
for key in whole:
    assert whole[key] == merged[key], f"game {key}:\n  one process: {whole[key]}\n  merged:      {merged[key]}"

# The summaries: everything but what names the run itself (its match id covers N, its part list,
# its PGN file) must be equal, the statistics ("pairs": counts, pentanomial, Elo, nElo, LOS) first.
w = json.load(open(f"{run}/whole.json"))
m = json.load(open(f"{run}/parts/merged.json"))
# finish_order is the one process's PGN order; the merged PGN is by number.
own = {"match_id", "shard", "parts", "partial", "pgn", "finish_order"}
for key in ("pairs", "statistics", "by_reason", "incorrect_claims", "games"):
    assert key in w and key in m, f"'{key}' missing: one process {sorted(w)}, merged {sorted(m)}"
assert [g["game"] for g in w["games"]] == list(range(1, 9)), f"one-process games {[g['game'] for g in w['games']]}"
# The times a game took are the run's own, not the match's.
for g in w["games"] + m["games"]:
    g.pop("wall_time_ms", None)
    g.pop("time_used_ms", None)
assert [g["game"] for g in m["games"]] == list(range(1, 9)), f"merged games {[g['game'] for g in m['games']]}"
for key in sorted((set(w) | set(m)) - own):
    assert w.get(key) == m.get(key), f"'{key}' differs:\n  one process: {w.get(key)}\n  merged:      {m.get(key)}"
print(f"same {len(whole)} games move for move; same summary keys {sorted((set(w) | set(m)) - own)}")
EOF
echo "PASSED: 4 Slurm array tasks merged equal the one-process match (8 games, same moves and statistics);" \
    "cluster up in ${up_at} s, one process $((whole_at - up_at)) s, array job and merge $((slurm_at - whole_at)) s"
