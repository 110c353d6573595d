#!/bin/sh
# Benchmark of the HoDoKu technique set (rater hodoku): agreement with HoDoKu 2.2's own scores
# and levels, and speed against the SE set (rater human) on the same puzzles.
# usage: sh tests/bench/hodoku.sh [BUILD_DIR]
#   The reference data are HoDoKu's outputs for public puzzles, in tests/data:
#   hodoku_17_clue.txt (the 2000 puzzles of 17_clue_2000.txt) and hodoku_hardest_60.txt (the
#   60 of hardest_60.txt). For each: the share of puzzles given HoDoKu's score exactly and its
#   level, then the time of rate --rater hodoku and of rate --rater human (SE) on them, one job.
#   HARD=0 skips the SE set's time on the hardest puzzles (about a second a puzzle).
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }

# agreement NAME REFERENCE: rate the reference's puzzles with the rater hodoku, compare.
agreement() {
    name=$1 ref=$2
    grep -v '^#' "$ref" | cut -d' ' -f1 > "$work/$name.txt"
    start=$(now)
    "$build/sudokit" rate --rater hodoku --jobs 1 -q "$work/$name.txt" > "$work/$name.out"
    hodoku_s=$(echo "$(now) - $start" | bc)
    grep -v '^#' "$ref" | paste -d' ' - "$work/$name.out" | awk -v name="$name" '
        BEGIN { lv["Easy"] = "easy"; lv["Medium"] = "medium"; lv["Hard"] = "hard";
                lv["Unfair"] = "expert"; lv["Extreme"] = "evil" }
        { n++; if ($3 + 0 == $6 + 0) s++; if (lv[$2] == $8) l++ }
        END { printf "%-10s %5d puzzles: score equal %5d (%.1f%%), level equal %5d (%.1f%%)\n",
                     name, n, s, 100 * s / n, l, 100 * l / n }'
    printf '%-10s hodoku set %.2f s' "$name" "$hodoku_s"
    if [ "$name" = hardest ] && [ "${HARD:-1}" = 0 ]; then echo; return; fi
    start=$(now)
    "$build/sudokit" rate --rater human --jobs 1 -q "$work/$name.txt" > /dev/null
    se_s=$(echo "$(now) - $start" | bc)
    printf ', SE set %.2f s: the hodoku set takes %.2f of the SE set'"'"'s time\n' "$se_s" \
        "$(echo "$hodoku_s / $se_s" | bc -l)"
}

agreement 17-clue "$root/tests/data/hodoku_17_clue.txt"
agreement hardest "$root/tests/data/hodoku_hardest_60.txt"
