#!/bin/sh
# Benchmark of `sudokit db merge`, in one run: the 17-clue set (49 158
# puzzles) imported into one input database with two ratings a puzzle
# (made with SQL, two raters), merged
#  1. into a fresh database: every puzzle and rating added;
#  2. into that database again: every puzzle a duplicate, nothing added;
# best of RUNS runs each, in input puzzles per second of wall-clock and of
# CPU time (target 50 000 a second on one core). The baseline, measured in
# the same run: `sudokit db import` of the same puzzles from text into a
# fresh database (canonical forms computed, no ratings), so the ratio says
# what merging costs next to importing.
# usage: sh tests/bench/merge.sh [BUILD_DIR] (default: build)
# environment: RUNS (default 3), SUDOKIT_DATA (the folder holding
# puzzles_17_clue.txt; default ../shared/data next to the repository)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
data=${SUDOKIT_DATA:-$root/../shared/data}
runs=${RUNS:-3}
if [ ! -r "$data/puzzles_17_clue.txt" ]; then
    echo "merge.sh: $data/puzzles_17_clue.txt is missing: set SUDOKIT_DATA to the folder" \
         "holding the public 17-clue set" >&2
    exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
S=$build/sudokit
grep -v '^#' "$data/puzzles_17_clue.txt" > "$work/17.txt"
n=$(wc -l < "$work/17.txt")
"$S" --db "$work/in.db" db import --quiet "$work/17.txt" > /dev/null
sqlite3 "$work/in.db" "INSERT INTO ratings (puzzle_id, rater, rater_version, score, level,
    hardest, steps) SELECT id, r.name, '1', clues / 10.0, 2, 'hidden single', clues
    FROM puzzles, (SELECT 'human' AS name UNION ALL SELECT 'classic') r"

# best PREPARE COMMAND...: run PREPARE then COMMAND, RUNS times; print the
# best wall and CPU rates of COMMAND, in puzzles of the input a second.
best() {
    prepare=$1
    shift
    best_wall=0 best_cpu=0 i=0
    while [ $i -lt "$runs" ]; do
        sh -c "$prepare"
        /usr/bin/time -f '%e %U %S' -o "$work/time.txt" "$@" > /dev/null
        read -r wall_s user_s sys_s < "$work/time.txt"
        wall=$(awk -v c="$n" -v t="$wall_s" 'BEGIN { printf "%d", (t > 0 ? c / t : 0) }')
        cpu=$(awk -v c="$n" -v u="$user_s" -v s="$sys_s" \
            'BEGIN { printf "%d", (u + s > 0 ? c / (u + s) : 0) }')
        [ "$wall" -gt "$best_wall" ] && best_wall=$wall
        [ "$cpu" -gt "$best_cpu" ] && best_cpu=$cpu
        i=$((i + 1))
    done
    echo "$best_wall $best_cpu"
}

fresh="rm -f '$work/out.db' '$work/out.db-wal' '$work/out.db-shm'"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
read -r import_wall import_cpu <<EOT
$(best "$fresh" "$S" --db "$work/out.db" db import --quiet "$work/17.txt")
EOT
read -r merge_wall merge_cpu <<EOT
$(best "$fresh" "$S" db merge --quiet "$work/out.db" "$work/in.db")
EOT
read -r again_wall again_cpu <<EOT
$(best true "$S" db merge --quiet "$work/out.db" "$work/in.db")
EOT
puzzles=$(sqlite3 "$work/out.db" "SELECT count(*) FROM puzzles")
ratings=$(sqlite3 "$work/out.db" "SELECT count(*) FROM ratings")
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
echo "db import            ($n puzzles): $import_wall puzzles/s wall, $import_cpu puzzles/s CPU (baseline)"
echo "db merge, fresh OUT  ($n puzzles, $ratings ratings): $merge_wall puzzles/s wall," \
     "$merge_cpu puzzles/s CPU (x$(ratio "$merge_cpu" 50000) the target of 50000;" \
     "x$(ratio "$merge_cpu" "$import_cpu") the baseline)"
echo "db merge, all dups   ($n puzzles): $again_wall puzzles/s wall, $again_cpu puzzles/s CPU" \
     "(x$(ratio "$again_cpu" 50000) the target; x$(ratio "$again_cpu" "$import_cpu") the baseline)"
[ "$puzzles" -eq "$n" ] || { echo "merge.sh: OUT holds $puzzles puzzles, not $n" >&2; exit 1; }
