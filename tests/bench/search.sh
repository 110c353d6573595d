#!/bin/sh
# Benchmark of the searches of `sudokit generate` at the hard end (issue 28), on one
# job: how many puzzles of SE 9.5 or more, 10 or more and 10.5 or more a search finds per
# minute, from the starter collection's seeds (the default) and from a public hardest list;
# then the issue's target run, --rating 10-12 from the built-in seeds (at least one puzzle a
# minute on one core); the puzzles of SE 11 or more found from the hardest list compared with
# it by canonical form (db canon: the same line for every transformation of a puzzle), and
# the hardest puzzle found with its SE ER/EP/ED; then the rate of --requires runs for the
# techniques the issue names, and a --pattern run on the Patterns Game pattern of the tests
# (docs/generation.md names its source).
# usage: sh tests/bench/search.sh [BUILD_DIR] [HARDEST_LIST]
#   HARDEST_LIST (default ../shared/data/puzzles_hardest_1106.txt, the enjoysudoku
#   forum's "hardest sudokus" list of 2011-06-26; its first line names the source): the
#   seeds of the second run; the puzzles found are new to it (a search excludes its seeds).
# environment: MINUTES (each rating run's length, default 10), JOBS (default 1),
#   SEED (default 1), REQUIRES_N (puzzles per --requires run, default 3; 0 skips them),
#   PATTERN_N (puzzles of the pattern run, default 3; 0 skips it), KEEP=DIR (the found
#   puzzles kept there, as csv).
# Each run is stopped by SIGTERM at the end of its minutes (a search keeps what it found);
# rates are given per minute of wall-clock time and per minute of CPU time (user + system),
# with the run's CPU share, which is the fairer figure on a shared machine.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
sudokit=$build/sudokit
hardest=${2:-${SUDOKIT_SHARED_DATA:-$root/../shared/data}/puzzles_hardest_1106.txt}
minutes=${MINUTES:-10}
jobs=${JOBS:-1}
seed=${SEED:-1}
if [ ! -r "$hardest" ]; then
    echo "search.sh: $hardest is missing; give a hardest list as the second argument" >&2
    exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pattern="...xxx.....x...x..xx.....xx..x...x.....x.x.......x........x.......x.x....xx...xx."

# timed NAME SECONDS ARGS...: run generate ARGS (csv) for at most SECONDS, stopped by
# SIGTERM; the puzzles in NAME.csv, "WALL USER SYSTEM" (the last line of NAME.time, after
# time's note of a non-zero status), stderr in NAME.err.
timed() {
    name=$1 seconds=$2
    shift 2
    status=0
    # --foreground: the signal goes to generate alone, once (a second would end it at once).
    /usr/bin/time -f '%e %U %S' -o "$work/$name.time" timeout --foreground -s TERM "$seconds" \
        "$sudokit" generate --jobs "$jobs" --seed "$seed" --format csv "$@" \
        > "$work/$name.csv" 2> "$work/$name.err" || status=$?
    # 124: stopped at the end of its time; 0: done; 1: gave up (its message is shown).
    case $status in
    0 | 124) ;;
    1) sed -n '/no puzzle/p' "$work/$name.err" ;;
    *) echo "search.sh: generate $* ended with status $status: $(tail -n 3 "$work/$name.err")" >&2
       exit 1 ;;
    esac
    if [ -n "${KEEP:-}" ]; then mkdir -p "$KEEP" && cp "$work/$name.csv" "$KEEP/"; fi
}

# scores NAME: the score column of NAME.csv.
scores() {
    python3 -c 'import csv, sys
for row in csv.DictReader(sys.stdin):
    if row.get("score"): print(row["score"])' < "$work/$1.csv"
}

# rating_run NAME WINDOW SEED_ARGS...: a --rating WINDOW run of $minutes, its rates per minute.
rating_run() {
    name=$1 window=$2
    shift 2
    timed "$name" $((minutes * 60)) -n 1000000 --rating "$window" "$@"
    scores "$name" | awk -v t="$(tail -n 1 "$work/$name.time")" -v name="$name" '
        BEGIN { split(t, f, " "); wall = f[1] / 60; cpu = (f[2] + f[3]) / 60 }
        { n++; if ($1 >= 9.5) a++; if ($1 >= 10) b++; if ($1 >= 10.5) c++; if (n == 1 || $1 + 0 > best) best = $1 + 0 }
        END { printf "%-9s %5.1f min wall, %5.1f min CPU (CPU share %3.0f%%): %d puzzles, best %s\n",
                     name, wall, cpu, 100 * cpu / wall, n, best + 0
              printf "          per wall minute: >=9.5 %.2f  >=10 %.2f  >=10.5 %.2f\n",
                     a / wall, b / wall, c / wall
              printf "          per CPU minute:  >=9.5 %.2f  >=10 %.2f  >=10.5 %.2f\n",
                     a / cpu, b / cpu, c / cpu }'
    sed -n 's/^sudokit: generate: \([0-9]* puzzles; .*\)/          \1/p' "$work/$name.err" | tail -n 1
}

# count_run NAME COUNT ARGS...: COUNT puzzles of generate ARGS, the rate per CPU minute
# (its files named by NAME, spaces and slashes made underscores).
count_run() {
    label=$1 count=$2
    shift 2
    timed "$(printf '%s' "$label" | tr -c 'A-Za-z0-9.-' '_')" $((minutes * 60)) -n "$count" "$@"
    made=$(grep -c . "$work/$name.csv") || true
    [ "$made" -eq 0 ] || made=$((made - 1))
    awk -v t="$(tail -n 1 "$work/$name.time")" -v name="$label" -v n="$made" -v want="$count" '
        BEGIN { split(t, f, " "); cpu = (f[2] + f[3]) / 60; if (cpu <= 0) cpu = 0.001
                printf "%-28s %d of %d puzzles in %.2f CPU min (CPU share %3.0f%%): %.2f per CPU minute\n",
                       name, n, want, cpu, 100 * cpu / (f[1] / 60), n / cpu }'
}

# novelty: the puzzles of SE 11 or more of the hardest run, and how many are new to the list.
novelty() {
    python3 -c 'import csv, sys
for row in csv.DictReader(sys.stdin):
    if float(row["score"]) >= 11: print(row["puzzle"])' < "$work/hardest.csv" > "$work/eleven.txt"
    "$sudokit" db canon "$work/hardest.txt" 2> /dev/null | sort -u > "$work/list.canon"
    "$sudokit" db canon "$work/eleven.txt" 2> /dev/null | sort -u > "$work/eleven.canon"
    echo "SE >= 11 from $(basename "$hardest"): $(wc -l < "$work/eleven.txt") found," \
        "$(wc -l < "$work/eleven.canon") distinct up to symmetry," \
        "$(comm -23 "$work/eleven.canon" "$work/list.canon" | wc -l) new to its" \
        "$(wc -l < "$work/list.canon") (canonical forms compared)"
}

# hardest_found: the best puzzle of every run, rated again with its SE ER/EP/ED.
hardest_found() {
    best=$(for f in "$work"/*.csv; do python3 -c 'import csv, sys
for row in csv.DictReader(sys.stdin):
    if row.get("score"): print(row["score"], row["puzzle"])' < "$f"; done | sort -k1,1nr | head -n 1)
    [ -n "$best" ] || return 0
    echo "${best#* }" > "$work/best.txt"
    "$sudokit" rate --format csv "$work/best.txt" 2> /dev/null | python3 -c 'import csv, sys
for row in csv.DictReader(sys.stdin):
    print("hardest found: %s ER/EP/ED %s/%s/%s (%s)" % (row["puzzle"], row["score"],
          row["first_placement"], row["first_step"], row["hardest"]))'
}

echo "sudokit generate searches; $jobs job(s), seed $seed, $minutes min a rating run"
echo "== --rating 9.5-12 from the built-in seeds (the default), then from $(basename "$hardest")"
rating_run default 9.5-12
grep -v '^#' "$hardest" > "$work/hardest.txt"
rating_run hardest 9.5-12 --seeds "$work/hardest.txt"
novelty
echo "== the issue's target: --rating 10-12 from the built-in seeds"
rating_run target 10-12
if [ "${REQUIRES_N:-3}" -gt 0 ]; then
    echo "== --requires TECHNIQUE, ${REQUIRES_N:-3} puzzles each (at most $minutes min each)"
    # The chain families: static cycles and chains, Nishio, cell/region, dynamic.
    for technique in X-wing Swordfish XY-wing "Unique rectangle" X-cycle Y-cycle \
        "Forcing X-chain" "Bidirectional cycle" "Forcing chain" "Nishio forcing chain" \
        "Cell/region forcing chains" "Dynamic forcing chain" "Dynamic chain (+multiple chains)"; do
        count_run "requires $technique" "${REQUIRES_N:-3}" --requires "$technique"
    done
fi
if [ "${PATTERN_N:-3}" -gt 0 ]; then
    echo "== --pattern (Patterns Game 1.0 entry, docs/generation.md) --rating 7-12"
    count_run "pattern" "${PATTERN_N:-3}" --pattern "$pattern" --rating 7-12
fi
hardest_found
