#!/bin/sh
# Generation rates of `sudokit generate --rules` per rules family and size,
# in one run, as ratios against classic 9x9 generation by `dig` (the
# default generator of classic puzzles): 4x4, 6x6, 9x9 X, a random jigsaw
# 9x9, killer 9x9 without givens and with three, 16x16 and 25x25, in
# puzzles a CPU second of the process (one job: one core), with issue 26's
# targets: 16x16 at least 2 a second, 25x25 at least one a minute, killer
# 9x9 without givens at least 5 a second. Each puzzle of the run is then
# counted to two by `sudokit solve --count` (not timed), so a rate is one
# of unique puzzles.
#
# usage: sh tests/bench/rules_generate.sh [BUILD_DIR] (default: build)
# environment: SCALE (multiplies every family's count, default 1), SEED
# (default 1), ONLY (families by name, e.g. "16x16,killer"; the classic
# baseline always runs)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
sudokit=$build/sudokit
scale=${SCALE:-1}
seed=${SEED:-1}
export SUDOKIT_PLUGIN_PATH=
[ -x "$sudokit" ] || { echo "rules_generate.sh: no sudokit in $build: build it first" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "rules_generate.sh: /usr/bin/time is missing: apt-get install time" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# name|label|count|target a second (0: none)|generate's arguments
cat > "$work/families" <<'EOF_FAMILIES'
classic|classic 9x9 (dig)|4000|0|
variant|classic 9x9 (variant)|500|0|-g variant
4x4|4x4|20000|0|--rules 4x4
6x6|6x6|5000|0|--rules 6x6
x|9x9 x|200|0|--rules 9x9_x
jigsaw|jigsaw 9x9 (random layout)|50|0|-g variant --generator-options regions=random
killer|killer 9x9, no givens|20|5|-g variant --generator-options killer=1
killer3|killer 9x9, 3 givens|20|0|-g variant --generator-options killer=1 --clues 3
16x16|16x16|10|2|--rules 16x16
25x25|25x25|2|0.0166667|--rules 25x25
EOF_FAMILIES

wanted() {
    [ -z "${ONLY:-}" ] || [ "$1" = classic ] || case ",$ONLY," in *",$1,"*) return 0 ;; *) return 1 ;; esac
}

printf '%-28s %8s %12s %10s %8s %s\n' family puzzles "CPU s" "a second" ratio target
base=
while IFS='|' read -r name label count target args; do
    wanted "$name" || continue
    n=$((count * scale))
    # shellcheck disable=SC2086 # the arguments are words; '_' stands for a space in a spec
    set -- $args
    for a; do shift; set -- "$@" "$(printf '%s' "$a" | tr _ ' ')"; done
    if ! /usr/bin/time -f '%U %S' -o "$work/time" \
        "$sudokit" generate -q -n "$n" --seed "$seed" "$@" > "$work/$name.txt" 2> "$work/err"; then
        echo "$label: generate failed: $(cat "$work/err")" >&2
        exit 1
    fi
    if ! "$sudokit" solve -q --count "$work/$name.txt" > /dev/null 2> "$work/err"; then
        echo "$label: a puzzle has not exactly one solution: $(cat "$work/err")" >&2
        exit 1
    fi
    seconds=$(awk '{ s = $1 + $2; print (s > 0.001 ? s : 0.001) }' "$work/time")
    rate=$(awk -v n="$n" -v s="$seconds" 'BEGIN { printf "%.3f", n / s }')
    [ -n "$base" ] || base=$rate
    verdict=
    if [ "$target" != 0 ]; then
        verdict=$(awk -v r="$rate" -v t="$target" \
            'BEGIN { printf "%s %s a second", (r >= t ? "meets" : "MISSES"), (t < 1 ? sprintf("%.4f", t) : t) }')
    fi
    printf '%-28s %8d %12s %10s %8s %s\n' "$label" "$n" "$seconds" "$rate" \
        "$(awk -v r="$rate" -v b="$base" 'BEGIN { printf "%.3g", r / b }')" "$verdict"
done < "$work/families"
