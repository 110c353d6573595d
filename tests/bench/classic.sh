#!/bin/sh
# Benchmark of the classic program: `sudokit -c 1000000` against copying the
# file it writes (the floor for any program that writes it), and `sudokit -s`
# on the first 1000 17-clue puzzles with the singles and backtrack solvers.
# usage: sh tests/bench/classic.sh [BUILD_DIR] (default: build)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
data=$root/../shared/data
command -v hyperfine >/dev/null || { echo "hyperfine is missing: sh scripts/install-deps.sh" >&2; exit 1; }
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
if [ -f "$data/puzzles_17_clue.txt" ]; then
    grep -v '^#' "$data/puzzles_17_clue.txt" | head -1000 |
        sed 's/\./0/g; s/\(.\)/\1 /g; s/ $//' |
        awk '{ for (r = 0; r < 9; r++) { line = ""; for (c = 1; c <= 9; c++) line = line (c > 1 ? " " : "") $(r * 9 + c); print line } print "" }' > first1000.txt
    echo "== -s on the first 1000 17-clue puzzles (classic layout)"
    hyperfine --warmup 1 --runs 5 \
        -n singles "$build/sudokit -s first1000.txt --solver singles" \
        -n backtrack "$build/sudokit -s first1000.txt --solver backtrack"
fi
