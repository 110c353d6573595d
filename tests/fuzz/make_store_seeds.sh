#!/bin/sh
# Write the seed corpus of the store_open fuzz target: small SQLite files
# (512-byte pages) at the schema versions and in the shapes sk_store_open
# meets: foreign and damaged headers, sudokit stores (made by applying
# db/*.sql) with good rows and with bad ones for the merge, and hostile
# schemas: a view named puzzles over an endless recursive CTE, a trigger,
# an extra table, an altered view. Needs the sqlite3 shell.
# usage: make_store_seeds.sh [OUT_DIR]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/seeds/store_open}
db=$here/../../db
command -v sqlite3 > /dev/null || { echo "make_store_seeds.sh: needs the sqlite3 shell" >&2; exit 1; }
mkdir -p "$out"
seed() {
    rm -f "$out/$1"
    sqlite3 "$out/$1" "PRAGMA page_size = 512; $2" > /dev/null
}
: > "$out/empty_file.db"
seed version_0_empty.db "PRAGMA user_version = 0; VACUUM;"
seed version_1_no_tables.db "PRAGMA user_version = 1;"
seed version_99_newer.db "PRAGMA user_version = 99;"
seed version_0_foreign.db "CREATE TABLE notes (x TEXT); INSERT INTO notes VALUES ('keep');"
seed version_1_other_puzzles.db \
    "CREATE TABLE puzzles (id INTEGER PRIMARY KEY, givens TEXT);
     INSERT INTO puzzles VALUES (1, '12345'); PRAGMA user_version = 1;"
seed version_0_wal.db "PRAGMA journal_mode = WAL; PRAGMA user_version = 0;"

# Sudokit stores: the schema of migration 1, or of both.
v1="$(cat "$db/0001_init.sql") PRAGMA user_version = 1;"
v2="$(cat "$db/0001_init.sql" "$db/0002_views.sql") PRAGMA user_version = 2;"
# Two puzzles with their canonical forms and solutions, a rating each, a
# saved game (a move undone) and a benchmark run.
rows="INSERT INTO puzzles (id, givens, canonical, solution, clues, symmetry, source) VALUES
  (1, '5..9...3..6..23.1...15...8...618.3....3...4....4.769...2...18...1.84..5..3...9..2',
   '1234.........1.245.....6...237.....8...842.6.......5..4..6.7.8.8.9.5..3...1.2.7.4',
   '572918634968423517341567289296184375783295461154376928425731896619842753837659142',
   30, 'rot180', 'a.txt'),
  (2, '.6.81....85...3..7.13.4.......3....66..175..82....9.......8.34.3..7...61....36.7.',
   '1234..5..6..5......7....8..3..15.6...56.3......4.96...4.1....5..6.3..42...9....16',
   NULL, 29, 'rot180', NULL);
INSERT INTO ratings (puzzle_id, rater, rater_version, score, level, hardest, steps) VALUES
  (1, 'human', '1', 2.3, 2, 'pointing', 40), (2, 'classic', '1', 1.2, 1, 'single', 30);
INSERT INTO games (puzzle_id, cells, marks, history) VALUES (1,
  '5..9...3..6..23.1...15...8...618.3....3...4....4.769...2...18...1.84..5..3...9..2', '',
  '|P2.0.4.0.0');
INSERT INTO bench_runs (solver, dataset_fingerprint, dataset_name, puzzles, seconds, guesses,
  count_limit) VALUES ('dlx', 'f00d', 'a.txt', 2, 0.001, 3, 1);"
seed version_1_store.db "$v1 $rows"
seed version_2_store.db "$v2 $rows"
seed version_2_bad_rows.db "$v2 $rows PRAGMA ignore_check_constraints = ON;
  INSERT INTO puzzles (givens, canonical, clues, symmetry) VALUES
    (replace(printf('%81s', ''), ' ', 'x'), replace(printf('%81s', ''), ' ', '1'), 0, 'none');
  INSERT INTO puzzles (givens, canonical, solution, clues, symmetry)
    SELECT givens, replace(canonical, '1', '2'), solution, clues, symmetry FROM puzzles WHERE id = 1;
  UPDATE puzzles SET solution = replace(solution, '5', '0') WHERE id = 1;
  INSERT INTO games (puzzle_id, cells, history) SELECT 2, givens, 'garbage' FROM puzzles WHERE id = 2;
  INSERT INTO ratings (puzzle_id, rater, rater_version, score, level, hardest, steps)
    VALUES (99, 'human', '1', 9e999, 9, 'x', -1);"
# Hostile schemas.
seed hostile_view_puzzles_cte.db "$v2 DROP VIEW puzzle_summary; DROP VIEW latest_ratings;
  DROP VIEW unfinished_games; DROP TABLE puzzles;
  CREATE VIEW puzzles AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c)
  SELECT x AS id, '' AS givens, '' AS canonical, NULL AS solution, 0 AS clues, 'none' AS symmetry,
  NULL AS minimal, NULL AS strategy, NULL AS options, NULL AS seed, NULL AS source, '' AS created
  FROM c;"
seed hostile_trigger.db "$v2 CREATE TRIGGER wipe AFTER INSERT ON games BEGIN DELETE FROM ratings; END;"
seed hostile_extra_table.db "$v2 CREATE TABLE notes (x); INSERT INTO notes VALUES ('keep');"
seed hostile_altered_view.db "$v2 DROP VIEW puzzle_summary; DROP VIEW latest_ratings;
  CREATE VIEW latest_ratings AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c)
  SELECT x FROM c; CREATE VIEW puzzle_summary AS SELECT * FROM latest_ratings;"
seed hostile_analyzed.db "$v2 $rows ANALYZE;"
rm -f "$out"/*.db-wal "$out"/*.db-shm
ls -l "$out"
