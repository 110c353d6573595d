#!/bin/sh
# `sudokit generate --rules SPEC --level N` and `--rating A-B` (and Lua's
# sudokit.generate{rules = ..., level = ...}): under rules the rater rates,
# every puzzle made is rated again on its own by `rate --rules SPEC` and
# must have the level or a score in the window asked; under rules it does
# not rate (25x25, or a rater of classic puzzles only) the target is
# refused, and --requires and --hardest stay refused under any rules.
# usage: rules_levels.sh SUDOKIT GENERATION_MD
sudokit=$1 doc=$2
. "$(dirname "$0")/../test_lib.sh"

JIGSAW='9x9 jigsaw:aaabbbcccaabbdbbccaabddddccaabdddeecfffdeeeecfffffggeehfhggggiehhhgggiiihhhhiiiii'

# check_rated NAME RULES AWK_TEST ARGS...: generate puzzles under RULES
# with ARGS (three unless ARGS say how many; two at least), rate each
# puzzle alone, and check every rating line ($2 the score, $3 the level)
# passes AWK_TEST.
check_rated() {
    name=$1 rules=$2 test=$3
    shift 3
    if ! "$sudokit" generate -n 3 --seed 5 --rules "$rules" "$@" > "$name.txt" 2> "$name.err"; then
        fail "$name" "generate failed: $(cat "$name.err")"
        return
    fi
    : > "$name.rated"
    for puzzle in $(grep -v '^#' "$name.txt"); do
        "$sudokit" rate --rules "$rules" "$puzzle" 2>> "$name.err" | grep -v '^#' >> "$name.rated"
    done
    made=$(grep -vc '^#' "$name.txt")
    if [ "$made" -lt 2 ] || [ "$(wc -l < "$name.rated")" -ne "$made" ]; then
        fail "$name" "not one rating a puzzle: $(cat "$name.txt" "$name.rated" "$name.err")"
    elif ! awk "!($test) { bad = 1 } END { exit bad }" "$name.rated"; then
        fail "$name" "a rating misses the target: $(cat "$name.rated")"
    else
        ok "$name"
    fi
}

check_rated level_6x6 6x6 '$3 == 1' --level 1
check_rated level_x '9x9 x' '$3 == 2' --level 2
check_rated level_jigsaw "$JIGSAW" '$3 == 2' --level 2
check_rated window_x '9x9 x' '$2 >= 1.5 && $2 <= 2.0' --rating 1.5-2.0
check_rated window_jigsaw "$JIGSAW" '$2 >= 2.5 && $2 <= 4.0' --rating 2.5-4

# docs/generation.md's examples with a level or a rating window under
# rules: each puzzle they make is rated alone.
awk '/^### From the command line and Lua/ { inside = 1; next }
     inside && /^### / { exit }
     inside && /^```/ { code = !code; next }
     inside && code && /--rules/ && /--level|--rating/ { print }' "$doc" > doc-levels.txt
n=0
while IFS= read -r command; do
    n=$((n + 1))
    rules=$(printf '%s\n' "$command" | sed -n "s/.*--rules '\([^']*\)'.*/\1/p; s/.*--rules \([^ ']*\).*/\1/p")
    case $command in
    *--level*)
        level=$(printf '%s\n' "$command" | sed 's/.*--level \([0-9]\).*/\1/')
        test="\$3 == $level" ;;
    *)
        window=$(printf '%s\n' "$command" | sed 's/.*--rating \([0-9.]*\)-\([0-9.]*\).*/\1 \2/')
        test="\$2 >= ${window% *} && \$2 <= ${window#* }" ;;
    esac
    args=$(printf '%s\n' "$command" | sed "s/^sudokit generate //; s/--rules '[^']*'//; s/--rules [^ ']*//")
    # shellcheck disable=SC2086
    check_rated "doc_level_$n" "$rules" "$test" $args
done < doc-levels.txt
[ "$n" -ge 2 ] || fail doc_levels "only $n examples with a level or rating found in $doc"

expect_output level_25x25_refused 2 \
    "rules '25x25': levels and ratings are judged while generating only under rules the rater 'human' rates (rules up to 16x16" \
    err.txt generate --rules 25x25 --level 1
expect_output rater_classic_only_refused 2 \
    "rules '6x6': levels and ratings are judged while generating only under rules the rater 'hodoku' rates (classic 9x9 only" \
    err.txt generate --rules 6x6 --level 1 --rater hodoku
expect_output requires_refused 2 \
    "generate: --requires and --hardest are judged while generating classic 9x9 puzzles only, not under the rules '6x6'" \
    err.txt generate --rules 6x6 --requires 'Naked pair'

# Lua: the same operation; each puzzle it makes rated alone by the CLI.
cat > levels.lua <<'LUA'
local sudokit = require "sudokit"
local made = assert(sudokit.generate{rules = "9x9 x", level = 2, count = 2, seed = 3})
assert(#made == 2, "two puzzles")
local none, err = sudokit.generate{rules = "25x25", level = 1}
assert(none == nil and err:find("rules '25x25': levels and ratings are judged while generating only", 1, true), tostring(err))
for _, p in ipairs(made) do print(p.rules, p.puzzle) end
LUA
if "$sudokit" run levels.lua > lua.out 2> lua.err && [ "$(wc -l < lua.out)" -eq 2 ] &&
    cut -f2 lua.out | while read -r puzzle; do
        "$sudokit" rate --rules '9x9 x' "$puzzle" | grep -v '^#'
    done > lua.rated && [ "$(awk '$3 == 2' lua.rated | wc -l)" -eq 2 ]; then
    ok lua_generate_level
else
    fail lua_generate_level "$(cat lua.out lua.err lua.rated)"
fi

test_summary
