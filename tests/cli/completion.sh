#!/bin/bash
# The bash completion the build wrote, sourced in bash: the commands, a
# command's options, the strategies a --solver takes (as `sudokit plugins`
# lists them), the layouts of --format, levels, files, global options, and
# --name=value words.
# usage: bash completion.sh SUDOKIT COMPLETION_FILE
set -u
S=$1
# shellcheck disable=SC1090
source "$2" || { echo "FAIL cannot source $2"; exit 1; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
failed=0 passed=0

# complete WORD...: COMPREPLY for a command line whose last word is being
# completed, as one sorted line.
complete_words() {
    COMP_WORDS=("$S" "$@")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _sudokit
    printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ' | sed 's/ $//'
}

# expect WANT WORD...: the completions of WORD... are exactly WANT (sorted).
expect() {
    want=$(printf '%s\n' $1 | sort | tr '\n' ' ' | sed 's/ $//')
    shift
    got=$(complete_words "$@")
    if [ "$got" = "$want" ]; then
        passed=$((passed + 1))
    else
        echo "FAIL [$*]: want '$want', got '$got'"
        failed=$((failed + 1))
    fi
}

commands=$("$S" help --format commands | cut -d' ' -f1 | sort -u | tr '\n' ' ')
db_commands=$("$S" help --format commands | sed -n 's/^db //p' | tr '\n' ' ')
solvers=$("$S" plugins --kind solver | awk 'NR > 1 { print $2 }' | tr '\n' ' ')
raters=$("$S" plugins --kind rater | awk 'NR > 1 { print $2 }' | tr '\n' ' ')
[ -n "$solvers" ] && [ -n "$raters" ] || { echo "FAIL sudokit plugins lists no solver or rater"; exit 1; }

expect "$commands" ""
expect "solve" so
expect "generate games grids" g
expect "$db_commands" db ""
expect "query" db q
expect "--solver --solver-options" solve --sol
expect "$solvers" solve --solver ""
expect "$solvers" solve -s ""
expect "$raters" rate --rater ""
layouts=$("$S" help layouts | awk 'NR > 1 && $1 != "auto" { print $1 }' | tr '\n' ' ')
expect "$layouts" solve --format ""
expect "classic csv" solve --format = c
expect "table csv json" plugins --kind solver --format ""
expect "easy expert evil" --db x.db generate --level e
expect "auto always never" play --color ""
expect "never" play --color = n
expect "" solve --jobs ""
expect "--plugin-path" --plu
expect "--seed" -c 3 --se
touch puzzles.txt puzzles.csv
expect "puzzles.csv puzzles.txt" rate puz
expect "puzzles.csv puzzles.txt" solve --output puz
expect "puzzles.csv puzzles.txt" -s puz
expect "text markdown man commands bash examples" help --format ""
# The unfinished games' ids for --resume and --abandon (game 2 is abandoned).
export SUDOKIT_DB=$T/games.db
puzzle=530070000600195000098000060800060003400803001700020006060000280000419005000080079
for _ in 1 2 3; do echo q | "$S" play --puzzle $puzzle --keys - > /dev/null 2>&1; done
"$S" games --abandon 2 > /dev/null
expect "1 3" play --resume ""
expect "1 3" --db "$T/games.db" games --abandon ""
# The raters' technique names for --hardest, a space escaped.
expect "Skyscraper" db query --hardest Sky
expect 'Naked\ pair' db export --hardest Naked\ p
names=$("$S" help --format commands techniques | wc -l)
[ "$names" -gt 20 ] && passed=$((passed + 1)) ||
    { echo "FAIL help --format commands techniques: $names names"; failed=$((failed + 1)); }
expect "--max-cpu --max-instructions --max-memory" run --max
# Every option of every operation's --help is offered for its command.
while IFS= read -r words; do
    case $words in run | help) continue ;; esac
    # shellcheck disable=SC2086
    listed=$("$S" $words --help | sed -n 's/^  \(-., \)\{0,1\} *\(--[a-z][a-z-]*\).*/\2/p' |
        sort -u | tr '\n' ' ' | sed 's/ $//')
    # shellcheck disable=SC2086
    got=$(complete_words $words --)
    if [ "$got" = "$listed" ]; then
        passed=$((passed + 1))
    else
        echo "FAIL options of $words: --help has '$listed', completion '$got'"
        failed=$((failed + 1))
    fi
done < <("$S" help --format commands)
echo "$passed completions checked, $failed failed"
[ "$failed" -eq 0 ]
