#!/bin/sh
# The database of puzzles under any rules through `sudokit db`: the public
# puzzles of tests/data/rules/puzzles.txt and the f-puzzles files of
# tests/data/fpuzzles go in with their rules from every layout, with the
# known solutions; `db query --rules SPEC` picks one rules value however
# the spec is written; what `db export` writes in each layout imports as
# the same rows; `db check` passes, then finds rows changed behind the
# store; a puzzle without exactly one solution is refused at its place;
# the example of docs/database.md prints what it shows.
# usage: rules.sh SUDOKIT DATA_DIR
sudokit=$1 data=$2
. "$(dirname "$0")/../test_lib.sh"
S() { "$sudokit" --db "$work/puzzles.db" "$@"; }

# Every puzzle of puzzles.txt under a #rules line, and the same as csv.
grep -v '^#' "$data/rules/puzzles.txt" | awk -F'|' '{ print "#rules " $2; print $3 }' > all.txt
count=$(grep -c -v '^#' "$data/rules/puzzles.txt")
if S db import all.txt > out.txt 2> err.txt && grep -q "^added $count, duplicates 0, rejected 0$" out.txt; then
    ok import_every_family
else
    fail import_every_family "$(cat out.txt err.txt)"
fi
# The stored solutions are the known ones: the puzzles imported with their
# known solutions (csv) make the same rows as those whose solutions the
# solver found (a killer or jigsaw puzzle may be stored turned, its
# solution with it: docs/database.md).
{ echo "puzzle,solution,rules"
  grep -v '^#' "$data/rules/puzzles.txt" | awk -F'|' '{ print $3 "," $4 ",\"" $2 "\"" }'; } > known.csv
key="SELECT rules, givens, canonical, solution FROM puzzles ORDER BY rules, canonical"
if "$sudokit" --db known.db db import known.csv > out.txt 2>&1 &&
    grep -q "^added $count, duplicates 0, rejected 0$" out.txt &&
    sqlite3 known.db "$key" > want.txt && sqlite3 "$work/puzzles.db" "$key" > got.txt &&
    cmp -s want.txt got.txt; then
    ok known_solutions
else
    fail known_solutions "$(cat out.txt; diff want.txt got.txt | head -5)"
fi
n=$(sqlite3 "$work/puzzles.db" "SELECT count(*) FROM puzzles WHERE rules = '';
    SELECT count(*) FROM puzzle_summary WHERE rules = '6x6'")
[ "$(echo $n)" = "1 1" ] && ok classic_rules_stored_empty || fail classic_rules_stored_empty "$n"

# Clue counts past 81: --clues filters and db stats count up to 625.
S db query --clues 110 --rules 16x16 > q16.txt 2>&1 &&
    S db query --clues-min 298 --clues-max 625 > q25.txt 2>&1 &&
    [ "$(grep -c -v '^#' q16.txt)" = 1 ] && head -1 q16.txt | grep -q '^#rules 16x16$' &&
    [ "$(grep -c -v '^#' q25.txt)" = 1 ] && head -1 q25.txt | grep -q '^#rules 25x25$' &&
    ok clues_past_81 || fail clues_past_81 "$(cat q16.txt q25.txt)"
S db stats > stats.txt 2>&1 && S db stats --format json > stats.json 2>&1 &&
    grep -q '^by clues: .* 110:1 .*298:1' stats.txt && grep -q '"110":1,.*"298":1' stats.json &&
    ok stats_clues_past_81 || fail stats_clues_past_81 "$(cat stats.txt stats.json)"

# Again as csv with a rules column: every one a duplicate.
{ echo "puzzle,rules"; grep -v '^#' "$data/rules/puzzles.txt" | awk -F'|' '{ print $3 ",\"" $2 "\"" }'; } > all.csv
S db import all.csv > out.txt 2> err.txt && grep -q "^added 0, duplicates $count, rejected 0$" out.txt &&
    ok csv_duplicates || fail csv_duplicates "$(cat out.txt err.txt)"

# f-puzzles files and links.
if S db import "$data"/fpuzzles/*.json > out.txt 2> err.txt; then
    ok import_fpuzzles_files
else
    fail import_fpuzzles_files "$(cat out.txt err.txt)"
fi
expect_output fpuzzles_link_several_solutions 1 \
    "links.txt:4: puzzle 1: it has several solutions; only puzzles with exactly one solution are stored" \
    err.txt --db "$work/puzzles.db" db import "$data/fpuzzles/links.txt"

# --rules: one rules value, however written.
S db query --rules '9x9 X' > x1.txt 2>&1
S db query --rules 'x' > x2.txt 2>&1
if [ "$(grep -c -v '^#' x1.txt)" = 1 ] && head -1 x1.txt | grep -q '^#rules 9x9 x$' && cmp -s x1.txt x2.txt; then
    ok query_rules_normalised
else
    fail query_rules_normalised "$(cat x1.txt x2.txt)"
fi
# --rules with the spec a puzzle was imported under finds it, stored turned
# or not (the store keeps the rules' least turned image: docs/database.md).
missing=$(grep -v '^#' "$data/rules/puzzles.txt" | while IFS='|' read -r name spec rest; do
    S db query --rules "$spec" > one.txt 2>&1 && grep -q -v '^#' one.txt || echo "$name"
done)
[ -z "$missing" ] && ok query_rules_turned || fail query_rules_turned "not found: $missing"
S db export --rules 9x9 > classic.txt 2>&1
[ "$(wc -l < classic.txt)" = 1 ] && grep -q '^\.\.6\.7\.\.9' classic.txt && ok query_rules_classic ||
    fail query_rules_classic "$(cat classic.txt)"
S db query --rules 6x6 --format csv > six.csv
[ "$(cut -d, -f5 six.csv | sort -u | tr '\n' ' ')" = "6x6 rules " ] && ok query_rules_csv ||
    fail query_rules_csv "$(cat six.csv)"
expect_output query_rules_unknown_term 2 "query: rules '9x9 nosuch': column 5: unknown rule 'nosuch'" \
    err.txt --db "$work/puzzles.db" db query --rules '9x9 nosuch'
S db query --rules '5x5:none' > none.txt 2>&1 && [ ! -s none.txt ] && ok query_rules_nothing_stored ||
    fail query_rules_nothing_stored "$(cat none.txt)"

# What export writes, in each layout, imports as the same rows.
rows="SELECT rules, givens, canonical, solution, clues, symmetry FROM puzzles ORDER BY rules, canonical"
sqlite3 "$work/puzzles.db" "$rows" > rows.txt
for layout in line classic readable csv json fpuzzles; do
    rm -f again.db*
    if S db export --format "$layout" > "export.$layout" 2> err.txt &&
        "$sudokit" --db again.db db import "export.$layout" > out.txt 2>> err.txt &&
        sqlite3 again.db "$rows" > again.txt && cmp -s rows.txt again.txt; then
        ok "round_trip_$layout"
    else
        fail "round_trip_$layout" "$(cat err.txt; diff rows.txt again.txt | head -4)"
    fi
done

# The check passes, then names rows changed behind the store.
S db check > out.txt 2>&1 && grep -q '^ok$' out.txt && ok check_passes || fail check_passes "$(cat out.txt)"
# db merge takes them with their rules: into a new database every row
# comes as it is, merged again every row is a duplicate.
total=$(sqlite3 "$work/puzzles.db" "SELECT count(*) FROM puzzles")
if "$sudokit" db merge merged.db "$work/puzzles.db" > out.txt 2> err.txt &&
    grep -q "puzzles added $total, duplicates 0, not merged 0;" out.txt &&
    "$sudokit" db merge merged.db "$work/puzzles.db" > out.txt 2>> err.txt &&
    grep -q "puzzles added 0, duplicates $total, not merged 0;" out.txt &&
    sqlite3 merged.db "$rows" > merged.txt && cmp -s rows.txt merged.txt; then
    ok merge_keeps_rules
else
    fail merge_keeps_rules "$(cat out.txt err.txt; diff rows.txt merged.txt | head -4)"
fi
cp "$work/puzzles.db" changed.db
sqlite3 changed.db "UPDATE puzzles SET canonical = givens WHERE rules = '6x6';
    UPDATE puzzles SET givens = '................', canonical = '................', clues = 0,
        symmetry = 'rot90', solution = NULL WHERE rules = '4x4';
    UPDATE puzzles SET rules = '6x6 nosuch' WHERE rules = '6x6 x'"
six=$(sqlite3 changed.db "SELECT id FROM puzzles WHERE rules = '6x6'")
four=$(sqlite3 changed.db "SELECT id FROM puzzles WHERE rules = '4x4'")
"$sudokit" --db changed.db db check > out.txt 2> err.txt
status=$?
if [ "$status" = 1 ] && grep -q "^puzzle $six: canonical form is 43" out.txt &&
    grep -q "^puzzle $four: has several solutions" out.txt &&
    grep -q "its rules '6x6 nosuch' do not compile" out.txt; then
    ok check_finds_changed_rows
else
    fail check_finds_changed_rows "status $status: $(cat out.txt err.txt)"
fi

# Bad input: no solution, several, broken rules, each at its place.
printf '#rules 6x6\n43.....51..2.46......41.6..5......24\n#rules 4x4\n12..............\n#rules 6x6\n11......1..2.46......41.6..5......24\n' > bad.txt
S db import bad.txt > out.txt 2> err.txt
status=$?
if [ "$status" = 1 ] && grep -q "^added 0, duplicates 0, rejected 3$" out.txt &&
    grep -q "bad.txt:2: puzzle 1: it has no solution; only puzzles with exactly one solution are stored" err.txt &&
    grep -q "bad.txt:4: puzzle 2: it has several solutions" err.txt &&
    grep -q "bad.txt:6:2: puzzle 3: digit 1 twice in a row" err.txt; then
    ok bad_puzzles_refused
else
    fail bad_puzzles_refused "status $status: $(cat out.txt err.txt)"
fi

# docs/database.md's example, command by command, in a folder of its own.
mkdir doc && cd doc || exit 1
awk '/^## Puzzles under any rules/ { inside = 1 }
     inside && /^```console/ { code = 1; next }
     inside && code && /^```/ { exit }
     inside && code { print }' "$data/../../docs/database.md" > ../doc.txt
cmd="" file="" : > want.out
run_step() {
    if [ -n "$file" ]; then
        cp want.out "$file"
    elif [ -n "$cmd" ]; then
        (PATH=$(dirname "$sudokit"):$PATH && eval "$cmd") > got.out 2>&1
        if cmp -s got.out want.out; then
            ok "doc: $cmd"
        else
            fail "doc: $cmd" "$(diff want.out got.out)"
        fi
    fi
    : > want.out
}
while IFS= read -r line; do
    case $line in
    '$ cat '*) run_step; cmd="" file=${line#\$ cat } ;;
    '$ '*) run_step; file="" cmd=${line#\$ } ;;
    *) printf '%s\n' "$line" >> want.out ;;
    esac
done < ../doc.txt
run_step
[ -s puzzles.db ] && ok doc_example_ran || fail doc_example_ran "no database made"
cd ..

test_summary
