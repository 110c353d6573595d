#!/bin/sh
# The instruction limit of `sudokit run` where the count hook alone would
# not stop a script: message handlers, finalisers, errors caught where the
# script cannot yield. One CTest test per case: limits.sh SUDOKIT CASE
set -u
sudokit=$1 CASE=$2
. "$(dirname "$0")/../test_lib.sh"

# stopped NAME SCRIPT: `sudokit run --max-instructions 1000000` of SCRIPT
# (text) ends with status 1 and the limit's message, and prints no line
# the script writes after the loop ("escaped").
stopped() {
    printf '%s\n' "$2" > script.lua
    # The timeout only keeps a regression from hanging the suite.
    timeout 120 "$sudokit" run --max-instructions 1000000 script.lua > out.txt 2> err.txt
    status=$?
    if [ "$status" -ne 1 ]; then
        fail "$1" "exit status $status, not 1: $(cat out.txt err.txt)"
    elif ! grep -q "instruction limit 1000000 reached" err.txt; then
        fail "$1" "no limit message: $(cat err.txt)"
    elif grep -q escaped out.txt; then
        fail "$1" "the script went on after the limit: $(cat out.txt)"
    else
        ok "$1"
    fi
}

case_handler() {
    stopped "a loop in xpcall's message handler" \
        'print(xpcall(function() error("x") end, function() while true do end end)) print("escaped")'
    stopped "a loop in a handler of a handler" \
        'print(xpcall(error, function() return xpcall(error, function() while true do end end) end))
         print("escaped")'
    stopped "pcall in a sort comparator cannot catch the limit" \
        'table.sort({3, 2, 1, 4}, function() while true do pcall(function() while true do end end) end end)
         print("escaped")'
    stopped "a loop in __tostring called by print" \
        'print(setmetatable({}, {__tostring = function() while true do end end})) print("escaped")'
}

case_finaliser() {
    stopped "a loop in a finaliser run as the script ends" \
        'setmetatable({}, {__gc = function() while true do end end})'
    stopped "a loop in a finaliser run by collectgarbage" \
        'setmetatable({}, {__gc = function() while true do end end}) collectgarbage()
         for i = 1, 10000 do end print("escaped")'
    stopped "a finaliser set after setmetatable" \
        'local mt = {__gc = true} setmetatable({}, mt) mt.__gc = function() while true do end end'
    stopped "a hundred finalisers that catch the limit" \
        'local mt = {__gc = function() while true do pcall(function() while true do end end) end end}
         for i = 1, 100 do setmetatable({}, mt) end'
    printf '%s\n' 'local g = require("sudokit").grid(("."):rep(81))' \
        'print(getmetatable(g)) getmetatable(g).__gc = function() end' > class.lua
    "$sudokit" run --max-instructions 1000000 class.lua > out.txt 2> err.txt
    status=$?
    if [ "$status" -eq 1 ] && grep -q "^sudokit.grid$" out.txt && grep -q "index a string" err.txt; then
        ok "a C object's metatable is out of a script's reach"
    else
        fail "a C object's metatable is out of a script's reach" "status $status: $(cat out.txt err.txt)"
    fi
}

# What a finaliser does within the limit is as Lua does it.
case_finaliser_semantics() {
    cat > fin.lua <<'LUA'
local log = {}
local mt = {__gc = function(o) log[#log + 1] = o.name end}
local a = setmetatable({name = "a"}, mt)
setmetatable({name = "b"}, mt)
assert(getmetatable(a) == mt and rawget(mt, "__gc"))
collectgarbage() collectgarbage()
print("collected", table.concat(log, ","))
local kept
setmetatable({}, {__gc = function(o) kept = o end})
collectgarbage() collectgarbage()
print("resurrected", type(kept))
print("protected", pcall(setmetatable, setmetatable({}, {__metatable = 1}), {}))
print("error in __gc", pcall(function() setmetatable({}, {__gc = function() error("boom") end}) collectgarbage() end))
print("pcall", pcall(error, "caught"))
print("yield through pcall", coroutine.wrap(function() return pcall(coroutine.yield, "yielded") end)())
LUA
    for limit in "" "--max-instructions 1000000"; do
        # shellcheck disable=SC2086
        "$sudokit" run $limit fin.lua > "out$limit.txt" 2> err.txt || fail "fin.lua $limit" "$(cat err.txt)"
    done
    if cmp -s out.txt "out--max-instructions 1000000.txt" &&
        grep -q "^collected	b" out.txt && grep -q "^resurrected	table" out.txt &&
        grep -q "^protected	false	cannot change a protected metatable" out.txt &&
        grep -q "^error in __gc	true" out.txt && grep -q "^pcall	false	caught" out.txt &&
        grep -q "^yield through pcall	yielded" out.txt; then
        ok "finalisers, pcall and setmetatable behave the same under a limit"
    else
        fail "finalisers, pcall and setmetatable behave the same under a limit" \
            "$(cat out.txt "out--max-instructions 1000000.txt")"
    fi
}

"case_$CASE"
test_summary
