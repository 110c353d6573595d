#!/bin/sh
# `db init --seeds`: the starter collection with solutions and ratings.
# usage: test_seeds.sh SUDOKIT STARTER_CSV
sudokit=$1 starter=$2
. "$(dirname "$0")/../test_lib.sh"
db=$work/s.db

count=$(($(grep -vc '^#' "$starter") - 1)) # less the csv header
if "$sudokit" --db "$db" db init --seeds > "$work/out.txt" 2> "$work/err.txt" &&
    grep -q "starter collection: $count added, 0 already stored" "$work/out.txt"; then
    ok seeds_fill_a_new_database
else
    fail seeds_fill_a_new_database "$(cat "$work/out.txt" "$work/err.txt")"
fi

stats=$("$sudokit" --db "$db" db stats)
if echo "$stats" | grep -q "^puzzles: *$count ($count with a solution" &&
    echo "$stats" | grep -q "^ratings: *$count, rating $count of the $count puzzles$"; then
    ok every_seed_has_solution_and_rating
else
    fail every_seed_has_solution_and_rating "$stats"
fi

for level in 1 3 5; do
    n=$("$sudokit" --db "$db" db query --rater human --level "$level" | wc -l)
    [ "$n" -eq $((count / 5)) ] && ok "level_${level}_has_its_share" ||
        fail "level_${level}_has_its_share" "$n puzzles"
done

if "$sudokit" --db "$db" db init --seeds 2> "$work/err.txt" | grep -q "0 added, $count already stored"; then
    ok seeding_twice_adds_nothing
else
    fail seeding_twice_adds_nothing "$(cat "$work/err.txt")"
fi

if "$sudokit" --db "$db" db check > "$work/check.txt" 2>&1; then
    ok seeded_database_checks
else
    fail seeded_database_checks "$(cat "$work/check.txt")"
fi

if echo q | "$sudokit" --db "$db" play --level 3 --keys - > "$work/play.txt" 2>&1; then
    ok play_finds_a_level_3_puzzle
else
    fail play_finds_a_level_3_puzzle "$(cat "$work/play.txt")"
fi

test_summary
