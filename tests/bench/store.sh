#!/bin/sh
# Benchmark of the puzzle database, in one run:
#  1. `sudokit db import` of the whole 17-clue set (49 158 puzzles) into a
#     fresh database, with canonical forms, best of RUNS runs, in puzzles per
#     second of wall-clock and of CPU time (target 10 000 a second); and, as
#     the baseline, `sudokit db canon` on the same file (reading, canonical
#     forms and output without the database), so the ratio is the store's cost;
#  2. a query by clue count and rating on a database of N synthetic puzzles
#     (default 1 000 000, made with SQL, one rating each): its EXPLAIN QUERY
#     PLAN and its median time over 50 runs (target under 10 ms).
# usage: sh tests/bench/store.sh [BUILD_DIR] (default: build)
# environment: RUNS (default 3), N (default 1000000)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
data=$root/../shared/data
runs=${RUNS:-3}
n_big=${N:-1000000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
grep -v '^#' "$data/puzzles_17_clue.txt" > "$work/17.txt"
n=$(wc -l < "$work/17.txt")

# best COUNT COMMAND...: run COMMAND RUNS times (before each, a fresh
# database), print the best wall and CPU rates.
best() {
    count=$1
    shift
    best_wall=0
    best_cpu=0
    i=0
    while [ $i -lt "$runs" ]; do
        rm -f "$work/i.db" "$work/i.db-wal" "$work/i.db-shm"
        /usr/bin/time -f '%e %U %S' -o "$work/time.txt" "$@" > /dev/null
        read -r wall_s user_s sys_s < "$work/time.txt"
        wall=$(awk -v c="$count" -v t="$wall_s" 'BEGIN { printf "%d", (t > 0 ? c / t : 0) }')
        cpu=$(awk -v c="$count" -v u="$user_s" -v s="$sys_s" \
            'BEGIN { printf "%d", (u + s > 0 ? c / (u + s) : 0) }')
        [ "$wall" -gt "$best_wall" ] && best_wall=$wall
        [ "$cpu" -gt "$best_cpu" ] && best_cpu=$cpu
        i=$((i + 1))
    done
    echo "$best_wall $best_cpu"
}

echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
read -r canon_wall canon_cpu <<EOT
$(best "$n" "$build/sudokit" db canon "$work/17.txt")
EOT
read -r import_wall import_cpu <<EOT
$(best "$n" "$build/sudokit" --db "$work/i.db" db import "$work/17.txt")
EOT
echo "db canon  ($n puzzles): $canon_wall puzzles/s wall, $canon_cpu puzzles/s CPU (baseline)"
echo "db import ($n puzzles): $import_wall puzzles/s wall, $import_cpu puzzles/s CPU" \
     "(target 10000: x$(awk -v r="$import_cpu" 'BEGIN { printf "%.1f", r / 10000 }') on CPU time;" \
     "import costs x$(awk -v a="$canon_cpu" -v b="$import_cpu" 'BEGIN { printf "%.1f", a / b }') the baseline)"

cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -I"$root/core/include" \
    "$root/tests/bench/store_query.c" "$build/core/libsudokit_core.a" \
    $(pkg-config --libs sqlite3) -lm -ldl -lpthread -o "$work/store_query"
"$work/store_query" "$work/big.db" "$n_big"
