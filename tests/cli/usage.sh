#!/bin/sh
# What a new user meets first: bare `sudokit` prints a short usage and the
# command list (no inner workings, no source path); `db --help` and `help
# db` list the db commands; a typo of a command or an option is answered
# with the nearest one; `play --resume` alone lists the unfinished games.
# usage: usage.sh SUDOKIT
sudokit=$1
. "$(dirname "$0")/../test_lib.sh"
export SUDOKIT_DB="$work/s.db"

"$sudokit" > out.txt 2> err.txt
status=$?
lines=$(wc -l < err.txt)
if [ "$status" -ne 2 ] || [ -s out.txt ]; then
    fail bare "exit $status (want 2), stdout: $(cat out.txt)"
elif [ "$lines" -gt 45 ]; then
    fail bare "$lines lines: a short usage is at most 45"
elif ! grep -q '^usage: sudokit' err.txt || ! grep -q '^  db query ' err.txt ||
    ! grep -q '^  solve ' err.txt; then
    fail bare "no usage line or command list: $(cat err.txt)"
elif grep -qiE 'operations layer|core/|\.c\b|\.h\b' err.txt; then
    fail bare "inner workings: $(grep -iE 'operations layer|core/|\.c\b|\.h\b' err.txt)"
elif awk 'length > 80 { exit 1 }' err.txt; then
    ok bare
else
    fail bare "a line wider than 80 columns: $(awk 'length > 80' err.txt)"
fi
# Nor does the whole manual name the inner workings.
"$sudokit" --help > out.txt
if grep -qiE 'operations layer|core/include' out.txt; then
    fail help_words "$(grep -iE 'operations layer|core/include' out.txt)"
else
    ok help_words
fi

for args in "db --help" "db -h" "help db"; do
    # shellcheck disable=SC2086
    expect_output "$args" 0 '^  db query  ' out.txt $args
done
expect_output "db alone" 2 '^  db merge  ' err.txt db
expect_output "help db query" 0 'usage: sudokit db query' out.txt help db query

expect_output "typo of a command" 2 "unknown command 'slove': did you mean 'solve'?" err.txt \
    slove puzzles.txt
expect_output "typo of a db command" 2 "did you mean 'db query'?" err.txt db qurey
expect_output "no near command" 2 "unknown command 'xyzzy' (see sudokit --help)" err.txt xyzzy
expect_output "typo of an option" 2 "unknown option '--solvr': did you mean '--solver'?" \
    err.txt solve --solvr dlx puzzles.txt
expect_output "typo of an option with a value" 2 "did you mean '--limit'?" err.txt \
    db query --limt=5
expect_output "typo of a global option" 2 "did you mean '--version'?" err.txt --verison
expect_output "no near option" 2 "unknown option '--frobnicate' (see sudokit solve --help)" \
    err.txt solve --frobnicate puzzles.txt

# play --resume alone: the unfinished games (one playing, one solved).
puzzle=530070000600195000098000060800060003400803001700020006060000280000419005000080079
echo q | "$sudokit" play --puzzle $puzzle --keys - > /dev/null 2>&1
echo q | "$sudokit" play --puzzle $puzzle --keys - > /dev/null 2>&1
"$sudokit" games --abandon 2 > /dev/null 2>&1
"$sudokit" play --resume > out.txt 2> err.txt
status=$?
if [ "$status" -ne 0 ]; then
    fail "play --resume" "exit $status: $(cat err.txt)"
elif awk '$1 == 1 && $7 == "playing"' out.txt | grep -q . && ! awk '$1 == 2' out.txt | grep -q .; then
    ok "play --resume"
else
    fail "play --resume" "not the one unfinished game: $(cat out.txt)"
fi
expect_output "play --resume ID" 0 "^status playing" out.txt play --resume 1 --keys /dev/null
test_summary
