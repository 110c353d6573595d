#!/bin/sh
# A store holds only puzzles with exactly one solution: import refuses the
# others by file and line and keeps the rest of the file, `db check` finds
# one stored by another way (Lua's db:add), and solve says when a puzzle has
# several solutions while still writing one.
# usage: unique.sh SUDOKIT DATA_DIR
sudokit=$1
data=$2
. "$(dirname "$0")/../test_lib.sh"
export SUDOKIT_DB="$work/t.db"

several=........................................................................12345678.
none=12345678.........9........................................................................
none=$(printf '%.81s' "$none")
grep -v '^#' "$data/17_clue_2000.txt" | head -n 2 > in.txt
{ echo "$several"; echo "$none"; grep -v '^#' "$data/17_clue_2000.txt" | sed -n 3p; } >> in.txt

expect_output "import refuses a puzzle with several solutions, by file and line" 1 \
    "in.txt:3: puzzle 3: it has several solutions" err.txt db import in.txt
grep -q "in.txt:4: puzzle 4: it has no solution" err.txt &&
    ok "import refuses a puzzle with no solution" ||
    fail "import refuses a puzzle with no solution" "$(cat err.txt)"
grep -q "^added 3, duplicates 0, rejected 2$" out.txt &&
    ok "import keeps the file's other puzzles" ||
    fail "import keeps the file's other puzzles" "$(cat out.txt)"
expect_output "import stores the solution it finds" 0 "^puzzles: *3 (3 with a solution" \
    out.txt db stats
expect_output "check passes a store of unique puzzles" 0 "^ok$" out.txt db check

cat > add.lua << LUA
local sk = require "sudokit"
local db = assert(sk.open())
assert(db:add(assert(sk.grid("$several"))))
LUA
"$sudokit" --db "$SUDOKIT_DB" run add.lua > out.txt 2>&1 || fail "db:add" "$(cat out.txt)"
expect_output "check finds a stored puzzle with several solutions" 1 \
    "^puzzle 4: has several solutions" out.txt db check

echo "$several" > several.txt
expect_output "solve says a puzzle has several solutions" 0 \
    "several.txt:1: puzzle 1: has several solutions; this is one of them" err.txt \
    solve several.txt
"$sudokit" solve --first several.txt > out.txt 2> err.txt && [ ! -s err.txt ] && [ -s out.txt ] &&
    ok "solve --first stops at the first solution" ||
    fail "solve --first stops at the first solution" "$(cat err.txt)"
expect_output "solve --count fails on several solutions" 1 "has several solutions" err.txt \
    solve --count several.txt
test_summary
