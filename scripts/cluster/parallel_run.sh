#!/bin/sh
# The generate-and-rate pipeline with GNU parallel: the N shards (shard.sh,
# block K into DIR/shard-K.db) as parallel's jobs, on this machine or, with
# parallel's own options, on others over ssh; then, when every shard
# succeeded, the merge (merge.sh) here. A failed shard is named and the
# merge does not run (status 1). Options after SEED go to parallel, e.g.
# -j 4, or --sshloginfile HOSTS for other machines (then DIR, this folder
# and sudokit must be at the same paths on every host; SUDOKIT, RATER and
# GENERATE_OPTIONS are passed along). parallel's job log: DIR/parallel.log.
# usage: parallel_run.sh DIR N COUNT SEED [PARALLEL OPTIONS...]
set -u
if [ $# -lt 4 ]; then
    echo "usage: parallel_run.sh DIR N COUNT SEED [PARALLEL OPTIONS...]" >&2
    exit 2
fi
dir=$1 n=$2 count=$3 seed=$4
shift 4
case $n in '' | *[!0-9]* | 0) echo "parallel_run.sh: N must be a positive number, not '$n'" >&2; exit 2 ;; esac
mkdir -p "$dir" || exit 1
dir=$(cd "$dir" && pwd)
scripts=$(cd "$(dirname "$0")" && pwd)
rm -f "$dir/merged.db" "$dir/merged.db-wal" "$dir/merged.db-shm" "$dir/parallel.log"
export SUDOKIT="${SUDOKIT:-sudokit}" RATER="${RATER:-classic}" GENERATE_OPTIONS="${GENERATE_OPTIONS:-}"
# parallel makes a line for a shell of a command's words and puts the job's
# number for {} wherever it stands. So DIR and this folder, which may hold
# anything ($(...), blanks, quotes, {}), reach the job through its
# environment, and -q quotes the words: the sh -c script is fixed text.
export SK_SHARD_DIR="$dir" SK_CLUSTER_SCRIPTS="$scripts"
# shellcheck disable=SC2016
seq 0 $((n - 1)) | parallel --will-cite -q --joblog "$dir/parallel.log" \
    --env SUDOKIT --env RATER --env GENERATE_OPTIONS --env SK_SHARD_DIR --env SK_CLUSTER_SCRIPTS \
    "$@" sh -c 'exec sh "$SK_CLUSTER_SCRIPTS/shard.sh" "$SK_SHARD_DIR" "$1" "$2" "$3" "$4" \
        2> "$SK_SHARD_DIR/shard-$1.log"' sh {} "$n" "$count" "$seed"
failed=0 k=0
while [ $k -lt "$n" ]; do
    if [ ! -f "$dir/shard-$k.db" ]; then
        echo "parallel_run.sh: shard $k/$n failed (log $dir/shard-$k.log)" >&2
        failed=$((failed + 1))
    fi
    k=$((k + 1))
done
if [ $failed -gt 0 ]; then
    echo "parallel_run.sh: $failed of $n shards failed; the merge did not run" >&2
    exit 1
fi
sh "$scripts/merge.sh" "$dir" "$n"
