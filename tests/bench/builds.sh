#!/bin/sh
# Two builds of sudokit on the same everyday commands, measured in one run:
# classic mode (-c 1000000), solve, generate and rate. ROUNDS rounds
# alternate the builds (so both see the same machine load); each round
# takes hyperfine's median of RUNS runs; the medians of the rounds are
# compared as new time / base time (below 1: the new build is faster).
#
# usage: sh tests/bench/builds.sh BASE_BUILD_DIR [NEW_BUILD_DIR [FILE]]
#   FILE  puzzles for solve and rate (default ../shared/data/puzzles_17_clue.txt
#         beside the repository; rate reads its first 2000)
# environment: ROUNDS (default 3), RUNS (default 5)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -ge 1 ] || { echo "usage: sh $0 BASE_BUILD_DIR [NEW_BUILD_DIR [FILE]]" >&2; exit 2; }
base=$(cd "$1" && pwd)/sudokit
new=$(cd "${2:-$root/build}" && pwd)/sudokit
file=${3:-$root/../shared/data/puzzles_17_clue.txt}
rounds=${ROUNDS:-3}
runs=${RUNS:-5}
export SUDOKIT_PLUGIN_PATH=

command -v hyperfine > /dev/null || { echo "hyperfine is missing: apt-get install hyperfine" >&2; exit 1; }
for s in "$base" "$new"; do
    [ -x "$s" ] || { echo "no sudokit at $s: build it first" >&2; exit 1; }
done
[ -r "$file" ] || { echo "missing data set $file (give its path)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
head -n 2000 "$file" > "$work/rate.txt"
cd "$work"

# name|arguments (the same for both builds; stdout is discarded)
cat > cases <<EOF
classic -c 1000000|-c 1000000
solve (fast, $(basename "$file"))|solve --solver fast $file
generate -n 2000|generate -n 2000 --seed 1
generate -n 100 --level 3 (classic)|generate -n 100 --level 3 --rater classic --seed 1
rate (classic, 2000)|rate --rater classic rate.txt
rate (human, 2000)|rate --rater human rate.txt
EOF

median() {
    sort -g | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# time BINARY ARGS: appends hyperfine's median seconds to the file $out.
time_one() {
    hyperfine --style none -N --warmup 1 --runs "$runs" --output null \
        --export-csv run.csv "$1 $2" > /dev/null 2>&1
    awk -F, 'NR == 2 { print $4 }' run.csv >> "$out"
}

printf '%-40s %10s %10s %8s\n' "command ($rounds rounds x $runs runs)" "base s" "new s" "new/base"
n=0
while IFS='|' read -r name args; do
    n=$((n + 1))
    : > "base.$n" && : > "new.$n"
    i=0
    while [ "$i" -lt "$rounds" ]; do
        out=base.$n time_one "$base" "$args"
        out=new.$n time_one "$new" "$args"
        i=$((i + 1))
    done
    b=$(median < "base.$n")
    w=$(median < "new.$n")
    awk -v name="$name" -v b="$b" -v w="$w" \
        'BEGIN { printf "%-40s %10.3f %10.3f %8.2f\n", name, b, w, w / b }'
done < cases
