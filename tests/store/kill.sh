#!/bin/sh
# A big import killed with SIGKILL leaves a database that opens, passes
# `db check`, and holds every batch it committed; importing again adds the
# rest. The input: each of the 2000 17-clue puzzles of tests/data with one
# more clue from its solution, in ten ways, written as canonical forms and
# kept once each (so every puzzle is new): enough for the import to be
# killed midway. usage: kill.sh SUDOKIT DATA_DIR
set -u
S=$1
DATA=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() {
    echo "FAIL: $*" >&2
    exit 1
}
DB=$T/k.db
IN=$T/in.txt
BATCH=1000
grep -v '^#' "$DATA/17_clue_2000.txt" > "$T/p.txt"
"$S" solve "$T/p.txt" > "$T/s.txt" || fail "solve the input"
paste -d ' ' "$T/p.txt" "$T/s.txt" | awk '{
    made = 0
    for (i = 1; i <= 81 && made < 10; i++)
        if (substr($1, i, 1) == ".") {
            print substr($1, 1, i - 1) substr($2, i, 1) substr($1, i + 1)
            made++
        }
}' | "$S" db canon | sort -u > "$IN" || fail "make the input"
ALL=$(wc -l < "$IN")
[ "$ALL" -gt 15000 ] || fail "only $ALL distinct puzzles in the input"

count() {
    c=$("$S" --db "$DB" db stats | sed -n 's/^puzzles: *\([0-9]*\).*/\1/p')
    echo "${c:-0}"
}

"$S" --db "$DB" db init > /dev/null || fail "init"
"$S" --db "$DB" db import --batch $BATCH "$IN" > /dev/null 2>&1 &
pid=$!
# Kill as soon as at least one batch is committed.
seen=0
while [ "$seen" -lt $BATCH ] && kill -0 $pid 2> /dev/null; do
    sleep 0.05
    seen=$(count)
done
kill -9 $pid 2> /dev/null
wait $pid
status=$?
"$S" --db "$DB" db check > "$T/out" || fail "db check after the kill: $(cat "$T/out")"
n=$(count)
echo "import exit status $status, $n puzzles kept, $seen seen before the kill"
[ "$n" -ge "$seen" ] || fail "lost committed puzzles ($n < $seen)"
[ "$n" -eq $ALL ] || [ $((n % BATCH)) -eq 0 ] || fail "$n puzzles: a batch was half committed"
"$S" --db "$DB" db import "$IN" > "$T/out" || fail "import again"
grep -q "^added $((ALL - n)), duplicates $n, rejected 0$" "$T/out" ||
    fail "second import: $(cat "$T/out")"
[ "$(count)" -eq $ALL ] || fail "not every puzzle after the second import"
echo "ok"
