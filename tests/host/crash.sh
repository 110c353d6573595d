#!/bin/sh
# A plugin that faults is named on stderr, the process dies of the signal,
# and what the database had committed stays sound.
# usage: crash.sh SUDOKIT CRASH_SOLVE_SO CRASH_ENTRY_SO DATA_DIR SANITIZED(0|1)
set -u
S=$1 SOLVE_SO=$2 ENTRY_SO=$3 DATA=$4 SANITIZED=$5
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() {
    echo "FAIL: $*" >&2
    exit 1
}
puzzle=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79

# The signal is the exit status (128 + 11), unless a sanitizer took over.
died_of_segv() {
    [ "$SANITIZED" = 1 ] || [ "$1" -eq 139 ]
}

echo "$puzzle" | "$S" --plugin-path "$SOLVE_SO" solve --solver crash > /dev/null 2> "$T/err"
status=$?
grep -q "sudokit: SIGSEGV (invalid memory access) in solver 'crash' (solve) of plugin 'crashtest' (.*crash_solve.so): a defect of the plugin" "$T/err" ||
    fail "solve crash not named: $(cat "$T/err")"
died_of_segv $status || fail "solve crash: exit status $status, not the signal"

"$S" --plugin-path "$ENTRY_SO" plugins > /dev/null 2> "$T/err"
status=$?
grep -q "sudokit: SIGSEGV (invalid memory access) while loading plugin .*crash_entry.so (entry symbol)" "$T/err" ||
    fail "entry crash not named: $(cat "$T/err")"
died_of_segv $status || fail "entry crash: exit status $status, not the signal"

# Committed data survives a plugin crash in a later command.
DB=$T/c.db
"$S" --db "$DB" db import "$DATA/17_clue_2000.txt" > /dev/null || fail "import"
"$S" --plugin-path "$SOLVE_SO" --db "$DB" generate -n 50 --store --solver crash \
    > /dev/null 2> "$T/err"
grep -q "in solver 'crash'" "$T/err" || fail "generate crash not named: $(cat "$T/err")"
"$S" --db "$DB" db check > "$T/out" || fail "db check after the crash: $(cat "$T/out")"
n=$("$S" --db "$DB" db stats | sed -n 's/^puzzles: *\([0-9]*\).*/\1/p')
[ "$n" -eq 2000 ] || fail "$n puzzles after the crash, 2000 committed before it"
echo "ok"
