#!/bin/sh
# Solver benchmark: every solver plugin on both public data sets, one thread,
# finding one solution and then counting up to two (proving uniqueness).
# usage: sh tests/bench/solvers.sh [BUILD_DIR] [more `sudokit bench` options]
# The plain backtracker runs on the hardest set only: on the 17-clue set some
# puzzles alone take it minutes (row-major order meets the empty rows first).
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
[ $# -gt 0 ] && shift
data=${SUDOKIT_DATA:-$root/../shared/data}
sudokit="$build/sudokit"
export SUDOKIT_PLUGIN_PATH=
hard="$data/puzzles_hardest_1106.txt"
easy="$data/puzzles_17_clue.txt"
for f in "$hard" "$easy"; do
    [ -r "$f" ] || { echo "missing data set $f (set SUDOKIT_DATA)" >&2; exit 1; }
done
not_backtrack=$("$sudokit" plugins | awk '$1 == "solver" && $2 != "backtrack" { print $2 }' |
    paste -sd, -)
for limit in 1 2; do
    echo "== sudokit bench --solvers every --count-limit $limit $* $(basename "$hard")"
    "$sudokit" bench --solvers every --count-limit "$limit" "$@" "$hard"
    echo "== sudokit bench --solvers $not_backtrack --count-limit $limit $* $(basename "$easy")"
    "$sudokit" bench --solvers "$not_backtrack" --count-limit "$limit" "$@" "$easy"
done
