#!/bin/sh
# The classic program's ten checks, and the rest of -c/-s's contract.
# usage: test_classic.sh SUDOKIT SOURCE_DIR
sudokit=$1
here=$2
. "$(dirname "$0")/../test_lib.sh"

# Classic grids of sudoku.txt as one 81-digit line each.
as_lines() { tr -d ' ' < "$1" | awk 'NF { row = row $0; if (++n == 9) { print row; row = ""; n = 0 } }'; }

# expect_error NAME PATTERN ARGS...: non-zero exit, PATTERN on stderr,
# and an existing sudoku.txt left alone.
expect_error() {
    name=$1 pattern=$2
    shift 2
    echo keep > sudoku.txt
    if "$sudokit" "$@" > out.txt 2> err.txt; then
        fail "$name" "exit status 0"
    elif ! grep -q -- "$pattern" err.txt; then
        fail "$name" "stderr lacks '$pattern': $(cat err.txt)"
    elif [ "$(cat sudoku.txt)" != keep ]; then
        fail "$name" "sudoku.txt was changed"
    else
        ok "$name"
    fi
}

# 1. 1000 generated grids are valid, 2. and distinct.
rm -f sudoku.txt
if "$sudokit" -c 1000 --seed 7 2> err.txt; then
    as_lines sudoku.txt > grids.txt
    if [ "$(wc -l < grids.txt)" -eq 1000 ] &&
        "$sudokit" solve --verify grids.txt > solved.txt 2> err.txt &&
        cmp -s grids.txt solved.txt &&
        [ "$(cut -c1 grids.txt | sort -u)" = 1 ]; then
        ok generated_grids_are_valid
    else
        fail generated_grids_are_valid "$(head -3 err.txt)"
    fi
    if [ "$(sort -u grids.txt | wc -l)" -eq 1000 ]; then
        ok generated_grids_are_distinct
    else
        fail generated_grids_are_distinct "duplicates found"
    fi
    # the layout: 9 rows, blank line between grids, none after the last
    if [ "$(wc -l < sudoku.txt)" -eq 9999 ] && [ "$(sed -n 10p sudoku.txt)" = "" ] &&
        [ "$(sed -n 1p sudoku.txt | awk '{ print NF }')" -eq 9 ]; then
        ok classic_layout
    else
        fail classic_layout "unexpected layout"
    fi
else
    fail generated_grids_are_valid "$(cat err.txt)"
fi

# same seed, same grids; another seed, other grids
"$sudokit" -c 50 --seed 7 && as_lines sudoku.txt > a.txt
"$sudokit" -c 50 --seed 7 && as_lines sudoku.txt > b.txt
"$sudokit" -c 50 --seed 8 && as_lines sudoku.txt > c.txt
if cmp -s a.txt b.txt && ! cmp -s a.txt c.txt && [ "$(head -50 grids.txt)" = "$(cat a.txt)" ]; then
    ok seed_reproduces
else
    fail seed_reproduces "outputs differ"
fi

# 3-6. bad counts
expect_error count_string "count .abc.: give a whole number from 1 to 5806080" -c abc
expect_error count_negative "count .-1.: give a whole number from 1 to 5806080" -c -1
expect_error count_huge "count .100000000.: give a whole number from 1 to 5806080" -c 100000000
expect_error count_zero "count .0.: give a whole number from 1 to 5806080" -c 0
expect_error count_trailing_garbage "count .12abc.: give a whole number from 1 to 5806080" -c 12abc
expect_error count_missing "needs a count" -c
expect_error count_extra_argument "unexpected argument 'x'" -c 5 x

# 7. a normal puzzle
printf '%s\n' "5 3 0 0 7 0 0 0 0" "6 0 0 1 9 5 0 0 0" "0 9 8 0 0 0 0 6 0" \
    "8 0 0 0 6 0 0 0 3" "4 0 0 8 0 3 0 0 1" "7 0 0 0 2 0 0 0 6" "0 6 0 0 0 0 2 8 0" \
    "0 0 0 4 1 9 0 0 5" "0 0 0 0 8 0 0 7 9" > one.txt
if "$sudokit" -s one.txt 2> err.txt &&
    [ "$(as_lines sudoku.txt)" = 534678912672195348198342567859761423426853791713924856961537284287419635345286179 ]; then
    ok solve_normal_puzzle
else
    fail solve_normal_puzzle "$(cat err.txt)"
fi

# 8. an all-zero puzzle: any valid complete grid
yes "0 0 0 0 0 0 0 0 0" | head -9 > zero.txt
if "$sudokit" -s zero.txt 2> err.txt && as_lines sudoku.txt > z.txt &&
    "$sudokit" solve --verify z.txt > zs.txt 2>> err.txt && cmp -s z.txt zs.txt &&
    [ "$(grep -c 0 z.txt)" -eq 0 ]; then
    ok solve_all_zero_puzzle
else
    fail solve_all_zero_puzzle "$(cat err.txt)"
fi

# 9. a file of several puzzles in both layouts, solved in order
if "$sudokit" -s "$here/puzzles.txt" 2> err.txt && as_lines sudoku.txt > s.txt &&
    [ "$(wc -l < s.txt)" -eq 3 ] &&
    grep -v '^#' "$here/puzzles.txt" | "$sudokit" solve --verify > t.txt 2>> err.txt &&
    cmp -s s.txt t.txt; then
    ok solve_several_puzzles
else
    fail solve_several_puzzles "$(cat err.txt)"
fi

# 10. an invalid puzzle: reported with file, line and column; nothing written
sed '2s/^6 0 0/6 0 6/' one.txt > bad.txt
expect_error solve_invalid_puzzle "bad.txt:2:5: puzzle 1: digit 6 twice in row 2" -s bad.txt
printf '%s\n' "1 1 0 0 0 0 0 0 0" > short.txt
expect_error solve_short_grid "short.txt:2:1: puzzle 1: the grid ends after 1 row," -s short.txt
# valid givens without a solution
printf '%s\n' "12345678.........9..............................................................." > nosol.txt
expect_error solve_unsolvable_puzzle "nosol.txt:1: puzzle 1: has no solution" -s nosol.txt
expect_error solve_missing_file "cannot open missing.txt: No such file" -s missing.txt
expect_error solve_empty_file "holds no puzzle" -s /dev/null
expect_error solve_missing_argument "needs a puzzle FILE" -s
expect_error unknown_option "unknown option '-x'" -x

test_summary
