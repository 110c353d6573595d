#!/bin/sh
# Benchmark: generate and rate COUNT puzzles with a Lua pipeline
# (scripts/bench_generate.lua) and with `sudokit generate`, same seed, same
# count; check both wrote the same puzzles and ratings, then time them
# side by side with hyperfine (runs alternate, so machine load hits both).
# Usage: bench.sh SUDOKIT SCRIPTS_DIR [COUNT [SEED [RUNS]]]
set -eu
SK=$1
SCRIPTS=$2
COUNT=${3:-5000}
SEED=${4:-42}
RUNS=${5:-5}
OUT=${TMPDIR:-/tmp}/sudokit-bench-lua.$$
mkdir -p "$OUT"
trap 'rm -rf "$OUT"' EXIT
LUA_CMD="$SK run $SCRIPTS/bench_generate.lua $COUNT $SEED dig classic"
CLI_CMD="$SK generate -n $COUNT --seed $SEED --generator dig --rater classic --format csv"
$LUA_CMD >"$OUT/lua.csv"
$CLI_CMD >"$OUT/cli.csv"
if ! cmp -s "$OUT/lua.csv" "$OUT/cli.csv"; then
    echo "bench: the Lua pipeline and the CLI wrote different results" >&2
    exit 1
fi
echo "same $(($(wc -l <"$OUT/lua.csv") - 1)) puzzles and ratings from both"
hyperfine --style basic --warmup 1 --runs "$RUNS" --export-json "$OUT/times.json" \
    -n cli "$CLI_CMD >/dev/null" -n lua "$LUA_CMD >/dev/null"
python3 - "$OUT/times.json" <<'PY'
import json, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
cli, lua = r["cli"]["median"], r["lua"]["median"]
print(f"wall median: cli {cli:.3f} s, lua {lua:.3f} s, lua/cli = {lua / cli:.3f}")
cpu = {k: v["user"] + v["system"] for k, v in r.items()}
print(f"cpu mean:    cli {cpu['cli']:.3f} s, lua {cpu['lua']:.3f} s, "
      f"lua/cli = {cpu['lua'] / cpu['cli']:.3f}")
PY
