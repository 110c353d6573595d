#!/bin/sh
# Ratings are a stored fact keyed by rater version: `rate --store` of a new
# version adds rows beside the old ones, and `db query` reads the newest
# version unless told another.
# usage: test_rate_versions.sh SUDOKIT DATA_DIR
sudokit=$1 data=$2
. "$(dirname "$0")/../test_lib.sh"
db=$work/v.db

grep -v '^#' "$data/17_clue_2000.txt" | head -5 > "$work/p.txt"
version=$("$sudokit" plugins 2>/dev/null | awk '$2 == "human" { print $4; exit }')
[ -n "$version" ] && ok human_rater_has_a_version || fail human_rater_has_a_version "no version"

# An older version's ratings, written first (score 1.5, version 0.0.1).
"$sudokit" --db "$db" rate --rater classic --store "$work/p.txt" > /dev/null 2>&1
cat > "$work/old.lua" <<'LUA'
local sk = require "sudokit"
local db <close> = assert(sk.open(arg[1]))
for _, row in db:query{} do
  assert(db:add_rating(row.id, "human", "0.0.1",
                       {score = 1.5, level = 1, hardest = "Hidden single in a box", steps = 1}))
end
LUA
"$sudokit" run "$work/old.lua" "$db" > "$work/err.txt" 2>&1 || fail old_rows "$(cat "$work/err.txt")"

"$sudokit" --db "$db" rate --rater human --store "$work/p.txt" > /dev/null 2> "$work/err.txt"
stats=$("$sudokit" --db "$db" db stats)
if echo "$stats" | grep -q "^ratings: *15, rating 5 of the 5 puzzles$"; then
    ok new_version_adds_rows_beside_old
else
    fail new_version_adds_rows_beside_old "$stats"
fi

newest=$("$sudokit" --db "$db" db query --rater human --format csv)
if echo "$newest" | grep -q ",$version," && ! echo "$newest" | grep -q ",0.0.1,"; then
    ok query_reads_newest_version
else
    fail query_reads_newest_version "$newest"
fi

old=$("$sudokit" --db "$db" db query --rater human --rater-version 0.0.1 --format csv | grep -c ",0.0.1,1.50,")
[ "$old" -eq 5 ] && ok old_version_still_queryable || fail old_version_still_queryable "$old rows"

# Rewriting the old version's rows after the new ones (same puzzle, rater
# and version: the rows are replaced) keeps the new version the default.
"$sudokit" run "$work/old.lua" "$db" > "$work/err.txt" 2>&1
newest=$("$sudokit" --db "$db" db query --rater human --format csv)
if echo "$newest" | grep -q ",$version," && ! echo "$newest" | grep -q ",0.0.1,"; then
    ok rewriting_old_rows_keeps_newest_default
else
    fail rewriting_old_rows_keeps_newest_default "$newest"
fi

test_summary
