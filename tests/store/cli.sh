#!/bin/sh
# `sudokit db`: import with a bad line and a transformed duplicate, export,
# query formats and filters, stats, check, and bad --db files.
# usage: cli.sh SUDOKIT DATA_DIR
set -u
S=$1
DATA=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() {
    echo "FAIL: $*" >&2
    exit 1
}
DB=$T/t.db

grep -v '^#' "$DATA/17_clue_2000.txt" | head -n 20 > "$T/in.txt"
echo "12345" >> "$T/in.txt"
head -n 1 "$T/in.txt" | "$S" db canon >> "$T/in.txt" || fail "db canon"

"$S" --db "$DB" db import "$T/in.txt" > "$T/out" 2> "$T/err"
[ $? -eq 1 ] || fail "import with a bad line should exit 1"
grep -q "^added 20, duplicates 1, rejected 1$" "$T/out" || fail "import summary: $(cat "$T/out")"
grep -q "in.txt:21:" "$T/err" || fail "bad line not reported with file and line: $(cat "$T/err")"

[ "$("$S" --db "$DB" db query --clues 17 --format csv | wc -l)" -eq 21 ] || fail "csv rows"
[ "$("$S" --db "$DB" db query --limit 2 --offset 1 --format json | grep -c '"id":')" -eq 2 ] ||
    fail "json rows"
"$S" --db "$DB" db query --format json --id 3 | grep -q '^{"id":3,"puzzle":' || fail "json lines"
[ "$("$S" --db "$DB" db query --source "x' OR '1'='1" | wc -l)" -eq 0 ] ||
    fail "a filter value must never be read as SQL"
[ "$("$S" --db "$DB" db query --source "$T/in.txt" --sort random | wc -l)" -eq 20 ] ||
    fail "source filter"

# Export and import again, in each format the reader knows.
for format in line classic csv json readable; do
    "$S" --db "$DB" db export --format $format > "$T/export.$format" || fail "export $format"
    "$S" --db "$T/$format.db" db import "$T/export.$format" > "$T/out" ||
        fail "re-import of $format export"
    grep -q "^added 20, duplicates 0, rejected 0$" "$T/out" || fail "$format round trip"
done
[ "$("$S" --db "$DB" db export --format csv | head -n 1 | cut -d, -f1-3)" = "id,puzzle,canonical" ] ||
    fail "csv header"

"$S" --db "$DB" db stats > "$T/out" || fail "stats"
grep -q "^puzzles: *20 " "$T/out" || fail "stats count: $(cat "$T/out")"
"$S" --db "$DB" db check > "$T/out" || fail "check of a good database"
grep -q "^ok$" "$T/out" || fail "check output"

# Bad usage exits 2.
"$S" --db "$DB" db query --level 9 2> /dev/null
[ $? -eq 2 ] || fail "bad level should be a usage error"
"$S" --db "$DB" db frobnicate 2> /dev/null
[ $? -eq 2 ] || fail "unknown subcommand should be a usage error"
"$S" --db "$DB" db query --score-min 3 2> "$T/err"
[ $? -eq 2 ] || fail "a score filter without a rater is a usage error"
grep -q "rater" "$T/err" || fail "message for a score filter without rater"

# A file that is not a database: a clear error, no crash.
i=0
while [ $i -lt 300 ]; do
    echo "not a database, just some text to fill a few pages of a file"
    i=$((i + 1))
done > "$T/garbage.db"
"$S" --db "$T/garbage.db" db stats > /dev/null 2> "$T/err"
[ $? -eq 1 ] || fail "a non-database file should exit 1"
grep -q "not a usable sudokit database" "$T/err" || fail "message: $(cat "$T/err")"

# SUDOKIT_DB names the database when --db is absent.
SUDOKIT_DB=$T/env.db "$S" db init > /dev/null || fail "init through SUDOKIT_DB"
[ -s "$T/env.db" ] || fail "SUDOKIT_DB file not created"
echo "ok"
