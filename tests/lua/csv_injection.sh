#!/bin/sh
# Text from a hostile input, stored and exported as csv, neither runs as a
# shell command nor computes in a spreadsheet, and reads back as it was.
# usage: csv_injection.sh SUDOKIT
set -u
sudokit=$1
. "$(dirname "$0")/../test_lib.sh"
EASY=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
HARD=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
# A source that ends the line and runs a command: the options field (a
# quote, unquoted in csv) makes the shell take the csv quote that opens
# the source for text, so that the source's own quote closes it.
cat > store.lua <<LUA
local sk = require "sudokit"
local db = assert(sk.open())
assert(db:add(sk.grid("$EASY"), {options = "'", source = "x'\\ntouch PWNED #"}))
assert(db:add(sk.grid("$HARD"), {source = '=HYPERLINK("http://x","y")'}))
LUA
"$sudokit" --db stored.db run store.lua 2> err.txt || fail "store" "$(cat err.txt)"
"$sudokit" --db stored.db db export --format csv -o export.csv 2> err.txt ||
    fail "export" "$(cat err.txt)"

if sh export.csv > /dev/null 2>&1; [ -e PWNED ]; then
    fail "no line of the csv runs as a command" "sh export.csv made PWNED: $(cat export.csv)"
else
    ok "no line of the csv runs as a command"
fi
if [ "$(grep -cv '^[0-9]' export.csv)" -eq 1 ] && head -n 1 export.csv | grep -q '^id,'; then
    ok "every line is the header or begins with a record's id"
else
    fail "every line is the header or begins with a record's id" "$(cat export.csv)"
fi
if grep -q ",\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"," export.csv; then
    ok "a formula is written as text ('=...)"
else
    fail "a formula is written as text ('=...)" "$(cat export.csv)"
fi

# sudokit reads the file back: the same puzzles (the fields themselves
# read back exactly: tests/format/test_format_roundtrip.c, case formulas).
"$sudokit" --db back.db db import export.csv > /dev/null 2> err.txt ||
    fail "import of the csv" "$(cat err.txt)"
"$sudokit" --db back.db db export --format csv -o back.csv 2> err.txt ||
    fail "export again" "$(cat err.txt)"
if [ "$(cut -d, -f2 export.csv)" = "$(cut -d, -f2 back.csv)" ] && [ "$(wc -l < back.csv)" -eq 3 ]; then
    ok "sudokit reads the csv back"
else
    fail "sudokit reads the csv back" "$(cat export.csv back.csv)"
fi
test_summary
