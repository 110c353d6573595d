#!/bin/sh
# Make the starter collection seeds/starter.csv: PER_LEVEL puzzles of each
# level 1-5 as judged by the default rater (human), from a fixed seed, so the
# file is the same on every run (check: sh seeds/make-starter.sh && git diff
# --exit-code seeds/). Each row carries the puzzle, its solution, its
# provenance and its rating (generate --format csv), so that `db init --seeds`
# stores them as they are. Levels 1-4 have rot180 symmetry, the newspaper
# habit; evil puzzles have none, because with symmetry they are too rare for
# the generator's default effort.
# usage: sh seeds/make-starter.sh [BUILD_DIR] (default: build)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
sudokit=$build/sudokit
seed=20261129
per_level=${PER_LEVEL:-300}
out=$root/seeds/starter.csv
tmp=$out.tmp
trap 'rm -f "$tmp"' EXIT

{
    echo "# sudokit starter collection: $per_level puzzles per level, levels by the human rater."
    echo "# Made by seeds/make-starter.sh with seed $seed; every puzzle has exactly one solution."
    for level in 1 2 3 4 5; do
        symmetry=rot180
        [ "$level" -lt 5 ] || symmetry=none
        set -- generate -n "$per_level" --seed "$seed" --level "$level" --symmetry "$symmetry" \
            --format csv --jobs 2 --quiet
        echo "# level $level: sudokit $*"
        # One header line for the whole file.
        if [ "$level" -eq 1 ]; then
            "$sudokit" "$@"
        else
            "$sudokit" "$@" | tail -n +2
        fi
    done
} > "$tmp"
mv "$tmp" "$out"
trap - EXIT
echo "wrote $(grep -v '^#' "$out" | tail -n +2 | wc -l) puzzles to $out"
