#!/bin/sh
# A merge killed with SIGKILL in the middle leaves OUT passing `db check`,
# holding whole batches only (puzzles with their ratings); merging again
# completes it, to the same rows as a merge never interrupted. The input:
# 20000 distinct 18-clue puzzles made from tests/data (each 17-clue puzzle
# with one more clue of its solution, ten ways, as canonical forms), every
# tenth one rated. usage: merge_kill.sh SUDOKIT DATA_DIR
set -u
S=$1
DATA=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
fail() {
    echo "FAIL: $*" >&2
    exit 1
}
BATCH=3
grep -v '^#' "$DATA/17_clue_2000.txt" > p.txt
"$S" solve p.txt > s.txt || fail "solve the input"
paste -d ' ' p.txt s.txt | awk '{
    made = 0
    for (i = 1; i <= 81 && made < 10; i++)
        if (substr($1, i, 1) == ".") {
            print substr($1, 1, i - 1) substr($2, i, 1) substr($1, i + 1)
            made++
        }
}' | "$S" db canon | sort -u > in.txt || fail "make the input"
ALL=$(wc -l < in.txt)
[ "$ALL" -gt 15000 ] || fail "only $ALL distinct puzzles in the input"
"$S" --db IN.db db import in.txt > /dev/null || fail "import the input"
awk 'NR % 10 == 1' in.txt > rated.txt
"$S" --db IN.db rate --store --quiet rated.txt > /dev/null || fail "rate a tenth of the input"
RATED=$(wc -l < rated.txt)

dump() {
    sqlite3 "$1" "SELECT * FROM puzzles ORDER BY id; SELECT * FROM ratings ORDER BY id"
}
count() {
    sqlite3 "$1" "SELECT count(*) FROM puzzles" 2> /dev/null || echo 0
}

"$S" db merge --batch $BATCH WHOLE.db IN.db > /dev/null || fail "the uninterrupted merge"
dump WHOLE.db > whole.txt

# Kill after a delay; shorten it when the merge finished first, lengthen it
# when nothing was committed yet, until a kill lands in the middle.
delay=0.3 n=0 tries=0
while [ $tries -lt 12 ]; do
    tries=$((tries + 1))
    rm -f OUT.db OUT.db-wal OUT.db-shm
    "$S" db merge --batch $BATCH OUT.db IN.db > /dev/null 2>&1 &
    pid=$!
    sleep $delay
    kill -9 $pid 2> /dev/null
    wait $pid
    status=$?
    n=$(count OUT.db)
    if [ "$n" -ge "$ALL" ]; then
        delay=$(awk "BEGIN { print $delay / 2 }")
    elif [ "$n" -eq 0 ]; then
        delay=$(awk "BEGIN { print $delay * 2 }")
    else
        break
    fi
done
[ "$n" -gt 0 ] && [ "$n" -lt "$ALL" ] || fail "no kill landed in the middle of the merge in $tries tries"
echo "merge killed after ${delay}s (status $status): $n of $ALL puzzles committed"
[ $status -ne 0 ] || fail "the killed merge exited 0"
"$S" --db OUT.db db check > check.out || fail "db check after the kill: $(cat check.out)"
[ $((n % BATCH)) -eq 0 ] || fail "$n puzzles: a batch was half committed"
# Each committed puzzle has its rating: no batch lost half its rows.
orphans=$(sqlite3 OUT.db "ATTACH 'IN.db' AS i; SELECT count(*) FROM i.ratings r JOIN i.puzzles p ON p.id = r.puzzle_id
    JOIN main.puzzles m ON m.canonical = p.canonical LEFT JOIN main.ratings mr ON mr.puzzle_id = m.id
    WHERE mr.id IS NULL")
[ "$orphans" -eq 0 ] || fail "$orphans committed puzzles lack their rating"
"$S" db merge --batch $BATCH OUT.db IN.db > again.out || fail "merge again: $(cat again.out)"
grep -q "puzzles added $((ALL - n)), duplicates $n, not merged 0; ratings added" again.out ||
    fail "the second merge: $(cat again.out)"
"$S" --db OUT.db db check > check.out || fail "db check after the second merge"
dump OUT.db > out.txt
cmp -s whole.txt out.txt || fail "the completed merge differs from the uninterrupted one"
echo "ok: $ALL puzzles, $RATED ratings, the same rows as the uninterrupted merge"
