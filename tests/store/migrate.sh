#!/bin/sh
# A database of schema version 1 (db/0001_init.sql, filled with the rows
# this sudokit writes) opens with this sudokit: it is brought to version 2
# keeping every row, passes db check, its old benchmark run is listed with
# the version and CPU it did not record left empty, the views answer, and
# new runs record them.
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
    INSERT INTO puzzles SELECT * FROM n.puzzles;
    INSERT INTO ratings SELECT * FROM n.ratings;
    INSERT INTO bench_runs (solver, solver_options, dataset_fingerprint, dataset_name, puzzles,
        seconds, guesses, count_limit, created)
      SELECT solver, solver_options, dataset_fingerprint, dataset_name, puzzles, seconds,
        guesses, count_limit, created FROM n.bench_runs;" || fail "fill the version 1 database"
[ "$(sqlite3 "$T/old.db" "PRAGMA user_version")" = 1 ] && ok || fail "not at version 1"

"$S" --db "$T/old.db" db stats > "$T/stats.txt" || fail "db stats on version 1"
grep -q "(schema version 3)" "$T/stats.txt" && ok || fail "not migrated: $(head -1 "$T/stats.txt")"
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
