#!/bin/sh
# Benchmark of the human rater: throughput and score histogram.
# usage: sh tests/bench/human.sh [BUILD_DIR] [FILE]
#   With FILE: rate it (default options, or OPTIONS=K=V,...) and report.
#   Without: (1) the first $N (default 10000) 17-clue puzzles, (2) those of them
#   rated below SE 4 again on their own (target: 2000 puzzles/s on one core),
#   with the classic rater on the same file as the baseline of this run,
#   (3) the whole hardest set (skipped with HARD=0; tests/bench/human_hardest.sh
#   measures it on its own, with a subset if wanted).
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
data=${SUDOKIT_SHARED_DATA:-$root/../shared/data}
if [ ! -r "$data/puzzles_17_clue.txt" ]; then
    echo "human.sh: $data/puzzles_17_clue.txt is missing; set SUDOKIT_SHARED_DATA to the folder" \
        "of the public data sets" >&2
    exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }

# rate_file NAME FILE [RATER]: rate FILE with the human rater (options
# $OPTIONS, default none) or RATER, print the rate, the number of lower
# bounds and failures, and a histogram of the scores. Leaves the seconds in
# $seconds.
rate_file() {
    name=$1 file=$2 rater=${3:-human}
    count=$(grep -cv '^#' "$file" || true)
    label="options ${OPTIONS:-default}"
    set --
    if [ "$rater" = human ] && [ -n "${OPTIONS:-}" ]; then set -- --rater-options "$OPTIONS"; fi
    if [ "$rater" != human ]; then label="$rater rater"; fi
    start=$(now)
    status=0
    "$build/sudokit" rate --rater "$rater" "$@" --format csv "$file" \
        > "$work/out.csv" 2> "$work/err.txt" || status=$?
    end=$(now)
    seconds=$(echo "$start $end" | awk '{ print $2 - $1 }')
    awk -v name="$name" -v n="$count" -v s="$start" -v e="$end" -v budget="$label" \
        -v status="$status" -F, '
        NR > 1 {
            rated++; bin = int($2); hist[bin]++
            if ($3 == 1) { lower++; lowhist[bin]++ }
            if (bin > top) top = bin
        }
        END {
            t = e - s
            printf "== %s: %d puzzles in %.2f s: %.0f puzzles/s (%s, exit status %d)\n",
                name, n, t, (t > 0 ? n / t : 0), budget, status
            printf "   rated %d, lower bounds (\"at least\") %d, failed %d\n", rated, lower, n - rated
            for (b = 0; b <= top; b++)
                if (hist[b]) printf "   score [%2d,%2d): %6d  (at least: %d)\n", b, b + 1, hist[b], lowhist[b]
        }' "$work/out.csv"
}

if [ $# -ge 2 ]; then
    rate_file "$2" "$2"
    exit 0
fi

grep -v '^#' "$data/puzzles_17_clue.txt" | head -n "${N:-10000}" > "$work/17.txt"
rate_file "first ${N:-10000} 17-clue puzzles" "$work/17.txt"
cp "$work/out.csv" "$work/17.csv"
awk -F, 'NR > 1 && $2 < 4 && $3 == 0 { print $1 }' "$work/17.csv" > "$work/easy.txt"
rate_file "17-clue puzzles rated below SE 4" "$work/easy.txt"
human_seconds=$seconds
rate_file "the same puzzles, classic rater (baseline)" "$work/easy.txt" classic
echo "$human_seconds $seconds" |
    awk '{ printf "   human rater time / classic rater time: %.2f\n", $1 / $2 }'
if [ "${HARD:-1}" != 0 ]; then
    rate_file "hardest set" "$data/puzzles_hardest_1106.txt"
fi
