#!/bin/sh
# The solvers of any rules, one thread, counting to two solutions (how
# uniqueness is proved), each solver in turn on a whole file for at least
# BENCH_SECONDS (default 2) seconds of the thread's processor time (so
# that others' work on a shared machine does not count): "general" against "cover" on Solo's sets
# (tests/data/rules/bench: 4x4, 6x6 with both boxes, 16x16, 25x25, jigsaw,
# X, killer), then "general" against "fast" on classic 9x9 puzzles
# (tests/data/17_clue_2000.txt, or CLASSIC_FILE, such as
# ../shared/data/puzzles_17_clue.txt). Prints puzzles a second, guesses a
# puzzle, and the ratio of each rate to the first solver's of its file.
# Every answer of the first pass is checked under the rules, and both
# solvers must count the same.
# usage: sh tests/bench/rules_solvers.sh [BUILD_DIR [CLASSIC_FILE]]
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
classic=${2:-$root/tests/data/17_clue_2000.txt}
seconds=${BENCH_SECONDS:-2}
bench="$build/tests/solvers/rules_bench"
[ -x "$bench" ] || { echo "missing $bench: build the tests first" >&2; exit 1; }
[ -r "$classic" ] || { echo "missing classic puzzles $classic" >&2; exit 1; }
export SUDOKIT_PLUGIN_PATH="$build/plugins"
sets=$root/tests/data/rules/bench
echo "== general against cover (ratio: cover's rate / general's)"
"$bench" --seconds "$seconds" general,cover "$sets/solo-2x2.txt" "$sets/solo-2x3.txt" \
    "$sets/solo-3x2.txt" "$sets/solo-4x4.txt" "$sets/solo-5x5.txt" "$sets/solo-9j.txt" \
    "$sets/solo-3x3x.txt" "$sets/solo-3x3k.txt"
echo "== fast against general on classic 9x9 (ratio: general's rate / fast's)"
"$bench" --seconds "$seconds" fast,general "$classic"
