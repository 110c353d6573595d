#!/usr/bin/env bash
# sudokit serve's JSON API over real HTTP on the loopback: every route, the
# token, the Host and Origin checks, bad bodies, stale and concurrent moves,
# a game resumed in the terminal, and SIGTERM with the games saved.
. "$(dirname "$0")/serve_lib.sh"
command -v curl > /dev/null || { echo "SKIP: curl is not installed"; exit 77; }
"$SK" --db "$DB" db init --seeds > /dev/null 2>&1 || fail "cannot seed the database"
printf '%s\n' "$PUZZLE" > "$TMP/one.txt"
"$SK" --db "$DB" bench --store --solvers fast --time 0.05 --warmup 0 -q "$TMP/one.txt" \
    > /dev/null 2>&1 || fail "cannot store a benchmark run"
start_server

# req METHOD PATH [BODY] [CURL ARGS...]: sets CODE and BODY.
req() {
    local method=$1 path=$2 data=${3-}
    shift $(($# < 3 ? $# : 3))
    local args=(-s -o "$TMP/body" -w '%{http_code}' -X "$method" -H "X-Sudokit-Token: $TOKEN")
    [ -z "$data" ] || args+=(-H 'Content-Type: application/json' --data-binary "$data")
    CODE=$(curl "${args[@]}" "$@" "$BASE$path")
    BODY=$(cat "$TMP/body")
}
# want CODE TEXT WHAT: the last reply had status CODE and holds TEXT.
want() {
    [ "$CODE" = "$1" ] || fail "$3: status $CODE, want $1: $BODY"
    case $BODY in *"$2"*) ;; *) fail "$3: no '$2' in $BODY" ;; esac
}

# A bad address is a usage error; a port in use a failure.
"$SK" serve --db "$DB" --bind nonsense > /dev/null 2> "$TMP/err"; status=$?
[ $status = 2 ] && grep -q "not an IPv4 or IPv6 address" "$TMP/err" ||
    fail "--bind nonsense: status $status: $(cat "$TMP/err")"
"$SK" serve --db "$DB" --port "${BASE##*:}" > /dev/null 2> "$TMP/err"; status=$?
[ $status = 1 ] && grep -q "cannot listen on 127.0.0.1 port ${BASE##*:}" "$TMP/err" ||
    fail "a port in use: status $status: $(cat "$TMP/err")"

# Who may ask.
CODE=$(curl -s -o "$TMP/body" -w '%{http_code}' "$BASE/api/stats"); BODY=$(cat "$TMP/body")
want 401 '"error":"a valid token is needed' "no token"
case $TOKEN in *a) WRONG=${TOKEN%?}b ;; *) WRONG=${TOKEN%?}a ;; esac
CODE=$(curl -s -o "$TMP/body" -w '%{http_code}' -H "X-Sudokit-Token: $WRONG" "$BASE/api/stats")
BODY=$(cat "$TMP/body"); want 401 "token" "a wrong token"
req GET /api/stats "" -H "Host: sudokit.example:${BASE##*:}"; want 403 "Host header" "a DNS name as Host"
req GET /api/stats "" -H "Host: 127.0.0.1:1"; want 403 "Host header" "another port in Host"
# 2^32 more than the port: the same number once cut to an int.
req GET /api/stats "" -H "Host: 127.0.0.1:$((${BASE##*:} + 4294967296))"; want 403 "Host header" "a port that wraps to this one"
req GET /api/stats "" -H "Host: localhost:${BASE##*:}"; want 200 '"puzzles":1500' "localhost as Host"
CODE=$(curl -s -D "$TMP/headers" -o "$TMP/body" -w '%{http_code}' "$URL"); BODY=$(cat "$TMP/body")
want 200 '<svg id="board"' "the page with the URL's token"
# No cookie: browsers send a cookie of 127.0.0.1 to every port of it, so
# the page keeps the token itself and sends it in X-Sudokit-Token.
! grep -qi "^Set-Cookie" "$TMP/headers" || fail "the page sets a cookie: $(grep -i '^Set-Cookie' "$TMP/headers")"
grep -qi "^Content-Security-Policy: default-src 'self'" "$TMP/headers" || fail "no CSP"
CODE=$(curl -s -o "$TMP/body" -w '%{http_code}' -b "sudokit_${BASE##*:}=$TOKEN" "$BASE/api/stats")
BODY=$(cat "$TMP/body"); want 401 "token" "the old token cookie"
# The page's files hold no data and are the same in every sudokit: a
# <script> or <link> tag cannot send a header, so they need no token.
CODE=$(curl -s -o "$TMP/body" -w '%{http_code}' "$BASE/app.js"); BODY=$(cat "$TMP/body")
want 200 "X-Sudokit-Token" "the script, which sends the token"
CODE=$(curl -s -o "$TMP/body" -w '%{http_code}' -H "Host: sudokit.example:${BASE##*:}" "$BASE/")
BODY=$(cat "$TMP/body"); want 403 "Host header" "the page under a DNS name"
req GET /style.css; want 200 "--ink" "the style sheet"
req GET /charts.js; want 200 "export function drawRuns" "the charts' module"
req GET /svg.js; want 200 "export function el" "the SVG module"
req GET /../CMakeLists.txt; want 404 "no such page" "a path out of the page"
req GET /etc/passwd; want 404 "no such page" "a file by path"

# Another page of this machine (any other port of 127.0.0.1 is the same
# site to a browser) or another site gets nothing, reads included.
req GET /api/stats "" -H "Origin: http://127.0.0.1:1"; want 403 "cross-origin request refused" "a read from another port"
req GET /api/stats "" -H "Origin: null"; want 403 "cross-origin request refused" "a read from an opaque origin"
req GET /api/stats "" -H "Sec-Fetch-Site: same-site"; want 403 "Sec-Fetch-Site same-site" "a same-site read"
req GET /api/stats "" -H "Sec-Fetch-Site: cross-site"; want 403 "Sec-Fetch-Site cross-site" "a cross-site read"
req GET "/api/export?limit=1" "" -H "Sec-Fetch-Site: same-site"; want 403 "refused" "a same-site export"
req GET /api/stats "" -H "Origin: $BASE" -H "Sec-Fetch-Site: same-origin"; want 200 '"puzzles":' "a read of this page"
req GET /api/stats "" -H "Sec-Fetch-Site: none"; want 200 '"puzzles":' "a read the user typed"

# A request names no file and no strategy of its own: only the strategies
# of the loaded plugins, by name (a Lua file would run unsandboxed).
printf 'io.open("%s", "w"):write("ran")\nreturn {kind = "rater", rate = function() end}\n' \
    "$TMP/lua-ran" > "$TMP/rater.lua"
req GET "/api/path?puzzle=$PUZZLE&rater=lua:$TMP/rater.lua"
want 400 "rater: 'lua:$TMP/rater.lua' is not taken from a request" "a Lua rater file"
[ ! -e "$TMP/lua-ran" ] || fail "a request ran a Lua file"
req GET "/api/path?puzzle=$PUZZLE&rater=lua:/etc/shadow"; want 400 "loaded plugin" "a file as a rater"
case $BODY in *"/etc/shadow:"*) fail "an error quotes a file: $BODY" ;; esac
req GET "/api/path?puzzle=$PUZZLE&rater=lua"; want 400 "rater: 'lua'" "the Lua rater without a file"
req GET "/api/path?puzzle=$PUZZLE&rater=human:file=/etc/shadow"; want 400 "rater: " "options after a name"
req GET "/api/path?puzzle=$PUZZLE&rater=HUMAN"; want 200 '"step":1' "a plugin's rater in capitals"
req GET "/api/path?puzzle=$PUZZLE&rater-options=file=/etc/shadow"; want 400 "unknown argument 'rater-options'" "rater options"
req GET "/api/path?puzzle=$PUZZLE&output=$TMP/out"; want 400 "unknown argument 'output'" "an output file"
req GET "/api/puzzles?rater=lua:$TMP/rater.lua"; want 400 "rater: " "a Lua file as the rating filter"
req GET "/api/export?rater=../x&format=csv"; want 400 "rater: " "a path as the export's rater"
req GET "/api/export?format=../../x"; want 400 "format" "a path as a format"
req GET "/api/export?output=$TMP/out"; want 400 "unknown argument 'output'" "an export's output file"
req GET "/api/games?rater=lua:$TMP/rater.lua"; want 400 "rater: " "a Lua file as the games' rater"
req GET "/api/runs?solver=lua:$TMP/x"; want 400 "solver: " "a Lua file as the runs' solver"
req POST /api/games "{\"puzzle\":\"$PUZZLE\",\"rater\":\"lua:$TMP/rater.lua\"}"
want 400 "rater: 'lua:" "a new game with a Lua rater"
req POST /api/games "{\"generate\":true,\"generator\":\"lua:$TMP/rater.lua\"}"
want 400 "generator: 'lua:" "a new game with a Lua generator"
req POST /api/games "{\"puzzle\":\"$PUZZLE\",\"solver\":\"fast:$TMP/x\"}"; want 400 "solver: " "a solver with a file"
req POST /api/games "{\"puzzle\":\"$PUZZLE\",\"output\":\"$TMP/out\"}"; want 400 "unknown member 'output'" "a new game's output file"
req POST /api/games "{\"puzzle\":\"$PUZZLE\",\"color\":\"always\"}"; want 400 "unknown member 'color'" "a new game's colours"
[ ! -e "$TMP/lua-ran" ] && [ ! -e "$TMP/out" ] || fail "a request ran a file or wrote one"

# HEAD is answered for the page's files (their headers, no body); the API
# takes GET and POST only. Limits are answered in JSON.
CODE=$(curl -s -I -o "$TMP/headers" -w '%{http_code}' "$BASE/"); BODY=$(cat "$TMP/headers")
want 200 "text/html" "HEAD of the page"
req HEAD /api/stats "" -I; want 405 "Allow: GET" "HEAD of an API route"
long=$(head -c 9000 /dev/zero | tr '\0' a)
req GET "/api/stats?x=$long"; want 414 '"error":"the URL is longer than 8192 bytes' "a long URL"
many=$(printf 'a&%.0s' $(seq 3000))
req GET "/api/stats?$many"; want 414 '"error":"the URL has more than 64 arguments' "3000 arguments"
req GET /api/stats "" -H "X-Long: $(head -c 20000 /dev/zero | tr '\0' a)"
want 431 '"error":"the headers are larger than 16384 bytes' "a long header"
headers=(); for i in $(seq 70); do headers+=(-H "X-H$i: 1"); done
req GET /api/stats "" "${headers[@]}"; want 431 '"error":"more than 64 headers' "70 headers"
req GET "/api/stats?limit=1&limit=2"; want 400 "'limit' is given twice" "an argument twice"
req GET "/api/st%61ts"; want 200 '"puzzles":' "an escaped path"
req GET "/api/stats%00"; want 400 "NUL" "a NUL byte in the path"

# Explore, export, charts.
req GET "/api/puzzles?rater=human&level=2&limit=3"; want 200 '"level":2' "puzzles of level 2"
[ "$(printf '%s' "$BODY" | grep -o '"id":' | wc -l)" = 3 ] || fail "limit=3 gave: $BODY"
req GET "/api/puzzles?rater=human&level=9"; want 400 "level" "a bad level"
req GET "/api/puzzles?output=/tmp/x"; want 400 "unknown argument 'output'" "a file to write"
req GET "/api/puzzles?no-game&limit=1"; want 200 '"games":0' "a flag argument"
req GET "/api/path?puzzle=$PUZZLE"; want 200 '"step":1,"technique":' "the solve path"
case $BODY in *'"remove":'*) ;; *) fail "steps without eliminations: $BODY" ;; esac
req GET "/api/path?puzzle=${PUZZLE:0:80}"; want 400 "puzzle" "a short puzzle"
req GET "/api/export?rater=human&level=1&limit=2&format=csv"; want 200 "id,puzzle,canonical" "export as csv"
[ "$(printf '%s\n' "$BODY" | wc -l)" = 3 ] || fail "export limit=2 gave: $BODY"
req GET "/api/export?limit=1&format=pdf"; want 400 "format" "an unknown layout"
req GET /api/runs; want 200 '"solver":"fast"' "the stored benchmark run"
req GET /api/nope; want 404 "no such page or API route" "an unknown route"
req DELETE /api/games/1; want 405 "does not take DELETE" "a method no route takes"
req POST /api/stats '{}'; want 405 "only GET" "POST on a read-only route"

# A game: start, move, stale moves, bad bodies.
req POST /api/games "{\"puzzle\":\"$PUZZLE\"}"; want 201 '"status":"playing"' "a typed puzzle"
GAME=$(field game "$BODY"); V=$(field version "$BODY")
req POST /api/games '{"puzzle":"5.....................................................................1.........."}'
want 422 "more than one solution" "a puzzle with many solutions"
# The other ways to a new game: a level, an SE window, a database id, a
# freshly generated puzzle (each a game of its own puzzle).
req POST /api/games '{"level":"2"}'; want 201 '"status":"playing"' "a game of level 2"
P=$(field puzzle "$BODY")
req GET "/api/puzzles?id=$P&rater=human"; want 200 '"level":2' "the level 2 game's puzzle"
req POST /api/games '{"rating":"3.0-4.0"}'; want 201 '"status":"playing"' "a game in an SE window"
P=$(field puzzle "$BODY")
req GET "/api/puzzles?id=$P&rater=human"; want 200 "\"id\":$P" "the SE window game's puzzle"
score=$(field score "$BODY")
awk -v s="$score" 'BEGIN { exit !(s >= 3.0 && s <= 4.0) }' || fail "score $score is not in 3.0-4.0"
req POST /api/games '{"id":"7"}'; want 201 '"puzzle":7,' "a game of puzzle 7"
req POST /api/games '{"generate":true,"seed":"5"}'; want 201 '"status":"playing"' "a generated puzzle"
req POST /api/games '{"id":"999999"}'; want 422 "no such puzzle" "no such puzzle id"
req POST /api/games '{"level":"7"}'; want 400 "level" "a bad level"
req POST /api/games '{"keys":"/etc/passwd"}'; want 400 "unknown member 'keys'" "a key script path"
req POST /api/games '{"level":'; want 400 "malformed JSON body" "a cut body"
req POST /api/games '{"level":[1]}'; want 400 "not objects or arrays" "a nested value"
req POST /api/games '["level"]'; want 400 "one JSON object" "an array body"
head -c 70000 /dev/zero | tr '\0' ' ' > "$TMP/big"
req POST /api/games "" -H 'Content-Type: application/json' --data-binary @"$TMP/big"
want 413 "larger than 65536" "an oversized body"
CODE=$(curl -s -o "$TMP/body" -w '%{http_code}' -H "X-Sudokit-Token: $TOKEN" \
    -H 'Content-Type: text/plain' --data-binary '{}' "$BASE/api/games/$GAME")
BODY=$(cat "$TMP/body"); want 415 "must be JSON" "a form body"
req POST "/api/games/$GAME" '{}' -H 'Origin: http://evil.example'; want 403 "cross-origin" "another origin"
req POST "/api/games/$GAME" '{}' -H 'Sec-Fetch-Site: cross-site'; want 403 "cross-site" "a cross-site fetch"
req POST "/api/games/$GAME" "{\"version\":\"$V\",\"action\":\"place\",\"cell\":2,\"digit\":4}" \
    -H "Origin: $BASE"
want 200 '"cells":"534.7' "a placed digit"
V2=$(field version "$BODY")
req POST "/api/games/$GAME" "{\"version\":\"$V\",\"action\":\"place\",\"cell\":3,\"digit\":6}"
want 409 '"error":"the game moved on' "a stale move"
case $BODY in *"\"version\":\"$V2\""*) ;; *) fail "a stale move's reply lacks the state: $BODY" ;; esac
req POST "/api/games/$GAME" "{\"version\":\"$V2\",\"action\":\"jump\"}"; want 400 "unknown action" "an unknown action"
req POST "/api/games/$GAME" "{\"version\":\"$V2\",\"action\":\"place\",\"cell\":81,\"digit\":1}"
want 400 "cell 0-80" "a cell off the board"
req POST "/api/games/$GAME" "{\"version\":\"$V2\",\"action\":\"mark\",\"cell\":3,\"digit\":6}"
want 200 '"undo":2' "a pencil mark"
V=$(field version "$BODY")
req POST "/api/games/$GAME" "{\"version\":\"$V\",\"action\":\"hint\"}"; want 200 '"hint":{"text":' "a hint"
req GET "/api/games/$GAME"; want 200 '"hints":1' "the game"
req GET /api/games/999; want 404 "no saved game 999" "no such game"
req GET "/api/games?unfinished"; want 200 "\"game\":$GAME" "the unfinished games"

# Concurrent moves on one version (each would change the game): one wins,
# the others are told.
V=$(field version "$BODY")
req GET "/api/games/$GAME"; V=$(field version "$BODY")
movers=()
for c in 5 6 7 8 10 11 15 16; do
    curl -s -o /dev/null -w '%{http_code}\n' -H "X-Sudokit-Token: $TOKEN" \
        -H 'Content-Type: application/json' \
        --data-binary "{\"version\":\"$V\",\"action\":\"mark\",\"cell\":$c,\"digit\":1}" \
        "$BASE/api/games/$GAME" > "$TMP/code.$c" &
    movers+=($!)
done
wait "${movers[@]}"
codes=$(cat "$TMP"/code.* | sort | uniq -c | tr -s ' ' | tr '\n' ';')
[ "$codes" = " 1 200; 7 409;" ] || fail "concurrent moves: want one 200 and seven 409, got $codes"
req GET "/api/games/$GAME"; want 200 '"undo":3' "one concurrent move kept"

# The terminal takes the game up, and the page sees its move.
printf 'right right right right 7 q\n' > "$TMP/keys"
"$SK" --db "$DB" play --resume "$GAME" --keys "$TMP/keys" > "$TMP/play.out" 2> "$TMP/play.err" ||
    fail "play --resume: $(cat "$TMP/play.err")"
grep -q "^cells 534.7.7" "$TMP/play.out" || fail "the terminal's board: $(cat "$TMP/play.out")"
grep -q "^undo 4" "$TMP/play.out" || fail "the terminal kept the undo history: $(cat "$TMP/play.out")"
req POST "/api/games/$GAME" "{\"version\":\"$V\",\"action\":\"undo\"}"; want 409 "moved on" "a move on the page's old copy"
req GET "/api/games/$GAME"; want 200 '"cells":"534.7.7' "the terminal's move on the page"

stop_server TERM
[ "$STATUS" = 143 ] || fail "SIGTERM: status $STATUS, want 143"
grep -q "stopped; 5 open games saved" "$TMP/server.err" || fail "no save on SIGTERM: $(cat "$TMP/server.err")"
# A background job's SIGINT is ignored unless job control is on.
set -m
start_server
set +m
stop_server INT
[ "$STATUS" = 130 ] || fail "SIGINT: status $STATUS, want 130"
echo "serve API: every check passed"
