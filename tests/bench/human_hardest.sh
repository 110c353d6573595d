#!/bin/sh
# Benchmark of the human rater on the hardest puzzles: time, lower bounds, score histogram.
# usage: sh tests/bench/human_hardest.sh [BUILD_DIR] [FILE]
#   FILE defaults to puzzles_hardest_1106.txt (375 puzzles) in $SUDOKIT_SHARED_DATA
#   (default ../shared/data). N=K rates only
#   the first K puzzles (the whole set takes long on one core); OPTIONS=K=V,... passes rater
#   options (default: none, so the default effort). The classic rater on the same puzzles is
#   the baseline of this run.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
file=${2:-${SUDOKIT_SHARED_DATA:-$root/../shared/data}/puzzles_hardest_1106.txt}
if [ ! -r "$file" ]; then
    echo "human_hardest.sh: $file is missing; give the hardest set's path as the second argument" >&2
    exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
grep -v '^#' "$file" | head -n "${N:-1000000}" > "$work/p.txt"
count=$(wc -l < "$work/p.txt")

now() { date +%s.%N; }
start=$(now)
"$build/sudokit" rate --rater classic --format csv "$work/p.txt" > /dev/null 2>&1 || true
base=$(echo "$start $(now)" | awk '{ print $2 - $1 }')

set -- --rater human --format csv
[ -n "${OPTIONS:-}" ] && set -- "$@" --rater-options "$OPTIONS"
start=$(now)
status=0
"$build/sudokit" rate "$@" "$work/p.txt" > "$work/out.csv" 2> "$work/err.txt" || status=$?
seconds=$(echo "$start $(now)" | awk '{ print $2 - $1 }')

awk -v n="$count" -v t="$seconds" -v base="$base" -v status="$status" -v opts="${OPTIONS:-default}" -F, '
    NR > 1 { rated++; bin = int($2 * 10 + 0.5) / 10; hist[sprintf("%4.1f", bin)]++
             if ($3 == 1) lower++ }
    END {
        printf "== human rater, %d hardest puzzles, options %s: %.1f s (%.2f s a puzzle), exit status %d\n",
            n, opts, t, (n ? t / n : 0), status
        printf "   human time / classic time on the same puzzles: %.0f (classic: %.2f s)\n",
            (base > 0 ? t / base : 0), base
        printf "   rated %d, lower bounds (\"at least\") %d, failed or timed out %d\n", rated, lower, n - rated
        for (s in hist) print "   score " s ": " hist[s] | "sort"
    }' "$work/out.csv"
