#!/bin/sh
# --shard K/N: for generate, rate and solve, and N in 1, 2, 3, 4 and 7, the
# N shards' outputs concatenated in K order are byte for byte the whole
# run's (stdout, and the per-puzzle problems on stderr), in several
# layouts, with bad puzzles and a missing file among the inputs of rate and
# solve; a shard fails (status 1) exactly when its block holds a bad
# puzzle. Bad shard specs are usage errors (status 2).
# usage: shard.sh SUDOKIT DATA_DIR
set -u
S=$1
DATA=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
export SUDOKIT_DB="$T/unused.db"
failed=0 passed=0
fail() {
    echo "FAIL: $*"
    failed=$((failed + 1))
}

grep -v '^#' "$DATA/17_clue_2000.txt" | head -20 > a.txt
{
    grep -v '^#' "$DATA/17_clue_2000.txt" | sed -n 30,32p
    echo "12.4bad"
    grep -v '^#' "$DATA/17_clue_2000.txt" | sed -n 21,25p
    # two 5s in the first row: read, then refused by the rules
    echo "55..............................................................................."
    grep -v '^#' "$DATA/17_clue_2000.txt" | sed -n 26,27p
} > b.txt

# problems FILE: the per-puzzle messages of a stderr (not the summaries).
problems() {
    grep ':[0-9]*: puzzle\|cannot open' "$1" || true
}

# check NAME N WORDS...: run `sudokit WORDS` whole and as N shards.
check() {
    name=$1 n=$2
    shift 2
    "$S" "$@" > whole.out 2> whole.err
    whole=$?
    : > parts.out
    : > parts.err
    worst=0
    k=0
    while [ $k -lt "$n" ]; do
        "$S" "$@" --shard "$k/$n" >> parts.out 2> part.err
        st=$?
        cat part.err >> parts.err
        [ $st -le 1 ] || fail "$name shard $k/$n: status $st: $(cat part.err)"
        [ $st -le $worst ] || worst=$st
        k=$((k + 1))
    done
    problems whole.err > whole.problems
    problems parts.err > parts.problems
    if ! cmp -s whole.out parts.out; then
        fail "$name N=$n: the shards' outputs differ from the whole run's"
        diff whole.out parts.out | head -5
    elif ! cmp -s whole.problems parts.problems; then
        fail "$name N=$n: the shards report other problems"
        diff whole.problems parts.problems | head -5
    elif [ $worst -ne $whole ]; then
        fail "$name N=$n: whole run status $whole, worst shard status $worst"
    else
        passed=$((passed + 1))
    fi
}

for n in 1 2 3 4 7; do
    check "generate line" $n generate --count 9 --seed 11 --index 3
    check "generate csv" $n generate --count 5 --seed 12 --format csv --jobs 2
    check "generate readable" $n generate --count 4 --seed 13 --format readable --solutions
    for f in line csv json classic readable; do
        check "solve $f" $n solve a.txt b.txt missing.txt --format $f
    done
    check "solve line, jobs 2" $n solve --jobs 2 b.txt a.txt
    for f in line csv readable; do
        check "rate $f" $n rate a.txt b.txt missing.txt --format $f
    done
    check "rate json, jobs 2" $n rate --jobs 2 b.txt --format json
done
# More shards than puzzles: the last ones are empty, and succeed.
head -3 a.txt > one.txt
check "solve 7 shards of 3 puzzles" 7 solve one.txt
"$S" solve one.txt --shard 6/7 > out 2> err && [ ! -s out ] ||
    fail "an empty block: status $?, output $(cat out err)"

# Bad specs: usage errors that say what would do.
for spec in 3/3 -1/2 a/b 1/0 1/ /2 "1 /2" 1/2/3 ""; do
    for op in "generate --seed 1" "rate a.txt" "solve a.txt"; do
        # shellcheck disable=SC2086
        "$S" $op --shard "$spec" > out 2> err
        st=$?
        if [ $st -ne 2 ]; then
            fail "$op --shard '$spec': status $st, not 2"
        elif ! grep -q "K/N\|K must be below N\|N must be from 1" err; then
            fail "$op --shard '$spec': $(cat err)"
        else
            passed=$((passed + 1))
        fi
    done
done
"$S" generate --shard 0/2 > out 2> err
[ $? -eq 2 ] && grep -q "needs --seed" err || fail "generate --shard without --seed: $(cat err)"
"$S" rate --shard 0/2 < a.txt > out 2> err
[ $? -eq 2 ] && grep -q "not stdin" err || fail "rate --shard of stdin: $(cat err)"
cat a.txt | "$S" solve --shard 1/2 /dev/stdin > out 2> err
[ $? -eq 2 ] && grep -q "not one" err || fail "solve --shard of a pipe: $(cat err)"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
