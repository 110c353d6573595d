#!/bin/sh
# A search at the hard end from the built-in seeds, as a new user runs it
# (`generate --rating 10-11` without seeds): it finds its puzzle within a
# small budget, rates it in full and exactly, and never writes one of the
# built-in seeds (seeds/hard.csv, seeds/starter.csv), in any of its forms.
# usage: test_search_default.sh SUDOKIT SEEDS_DIR
sudokit=$1
seeds=$2
. "$(dirname "$0")/../test_lib.sh"

# column NAME < CSV: the values of column NAME, header line dropped.
column() {
    python3 -c 'import csv, sys
for row in csv.DictReader(sys.stdin): print(row[sys.argv[1]])' "$1"
}

# 3000 candidates: a few hundred from the hard seeds, while the starter's
# evil puzzles alone (SE 9 at best) give up after them.
"$sudokit" generate -n 1 --rating 10-11 --seed 11 --attempts 3000 --format csv > made.csv 2> err.txt
status=$?
column puzzle < made.csv > made.txt
if [ "$status" -eq 0 ] && [ "$(wc -l < made.txt)" -eq 1 ] &&
    [ "$(column strategy < made.csv)" = vicinity ]; then
    ok "default_seeds_reach_10"
else
    fail "default_seeds_reach_10" "status $status: $(cat err.txt)"
fi

# Rated in full: no lower bound, in the window, the score `rate` gives.
score=$(column score < made.csv)
again=$("$sudokit" rate made.txt 2> /dev/null | cut -d' ' -f2)
if [ "$(column lower_bound < made.csv)" = 0 ] && [ -n "$score" ] && [ "$score" = "$again" ] &&
    awk -v s="$score" 'BEGIN { exit !(s >= 10 && s <= 11) }'; then
    ok "default_seeds_exact_rating"
else
    fail "default_seeds_exact_rating" "score '$score', rated again '$again'"
fi

# Not a seed: canonical forms (the same for every transformation of a puzzle).
"$sudokit" db canon "$seeds/hard.csv" "$seeds/starter.csv" 2> /dev/null | sort -u > seeds.canon
"$sudokit" db canon made.txt 2> /dev/null | sort > made.canon
if [ "$(wc -l < seeds.canon)" -gt 1000 ] && [ "$(wc -l < made.canon)" -eq 1 ] &&
    [ -z "$(comm -12 seeds.canon made.canon)" ]; then
    ok "default_seeds_never_made"
else
    fail "default_seeds_never_made" "$(comm -12 seeds.canon made.canon)"
fi

test_summary
