#!/bin/sh
# Benchmark of the classic program: `sudokit -c 1000000` against copying the
# file it writes (the floor for any program that writes it), and `sudokit -s`
# on the first 1000 17-clue puzzles with the singles solver and the fast one.
# The plain backtracker cannot finish 17-clue puzzles in reasonable time
# (it fills the empty top rows first), so it is timed on the first 100
# puzzles of the hardest set, which it can finish, beside singles.
# usage: sh tests/bench/classic.sh [BUILD_DIR] (default: build)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
data=$root/../shared/data
command -v hyperfine >/dev/null || { echo "hyperfine is missing: sh scripts/install-deps.sh --tests" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
"$build/sudokit" -c 1000000 --seed 1
echo "== -c 1000000 against cp of the same $(wc -c < sudoku.txt)-byte file"
hyperfine --warmup 2 --runs 15 --export-json classic.json \
    -n copy 'cp sudoku.txt copy.txt' \
    -n generate "$build/sudokit -c 1000000"
python3 - classic.json <<'PY'
import json, sys
runs = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
copy, gen = runs["copy"]["median"], runs["generate"]["median"]
print(f"median: copy {copy*1000:.0f} ms, sudokit -c 1000000 {gen*1000:.0f} ms, ratio {gen/copy:.2f}x")
PY
# The first COUNT puzzles of a data file in the classic layout.
to_classic() {
    grep -v '^#' "$1" | head -"$2" | sed 's/\./0/g; s/\(.\)/\1 /g; s/ $//' |
        awk '{ for (r = 0; r < 9; r++) { line = ""
               for (c = 1; c <= 9; c++) line = line (c > 1 ? " " : "") $(r * 9 + c)
               print line } print "" }'
}
if [ -f "$data/puzzles_17_clue.txt" ]; then
    to_classic "$data/puzzles_17_clue.txt" 1000 > first1000.txt
    to_classic "$data/puzzles_hardest_1106.txt" 100 > hard100.txt
    echo "== -s on the first 1000 17-clue puzzles (classic layout)"
    hyperfine --warmup 1 --runs 10 \
        -n singles "$build/sudokit -s first1000.txt --solver singles" \
        -n fast "$build/sudokit -s first1000.txt --solver fast"
    echo "== -s on the first 100 puzzles of the hardest set"
    hyperfine --warmup 1 --runs 5 \
        -n singles "$build/sudokit -s hard100.txt --solver singles" \
        -n backtrack "$build/sudokit -s hard100.txt --solver backtrack"
fi
