#!/usr/bin/env bash
# Quick start: install what is missing, build into ./build, run sudokit on
# an example. Run from the repository root as root on Debian 12.
set -euo pipefail
cd "$(dirname "$0")/.."
sh scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j"$(nproc)"
demo=$(mktemp -d)
trap 'rm -rf "$demo"' EXIT
sudokit=$PWD/build/sudokit
examples=$PWD/tests/classic/puzzles.txt
cd "$demo"
echo "== sudokit plugins"
"$sudokit" plugins
echo "== sudokit -c 1000000 (one million distinct grids into sudoku.txt)"
TIMEFORMAT='took %R s'
time "$sudokit" -c 1000000
echo "sudoku.txt: $(wc -c < sudoku.txt) bytes; the first grid:"
head -9 sudoku.txt
echo "== sudokit -s tests/classic/puzzles.txt (solutions into sudoku.txt)"
"$sudokit" -s "$examples"
cat sudoku.txt
