#!/bin/sh
# The generate-and-rate pipeline on Slurm: a job array of N shards
# (sbatch --array=0-(N-1), task K runs shard.sh for block K into
# DIR/shard-K.db, its log in DIR/shard-K.log) and a merge job that Slurm
# starts only when every task succeeded (--dependency=afterok, and
# --kill-on-invalid-dep=yes so that a failed shard cancels it). DIR must
# be a folder every node sees at the same path, and sudokit must run
# there (SUDOKIT, default sudokit on PATH). With --wait, waits for the
# merge job, then names each shard that failed; exit 0 only when the
# merge ran and succeeded. sbatch's own environment variables
# (SBATCH_PARTITION, SBATCH_ACCOUNT, SBATCH_TIMELIMIT...) pass through.
# usage: slurm_submit.sh [--wait] DIR N COUNT SEED
set -u
wait=
if [ "${1:-}" = --wait ]; then
    wait=--wait
    shift
fi
if [ $# -ne 4 ]; then
    echo "usage: slurm_submit.sh [--wait] DIR N COUNT SEED" >&2
    exit 2
fi
dir=$1 n=$2 count=$3 seed=$4
case $n in '' | *[!0-9]* | 0) echo "slurm_submit.sh: N must be a positive number, not '$n'" >&2; exit 2 ;; esac
# sbatch reads --output as a pattern: % begins a replacement (%% is one
# %), and a backslash anywhere turns every replacement off (%a too).
case $dir in /*) full=$dir ;; *) full=$PWD/$dir ;; esac
case $full in *\\*)
    echo "slurm_submit.sh: DIR '$dir' holds a backslash, which sbatch's log file patterns" \
         "cannot hold; choose another folder" >&2
    exit 2 ;;
esac
mkdir -p "$dir" || exit 1
dir=$(cd "$dir" && pwd)
logs=$(printf '%s\n' "$dir" | sed 's/%/%%/g')
SK_CLUSTER_SCRIPTS=$(cd "$(dirname "$0")" && pwd)
export SK_CLUSTER_SCRIPTS
rm -f "$dir/merged.db" "$dir/merged.db-wal" "$dir/merged.db-shm" "$dir/merge.log"
# DIR and the rest reach the jobs as arguments, never as shell text.
array=$(sbatch --parsable --array=0-$((n - 1)) --output="$logs/shard-%a.log" \
    "$SK_CLUSTER_SCRIPTS/slurm_shard.sbatch" "$dir" "$n" "$count" "$seed") || exit 1
array=${array%%;*}
echo "shards: job $array, tasks 0-$((n - 1)), logs $dir/shard-K.log"
merge=$(sbatch --parsable $wait --dependency=afterok:"$array" --kill-on-invalid-dep=yes \
    --output="$logs/merge.log" "$SK_CLUSTER_SCRIPTS/slurm_merge.sbatch" "$dir" "$n")
status=$?
[ -z "$wait" ] && [ $status -ne 0 ] && exit 1
echo "merge: job ${merge%%;*}, after every shard succeeded, log $dir/merge.log"
[ -z "$wait" ] && exit 0
failed=0 k=0
while [ $k -lt "$n" ]; do
    if [ ! -f "$dir/shard-$k.db" ]; then
        echo "slurm_submit.sh: shard $k/$n failed (job ${array}_$k, log $dir/shard-$k.log)" >&2
        failed=$((failed + 1))
    fi
    k=$((k + 1))
done
if [ $failed -gt 0 ]; then
    echo "slurm_submit.sh: $failed of $n shards failed; the merge did not run" >&2
    exit 1
fi
if [ $status -ne 0 ]; then
    echo "slurm_submit.sh: the merge job failed (status $status, log $dir/merge.log)" >&2
    exit 1
fi
echo "done: $dir/merged.db"
