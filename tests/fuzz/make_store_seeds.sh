#!/bin/sh
# Write the seed corpus of the store_open fuzz target: small SQLite files
# (512-byte pages) at the schema versions and in the shapes sk_store_open
# meets. Needs the sqlite3 shell. usage: make_store_seeds.sh [OUT_DIR]
set -eu
out=${1:-$(dirname "$0")/seeds/store_open}
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
rm -f "$out"/*.db-wal "$out"/*.db-shm
ls -l "$out"
