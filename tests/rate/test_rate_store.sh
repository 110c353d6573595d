#!/bin/sh
# `rate --store`: one rating row per puzzle, rater and version; bad puzzles
# skipped; a database that cannot be used stores nothing.
# usage: test_rate_store.sh SUDOKIT DATA_DIR
sudokit=$1 data=$2
. "$(dirname "$0")/../test_lib.sh"
db=$work/r.db

grep -v '^#' "$data/17_clue_2000.txt" | head -12 > "$work/p.txt"
echo "12345678.........9..............................................................." >> "$work/p.txt"

"$sudokit" --db "$db" rate --rater classic --store "$work/p.txt" > "$work/classic.txt" 2> "$work/err.txt"
status=$?
if [ "$status" -eq 1 ] && grep -q "p.txt:13: puzzle 13:" "$work/err.txt" &&
    grep -q "stored 12 ratings: 12 new puzzles, 0 already" "$work/err.txt"; then
    ok bad_puzzle_skipped_others_stored
else
    fail bad_puzzle_skipped_others_stored "status $status: $(cat "$work/err.txt")"
fi

"$sudokit" --db "$db" rate --rater human --store "$work/p.txt" > /dev/null 2> "$work/err.txt"
"$sudokit" --db "$db" rate --rater human --store "$work/p.txt" > /dev/null 2>> "$work/err.txt"
stats=$("$sudokit" --db "$db" db stats)
if echo "$stats" | grep -q "^puzzles: *12 (12 with a solution" &&
    echo "$stats" | grep -q "^ratings: *24, rating 12 of the 12 puzzles$" &&
    grep -q "stored 12 ratings: 0 new puzzles, 12 already" "$work/err.txt"; then
    ok one_row_per_puzzle_and_rater
else
    fail one_row_per_puzzle_and_rater "$stats"
fi

count=$("$sudokit" --db "$db" db query --rater classic | wc -l)
[ "$count" -eq 12 ] && ok stored_ratings_are_queryable || fail stored_ratings_are_queryable "$count rows"

echo "not a database" > "$work/bad.db"
if ! "$sudokit" --db "$work/bad.db" rate --store "$work/p.txt" > /dev/null 2> "$work/err.txt" &&
    grep -q "not a usable sudokit database" "$work/err.txt" &&
    [ "$(cat "$work/bad.db")" = "not a database" ]; then
    ok unusable_database_refused
else
    fail unusable_database_refused "$(cat "$work/err.txt")"
fi

test_summary
