#!/bin/sh
# The files a sandboxed script may open (`sudokit run --sandbox` with
# --allow-read, --allow-write and --db): every way the module opens a file,
# refused unless granted, allowed when granted. One CTest test per case:
# sandbox.sh SUDOKIT CASE LUA_MD (docs/lua.md, whose example the docs case runs)
set -u
sudokit=$1 CASE=$2 DOC=$3
. "$(dirname "$0")/../test_lib.sh"
export SUDOKIT_DB="$work/default.db"
EASY=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
printf '%s\n' "$EASY" > easy.txt
mkdir granted elsewhere
printf 'kept\n' > elsewhere/kept.txt

# sandboxed SCRIPT [OPTIONS...]: run the Lua text SCRIPT with
# `sudokit $GLOBAL run --sandbox OPTIONS script.lua`; status in $status.
GLOBAL=
sandboxed() {
    printf '%s\n' "$1" > script.lua
    shift
    # shellcheck disable=SC2086
    "$sudokit" $GLOBAL run --sandbox "$@" script.lua > out.txt 2> err.txt
    status=$?
}

# refused NAME MODE PATH SCRIPT [OPTIONS...]: the script fails with status 1,
# naming PATH and the option that grants it (MODE read or write), and PATH
# is left as it was (missing, or holding what it held).
refused() {
    name=$1 mode=$2 path=$3 script=$4
    shift 4
    before=$(cat "$path" 2> /dev/null || echo missing)
    sandboxed "$script" "$@"
    after=$(cat "$path" 2> /dev/null || echo missing)
    verb=reading
    [ "$mode" = write ] && verb=writing
    want="sandbox: $verb $path is not allowed (grant it with --allow-$mode $path)"
    if [ "$status" -ne 1 ]; then
        fail "$name" "exit status $status, not 1: $(cat out.txt err.txt)"
    elif ! grep -qF -- "$want" err.txt; then
        fail "$name" "no '$want' on stderr: $(cat err.txt)"
    elif [ "$before" != "$after" ]; then
        fail "$name" "$path changed: $after"
    else
        ok "$name"
    fi
}

# allowed NAME SCRIPT [OPTIONS...]: the script runs with status 0.
allowed() {
    name=$1 script=$2
    shift 2
    sandboxed "$script" "$@"
    if [ "$status" -eq 0 ]; then ok "$name"; else fail "$name" "exit status $status: $(cat err.txt)"; fi
}

# exists NAME PATH: PATH was written.
exists() {
    if [ -s "$2" ]; then ok "$1"; else fail "$1" "$2 was not written"; fi
}

SK='local sk = require "sudokit"'

case_output() {
    refused "output= of generate" write out.csv \
        "$SK assert(sk.generate{count = 1, seed = 1, output = 'out.csv'})"
    refused "output= of solve, over a file" write elsewhere/kept.txt \
        "$SK sk.solve{input = '-', output = 'elsewhere/kept.txt'}" --allow-write granted < easy.txt
    GLOBAL="--db q.db"
    refused "output= of db:query" write granted/q.txt \
        "$SK local db = assert(sk.open()) db:query{output = 'granted/q.txt'}"
    GLOBAL=
    allowed "output= into a granted folder" \
        "$SK assert(sk.generate{count = 1, seed = 1, output = 'granted/out.csv', format = 'csv'})" \
        --allow-write granted
    exists "output= wrote the granted file" granted/out.csv
    allowed "output= of a granted file" \
        "$SK assert(sk.solve{input = 'easy.txt', output = 'one.txt'})" \
        --allow-read easy.txt --allow-write one.txt
    exists "output= wrote the granted file" one.txt
    refused "reading does not grant writing" write easy.txt \
        "$SK sk.solve{input = 'easy.txt', output = 'easy.txt'}" --allow-read easy.txt
}

case_grids() {
    refused "grids writes sudoku.txt by default" write sudoku.txt \
        "$SK sk.grids{count = 1}"
    refused "grids output=" write SANDBOX_WROTE \
        "$SK sk.grids{count = 1, output = 'SANDBOX_WROTE'}"
    refused "grids output=- is sudoku.txt" write sudoku.txt \
        "$SK sk.grids{count = 1, output = '-'}"
    allowed "grids into a granted folder" \
        "$SK assert(sk.grids{count = 2, seed = 1, output = 'granted/grids.txt'})" \
        --allow-write granted
    exists "grids wrote the granted file" granted/grids.txt
}

case_print() {
    refused "print output=" write book.svg \
        "$SK sk.print{input = '-', output = 'book.svg'}" < easy.txt
    allowed "print into a granted folder" \
        "$SK assert(sk.print{input = 'easy.txt', output = 'granted/book.pdf'})" \
        --allow-read easy.txt --allow-write granted
    exists "print wrote the granted file" granted/book.pdf
}

case_plot() {
    refused "rate plot=" write plot.svg \
        "$SK sk.rate{input = 'easy.txt', plot = 'plot.svg'}" --allow-read easy.txt
    refused "bench plot=" write bars.svg \
        "$SK sk.bench{input = 'easy.txt', plot = 'bars.svg', time = 0.01, warmup = 0}" \
        --allow-read easy.txt
    allowed "rate plot= into a granted folder" \
        "$SK assert(sk.rate{input = 'easy.txt', plot = 'granted/plot.svg'})" \
        --allow-read easy.txt --allow-write granted
    exists "rate wrote the granted plot" granted/plot.svg
}

case_merge() {
    "$sudokit" --db in.db db import easy.txt > /dev/null 2>&1 || fail "merge setup" "import"
    refused "merge into=" write into.db \
        "$SK sk.merge{into = 'into.db', input = 'in.db'}" --allow-write in.db
    refused "merge input=" write in.db \
        "$SK sk.merge{into = 'granted/into.db', input = 'in.db'}" --allow-write granted
    allowed "merge granted databases" \
        "$SK assert(sk.merge{into = 'granted/into.db', input = 'in.db'})" \
        --allow-write granted --allow-write in.db
    exists "merge wrote the granted database" granted/into.db
}

case_init() {
    refused "init without --db (the default database)" write "$SUDOKIT_DB" "$SK sk.init{}"
    GLOBAL="--db mine.db"
    allowed "init of the --db database" "$SK assert(sk.init{}) assert(sk.import{input = '-'})" < easy.txt
    exists "init wrote the --db database" mine.db
    allowed "the --db database is read and written" \
        "$SK local rows = assert(sk.query{}) assert(#rows == 1) assert(sk.open():count() == 1)"
    GLOBAL=
    refused "import into the default database" write "$SUDOKIT_DB" \
        "$SK sk.import{input = '-'}" < easy.txt
}

case_open() {
    refused "sudokit.open(path)" write evil.db "$SK sk.open('evil.db')"
    refused "sudokit.open() of the default database" write "$SUDOKIT_DB" "$SK sk.open()"
    allowed "sudokit.open of a granted file" "$SK assert(sk.open('granted/mine.db'))" \
        --allow-write granted
    exists "sudokit.open made the granted database" granted/mine.db
    refused "a database is written: reading is not enough" write granted/mine.db \
        "$SK sk.open('granted/mine.db')" --allow-read granted
}

case_read() {
    refused "sudokit.read(path)" read elsewhere/kept.txt \
        "$SK for g in sk.read('elsewhere/kept.txt') do end"
    allowed "sudokit.read of a granted file" \
        "$SK for g in sk.read('easy.txt') do print(g) end" --allow-read easy.txt
    refused "solve input=" read easy.txt "$SK sk.solve{input = 'easy.txt'}"
    refused "rate of a second input file" read elsewhere/kept.txt \
        "$SK sk.rate{input = {'easy.txt', 'elsewhere/kept.txt'}}" --allow-read easy.txt
    refused "bench input=" read easy.txt "$SK sk.bench{input = 'easy.txt'}"
    refused "canon input=" read easy.txt "$SK sk.canon{input = 'easy.txt'}"
    cp easy.txt granted/copy.txt
    allowed "solve input= of a granted folder" \
        "$SK assert(sk.solve{input = 'granted/copy.txt'})" --allow-read granted
}

case_keys() {
    GLOBAL="--db game.db"
    printf 'SECRETWORD of a file\n' > elsewhere/secret
    refused "play keys= of an ungranted file" read elsewhere/secret \
        "$SK sk.play{puzzle = '$EASY', keys = 'elsewhere/secret'}"
    if grep -q SECRETWORD err.txt out.txt; then
        fail "play keys= tells nothing of the file" "$(cat err.txt)"
    else
        ok "play keys= tells nothing of the file"
    fi
    games=$("$sudokit" --db game.db games --format csv 2> /dev/null | wc -l)
    if [ "$games" -le 1 ]; then ok "a refused key file saves no game"; else fail "a refused key file saves no game" "$games lines"; fi
    printf 'q\n' > keys.txt
    allowed "play keys= of a granted file" \
        "$SK assert(sk.play{puzzle = '$EASY', keys = 'keys.txt'})" --allow-read keys.txt
}

case_lua_rater() {
    cat > granted/r.lua <<'LUA'
return {kind = "rater", rate = function() return {score = 1, level = 1} end}
LUA
    cat > granted/writer.lua <<'LUA'
require("sudokit").grids{count = 1, output = "FROM_RATER"}
return {kind = "rater", rate = function() return {score = 1, level = 1} end}
LUA
    refused "sudokit.rater('lua:FILE')" read granted/r.lua "$SK sk.rater('lua:granted/r.lua')"
    refused "rate{rater = 'lua:FILE'}" read granted/r.lua \
        "$SK sk.rate{input = '-', rater = 'lua:granted/r.lua'}" < easy.txt
    refused "generate{rater = 'lua:FILE'}" read granted/r.lua \
        "$SK sk.generate{count = 1, level = 1, rater = 'lua:granted/r.lua'}"
    allowed "a granted Lua rater" \
        "$SK local r = assert(sk.rater('lua:granted/r.lua')) print(r:rate(sk.grid('$EASY')).score)" \
        --allow-read granted
    refused "a granted Lua rater writes under the script's policy" write FROM_RATER \
        "$SK sk.rater('lua:granted/writer.lua')" --allow-read granted
    expect_output "rate --rater-options sandbox=1: the rater opens no file" 2 \
        "sandbox: writing FROM_RATER is not allowed" err.txt \
        rate --rater lua:granted/writer.lua --rater-options sandbox=1 easy.txt
    [ -e FROM_RATER ] && fail "rate --rater-options sandbox=1" "FROM_RATER was written"
}

case_escape() {
    ln -s "$work/elsewhere" granted/link
    ln -s "$work/elsewhere/new.txt" granted/dangling
    refused "'..' out of a granted folder" write granted/../escaped.txt \
        "$SK sk.generate{count = 1, seed = 1, output = 'granted/../escaped.txt'}" --allow-write granted
    refused "a link out of a granted folder" write granted/link/kept.txt \
        "$SK sk.generate{count = 1, seed = 1, output = 'granted/link/kept.txt'}" --allow-write granted
    refused "a dangling link in a granted folder" write granted/dangling \
        "$SK sk.generate{count = 1, seed = 1, output = 'granted/dangling'}" --allow-write granted
    [ -e elsewhere/new.txt ] && fail "a dangling link" "elsewhere/new.txt was made"
    refused "a link out of a granted folder (read)" read granted/link/kept.txt \
        "$SK for g in sk.read('granted/link/kept.txt') do end" --allow-read granted
    refused "a sibling that shares the prefix" write granted2 \
        "$SK sk.generate{count = 1, seed = 1, output = 'granted2'}" --allow-write granted
}

case_stdio() {
    allowed "stdin and stdout stay open" \
        "$SK assert(sk.solve{input = '-', output = '-'}) for g in sk.read('-') do end print('done')" < easy.txt
    if grep -q "^done" out.txt && grep -q "^534678912" out.txt; then
        ok "stdout holds the solution"
    else
        fail "stdout holds the solution" "$(cat out.txt)"
    fi
}

case_unsandboxed() {
    "$sudokit" run - > out.txt 2> err.txt <<LUA
$SK
assert(sk.grids{count = 1, seed = 1, output = 'elsewhere/grids.txt'})
assert(sk.open('elsewhere/any.db'))
LUA
    status=$?
    if [ "$status" -eq 0 ] && [ -s elsewhere/grids.txt ] && [ -s elsewhere/any.db ]; then
        ok "without --sandbox a script writes where the user can"
    else
        fail "without --sandbox a script writes where the user can" "status $status: $(cat err.txt)"
    fi
    expect_output "--allow-write without --sandbox" 2 "add --sandbox" err.txt \
        run --allow-write granted script.lua
    ln -s nowhere dangling
    expect_output "--allow-read of a link to nowhere" 2 "cannot grant dangling" err.txt \
        run --sandbox --allow-read dangling script.lua
}

# The example of docs/lua.md ("Files in the sandbox"), taken from it.
case_docs() {
    section=$(awk '/^### Files in the sandbox/ { on = 1; next } on && /^##/ { exit } on' "$DOC")
    command=$(printf '%s\n' "$section" | awk '/^```sh/ { getline; print; exit }')
    printf '%s\n' "$section" | awk '/^```lua/ { on = 1; next } /^```/ { on = 0 } on' > untrusted.lua
    printed=$(printf '%s\n' "$section" | awk '/prints$/ { getline; print; exit }' | sed 's/^`//; s/`\.$//')
    mkdir out
    cp easy.txt puzzles.txt
    case $command in
    "sudokit "*) ;;
    *) fail "docs example" "no sudokit command in the section: $command" ;;
    esac
    # shellcheck disable=SC2086
    "$sudokit" ${command#sudokit } > out.txt 2> err.txt
    status=$?
    if [ "$status" -ne 0 ] || [ "$(cat out.txt)" != "$printed" ]; then
        fail "docs example" "status $status, printed '$(cat out.txt)', not '$printed': $(cat err.txt)"
    elif [ ! -s out/rated.csv ] || [ -e grids.txt ]; then
        fail "docs example" "out/rated.csv not written, or grids.txt written"
    elif [ "$("$sudokit" --db mine.db db query --format csv | wc -l)" -ne 2 ]; then
        fail "docs example" "mine.db does not hold the imported puzzle"
    else
        ok "docs example"
    fi
}

"case_$CASE"
test_summary
