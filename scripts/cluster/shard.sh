#!/bin/sh
# One shard of the generate-and-rate pipeline: block K of N of a run of
# COUNT puzzles with seed SEED, generated and rated by the human rater
# (generate --store), then rated by RATER too (rate --store), into
# DIR/shard-K.db. The database is built as DIR/shard-K.db.part and renamed
# only when both steps succeeded, so DIR/shard-K.db exists only for a
# shard that finished; a failure is said on stderr, naming the shard.
# usage: shard.sh DIR K N COUNT SEED
# environment: SUDOKIT (default: sudokit on PATH), RATER (default classic),
# GENERATE_OPTIONS (more options for generate, e.g. "--symmetry rot180")
set -u
if [ $# -ne 5 ]; then
    echo "usage: shard.sh DIR K N COUNT SEED" >&2
    exit 2
fi
dir=$1 k=$2 n=$3 count=$4 seed=$5
sudokit=${SUDOKIT:-sudokit}
rater=${RATER:-classic}
part=$dir/shard-$k.db.part
fail() {
    echo "shard $k/$n failed: $*" >&2
    exit 1
}
rm -f "$dir/shard-$k.db" "$part" "$part-wal" "$part-shm" "$dir/shard-$k.txt"
# shellcheck disable=SC2086
"$sudokit" --db "$part" generate --count "$count" --seed "$seed" --shard "$k/$n" --store \
    --format line --quiet ${GENERATE_OPTIONS:-} > "$dir/shard-$k.txt" ||
    fail "generate exited $?"
"$sudokit" --db "$part" rate --store --rater "$rater" --quiet "$dir/shard-$k.txt" > /dev/null ||
    fail "rate --rater $rater exited $?"
"$sudokit" --db "$part" db check > /dev/null || fail "db check of $part exited $?"
mv "$part" "$dir/shard-$k.db" || fail "cannot rename $part"
echo "shard $k/$n: $(wc -l < "$dir/shard-$k.txt") puzzles in $dir/shard-$k.db"
