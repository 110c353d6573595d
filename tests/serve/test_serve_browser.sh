#!/usr/bin/env bash
# sudokit serve in a real browser: headless Chromium (the system's, driven
# by puppeteer-core) plays a game in the page (browser.js), at a desktop's
# and a phone's size, then the terminal resumes that same game with its
# undo history. Set SUDOKIT_SCREENSHOTS=DIR to keep the screenshots.
. "$(dirname "$0")/serve_lib.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
[ -n "$CHROMIUM" ] && [ -x "$CHROMIUM" ] || { echo "SKIP: no Chromium (sh scripts/install-deps.sh --tests installs it)"; exit 77; }
command -v node > /dev/null || { echo "SKIP: no Node.js (sh scripts/install-deps.sh --tests installs it)"; exit 77; }
(cd "$HERE" && node -e 'require.resolve("puppeteer-core")' 2> /dev/null) ||
    { echo "SKIP: no puppeteer-core (run: npm ci --prefix tests/serve)"; exit 77; }
export CHROMIUM
"$SK" --db "$DB" db init --seeds > /dev/null 2>&1 || fail "cannot seed the database"
# Runs of four solvers, fast to slow (backtrack guesses 1084 times on this
# puzzle), on two data sets, one with a long name: the chart of the runs.
printf '%s\n' "$PUZZLE" > "$TMP/one.txt"
cp "$TMP/one.txt" "$TMP/the-same-puzzle-under-a-long-file-name.txt"
"$SK" --db "$DB" bench --store --solvers fast,dlx,propagate,backtrack --time 0.05 --warmup 0 -q \
    "$TMP/one.txt" "$TMP/the-same-puzzle-under-a-long-file-name.txt" \
    > /dev/null 2>&1 || fail "cannot store the benchmark runs"
start_server

SHOTS=${SUDOKIT_SCREENSHOTS:-$TMP}
mkdir -p "$SHOTS" || fail "cannot make the folder $SHOTS"
node "$HERE/browser.js" "$URL" "$SHOTS" > "$TMP/browser.out" 2> "$TMP/browser.err" ||
    fail "the browser: $(cat "$TMP/browser.err")"
read -r word GAME CELLS < "$TMP/browser.out"
[ "$word" = game ] || fail "the browser printed no game: $(cat "$TMP/browser.out")"
stop_server TERM
# The game of the desktop, the chain hint's and the one started at the phone's size.
grep -q "stopped; 3 open games saved" "$TMP/server.err" || fail "no save on SIGTERM: $(cat "$TMP/server.err")"

# The terminal takes the page's game up with its undo history: one undo
# takes back the last move kept (the first tab's 1 on r1c7), before the
# page's undone 5 on r1c8 in the redo history.
printf 'u q\n' > "$TMP/keys"
"$SK" --db "$DB" play --resume "$GAME" --keys "$TMP/keys" > "$TMP/play.out" 2> "$TMP/play.err" ||
    fail "play --resume $GAME: $(cat "$TMP/play.err")"
want="${CELLS:0:6}.${CELLS:7}"
grep -q "^cells $want\$" "$TMP/play.out" || fail "the terminal's board is not the page's less one move: $(cat "$TMP/play.out")"
grep -q "^undo 4\$" "$TMP/play.out" || fail "the undo history: $(cat "$TMP/play.out")"
grep -q "^redo 2\$" "$TMP/play.out" || fail "the redo history: $(cat "$TMP/play.out")"
# The tabs' 2 and 1 in row 1 took those marks from r1c4; the undo gives
# the 1 back.
marks=$(sed -n 's/^marks //p' "$TMP/play.out")
[ "$(printf '%s' "$marks" | cut -c10-12)" = 001 ] || fail "marks of r1c4 (1 alone): $marks"
grep -q "^hints 1\$" "$TMP/play.out" || fail "the page's hint is not counted: $(cat "$TMP/play.out")"
echo "serve in the browser: every check passed"
