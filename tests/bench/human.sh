#!/bin/sh
# Benchmark of the human rater: throughput and score histogram.
# usage: sh tests/bench/human.sh [BUILD_DIR] [FILE]
#   With FILE: rate it (default options, or OPTIONS=K=V,...) and report.
#   Without: (1) the first $N (default 10000) 17-clue puzzles, (2) those of them
#   rated below SE 4 again on their own (target: 2000 puzzles/s on one core),
#   with the classic rater on the same file as the baseline of this run,
#   (3) the whole hardest set (skipped with HARD=0; tests/bench/human_hardest.sh
#   measures it on its own, with a subset if wanted).
#   BASE=DIR (a build of another commit, e.g. before a speed change): sets (1) and (2)
#   are rated in turns by this build's human rater and by DIR's (its plugin loaded by this
#   build's sudokit, with --plugin-path), REPEAT (default 3) times each, and the ratio of
#   the shortest times is printed: the change's figure, measured in one run.
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
        NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        {
            rated++; bin = int($col["score"]); hist[bin]++
            if ($col["lower_bound"] == 1) { lower++; lowhist[bin]++ }
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
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    $col["score"] < 4 && $col["lower_bound"] == 0 { print $1 }' "$work/17.csv" > "$work/easy.txt"
rate_file "17-clue puzzles rated below SE 4" "$work/easy.txt"
human_seconds=$seconds
rate_file "the same puzzles, classic rater (baseline)" "$work/easy.txt" classic
echo "$human_seconds $seconds" |
    awk '{ printf "   human rater time / classic rater time: %.2f\n", $1 / $2 }'

# seconds_of FILE [PLUGIN]: wall-clock seconds of the human rater on FILE (PLUGIN's, when
# given, else this build's).
seconds_of() {
    set -- "$1" ${2:+--plugin-path "$2"}
    file=$1
    shift
    begin=$(now)
    "$build/sudokit" "$@" rate --rater human --format csv "$file" > /dev/null 2>&1 || true
    echo "$begin $(now)" | awk '{ print $2 - $1 }'
}
if [ -n "${BASE:-}" ]; then
    base_plugin=$(cd "$BASE" && pwd)/plugins/sk-rater-human.so
    if [ ! -r "$base_plugin" ]; then
        echo "human.sh: $base_plugin is missing; BASE must be a build folder" >&2
        exit 2
    fi
    for set in 17 easy; do
        count=$(wc -l < "$work/$set.txt")
        best_new=0 best_base=0
        for r in $(seq "${REPEAT:-3}"); do
            t=$(seconds_of "$work/$set.txt")
            best_new=$(echo "$best_new $t" | awk '{ print ($1 == 0 || $2 < $1) ? $2 : $1 }')
            t=$(seconds_of "$work/$set.txt" "$base_plugin")
            best_base=$(echo "$best_base $t" | awk '{ print ($1 == 0 || $2 < $1) ? $2 : $1 }')
        done
        echo "$set $count $best_new $best_base ${REPEAT:-3}" | awk -v base="$BASE" '{
            printf "== %s (%d puzzles), shortest of %d runs: this build %.2f s (%.0f puzzles/s), %s %.2f s (%.0f puzzles/s)\n",
                ($1 == "17" ? "first 17-clue puzzles" : "17-clue puzzles below SE 4"), $2, $5,
                $3, $2 / $3, base, $4, $2 / $4
            printf "   this build time / base build time: %.3f\n", $3 / $4 }'
    done
fi
if [ "${HARD:-1}" != 0 ]; then
    rate_file "hardest set" "$data/puzzles_hardest_1106.txt"
fi
