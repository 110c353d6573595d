#!/bin/sh
# Parity of the faces: every case of cases.txt (an operation and its keys)
# runs through the command line and through the Lua module; stdout, stderr
# and the exit status must be byte-identical. Then every key of every
# operation must be one that both faces take.
# usage: parity.sh SUDOKIT CASES PARITY_LUA DATA_DIR
set -u
S=$1 CASES=$2 LUA=$3 DATA=$4
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
export SUDOKIT_DB="$T/parity.db"
rm -f "$SUDOKIT_DB"
failed=0 passed=0
ok() { passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failed=$((failed + 1)); }

"$S" help --format commands > commands.txt || { echo "FAIL sudokit help --format commands"; exit 1; }
"$S" db init --seeds > /dev/null 2>&1 || { echo "FAIL cannot seed the database"; exit 1; }
echo 1 | "$S" play --level 2 --keys - > /dev/null 2>&1 || { echo "FAIL cannot start a game"; exit 1; }
grep -v '^#' "$DATA/17_clue_2000.txt" | head -20 > easy.txt
grep -v '^#' "$DATA/hardest_60.txt" | head -3 > hard.txt
"$S" bench --store --quiet --solvers fast --time 0.2 --warmup 0 easy.txt > /dev/null ||
    { echo "FAIL cannot record a benchmark run"; exit 1; }
"$S" generate -n 5 --seed 3 --format csv > gen.csv 2> /dev/null
"$S" --db other.db generate -n 4 --seed 5 --store --quiet > /dev/null 2>&1
printf '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n' > one.txt
cp "$DATA/formats/hodoku_library.txt" hodoku.txt

# cli_words OP KEY=VALUE...: the same keys as command line words.
cli_words() {
    printf '%s\n' "$1"
    shift
    for word in "$@"; do
        case $word in
        input=*) printf '%s\n' "${word#input=}" ;;
        puzzle=*) printf '%s\n' "${word#puzzle=}" ;;
        into=*) printf '%s\n' "${word#into=}" ;;
        *=*) printf -- '--%s\n%s\n' "${word%%=*}" "$(printf '%s' "${word#*=}" | tr + ' ')" ;;
        *) printf -- '--%s\n' "$word" ;;
        esac
    done
}

n=0
while IFS= read -r line; do
    case $line in '' | '#'*) continue ;; esac
    n=$((n + 1))
    # shellcheck disable=SC2086
    set -- $line
    op=$1
    db=""
    grep -qx "db $op" commands.txt && db=db
    cli_words "$@" | tail -n +2 > words
    # Each face starts from the same database, at the same path.
    cp parity.db work.db
    # shellcheck disable=SC2046
    (IFS='
'; exec "$S" --db work.db $db "$op" $(cat words)) > cli.out 2> cli.err
    cli_status=$?
    cp parity.db work.db
    "$S" --db work.db run "$LUA" "$@" > lua.out 2> lua.err
    lua_status=$?
    if [ $cli_status -ne $lua_status ]; then
        fail "case $n ($line): exit status cli $cli_status, lua $lua_status"; cat cli.err lua.err
    elif ! cmp -s cli.out lua.out; then
        fail "case $n ($line): stdout differs"; diff cli.out lua.out | head -5
    elif ! cmp -s cli.err lua.err; then
        fail "case $n ($line): stderr differs"; diff cli.err lua.err | head -5
    else
        ok
    fi
done < "$CASES"

# Every key of every operation: listed by the command line's --help and
# taken by the Lua module (an unknown key is an error there).
cat > keys.lua << 'LUA'
local sk = require "sudokit"
for _, op in ipairs(sk.operations()) do
  for _, key in ipairs(op.keys) do print(op.name, key.name, key.kind) end
end
LUA
"$S" run keys.lua > keys.txt || fail "sudokit.operations() failed"
while read -r op key kind; do
    # The command whose last word is the operation's name.
    command=$(grep -E "(^| )$op\$" commands.txt)
    [ -n "$command" ] || fail "$op: no command runs it"
    # shellcheck disable=SC2086
    "$S" $command --help 2> /dev/null | grep -q -- "--$key\b" ||
        [ "$key" = input ] || [ "$key" = puzzle ] || [ "$key" = into ] || fail "$op: --help lacks --$key"
    printf 'local sk = require "sudokit"\nlocal ok, err, s = sk["%s"]{["%s"] = "?"}\n' "$op" "$key" > probe.lua
    printf 'if not ok and err:find("unknown option") then print("unknown") end\n' >> probe.lua
    # The probe must not read the list of keys (an operation may read stdin).
    [ "$("$S" run probe.lua 2> /dev/null < /dev/null)" != unknown ] || fail "$op: Lua does not take $key"
    ok
done < keys.txt
echo "$passed checks passed, $failed failed ($n cases)"
[ $failed -eq 0 ]
