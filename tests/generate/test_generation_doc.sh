#!/bin/sh
# The examples of docs/generation.md's section on the hard end ("The hard end:
# `vicinity` and `clue-pattern`" and its subsections), taken from the document
# itself so the two cannot drift: every `sudokit` line of its code blocks is run
# as written, in order, in one folder holding hardest.txt (the first puzzles of
# tests/data/hardest_60.txt) and a store of the starter collection. Each must
# succeed; a generate line must print its -n puzzles (or store them with -q),
# each in its --rating window.
# usage: test_generation_doc.sh SUDOKIT DATA_DIR DOC
sudokit=$1
data=$2
doc=$3
. "$(dirname "$0")/../test_lib.sh"

grep -v '^#' "$data/hardest_60.txt" | head -n 20 > hardest.txt
export SUDOKIT_DB="$work/default.db"
"$sudokit" db init --seeds > /dev/null 2>&1 || fail "db init --seeds" "the default store"

# The section, up to the next section of the same depth.
awk '/^## The hard end/ { on = 1; print; next } on && /^## / { exit } on' "$doc" > section.md
awk '/^```/ { block = !block; next } block && /^sudokit / { sub(/ +# .*$/, ""); print }' \
    section.md > examples.txt
[ "$(wc -l < examples.txt)" -ge 8 ] || fail "examples" "$(wc -l < examples.txt) found in $doc"

# count_of LINE: the -n of a generate line, or 0.
count_of() { printf '%s\n' "$1" | sed -n 's/.* generate .*-n \([0-9]*\) .*/\1/p'; }
# window_of LINE: "MIN MAX" of a --rating window, or nothing.
window_of() { printf '%s\n' "$1" | sed -n 's/.*--rating \([0-9.]*\)-\([0-9.]*\).*/\1 \2/p'; }
# db_of LINE: the --db of a line, else the default store.
db_of() {
    db=$(printf '%s\n' "$1" | sed -n 's/^sudokit --db \([^ ]*\) .*/\1/p')
    echo "${db:-$SUDOKIT_DB}"
}

number=0
while IFS= read -r line; do
    number=$((number + 1))
    db=$(db_of "$line")
    before=$("$sudokit" --db "$db" db query --format line 2> /dev/null | wc -l)
    # The example as written, sudokit being this build's.
    sh -c "\"\$0\" ${line#sudokit }" "$sudokit" > out.txt 2> err.txt < /dev/null
    status=$?
    name="example $number: $line"
    if [ "$status" -ne 0 ]; then
        fail "$name" "status $status: $(tail -n 3 err.txt)"
        continue
    fi
    count=$(count_of "$line")
    # A shard makes its share of the run's -n.
    shards=$(printf '%s\n' "$line" | sed -n 's|.*--shard [0-9]*/\([0-9]*\).*|\1|p')
    [ -z "$shards" ] || count=$((count / shards))
    if [ -n "$count" ] && [ "$count" -gt 0 ]; then
        case $line in
        *--store*)
            made=$(($("$sudokit" --db "$db" db query --format line 2> /dev/null | wc -l) - before))
            [ "$made" -eq "$count" ] || { fail "$name" "$made stored, not $count"; continue; } ;;
        *)
            made=$(grep -c . out.txt)
            [ "$made" -eq "$count" ] || { fail "$name" "$made printed, not $count"; continue; } ;;
        esac
        window=$(window_of "$line")
        if [ -n "$window" ]; then
            # The run's puzzles, rated again with the default rater, are in the window.
            case $line in
            *--store*) "$sudokit" --db "$db" db query --sort id --format line 2> /dev/null |
                           tail -n "$count" | cut -c1-81 > made.txt ;;
            *) cut -c1-81 out.txt > made.txt ;;
            esac
            set -- $window
            outside=$("$sudokit" rate made.txt 2> /dev/null |
                awk -v lo="$1" -v hi="$2" '$2 + 0 < lo || $2 + 0 > hi || $2 ~ /\+/' | wc -l)
            [ "$outside" -eq 0 ] || { fail "$name" "$outside puzzles outside $1-$2"; continue; }
        fi
    elif [ ! -s out.txt ] && [ "${line#*db merge}" = "$line" ]; then
        fail "$name" "printed nothing"
        continue
    fi
    ok "$name"
done < examples.txt

# The merge holds both shards' puzzles.
merged=$("$sudokit" --db all.db db query --format line 2> /dev/null | wc -l)
[ "$merged" -eq 4 ] && ok "merged shards" || fail "merged shards" "$merged puzzles, not 4"

test_summary
