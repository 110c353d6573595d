#!/bin/sh
# Two processes importing into one database at once both finish, with no
# duplicates and no lost puzzles. The second file holds transformed images
# of an overlapping range, so the overlap is found through canonical forms.
# usage: concurrent.sh SUDOKIT DATA_DIR
set -u
S=$1
DATA=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() {
    echo "FAIL: $*" >&2
    exit 1
}
DB=$T/c.db
grep -v '^#' "$DATA/17_clue_2000.txt" > "$T/all.txt"
ALL=$(wc -l < "$T/all.txt")
sed -n '1,1200p' "$T/all.txt" > "$T/a.txt"
sed -n '801,$p' "$T/all.txt" | "$S" db canon > "$T/b.txt" || fail "db canon"
OVERLAP=400

"$S" --db "$DB" db init > /dev/null || fail "init"
"$S" --db "$DB" db import --batch 25 "$T/a.txt" > "$T/a.out" 2> "$T/a.err" &
pa=$!
"$S" --db "$DB" db import --batch 25 "$T/b.txt" > "$T/b.out" 2> "$T/b.err" &
pb=$!
wait $pa || fail "first import: $(cat "$T/a.err")"
wait $pb || fail "second import: $(cat "$T/b.err")"
cat "$T/a.out" "$T/b.out"
added=0
dups=0
for f in "$T/a.out" "$T/b.out"; do
    a=$(sed -n 's/^added \([0-9]*\), duplicates \([0-9]*\), rejected 0$/\1/p' "$f")
    d=$(sed -n 's/^added \([0-9]*\), duplicates \([0-9]*\), rejected 0$/\2/p' "$f")
    [ -n "$a" ] || fail "summary: $(cat "$f")"
    added=$((added + a))
    dups=$((dups + d))
done
[ $added -eq "$ALL" ] || fail "added $added, expected $ALL"
[ $dups -eq $OVERLAP ] || fail "duplicates $dups, expected $OVERLAP"
n=$("$S" --db "$DB" db stats | sed -n 's/^puzzles: *\([0-9]*\).*/\1/p')
[ "$n" -eq "$ALL" ] || fail "$n puzzles stored, expected $ALL"
"$S" --db "$DB" db check > /dev/null || fail "db check"
echo "ok"
