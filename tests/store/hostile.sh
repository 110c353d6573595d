#!/bin/sh
# A hostile or damaged database cannot hang or poison sudokit:
#  - a schema that is not the one of sudokit's migrations (a view named
#    puzzles over an endless recursive CTE, a trigger, an extra table, an
#    altered view, a missing index) is refused at open by db stats, db
#    export, play and db merge, naming the file and the object; the query
#    planner's statistics (ANALYZE) are allowed;
#  - a damaged schema page is called damaged, with what to do.
# Each command runs under `timeout` so that a hang fails the test (the
# bound is far above any run) instead of stalling it. The puzzles: the
# first 20 of tests/data/17_clue_2000.txt.
# usage: hostile.sh SUDOKIT DATA_DIR
. "$(dirname "$0")/../test_lib.sh"
sudokit=$1
DATA=$2
q() { sqlite3 "$@"; }

# run NAME STATUS PATTERN ARGS...: sudokit ARGS (stdin /dev/null) exits
# with STATUS within the bound and stderr holds PATTERN.
run() {
    name=$1 want=$2 pattern=$3
    shift 3
    timeout -s KILL 300 "$sudokit" "$@" < /dev/null > out.txt 2> err.txt
    status=$?
    if [ "$status" -eq 137 ]; then
        fail "$name" "still running after 300 s: killed"
    elif [ "$status" -ne "$want" ]; then
        fail "$name" "exit status $status, not $want: $(cat out.txt err.txt)"
    elif ! grep -q -- "$pattern" err.txt; then
        fail "$name" "stderr lacks '$pattern': $(cat err.txt)"
    else
        ok "$name"
    fi
}

grep -v '^#' "$DATA/17_clue_2000.txt" | head -20 > p.txt
"$sudokit" --db good.db db import p.txt > /dev/null || fail import "db import"
q good.db "INSERT INTO ratings (puzzle_id, rater, rater_version, score, level, hardest, steps)
           SELECT id, 'human', '1', 2.0, 1, 'single', 10 FROM puzzles"

# hostile NAME SQL: a copy of good.db changed by SQL.
hostile() {
    rm -f "$1.db"
    cp good.db "$1.db"
    q "$1.db" "$2" || fail "$1" "sqlite3 could not make $1.db"
}

hostile endless "DROP VIEW puzzle_summary; DROP VIEW latest_ratings; DROP VIEW unfinished_games;
    DROP TABLE puzzles;
    CREATE VIEW puzzles AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c)
    SELECT x AS id, '' AS givens, '' AS canonical, NULL AS solution, 0 AS clues,
    'none' AS symmetry, NULL AS minimal, NULL AS strategy, NULL AS options, NULL AS seed,
    NULL AS source, '' AS created FROM c"
refused="endless.db is not as sudokit made it: it holds a view named puzzles"
run endless_stats 1 "$refused" --db endless.db db stats
run endless_export 1 "$refused" --db endless.db db export
run endless_play 1 "$refused" --db endless.db play --id 1 --keys -
run endless_merge 1 "$refused" db merge out.db endless.db
run endless_merge_check 1 "$refused" db merge --check out.db endless.db

hostile trigger "CREATE TRIGGER wipe AFTER INSERT ON games BEGIN DELETE FROM puzzles; END"
run trigger 1 "trigger.db is not as sudokit made it: it holds a trigger named wipe" \
    --db trigger.db db stats
hostile extra "CREATE TABLE notes (x)"
run extra_table 1 "extra.db is not as sudokit made it: it holds a table named notes" \
    --db extra.db db query
hostile altered "DROP VIEW puzzle_summary; DROP VIEW latest_ratings;
    CREATE VIEW latest_ratings AS SELECT * FROM ratings"
run altered_view 1 "altered.db is not as sudokit made it: its view latest_ratings differs" \
    --db altered.db db stats
hostile missing "DROP INDEX puzzles_by_source"
run missing_index 1 "missing.db is not as sudokit made it: it lacks the index puzzles_by_source" \
    --db missing.db db stats
hostile escape "CREATE TABLE \"x$(printf '\033')]0;owned$(printf '\007')\" (a)"
run escaped_name 1 "holds a table named x?]0;owned?" --db escape.db db stats
hostile analyzed "ANALYZE"
expect_output analyzed 0 "^puzzles: *20 " out.txt --db analyzed.db db stats

hostile damaged "PRAGMA writable_schema = ON;
    UPDATE sqlite_schema SET sql = 'CREATE TABLE games(' WHERE name = 'games'"
run damaged 1 "database damaged.db is damaged (malformed database schema" --db damaged.db db stats
run damaged_advice 1 "restore it from a copy; \`sqlite3 damaged.db .recover\`" \
    --db damaged.db db stats

test_summary
