#!/bin/sh
# A hostile or damaged database cannot hang or poison sudokit:
#  - a schema that is not the one of sudokit's migrations (a view named
#    puzzles over an endless recursive CTE, a trigger, an extra table, an
#    altered view, a missing index) is refused at open by db stats, db
#    export, play and db merge, naming the file and the object; the query
#    planner's statistics (ANALYZE) are allowed;
#  - a damaged schema page is called damaged, with what to do;
#  - db merge names and leaves out every bad row (givens that are not a
#    grid, a false canonical form, a wrong solution, a game whose history
#    does not read, ratings of no puzzle, a score that is not finite, a
#    negative count) with status 1, and what it merged passes db check;
#  - db export names a stored row it cannot write as it is (status 1) and
#    writes no grid in its place.
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

# Bad rows: puzzle 21 with givens of 81 x, puzzle 22 a copy of puzzle 1 under
# a false canonical form, puzzle 3 with a wrong solution, a game of puzzle 4
# whose history is garbage, a rating of no puzzle, one of puzzle 21, one
# whose score is infinite, a benchmark run of -1 puzzles.
hostile rows "PRAGMA ignore_check_constraints = ON;
    UPDATE puzzles SET solution = '534678912672195348198342567859761423426853791713924856961537284287419635345286179' WHERE id = 3;
    INSERT INTO puzzles (id, givens, canonical, clues, symmetry)
        VALUES (21, replace(printf('%81s', ''), ' ', 'x'), replace(printf('%81s', ''), ' ', '1'), 0, 'none');
    INSERT INTO puzzles (id, givens, canonical, solution, clues, symmetry)
        SELECT 22, givens, replace(canonical, '1', '2'), solution, clues, symmetry FROM puzzles WHERE id = 1;
    INSERT INTO games (puzzle_id, cells, history) SELECT 4, givens, 'garbage' FROM puzzles WHERE id = 4;
    INSERT INTO ratings (id, puzzle_id, rater, rater_version, score, level, hardest, steps) VALUES
        (101, 99999, 'human', '1', 1.0, 1, 'single', 1), (102, 21, 'human', '1', 1.0, 1, 'single', 1),
        (103, 5, 'classic', '1', 9e999, 1, 'single', 1);
    INSERT INTO bench_runs (solver, dataset_fingerprint, dataset_name, puzzles, seconds, guesses, count_limit)
        VALUES ('dlx', 'f', 'n', -1, 1, 1, 1)"
rm -f merged.db
run rows_merge 1 "rows.db: puzzles row 21 not merged: its givens are not a grid" db merge merged.db rows.db
for line in "puzzles row 22 not merged: its canonical form is not the one of its givens" \
    "puzzles row 3 not merged: its solution does not solve its givens" \
    "games row 1 not merged: its cells, marks or history are not in the saved-game format" \
    "ratings row 101 not merged: its puzzle 99999 does not exist" \
    "ratings row 102 not merged: its puzzle 21 is not merged" \
    "ratings row 103 not merged: a score is not a finite number" \
    "ratings row 3 not merged: its puzzle 3 is not merged" \
    "bench_runs row 1 not merged: its puzzles, guesses, count limit or seconds is not a count"; do
    if grep -q "rows.db: $line" err.txt; then ok "rows: $line"; else fail "rows" "not named: $line"; fi
done
expect_output rows_counts 1 "puzzles added 19, duplicates 0, not merged 3; ratings added 19, kept 0, not merged 4; games added 0, updated 0, kept 0, not merged 1; bench runs added 0, kept 0, not merged 1" \
    out.txt db merge merged2.db rows.db
expect_output rows_merged_check 0 "" out.txt --db merged.db db check
expect_output rows_merge_again 1 "puzzles added 0, duplicates 19, not merged 3; ratings added 0, kept 19" \
    out.txt db merge merged.db rows.db

# A byte of puzzle 5's givens overwritten in the file: export names the row
# and writes the others; alone, nothing is written.
cp good.db flipped.db
givens=$(q flipped.db "SELECT givens FROM puzzles WHERE id = 5")
at=$(grep -obUa -- "$givens" flipped.db | head -n 1 | cut -d: -f1)
printf 'x' | dd of=flipped.db bs=1 seek="$at" conv=notrunc 2> /dev/null
expect_output flipped_export 1 "export: stored puzzle 5: its givens are not a grid" err.txt \
    --db flipped.db db export
[ "$(wc -l < out.txt)" -eq 19 ] && ok flipped_others || fail flipped_others "$(wc -l < out.txt) lines written, not 19"
expect_output flipped_alone 1 "export: 1 stored puzzles not written" err.txt \
    --db flipped.db db export --id 5 --format classic
[ ! -s out.txt ] && ok flipped_no_grid || fail flipped_no_grid "wrote: $(cat out.txt)"
test_summary
