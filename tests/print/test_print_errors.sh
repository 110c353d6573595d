#!/bin/sh
# `sudokit print`, `bench --plot`, `rate --plot`: bad requests are usage
# errors (status 2) that name the value and what to do; bad puzzles are
# reported with their place (status 1); either way no file is written.
# usage: test_print_errors.sh SUDOKIT CHECK_PAGE DATA_DIR
sudokit=$1 data=$3
. "$(dirname "$0")/../test_lib.sh"

grep -v '^#' "$data/17_clue_2000.txt" | head -7 > p7.txt

# expect NAME STATUS MESSAGE ARGS...: sudokit ARGS exits STATUS, says
# MESSAGE (a fixed string) on stderr and leaves out.* unwritten.
expect() {
    name=$1 status=$2 message=$3
    shift 3
    rm -f out.*
    "$sudokit" "$@" > /dev/null 2> err.txt
    got=$?
    if [ "$got" -eq "$status" ] && grep -qF -- "$message" err.txt && ! ls out.* > /dev/null 2>&1; then
        ok "$name"
    else
        fail "$name" "status $got: $(cat err.txt)"
    fi
}

expect per_page_3 2 "per-page" print -n 3 -o out.pdf p7.txt
expect paper_a5 2 "paper" print --paper a5 -o out.pdf p7.txt
expect format_jpg 2 "format" print --format jpg -o out.pdf p7.txt
expect page_beyond 2 "print: page 9: the booklet has 4 pages" print --page 9 -o out.pdf p7.txt
expect svg_needs_page 2 "choose one with --page N (1-4)" print -o out.svg p7.txt
expect filter_needs_from_db 2 "print: level chooses stored puzzles: add --from-db" \
    print --level 3 -o out.pdf p7.txt
expect from_db_takes_no_file 2 "print: from-db prints stored puzzles: give no FILE" \
    print --from-db -o out.pdf p7.txt
expect missing_file 1 "nosuch.txt" print -o out.pdf nosuch.txt
expect empty_input 1 "print: the input holds no puzzle" print -o out.pdf /dev/null
expect bench_plot_txt 2 "bench: plot 'out.txt': name a .svg, .png or .pdf file" \
    bench --plot out.txt p7.txt
expect rate_plot_none 2 "rate: plot 'out': name a .svg, .png or .pdf file" \
    rate --plot out p7.txt

# A puzzle that cannot be read and an ambiguous one: each reported at its line, no booklet.
cp p7.txt bad.txt
echo "11..............................................................................." >> bad.txt
echo "................................................................................." >> bad.txt
"$sudokit" print -o out.pdf bad.txt > /dev/null 2> err.txt
status=$?
if [ "$status" -eq 1 ] && grep -q "bad.txt:8:2: puzzle 8: digit 1 twice in row 1" err.txt &&
    grep -q "bad.txt:9: puzzle 9: it has more than one solution" err.txt &&
    grep -q "print: 2 of 9 puzzles cannot be printed: no booklet written" err.txt &&
    [ ! -e out.pdf ]; then
    ok bad_puzzles_reported_nothing_written
else
    fail bad_puzzles_reported_nothing_written "status $status: $(cat err.txt)"
fi
# Without solutions a puzzle is not solved, so an ambiguous one prints.
cp p7.txt ambiguous.txt
tail -1 bad.txt >> ambiguous.txt
if "$sudokit" print --no-solutions -o out.pdf ambiguous.txt 2> err.txt && [ -s out.pdf ]; then
    ok no_solutions_prints_unsolved
else
    fail no_solutions_prints_unsolved "$(cat err.txt)"
fi

test_summary
