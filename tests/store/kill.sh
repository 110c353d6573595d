#!/bin/sh
# A big import killed with SIGKILL leaves a database that opens, passes
# `db check`, and holds every batch it committed; importing again adds the
# rest. The input is 20000 puzzles made by the dig generator (seed 1), all
# distinct up to symmetry: enough for the import to be killed midway.
# usage: kill.sh SUDOKIT
set -u
S=$1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() {
    echo "FAIL: $*" >&2
    exit 1
}
DB=$T/k.db
IN=$T/in.txt
ALL=20000
BATCH=1000
"$S" generate --seed 1 -n $ALL --jobs 2 > "$IN" 2> /dev/null || fail "generate the input"
[ "$("$S" db canon "$IN" | sort -u | wc -l)" -eq $ALL ] || fail "the input repeats a puzzle"

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
