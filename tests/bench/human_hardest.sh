#!/bin/sh
# Benchmark of the human rater on the hardest puzzles: time, lower bounds, score histogram.
# usage: sh tests/bench/human_hardest.sh [BUILD_DIR] [FILE]
#   FILE defaults to puzzles_hardest_1106.txt (375 puzzles) in $SUDOKIT_SHARED_DATA
#   (default ../shared/data). N=K rates only
#   the first K puzzles; OPTIONS=K=V,... passes rater options (default: none, so the default
#   effort); JOBS=N rates with `rate --jobs N` (default 1: one core). Prints the wall-clock
#   time and the CPU time (both cores' work, with JOBS=2), the lower-bound count and the
#   score histogram. The classic rater on the same puzzles is the baseline of this run.
#   BASE=DIR (a build of another commit): the same puzzles are rated again by DIR's human
#   rater (its plugin loaded by this build's sudokit) and the ratio of the CPU times printed.
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

# CPU seconds (user + system) of this shell's children, from `times` written to file $1
# (run in this shell: a command substitution would be a child of its own).
cpu() { awk 'NR == 2 { for (i = 1; i <= 2; i++) { split($i, t, "m"); s += t[1] * 60 + t[2] } print s }' "$1"; }

# rate_hardest LABEL [PLUGIN]: rate the puzzles with this build's human rater (PLUGIN's,
# when given, loaded by this build's sudokit) and print the times, the lower-bound count
# and the score histogram. Leaves the CPU seconds in $cpu_seconds.
rate_hardest() {
    label=$1
    set -- ${2:+--plugin-path "$2"} rate --rater human --format csv --jobs "${JOBS:-1}"
    [ -n "${OPTIONS:-}" ] && set -- "$@" --rater-options "$OPTIONS"
    times > "$work/cpu0"
    start=$(now)
    status=0
    "$build/sudokit" "$@" "$work/p.txt" > "$work/out.csv" 2> "$work/err.txt" || status=$?
    seconds=$(echo "$start $(now)" | awk '{ print $2 - $1 }')
    times > "$work/cpu1"
    cpu_seconds=$(echo "$(cpu "$work/cpu0") $(cpu "$work/cpu1")" | awk '{ print $2 - $1 }')
    awk -v n="$count" -v t="$seconds" -v cpu="$cpu_seconds" -v jobs="${JOBS:-1}" -v base="$base" \
        -v status="$status" -v opts="${OPTIONS:-default}" -v label="$label" -F, '
        NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        { rated++; bin = int($col["score"] * 10 + 0.5) / 10; hist[sprintf("%4.1f", bin)]++
          if ($col["lower_bound"] == 1) lower++ }
        END {
            printf "== human rater (%s), %d hardest puzzles, options %s, %d job(s): %.1f s (%.2f s a puzzle), exit status %d\n",
                label, n, opts, jobs, t, (n ? t / n : 0), status
            printf "   CPU time %.1f s (%.2f s a puzzle)\n", cpu, (n ? cpu / n : 0)
            printf "   human time / classic time on the same puzzles: %.0f (classic: %.2f s)\n",
                (base > 0 ? t / base : 0), base
            printf "   rated %d, lower bounds (\"at least\") %d, failed or timed out %d\n", rated, lower, n - rated
            for (s in hist) print "   score " s ": " hist[s] | "sort"
        }' "$work/out.csv"
}

rate_hardest "this build"
if [ -n "${BASE:-}" ]; then
    new_cpu=$cpu_seconds
    base_plugin=$(cd "$BASE" && pwd)/plugins/sk-rater-human.so
    if [ ! -r "$base_plugin" ]; then
        echo "human_hardest.sh: $base_plugin is missing; BASE must be a build folder" >&2
        exit 2
    fi
    rate_hardest "$BASE" "$base_plugin"
    echo "$new_cpu $cpu_seconds" |
        awk '{ printf "   this build CPU time / base build CPU time: %.3f\n", ($2 > 0 ? $1 / $2 : 0) }'
fi
