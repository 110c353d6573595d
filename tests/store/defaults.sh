#!/bin/sh
# The default rater (human, as the README says) is the one every level,
# rating and score filter and sort reads when no --rater is given, and its
# ratings are shown; a named rater without ratings is refused with the same
# message by query and games.
# usage: defaults.sh SUDOKIT
sudokit=$1
. "$(dirname "$0")/../test_lib.sh"
export SUDOKIT_DB="$work/t.db"

expect_output "a level filter on a store without ratings names the default rater" 2 \
    "read the default rater 'human', and no ratings by it are stored" err.txt \
    db query --level 3
grep -q classic err.txt && fail "the message never suggests classic" "$(cat err.txt)" ||
    ok "the message never suggests classic"

"$sudokit" db init --seeds > /dev/null 2>&1 || fail "db init --seeds" "exit status $?"
"$sudokit" db query --rater human --level 3 --limit 20 > want.txt 2>&1
expect_output "query --level 3 uses the default rater" 0 "hard" out.txt \
    db query --level 3 --limit 20
cmp -s out.txt want.txt && ok "query --level 3 is query --rater human --level 3" ||
    fail "query --level 3 is query --rater human --level 3" "$(diff out.txt want.txt)"

"$sudokit" db export --rater human --level evil --sort score --desc --limit 5 > want.txt
expect_output "export --level evil --sort score uses the default rater" 0 "." out.txt \
    db export --level evil --sort score --desc --limit 5
cmp -s out.txt want.txt && ok "export by the default rater is export by human" ||
    fail "export by the default rater is export by human" "$(diff out.txt want.txt)"
for flag in "--score-min 4" "--level-max 2" "--rated" "--hardest x-wing" "--sort score"; do
    # shellcheck disable=SC2086
    expect_output "query $flag without --rater" 0 "." out.txt db query $flag --limit 3
done

"$sudokit" print --from-db --level evil --sort score --limit 4 -o book.pdf > out.txt 2> err.txt
status=$?
if grep -q "built without the print module" err.txt; then
    ok "print --from-db --level evil --sort score (no print module: not run)"
elif [ "$status" -eq 0 ] && [ -s book.pdf ]; then
    ok "print --from-db --level evil --sort score uses the default rater"
else
    fail "print --from-db --level evil --sort score uses the default rater" "$(cat err.txt)"
fi

expect_output "query shows the default rater's ratings" 0 " easy " out.txt db query --limit 1

"$sudokit" db query --rater nope > /dev/null 2> query_err.txt
expect_output "games --rater nope is a usage error" 2 "no ratings by rater 'nope'" err.txt \
    games --rater nope
sed 's/^sudokit: games:/sudokit: query:/' err.txt | cmp -s - query_err.txt &&
    ok "games and query say the same of an unknown rater" ||
    fail "games and query say the same of an unknown rater" "$(cat err.txt query_err.txt)"
test_summary
