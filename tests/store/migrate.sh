#!/bin/sh
# A database of schema version 1 (db/0001_init.sql, filled with the rows
# this sudokit writes) opens with this sudokit: it is brought to the
# current version keeping every row (the puzzles classic, with the
# canonical forms they had), passes db check, its old benchmark run is
# listed with the version and CPU it did not record left empty, the views
# answer, and new runs record them. A version 3 database whose migration
# cannot complete (a rating of a puzzle that is gone, written with
# foreign keys off) is refused with every byte as it was, and migrates once
# that row is deleted.
# usage: migrate.sh SUDOKIT SOURCE_DIR
set -u
S=$1 SRC=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
failed=0 passed=0
fail() { echo "FAIL $*"; failed=$((failed + 1)); }
ok() { passed=$((passed + 1)); }

# Rows as this sudokit writes them, in a database of the current version.
"$S" --db "$T/new.db" db init --seeds > /dev/null || fail "db init --seeds"
"$S" --db "$T/new.db" db export --limit 5 > "$T/five.txt" || fail "db export"
"$S" --db "$T/new.db" bench --quiet --store --solvers fast --time 0.2 --warmup 0 "$T/five.txt" \
    > /dev/null || fail "bench --store"
# The same rows in a version 1 database.
sqlite3 "$T/old.db" < "$SRC/db/0001_init.sql" || fail "make a version 1 database"
sqlite3 "$T/old.db" "ATTACH '$T/new.db' AS n; PRAGMA user_version = 1;
    INSERT INTO puzzles SELECT id, givens, canonical, solution, clues, symmetry, minimal,
        strategy, options, seed, source, created FROM n.puzzles;
    INSERT INTO ratings SELECT * FROM n.ratings;
    INSERT INTO bench_runs (solver, solver_options, dataset_fingerprint, dataset_name, puzzles,
        seconds, guesses, count_limit, created)
      SELECT solver, solver_options, dataset_fingerprint, dataset_name, puzzles, seconds,
        guesses, count_limit, created FROM n.bench_runs;" || fail "fill the version 1 database"
[ "$(sqlite3 "$T/old.db" "PRAGMA user_version")" = 1 ] && ok || fail "not at version 1"
sqlite3 "$T/old.db" "SELECT id, canonical FROM puzzles ORDER BY id" > "$T/canonical-before.txt"

"$S" --db "$T/old.db" db stats > "$T/stats.txt" || fail "db stats on version 1"
grep -q "(schema version 4)" "$T/stats.txt" && ok || fail "not migrated: $(head -1 "$T/stats.txt")"
grep -q "^puzzles: *1500 " "$T/stats.txt" && grep -q "^ratings: *1500, rating 1500 of the 1500 puzzles$" "$T/stats.txt" &&
    grep -q "^bench runs: *1$" "$T/stats.txt" && ok || fail "rows lost: $(cat "$T/stats.txt")"
"$S" --db "$T/old.db" db check > /dev/null && ok || fail "db check after the migration"
"$S" --db "$T/old.db" db benchmarks --format json > "$T/runs.json" || fail "db benchmarks"
python3 - "$T/runs.json" << 'PY' && ok || fail "old run: $(cat "$T/runs.json")"
import json, sys
runs = [json.loads(line) for line in open(sys.argv[1])]
assert len(runs) == 1 and runs[0]["solver"] == "fast", runs
assert runs[0]["jobs"] is None and runs[0]["sudokit_version"] is None, runs
assert runs[0]["cpu_model"] is None and runs[0]["timed_solves"] > 0, runs
assert runs[0]["cpu_percent"] is None and runs[0]["time_limit"] is None, runs
PY
n=$(sqlite3 "$T/old.db" "SELECT count(*) FROM latest_ratings; SELECT runs FROM bench_results;
    SELECT count(*) FROM puzzle_summary WHERE ratings LIKE 'human %'" | tr '\n' ' ')
[ "$n" = "1500 1 1500 " ] && ok || fail "views on the migrated database: $n"
sqlite3 "$T/old.db" "SELECT id, canonical FROM puzzles ORDER BY id" > "$T/canonical-after.txt"
cmp -s "$T/canonical-before.txt" "$T/canonical-after.txt" && ok ||
    fail "the canonical forms changed in the migration"
n=$(sqlite3 "$T/old.db" "SELECT count(*) FROM puzzles WHERE rules = '';
    SELECT count(*) FROM puzzle_summary WHERE rules = ''; SELECT count(*) FROM latest_ratings WHERE rules = ''" | tr '\n' ' ')
[ "$n" = "1500 1500 1500 " ] && ok || fail "the migrated puzzles are not classic: $n"

# A version 3 database whose migration cannot complete: refused as it is.
for f in 0001_init 0002_views 0003_bench_cpu; do cat "$SRC/db/$f.sql"; done > "$T/v3.sql"
echo "PRAGMA user_version = 3;" >> "$T/v3.sql"
sqlite3 "$T/v3.db" < "$T/v3.sql" || fail "make a version 3 database"
sqlite3 "$T/v3.db" "ATTACH '$T/new.db' AS n;
    INSERT INTO puzzles SELECT id, givens, canonical, solution, clues, symmetry, minimal,
        strategy, options, seed, source, created FROM n.puzzles WHERE id <= 20;
    INSERT INTO ratings (puzzle_id, rater, rater_version, score, level, hardest, steps)
        VALUES (9999, 'human', '0.1', 2.5, 2, 'Naked Single', 30);" || fail "fill version 3"
sqlite3 "$T/v3.db" .dump > "$T/v3-before.sql"
"$S" --db "$T/v3.db" db stats > "$T/v3.out" 2> "$T/v3.err" && fail "an orphan rating migrated"
grep -q "cannot upgrade the schema to version 4: ratings row 1 refers to a puzzles row that does not exist" "$T/v3.err" &&
    ok || fail "orphan message: $(cat "$T/v3.err")"
sqlite3 "$T/v3.db" .dump > "$T/v3-after.sql"
cmp -s "$T/v3-before.sql" "$T/v3-after.sql" && ok || fail "the refused database changed"
[ "$(sqlite3 "$T/v3.db" "PRAGMA user_version; SELECT count(*) FROM puzzles" | tr '\n' ' ')" = "3 20 " ] &&
    ok || fail "the refused database is not at version 3 with its rows"
sqlite3 "$T/v3.db" "DELETE FROM ratings WHERE puzzle_id = 9999" || fail "delete the orphan"
"$S" --db "$T/v3.db" db check > /dev/null && ok || fail "db check after the orphan went"
[ "$(sqlite3 "$T/v3.db" "PRAGMA user_version; SELECT count(*) FROM puzzles WHERE rules = ''" | tr '\n' ' ')" = "4 20 " ] &&
    ok || fail "the version 3 database did not migrate"

# A run recorded now keeps the version, the threads, the CPU, its CPU time
# and its time limit.
"$S" --db "$T/old.db" bench --quiet --store --solvers fast --time 0.2 --warmup 0 -j 2 \
    "$T/five.txt" > /dev/null || fail "bench --store on the migrated database"
version=$("$S" --version | awk '{ print $2 }')
cpu=$(sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo 2> /dev/null | head -1)
[ -n "$cpu" ] || cpu=$(uname -m)
row=$(sqlite3 "$T/old.db" "SELECT jobs, sudokit_version, cpu_model, cpu_seconds > 0, time_limit
    FROM bench_runs WHERE id = 2")
[ "$row" = "2|$version|$cpu|1|0.2" ] && ok || fail "new run: '$row', expected '2|$version|$cpu|1|0.2'"
echo "$passed checks passed, $failed failed"
[ "$failed" -eq 0 ]
