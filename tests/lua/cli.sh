#!/bin/sh
# `sudokit run`: arg, exit status and traceback, limits, sandbox, rollback of
# a failed script, --db, and Lua raters used by the CLI.
# Usage: cli.sh SUDOKIT SCRATCH_DIR
set -u
SK=$1
DIR=$2
rm -rf "$DIR" && mkdir -p "$DIR" || exit 1
export SUDOKIT_DB="$DIR/default.db"
failed=0
fail() { echo "FAIL $1"; failed=1; }
ok() { echo "ok   $1"; }
# expect NAME STATUS PATTERN: the last command's status and combined output
expect() {
    if [ "$status" -ne "$2" ]; then fail "$1 (exit $status, wanted $2)"; cat "$DIR/out"; return; fi
    if ! grep -q -- "$3" "$DIR/out"; then fail "$1 (no '$3' in output)"; cat "$DIR/out"; return; fi
    ok "$1"
}
run() { "$SK" "$@" >"$DIR/out" 2>&1; status=$?; }

cat >"$DIR/args.lua" <<'LUA'
local a, b = ...
print(arg[0], arg[1], arg[2], a, b, arg[-1], #arg)
LUA
run run "$DIR/args.lua" one --two
expect "arg and ... as the standalone lua sets them" 0 "args.lua	one	--two	one	--two	run	2"

cat >"$DIR/fail.lua" <<'LUA'
local function inner() error("deliberate failure") end
local function outer() inner() end
outer()
LUA
run run "$DIR/fail.lua"
expect "a failing script exits 1 with its message" 1 "fail.lua:1: deliberate failure"
expect "a failing script prints its traceback" 1 "in local 'outer'"

run run "$DIR/missing.lua"
expect "a missing script is reported" 1 "cannot open"

run run
expect "no script is a usage error" 2 "name a script"
run run --max-memory lots "$DIR/args.lua"
expect "a bad --max-memory is a usage error" 2 "max-memory wants a byte count"
run run --help
expect "--help prints the usage" 0 "usage: sudokit run"

echo 'local n = 0 while true do n = n + 1 end' >"$DIR/loop.lua"
run run --max-instructions 50000 "$DIR/loop.lua"
expect "a runaway loop is stopped" 1 "script stopped: instruction limit 50000 reached"
cat >"$DIR/catch.lua" <<'LUA'
while true do pcall(function() while true do end end) end
LUA
run run --max-instructions 50000 "$DIR/catch.lua"
expect "catching the limit error does not escape it" 1 "instruction limit 50000 reached"
cat >"$DIR/co.lua" <<'LUA'
local co = coroutine.wrap(function() while true do coroutine.yield() end end)
while true do co() end
LUA
run run --max-instructions 50000 "$DIR/co.lua"
expect "coroutines count against the limit" 1 "instruction limit 50000 reached"

echo 'local t = {} for i = 1, 1e9 do t[i] = {i} end' >"$DIR/hog.lua"
run run --max-memory 4M "$DIR/hog.lua"
expect "a memory hog is stopped" 1 "not enough memory"
run run --max-memory 4M "$DIR/args.lua" x
expect "a small script runs under a memory limit" 0 "args.lua	x"

cat >"$DIR/sandbox.lua" <<'LUA'
local sk = require "sudokit"
print("io", io, "os", os, "debug", debug, "dofile", dofile, "loadfile", loadfile)
print("module", type(sk.grid))
print("require file", pcall(require, "args"))
print("binary chunk", load(string.dump(function() end)))
print("text chunk", load("return 1 + 1")())
LUA
cp "$DIR/args.lua" "$DIR/args_module.lua"
(cd "$DIR" && "$SK" run --sandbox sandbox.lua >"$DIR/out" 2>&1); status=$?
expect "--sandbox removes io, os, debug and file loading" 0 "io	nil	os	nil	debug	nil	dofile	nil	loadfile	nil"
expect "--sandbox keeps require \"sudokit\"" 0 "module	function"
expect "--sandbox keeps modules from files out" 0 "require file	false"
expect "--sandbox refuses binary chunks" 0 "binary chunk	nil	attempt to load a binary chunk"
expect "--sandbox keeps text chunks" 0 "text chunk	2"
(cd "$DIR" && "$SK" run sandbox.lua >"$DIR/out" 2>&1); status=$?
expect "without --sandbox the libraries are there" 0 "io	table"

# A sandboxed script cannot escape through a Lua rater it makes of itself.
cat >"$DIR/escape.lua" <<'LUA'
if os then os.execute("echo escaped > pwned.txt") return {kind = "rater", rate = function() end} end
local r, err = require("sudokit").rater("lua:" .. (arg and arg[0] or "escape.lua"))
print("nested", r, err)
LUA
(cd "$DIR" && rm -f pwned.txt && "$SK" run --sandbox --allow-read escape.lua escape.lua >"$DIR/out" 2>&1); status=$?
[ -e "$DIR/pwned.txt" ] && echo "pwned.txt was written" >>"$DIR/out"
expect "sandbox_inherited: a sandboxed script's Lua rater is sandboxed too" 0 "nested"
if [ -e "$DIR/pwned.txt" ]; then fail "sandbox_inherited: the nested state ran os.execute"; fi

# A script's instruction limit holds inside the Lua raters it makes.
cat >"$DIR/selfloop.lua" <<'LUA'
local sk = require "sudokit"
if ... == nil then return {kind = "rater", rate = function() while true do end end} end
local r = assert(sk.rater("lua:" .. arg[0]))
local g = sk.grid("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
while true do r:rate(g) end
LUA
run run --max-instructions 100000 "$DIR/selfloop.lua" go
expect "limits_inherited: a Lua rater made by the script shares its instruction limit" 1 "instruction limit 100000 reached"

# C code (pattern matching) is stopped by the CPU time limit.
echo 'print(("a"):rep(3000):find(("a-"):rep(12) .. "b"))' >"$DIR/pattern.lua"
run run --max-instructions 10000 --max-cpu 1 "$DIR/pattern.lua"
expect "max_cpu: --max-cpu stops a pattern match running in C" 1 "CPU time limit of 1 s reached"
run run --max-cpu soon "$DIR/args.lua"
expect "a bad --max-cpu is a usage error" 2 "max-cpu wants a whole number"

# Strategy objects hold C memory: it counts against --max-memory.
cat >"$DIR/objects.lua" <<'LUA'
local sk = require "sudokit"
local t = {}
for i = 1, 20000 do t[i] = assert(sk.solver("dlx")) end
LUA
run run --max-memory 8M "$DIR/objects.lua"
expect "c_memory_counted: 20000 solver objects pass an 8M limit" 1 "not enough memory"

# From the command line a Lua rater can be sandboxed with its options.
cat >"$DIR/rater_escape.lua" <<'LUA'
if os then os.execute("echo escaped > pwned.txt") end
return {kind = "rater", rate = function(grid) return {score = 1, level = 1} end}
LUA
printf '%s\n' "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79" >"$DIR/easy.txt"
(cd "$DIR" && rm -f pwned.txt && "$SK" rate --rater lua:rater_escape.lua --rater-options sandbox=1 easy.txt >"$DIR/out" 2>&1); status=$?
expect "cli_sandbox: rate --rater lua:FILE --rater-options sandbox=1 runs" 0 "1.00 1 easy"
if [ -e "$DIR/pwned.txt" ]; then fail "cli_sandbox: the sandboxed rater ran os.execute"; fi

PUZZLE="4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
OTHER="8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
cat >"$DIR/partial.lua" <<LUA
local sk = require "sudokit"
local db = assert(sk.open(arg[1]))
local g = assert(sk.grid("$PUZZLE"))
assert(db:begin())
assert(db:add(g))
assert(db:add(assert(sk.grid("$OTHER"))))
print("added", db:count())
error("stopped before commit")
LUA
echo 'local db = assert(require("sudokit").open(arg[1])) print("count", db:count())' >"$DIR/count.lua"
run run "$DIR/partial.lua" "$DIR/tx.db"
expect "the failing script wrote inside its transaction" 1 "added	2"
run run "$DIR/count.lua" "$DIR/tx.db"
expect "the writes of a failed script are rolled back" 0 "count	0"
echo 'local db = assert(require("sudokit").open()) print(db:path())' >"$DIR/dbpath.lua"
run --db "$DIR/chosen.db" run "$DIR/dbpath.lua"
expect "--db is sudokit.open()'s default" 0 "chosen.db"
run run "$DIR/dbpath.lua"
expect "else SUDOKIT_DB is" 0 "default.db"

cat >"$DIR/clues.lua" <<'LUA'
return {
  kind = "rater", name = "clues",
  rate = function(grid, ctx)
    if ctx.count(grid) ~= 1 then return nil, "not exactly one solution" end
    local clues = grid:clues()
    return {score = (81 - clues) / 10, level = clues < 25 and 5 or 1, hardest = "few clues", steps = 81 - clues}
  end,
}
LUA
printf '%s\n' "$PUZZLE" >"$DIR/one.txt"
echo 'return {kind = "solver"}' >"$DIR/notrater.lua"
if "$SK" rate --help >/dev/null 2>&1; then
    run rate --rater "lua:$DIR/clues.lua" "$DIR/one.txt"
    expect "sudokit rate --rater lua:FILE" 0 "6.4"
    run rate --rater "lua:$DIR/notrater.lua" "$DIR/one.txt"
    expect "a Lua file that is not a rater is refused" 2 "not \"rater\""
    run rate --rater "lua:$DIR/nothere.lua" "$DIR/one.txt"
    expect "a missing Lua rater file is reported" 2 "nothere.lua"
else
    echo "skip sudokit rate is not built"
fi
cat >"$DIR/fixed.lua" <<LUA
local sk = require "sudokit"
return {kind = "generator", generate = function(request, ctx)
  local p = assert(sk.grid("$PUZZLE"))
  local n, solution = ctx.count(p)
  return p:shuffle(request.seed + request.index), select(1, solution:shuffle(request.seed + request.index))
end}
LUA
if "$SK" generate --help >/dev/null 2>&1; then
    run generate -n 2 --seed 5 --rater "lua:$DIR/clues.lua" --rating 5.5-8 --format csv
    expect "sudokit generate --rater lua:FILE --rating" 0 "few clues"
    run generate -n 3 --seed 5 --generator "lua:$DIR/fixed.lua" --format csv --rater "lua:$DIR/clues.lua"
    expect "sudokit generate --generator lua:FILE" 0 "^2,.*,17,none,,lua:.*,6.40,0,5,evil"
else
    echo "skip sudokit generate is not built"
fi
exit $failed
