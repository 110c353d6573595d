#!/bin/sh
# The last step of the pipeline: the N shard databases of DIR merged, in K
# order, into DIR/merged.db. Refuses to merge (status 1) when a shard's
# database is missing, naming each such shard. With PARTIAL=1, a shard that
# did not finish brings what its DIR/shard-K.db.part holds when that passes
# `db check` (a search stores each puzzle at once: what a killed shard
# found is there), and is named.
# usage: merge.sh DIR N
# environment: SUDOKIT (default: sudokit on PATH), PARTIAL (1: take the
# databases of shards that did not finish)
set -u
if [ $# -ne 2 ]; then
    echo "usage: merge.sh DIR N" >&2
    exit 2
fi
dir=$1 n=$2
sudokit=${SUDOKIT:-sudokit}
set --
missing=0 k=0
while [ $k -lt "$n" ]; do
    part=$dir/shard-$k.db.part
    if [ -f "$dir/shard-$k.db" ]; then
        set -- "$@" "$dir/shard-$k.db"
    elif [ "${PARTIAL:-0}" = 1 ] && [ -f "$part" ] &&
        "$sudokit" --db "$part" db check > /dev/null 2>&1; then
        echo "merge: shard $k/$n did not finish; taking what $part holds" >&2
        set -- "$@" "$part"
    else
        echo "merge: shard $k/$n did not finish (no $dir/shard-$k.db)" >&2
        missing=$((missing + 1))
    fi
    k=$((k + 1))
done
if [ $missing -gt 0 ]; then
    echo "merge: $missing of $n shards missing; nothing merged" >&2
    exit 1
fi
"$sudokit" db merge --quiet "$dir/merged.db" "$@" || exit 1
"$sudokit" --db "$dir/merged.db" db check > /dev/null || exit 1
echo "merge: $n shards into $dir/merged.db"
