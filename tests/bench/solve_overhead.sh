#!/bin/sh
# What `sudokit solve` costs beyond its solver: the whole-process rate
# (start-up, reading, checking, writing included) against the in-process
# rate of `sudokit bench` for the same solver on the same file, measured
# in one run, ROUNDS times alternating; medians are compared. One solver
# thread on both sides (solve reads and writes on other threads meanwhile).
#
# usage: sh tests/bench/solve_overhead.sh [FILE [BUILD_DIR]]
#   FILE  puzzles (default ../shared/data/puzzles_17_clue.txt beside the
#         repository)
# environment: SOLVER (default fast), ROUNDS (default 5), RUNS hyperfine
# runs of solve per round (default 10)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
file=${1:-$root/../shared/data/puzzles_17_clue.txt}
build=$(cd "${2:-$root/build}" && pwd)
sudokit=$build/sudokit
solver=${SOLVER:-fast}
rounds=${ROUNDS:-5}
runs=${RUNS:-10}
export SUDOKIT_PLUGIN_PATH=

command -v hyperfine > /dev/null || { echo "hyperfine is missing: apt-get install hyperfine" >&2; exit 1; }
[ -x "$sudokit" ] || { echo "no sudokit in $build: build it first" >&2; exit 1; }
[ -r "$file" ] || { echo "missing data set $file (give its path)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
n=$("$sudokit" solve --solver "$solver" "$file" | wc -l)

median() {
    sort -g | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

: > "$work/bench" && : > "$work/solve"
i=0
while [ "$i" -lt "$rounds" ]; do
    "$sudokit" bench --solvers "$solver" --time 1 --format csv "$file" |
        awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i }
                 NR == 2 { print $col["puzzles_per_second"] }' >> "$work/bench"
    hyperfine --style none -N --warmup 2 --runs "$runs" --export-csv "$work/run.csv" \
        "$sudokit solve --first --solver $solver $file -o /dev/null" > /dev/null
    awk -F, -v n="$n" 'NR == 2 { print n / $4 }' "$work/run.csv" >> "$work/solve"
    i=$((i + 1))
done
bench=$(median < "$work/bench")
solve=$(median < "$work/solve")
echo "$(basename "$file"): $n puzzles, solver $solver, medians of $rounds rounds"
awk -v b="$bench" -v s="$solve" 'BEGIN {
    printf "in-process (bench):     %10.0f puzzles/s\n", b
    printf "whole process (solve):  %10.0f puzzles/s\n", s
    printf "solve / bench:          %10.2f\n", s / b }'
