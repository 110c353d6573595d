#!/bin/sh
# Rules and boards in Lua (sudokit.rules, boards, solvers on boards): the
# example of docs/lua.md's "Rules and boards", run as it is written, its
# output the "-->" lines under its prints; then the refusals.
# usage: rules.sh SUDOKIT LUA_MD
sudokit=$1 doc=$2
. "$(dirname "$0")/../test_lib.sh"

awk '/^## Rules and boards/ { inside = 1 }
     inside && /^```lua/ { code = 1; next }
     inside && code && /^```/ { exit }
     inside && code { print }' "$doc" > example.txt
{ echo 'local sk = require "sudokit"'; grep -v '^-->' example.txt; } > example.lua
sed -n 's/^--> //p' example.txt > want.txt
if [ -s want.txt ] && "$sudokit" run example.lua > got.txt 2> err.txt && cmp -s got.txt want.txt; then
    ok doc_example
else
    fail doc_example "$(cat got.txt err.txt)"
fi

cat > refusals.lua <<'LUA'
local sk = require "sudokit"
local none, why = sk.rules("6x6 nosuch")
assert(none == nil and why:find("column 5: unknown rule 'nosuch'", 1, true), why)
local b = assert(sk.rules("4x4"):board())
assert(b:clues() == 0 and tostring(b) == ("."):rep(16))
b:set(4, 4, 4)
assert(b:get(4, 4) == 4 and b:clues() == 1)
assert(not pcall(b.set, b, 5, 1, 1), "row 5 of a 4x4 board")
assert(not pcall(b.set, b, 1, 1, 5), "digit 5 of a 4x4 board")
-- a classic-only solver refuses a board, naming the rules
local fast = assert(sk.solver("fast"))
local no, msg = fast:solve(b)
assert(no == nil and msg:find("4x4", 1, true), tostring(msg))
-- two solutions are counted, a board without one is said so
local general = assert(sk.solver("general"))
assert(general:count(b) == 2)
local bad = assert(sk.rules("4x4"):board(".23..4..1......."))
assert(select(2, general:solve(bad)) == "the puzzle has no solution")
-- db:add takes a board with a board of the same rules as its solution
local db <close> = assert(sk.open("refusals.db"))
local four = assert(sk.rules("4x4"):board("...3.3....4.1..."))
local stored, why = pcall(db.add, db, four, {solution = sk.rules("6x6"):board()})
assert(not stored and why:find("a board under the puzzle's rules '4x4'", 1, true), why)
local wrong, message = db:add(four, {solution = sk.rules("4x4"):board("1234123412341234")})
assert(wrong == nil and message:find("does not solve", 1, true), message)
print("ok")
LUA
if "$sudokit" run refusals.lua > out.txt 2> err.txt && [ "$(cat out.txt)" = ok ]; then
    ok refusals
else
    fail refusals "$(cat out.txt err.txt)"
fi

test_summary
