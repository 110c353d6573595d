#!/bin/sh
# The library example of docs/library.md, built against the installed tree
# with pkg-config alone, does what it says: its puzzles, solutions and
# ratings are the ones the installed sudokit gives for the same requests,
# its compiled-in rater is used, and its database holds what it stored.
# usage: test_library.sh PREFIX LIBDIR EXAMPLE_SOURCE CFLAGS
prefix=$1 libdir=$2 source=$3 cflags=$4
. "$(dirname "$0")/../test_lib.sh"
S=$prefix/bin/sudokit

export PKG_CONFIG_PATH="$prefix/$libdir/pkgconfig"
# shellcheck disable=SC2086 # cflags and pkg-config's output are word lists
if cc -std=c11 -Wall -Wextra -Werror -pedantic $cflags $(pkg-config --cflags sudokit) \
    -o example "$source" $(pkg-config --libs sudokit) \
    -Wl,-rpath,"$(pkg-config --variable=libdir sudokit)" 2> cc.log &&
    readelf -d example | grep -q 'NEEDED.*libsudokit\.so'; then
    ok example_builds_with_pkg_config
else
    fail example_builds_with_pkg_config "$(cat cc.log)"
    echo "$passed passed, $failed failed"
    exit 1
fi

mkdir run
if ./example run > out.txt 2> err.txt; then
    ok example_runs
else
    fail example_runs "status $?: $(cat err.txt)"
fi

# The plugins come from the folder installed beside libsudokit, plus the
# example's own rater; the executable's Lua strategies are not the library's.
plugins=$("$S" plugins | awk 'NR > 1 && $3 != "lua"' | wc -l)
grep -qx "strategies $((plugins + 1)), default solver fast" out.txt &&
    ok library_finds_the_installed_plugins ||
    fail library_finds_the_installed_plugins "$(head -1 out.txt), $plugins plugins listed"

sed -n 's/^generated //p' out.txt > generated.txt
"$S" generate -n 3 --seed 42 > cli_generated.txt 2> /dev/null
[ "$(wc -l < generated.txt)" -eq 3 ] && cmp -s generated.txt cli_generated.txt &&
    cmp -s generated.txt run/puzzles.txt &&
    ok generates_what_the_cli_generates ||
    fail generates_what_the_cli_generates "$(cat generated.txt) vs $(cat cli_generated.txt)"

sed -n 's/^solved \([^ ]*\) checked$/\1/p' out.txt > solved.txt
"$S" solve run/puzzles.txt > cli_solved.txt 2> /dev/null
[ "$(wc -l < solved.txt)" -eq 3 ] && cmp -s solved.txt cli_solved.txt &&
    ok solves_and_checks || fail solves_and_checks "$(grep '^solved' out.txt)"

# The rate operation writes its own line layout, the same as the CLI's.
grep -E '^[.1-9]{81} [0-9]' out.txt > rated.txt
"$S" rate --rater human run/puzzles.txt > cli_rated.txt 2> /dev/null
[ "$(wc -l < rated.txt)" -eq 3 ] && cmp -s rated.txt cli_rated.txt &&
    ok rates_as_the_cli_rates || fail rates_as_the_cli_rates "$(cat rated.txt)"

# The compiled-in rater: score = empty cells / 10.
expected=$(while read -r puzzle; do
    clues=$(printf %s "$puzzle" | tr -d . | wc -c)
    awk -v c="$clues" 'BEGIN { printf "givens %d clues: score %.1f\n", c, (81 - c) / 10 }'
done < generated.txt)
[ "$(sed -n 's/^\(givens .*score [0-9.]*\) level .*/\1/p' out.txt)" = "$expected" ] &&
    ok compiled_in_rater_rates || fail compiled_in_rater_rates "$(grep '^givens' out.txt)"

# The query lists the three stored puzzles, highest human score first.
sed -n 's/^stored #[0-9]* \([^ ]*\) score \([0-9.]*\) .*/\2 \1/p' out.txt > listed.txt
awk '{ printf "%.1f %s\n", $2, $1 }' rated.txt | sort -rn > by_score.txt
stored=$("$S" --db run/example.db db stats 2> /dev/null | sed -n 's/^puzzles: *\([0-9]*\).*/\1/p')
[ "$(wc -l < listed.txt)" -eq 3 ] && cmp -s listed.txt by_score.txt && [ "$stored" = 3 ] &&
    ok queries_what_it_stored ||
    fail queries_what_it_stored "$(cat listed.txt) vs $(cat by_score.txt), $stored stored"

./example > /dev/null 2>&1
[ $? -eq 2 ] && ok usage_error_is_status_2 || fail usage_error_is_status_2 "no DIR: not 2"

test_summary
