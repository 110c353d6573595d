#!/bin/sh
# Whole-process benchmark of `sudokit solve` against an external solver,
# measured side by side in one run: for each data set, finding one solution
# (`sudokit solve` against `EXTERNAL 1`) and proving uniqueness by counting
# to two (`sudokit solve --count` against `EXTERNAL 2`). One thread on both
# sides; hyperfine times each command RUNS times, alternating the two, and
# the medians are compared, of the wall-clock time and of the CPU time (on
# a busy machine the CPU time is the fairer one-core measure). Prints
# puzzles/s of both and their ratio (above 1: sudokit is faster), and, for
# reference, sudokit's in-process rate per CPU second (`sudokit bench`).
#
# usage: TDOKU=path/to/tdoku-solve sh tests/bench/solvers_external.sh [BUILD_DIR]
# environment:
#   EXTERNAL  a command run as `EXTERNAL LIMIT < FILE` (LIMIT 1 or 2), reading
#             one 81-character puzzle a line with '.' blanks and printing one
#             line a puzzle, PUZZLE:COUNT:SOLUTION (the protocol of tdoku's
#             example solver); TDOKU=path is the same as EXTERNAL=path
#   SUDOKIT_DATA  folder holding puzzles_hardest_1106.txt and
#             puzzles_17_clue.txt (default: ../shared/data beside the repository)
#   SOLVER    sudokit solver (default: the host's, fast); SOLVER_OPTIONS its options
#   RUNS      timed runs per command (default 10), WARMUP untimed runs (default 2)
#   IMAGES    size of the third data set (default 20000, see below)
#
# The third data set is made here, in a temporary folder: IMAGES random
# images of the hardest set under the Sudoku symmetry group (image i of
# puzzle (i - 1) mod 375, made by the grid method shuffle(i), so the same
# every run). An image is exactly as hard logically but lies differently on
# the grid, so it tests that neither solver depends on the orientation the
# puzzles are published in, and at 20 000 puzzles the timing is not drowned
# by process start-up as it is for the 375 puzzles of the hardest set.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
sudokit=$build/sudokit
data=${SUDOKIT_DATA:-$root/../shared/data}
external=${EXTERNAL:-${TDOKU:-}}
runs=${RUNS:-10}
warmup=${WARMUP:-2}
images=${IMAGES:-20000}
export SUDOKIT_PLUGIN_PATH=

[ -n "$external" ] || { echo "set TDOKU=path/to/tdoku-solve (or EXTERNAL=command)" >&2; exit 2; }
command -v hyperfine >/dev/null || { echo "hyperfine is missing: apt-get install hyperfine" >&2; exit 1; }
[ -x "$sudokit" ] || { echo "no sudokit in $build: build it first" >&2; exit 1; }
hard=$data/puzzles_hardest_1106.txt
easy=$data/puzzles_17_clue.txt
for f in "$hard" "$easy"; do
    [ -r "$f" ] || { echo "missing data set $f (set SUDOKIT_DATA to its folder)" >&2; exit 1; }
done
solver_args=${SOLVER:+--solver $SOLVER}${SOLVER_OPTIONS:+ --solver-options $SOLVER_OPTIONS}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Both sides read the same files: puzzles only, '.' blanks.
grep -v '^#' "$hard" | tr 0 . > "$work/hardest_1106.txt"
grep -v '^#' "$easy" | tr 0 . > "$work/17_clue.txt"
"$sudokit" run - "$work/hardest_1106.txt" "$work/hardest_images.txt" "$images" <<'EOF'
local sk = require "sudokit"
local source, out, count = arg[1], arg[2], math.tointeger(tonumber(arg[3]))
local puzzles = {}
for grid in assert(sk.read(source)) do puzzles[#puzzles + 1] = grid end
local f = assert(io.open(out, "w"))
for i = 1, count do
  f:write(puzzles[(i - 1) % #puzzles + 1]:shuffle(i):line("."), "\n")
end
assert(f:close())
EOF

# check FILE: both sides give every puzzle one solution, the same one.
check() {
    # shellcheck disable=SC2086
    "$sudokit" solve --count $solver_args "$1" > "$work/sudokit.out"
    $external 2 < "$1" > "$work/external.out"
    n=$(wc -l < "$1")
    [ "$(wc -l < "$work/sudokit.out")" -eq "$n" ] ||
        { echo "$1: sudokit solved $(wc -l < "$work/sudokit.out") of $n" >&2; exit 1; }
    awk -F: '$2 != 1 { bad++ } END { exit bad > 0 }' "$work/external.out" ||
        { echo "$1: the external solver did not find one solution for every puzzle" >&2; exit 1; }
    cut -d: -f3 "$work/external.out" | cmp -s - "$work/sudokit.out" ||
        { echo "$1: sudokit and the external solver disagree" >&2; exit 1; }
}

# pair A B: time commands A and B RUNS times each, alternating A, B, A, B
# (so that a change in the machine's load falls on both), one hyperfine run
# per command and round; prints the medians "A_WALL A_CPU B_WALL B_CPU" in
# seconds (CPU = user + system time of the process).
pair() {
    hyperfine --style none --runs "$warmup" "$1" "$2" > /dev/null 2> "$work/hyperfine.err" ||
        { cat "$work/hyperfine.err" >&2; exit 1; }
    : > "$work/times.txt"
    i=0
    while [ "$i" -lt "$runs" ]; do
        hyperfine --style none --runs 1 --export-csv "$work/run.csv" "$1" "$2" > /dev/null \
            2> "$work/hyperfine.err" || { cat "$work/hyperfine.err" >&2; exit 1; }
        awk -F, 'NR > 1 { print NR - 1, $2, $5 + $6 }' "$work/run.csv" >> "$work/times.txt"
        i=$((i + 1))
    done
    for c in 1 2; do
        for col in 2 3; do
            awk -v c="$c" -v col="$col" '$1 == c { print $col }' "$work/times.txt" | sort -g |
                awk '{ v[NR] = $1 } END { printf "%s ", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
        done
    done
}

echo "sudokit solve${solver_args:+ $solver_args} against: $external"
echo "whole process, one thread; medians of $runs runs of each, alternating (hyperfine)"
echo "rates in puzzles/s; ratio = sudokit rate / external rate; cpu = per CPU second (user + system)"
printf '%-15s %6s %-5s %10s %10s %6s %10s %10s %6s %10s\n' "data set" puzzles mode \
    sudokit external ratio sudokit external ratio in-process
printf '%-15s %6s %-5s %10s %10s %6s %10s %10s %6s %10s\n' "" "" "" wall wall wall cpu cpu cpu cpu
for set in hardest_1106 17_clue hardest_images; do
    file=$work/$set.txt
    n=$(wc -l < "$file")
    check "$file"
    for mode in first count; do
        if [ "$mode" = first ]; then
            limit=1 count_arg=--first
        else
            limit=2 count_arg=--count
        fi
        # shellcheck disable=SC2086
        set -- $(pair "$sudokit solve $count_arg $solver_args $file > /dev/null" \
            "$external $limit < $file > /dev/null")
        inproc=$("$sudokit" bench --solvers "${SOLVER:-fast}" --count-limit "$limit" \
            --time 1 --format csv "$file" |
            awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i }
                     NR == 2 { print $col["puzzles_per_cpu_second"] }')
        awk -v set="$set" -v n="$n" -v mode="$mode" -v sw="$1" -v sc="$2" -v ew="$3" -v ec="$4" \
            -v i="$inproc" 'BEGIN {
            printf "%-15s %6d %-5s %10.0f %10.0f %5.2fx %10.0f %10.0f %5.2fx %10.0f\n", set, n,
                   mode, n / sw, n / ew, ew / sw, n / sc, n / ec, ec / sc, i }'
    done
done
