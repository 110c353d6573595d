#!/bin/sh
# Benchmark of the canonical form: `sudokit db canon` over the 17-clue set
# (49 158 puzzles), best of RUNS runs, in puzzles per second of wall-clock
# time and of CPU time (user + system; the fairer one-core figure on a busy
# machine). The same run measures complete grids, the costliest case (every
# row ties for first, so every column order is a search root).
# usage: sh tests/bench/canon.sh [BUILD_DIR] (default: build)
# environment: RUNS (default 3)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
data=$root/../shared/data
runs=${RUNS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
grep -v '^#' "$data/puzzles_17_clue.txt" > "$work/17.txt"
n=$(wc -l < "$work/17.txt")

# best FILE COUNT: run `sudokit db canon FILE` RUNS times, print the best
# wall and CPU rates.
best() {
    file=$1
    count=$2
    best_wall=0
    best_cpu=0
    i=0
    while [ $i -lt "$runs" ]; do
        /usr/bin/time -f '%e %U %S' -o "$work/time.txt" \
            "$build/sudokit" db canon "$file" > "$work/out.txt"
        set -- $(cat "$work/time.txt")
        wall=$(awk -v c="$count" -v t="$1" 'BEGIN { printf "%d", (t > 0 ? c / t : 0) }')
        cpu=$(awk -v c="$count" -v u="$2" -v s="$3" 'BEGIN { printf "%d", (u + s > 0 ? c / (u + s) : 0) }')
        [ "$wall" -gt "$best_wall" ] && best_wall=$wall
        [ "$cpu" -gt "$best_cpu" ] && best_cpu=$cpu
        i=$((i + 1))
    done
    echo "$best_wall $best_cpu"
}

echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
set -- $(best "$work/17.txt" "$n")
echo "17-clue set ($n puzzles): $1 puzzles/s wall, $2 puzzles/s CPU" \
     "(target 20000: x$(awk -v r="$2" 'BEGIN { printf "%.1f", r / 20000 }') on CPU time)"
# Complete grids: the solutions of the first 200 puzzles, made by sudokit solve.
head -n 200 "$work/17.txt" | "$build/sudokit" solve > "$work/grids.txt" 2> /dev/null || true
g=$(wc -l < "$work/grids.txt")
if [ "$g" -gt 0 ]; then
    set -- $(best "$work/grids.txt" "$g")
    echo "complete grids ($g): $1 grids/s wall, $2 grids/s CPU"
fi
