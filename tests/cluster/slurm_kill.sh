#!/bin/sh
# A shard killed (SIGKILL) on a private single-node Slurm (slurm_lib.sh)
# fails the pipeline: slurm_submit.sh --wait exits 1 naming that shard, the
# merge job never runs (Slurm cancels it: its afterok dependency can no
# longer be met), no merged store is written; the other shards finish.
# The same with GNU parallel: parallel_run.sh names the killed shard and
# does not merge. Rerunning the shard and the merge then completes the
# run. Skipped (77) when Slurm is not installed.
# usage: slurm_kill.sh SUDOKIT SCRIPTS_DIR
set -u
SUDOKIT=$1
SCRIPTS=$2
export SUDOKIT
T=$(mktemp -d)
# shellcheck source=tests/cluster/slurm_lib.sh
. "$(dirname "$0")/slurm_lib.sh"
slurm_require
trap 'slurm_stop; rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
fail() {
    echo "FAIL: $*" >&2
    exit 1
}
# Long enough shards that the kill lands while shard 1 is running.
COUNT=1600 SEED=5 KILLED=1
slurm_start "$T/slurm" 2 || fail "cannot start the private Slurm"
sh "$SCRIPTS/slurm_submit.sh" --wait "$T/shared" 4 $COUNT $SEED > "$T/submit.out" 2>&1 &
submit=$!
array='' i=0
while [ -z "$array" ] && [ $i -lt 100 ]; do
    array=$(sed -n 's/^shards: job \([0-9]*\),.*/\1/p' "$T/submit.out")
    sleep 0.1
    i=$((i + 1))
done
[ -n "$array" ] || fail "no job array submitted: $(cat "$T/submit.out")"
# Wait for shard 1 to be generating, then kill it.
i=0
until [ -f "$T/shared/shard-$KILLED.db.part" ] || [ $i -ge 300 ]; do
    sleep 0.1
    i=$((i + 1))
done
[ -f "$T/shared/shard-$KILLED.db.part" ] || fail "shard $KILLED never started"
scancel --full --signal=KILL "${array}_$KILLED" || fail "scancel"
wait $submit
status=$?
[ $status -eq 1 ] || fail "the pipeline exited $status, not 1: $(cat "$T/submit.out")"
grep -q "shard $KILLED/4 failed (job ${array}_$KILLED" "$T/submit.out" ||
    fail "the killed shard is not named: $(cat "$T/submit.out")"
[ "$(grep -c 'failed (job' "$T/submit.out")" -eq 1 ] || fail "other shards named: $(cat "$T/submit.out")"
grep -q "the merge did not run" "$T/submit.out" || fail "$(cat "$T/submit.out")"
[ ! -e "$T/shared/merge.log" ] || fail "the merge job ran: $(cat "$T/shared/merge.log")"
[ ! -e "$T/shared/merged.db" ] || fail "a merged store was written"
scontrol show job "$(sed -n 's/^merge: job \([0-9]*\),.*/\1/p' "$T/submit.out")" |
    grep -q "JobState=CANCELLED" || fail "the merge job was not cancelled"
for k in 0 2 3; do
    [ -f "$T/shared/shard-$k.db" ] || fail "shard $k did not finish: $(cat "$T/shared/shard-$k.log")"
done
# The recovery of docs/cluster.md: the failed shard alone, then the merge.
SK_CLUSTER_SCRIPTS=$(cd "$SCRIPTS" && pwd)
export SK_CLUSTER_SCRIPTS
sbatch --wait --array=$KILLED --output="$T/shared/shard-%a.log" \
    "$SCRIPTS/slurm_shard.sbatch" "$T/shared" 4 $COUNT $SEED > /dev/null ||
    fail "rerunning shard $KILLED: $(cat "$T/shared/shard-$KILLED.log")"
sh "$SCRIPTS/merge.sh" "$T/shared" 4 > /dev/null || fail "the merge after the rerun"
[ "$(sqlite3 "$T/shared/merged.db" 'SELECT count(*) FROM puzzles')" -eq $COUNT ] ||
    fail "the merge after the rerun does not hold $COUNT puzzles"

# GNU parallel: kill shard 1's sudokit (found by its own database path).
sh "$SCRIPTS/parallel_run.sh" "$T/par" 4 $COUNT $SEED -j 2 > "$T/par.out" 2>&1 &
run=$!
i=0 pid=
while [ -z "$pid" ] && [ $i -lt 300 ]; do
    pid=$(pgrep -f -- "--db $T/par/shard-$KILLED.db.part generate")
    sleep 0.1
    i=$((i + 1))
done
[ -n "$pid" ] || fail "parallel: shard $KILLED never started: $(cat "$T/par.out")"
kill -9 "$pid"
wait $run
status=$?
[ $status -eq 1 ] || fail "parallel: the pipeline exited $status, not 1: $(cat "$T/par.out")"
grep -q "shard $KILLED/4 failed" "$T/par.out" || fail "parallel: $(cat "$T/par.out")"
[ "$(grep -c 'failed (log' "$T/par.out")" -eq 1 ] || fail "parallel: $(cat "$T/par.out")"
[ ! -e "$T/par/merged.db" ] || fail "parallel: a merged store was written"
echo "ok: shard $KILLED killed under Slurm and under parallel: each pipeline failed naming it, no merge"
