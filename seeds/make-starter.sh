#!/bin/sh
# Make the starter collection seeds/starter.txt: PER_LEVEL puzzles of each level
# 1-5 as judged by the classic rater, from a fixed seed, so the file is the same
# on every run (check: sh seeds/make-starter.sh && git diff --exit-code seeds/).
# Levels 1-4 have rot180 symmetry, the newspaper habit; evil puzzles have none,
# because with symmetry they are too rare for the generator's default effort.
# With DB, the same puzzles also go into that database with their classic
# ratings and provenance (`generate --store`), ready for `play --level N`.
# usage: sh seeds/make-starter.sh [BUILD_DIR [DB]] (default: build, no database)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
sudokit=$build/sudokit
seed=20261129
per_level=${PER_LEVEL:-300}
db=${2:-}
out=$root/seeds/starter.txt
tmp=$out.tmp
trap 'rm -f "$tmp"' EXIT

{
    echo "# sudokit starter collection: $per_level puzzles per level, levels by the classic rater."
    echo "# Made by seeds/make-starter.sh with seed $seed; every puzzle has exactly one solution."
    echo "# Line format: 81 characters per puzzle, '.' for a blank; '#' lines are comments."
    for level in 1 2 3 4 5; do
        symmetry=rot180
        [ "$level" -lt 5 ] || symmetry=none
        set -- generate -n "$per_level" --seed "$seed" --level "$level" --rater classic \
            --symmetry "$symmetry"
        echo "# level $level: sudokit $*"
        if [ -n "$db" ]; then
            "$sudokit" --db "$db" "$@" --store --format line
        else
            "$sudokit" "$@"
        fi
    done
} > "$tmp"
mv "$tmp" "$out"
trap - EXIT
echo "wrote $(grep -vc '^#' "$out") puzzles to $out"
