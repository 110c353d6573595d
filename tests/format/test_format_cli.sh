#!/bin/sh
# Every layout through the real executable: what `db export`, `solve` and
# `rate` write in each layout of `sudokit help layouts` reads back (detected,
# and chosen with --input-format) as the same puzzles.
# usage: test_format_cli.sh SUDOKIT DATA
sudokit=$1
data=$2
. "$(dirname "$0")/../test_lib.sh"
export SUDOKIT_DB="$work/f.db"

# same NAME A B: files A and B are the same.
same() {
    if cmp -s "$2" "$3"; then ok "$1"; else fail "$1" "$(diff "$2" "$3" | head -5)"; fi
}

grep -v '^#' "$data/17_clue_2000.txt" | head -4 > four.txt
"$sudokit" db init > /dev/null 2>&1 && "$sudokit" db import -q four.txt > /dev/null 2>&1 ||
    { echo "FAIL cannot import"; exit 1; }
"$sudokit" db export > puzzles.txt
"$sudokit" solve -q puzzles.txt > solved.txt
"$sudokit" rate -q puzzles.txt > rated.txt
[ "$(wc -l < solved.txt)" -eq 4 ] || fail setup "4 puzzles expected: $(cat solved.txt)"

layouts=$("$sudokit" help layouts | awk 'NR > 1 && $1 != "auto" { print $1 }')
[ "$(echo "$layouts" | wc -w)" -ge 13 ] || fail layouts "too few layouts: $layouts"
for f in $layouts; do
    # db export in F, read back detected and chosen: the same puzzles.
    if "$sudokit" db export --format "$f" > "export.$f" 2> err.txt; then
        "$sudokit" solve -q "export.$f" > back.txt 2>> err.txt
        same "export_${f}_detected" solved.txt back.txt
        "$sudokit" solve -q --input-format "$f" "export.$f" > back.txt 2>> err.txt
        same "export_${f}_chosen" solved.txt back.txt
    else
        fail "export_$f" "$(cat err.txt)"
    fi
    # solve in F: its solutions read back (csv, json and qqwing with the
    # puzzle, the other layouts with the solution as the grid).
    "$sudokit" solve -q --format "$f" puzzles.txt > "solve.$f" 2> err.txt ||
        fail "solve_$f" "$(cat err.txt)"
    "$sudokit" solve -q "solve.$f" > back.txt 2> err.txt
    same "solve_${f}_reads_back" solved.txt back.txt
    # rate in F, rated again: the same ratings.
    "$sudokit" rate -q --format "$f" puzzles.txt > "rate.$f" 2> err.txt ||
        fail "rate_$f" "$(cat err.txt)"
    "$sudokit" rate -q "rate.$f" > back.txt 2> err.txt
    same "rate_${f}_reads_back" rated.txt back.txt
done

# db export --format json: one object a record, every column.
[ "$(grep -c '^{"id":[0-9]*,"puzzle":"' export.json)" -eq 4 ] && ok export_json_objects ||
    fail export_json_objects "$(cat export.json)"
# solve --format csv: the puzzle and the solution columns.
head -n 1 solve.csv | grep -q "puzzle" && head -n 1 solve.csv | grep -q "solution" &&
    ok solve_csv_columns || fail solve_csv_columns "$(head -n 2 solve.csv)"
grep -q "\"solution\":\"$(head -n 1 solved.txt | cut -c1-81)\"" solve.json && ok solve_json_solution ||
    fail solve_json_solution "$(head -n 1 solve.json)"

# rate keeps the names files give their puzzles (sdk #D, kennett %).
"$sudokit" rate -q --format sdk "$data/formats/sudocue.sdk" > named.sdk 2> err.txt
grep -q "^#DA hand-made sdk puzzle$" named.sdk && ok rate_keeps_sdk_name ||
    fail rate_keeps_sdk_name "$(cat named.sdk err.txt)"
"$sudokit" rate -q --format kennett "$data/formats/kennett_compact.txt" > named.txt 2> err.txt
[ "$(grep -c "^% randomly generated - medium$" named.txt)" -eq 2 ] && ok rate_keeps_kennett_names ||
    fail rate_keeps_kennett_names "$(cat named.txt err.txt)"

test_summary
