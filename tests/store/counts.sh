#!/bin/sh
# What db stats counts, said: ratings of how many of the stored puzzles, per
# rater version too; and rate --store gives stored puzzles that lack one
# their solution, carried onto the stored givens when the rated puzzle is
# an image of the stored one.
# usage: counts.sh SUDOKIT DATA_DIR
sudokit=$1
data=$2
. "$(dirname "$0")/../test_lib.sh"
export SUDOKIT_DB="$work/t.db"

grep -v '^#' "$data/17_clue_2000.txt" | head -n 3 > three.txt
# Three puzzles stored without their solutions, as a script may add them.
cat > add.lua << 'LUA'
local sk = require "sudokit"
local db = assert(sk.open())
for line in io.lines("three.txt") do assert(db:add(assert(sk.grid(line)))) end
LUA
"$sudokit" --db "$SUDOKIT_DB" run add.lua > out.txt 2>&1 ||
    fail "db:add" "$(cat out.txt)"
expect_output "puzzles stored without solutions" 0 "^puzzles: *3 (0 with a solution" out.txt \
    db stats

# The first as it is, the second as an image (its canonical form).
head -n 1 three.txt > rate.txt
sed -n 2p three.txt | "$sudokit" db canon >> rate.txt
cmp -s rate.txt three.txt && fail "the image differs" "db canon gave the puzzle itself"
"$sudokit" rate --rater classic --store rate.txt > /dev/null 2> err.txt ||
    fail "rate --store" "$(cat err.txt)"
expect_output "rate --store stores the solutions of stored puzzles" 0 \
    "^puzzles: *3 (2 with a solution" out.txt db stats
expect_output "ratings say of how many of the stored puzzles" 0 \
    "^ratings: *2, rating 2 of the 3 puzzles$" out.txt db stats
expect_output "each rater version says of how many of the stored puzzles" 0 \
    "^  classic .* 2 of the 3 puzzles rated, scores " out.txt db stats
expect_output "a solution carried onto an image solves the stored givens" 0 "^ok$" out.txt \
    db check
test_summary
