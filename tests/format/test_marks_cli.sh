#!/bin/sh
# `sudokit rate` and `sudokit hint` start from a position's pencil marks
# (a marks line, HoDoKu's removed candidates, --marks), not from its givens.
# usage: test_marks_cli.sh SUDOKIT DATA
sudokit=$1
data=$2/formats
. "$(dirname "$0")/../test_lib.sh"

# The puzzle of marks_positions.txt; its line 1 is its marks with the
# hidden pairs of row 4 applied, line 2 with 8 removed from box 1 but r1c1.
puzzle=..92.6..5......62.3..7...........4....4.529......39.6...5..3..6.175...4.4.....2..
sed -n 1p "$data/marks_positions.txt" > pair.txt
box=$(sed -n 2p "$data/marks_positions.txt")
printf '%s\n' "$puzzle" > plain.txt

# rate: the givens need hidden pairs (3.4); the marks that hold them, singles.
expect_output rate_givens 0 "3.40 3 hard Hidden pair" out.txt rate -q plain.txt
expect_output rate_marks 0 "^$puzzle 1.50 1 easy Hidden single in a line" out.txt rate -q pair.txt
expect_output rate_marks_explained 0 "Hidden single" out.txt rate -q --explain pair.txt
if grep -q "Hidden single" out.txt && ! grep -q "Hidden pair" out.txt; then
    ok rate_marks_no_pair
else
    fail rate_marks_no_pair "the steps from the marks find a hidden pair: $(cat out.txt)"
fi
# HoDoKu's line 2: the same puzzle with r1c1, r1c2 placed and r1c8 left 3 alone.
expect_output rate_hodoku 0 "^$puzzle 1.50 1 easy" out.txt rate -q "$data/hodoku_library.txt"
# What rate writes in a layout with marks keeps the position it rated.
"$sudokit" rate -q --format hodoku pair.txt > rated.txt
expect_output rate_writes_marks 0 "^$puzzle 1.50 1 easy" out.txt rate -q rated.txt
expect_output rate_marks_store 1 "not stored (rate it without --store)" err.txt \
    --db "$work/s.db" rate -q --store pair.txt
expect_output rate_marks_classic 1 "rater 'classic': cannot start from pencil marks" err.txt \
    rate -q --rater classic pair.txt
# The solution's 8 of r1c1 removed: no solution is left.
sed 's/^\(.......\)8/\1./' pair.txt > gone.txt
expect_output rate_marks_no_solution 1 "puzzle 1: rater 'human': the position has no solution" err.txt \
    rate -q gone.txt

# hint: the givens' first step is r2c4=3; the marks make r1c1's 8 a box single first.
expect_output hint_givens 0 "Only r2c4 in box 2 can hold 3" out.txt hint "$puzzle"
expect_output hint_marks 0 "Only r1c1 in box 1 can hold 8" out.txt hint "$puzzle" --marks "$box"
expect_output hint_marks_json 0 '"place":\[{"cell":"r1c1","digit":8}\]' out.txt \
    hint --format json "$puzzle" --marks "$box"
expect_output hint_marks_wrong 1 "the pencil marks of r1c1 lack the solution's digit; fix the marks" \
    err.txt hint "$puzzle" --marks "$(cat gone.txt)"
expect_output hint_marks_short 2 "not 729 characters" err.txt hint "$puzzle" --marks "123456789"

test_summary
