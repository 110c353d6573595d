#!/bin/sh
# Make the starter collection seeds/starter.csv: PER_LEVEL puzzles of each
# level 1-5 as judged by the default rater (human), from a fixed seed, so the
# file is the same on every run (check: sh seeds/make-starter.sh && git diff
# --exit-code seeds/); then the hard seeds seeds/hard.csv (below). Each row carries the puzzle, its solution, its
# provenance and its rating (generate --format csv), so that `db init --seeds`
# stores them as they are. Levels 1-4 have rot180 symmetry, the newspaper
# habit; evil puzzles have none, because with symmetry they are too rare for
# the generator's default effort.
# The hard seeds are public puzzles: tests/data/hardest_60.txt, the first 60
# puzzles of the enjoysudoku forum's list of the hardest known puzzles
# ("The hardest sudokus (new thread)",
# http://forum.enjoysudoku.com/the-hardest-sudokus-new-thread-t6539.html#p65791,
# HardestDatabase110626.txt), each with its rating by the default rater (SE
# 10.1 to 11.9). A search at the hard end (generate --rating 10-12) starts
# from them when given no seeds; `db init --seeds` does not store them.
# usage: sh seeds/make-starter.sh [BUILD_DIR] (default: build); ONLY=hard makes
# only the hard seeds.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
sudokit=$build/sudokit
seed=20261129
per_level=${PER_LEVEL:-300}
out=$root/seeds/starter.csv
tmp=$out.tmp
hard=$root/seeds/hard.csv
trap 'rm -f "$tmp" "$hard.tmp"' EXIT

if [ "${ONLY:-}" != hard ]; then
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
    echo "wrote $(grep -v '^#' "$out" | tail -n +2 | wc -l) puzzles to $out"
fi

# The hard seeds: rated in the repository's root, so the command line written is the one run.
cd "$root"
set -- rate --format csv --jobs 2 --quiet tests/data/hardest_60.txt
{
    echo "# sudokit hard seeds: the default seeds of a search at the hard end, never made by it."
    echo "# The puzzles of tests/data/hardest_60.txt, the first 60 of the enjoysudoku forum's"
    echo "# hardest list (http://forum.enjoysudoku.com/the-hardest-sudokus-new-thread-t6539.html#p65791,"
    echo "# HardestDatabase110626.txt), rated by the human rater. Made by seeds/make-starter.sh:"
    echo "# sudokit $*"
    "$sudokit" "$@"
} > "$hard.tmp"
mv "$hard.tmp" "$hard"
trap - EXIT
echo "wrote $(grep -v '^#' "$hard" | tail -n +2 | wc -l) puzzles to $hard"
