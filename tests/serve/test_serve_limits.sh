#!/usr/bin/env bash
# sudokit serve under slow clients: connections that send a header line
# every few seconds (which resets libmicrohttpd's idle timeout) more than
# fill the server's connection caps, yet a real request is answered while
# they last, and each of them is closed once its request is past its
# deadline. Liveness checks with generous bounds, not timings.
. "$(dirname "$0")/serve_lib.sh"
command -v curl > /dev/null || { echo "SKIP: curl is not installed"; exit 77; }
"$SK" --db "$DB" db init > /dev/null 2>&1 || fail "cannot make the database"
start_server
PORT=${BASE##*:}
SLOW=80 # more than the server's 64 connections in all (and 32 per client)
trap '' PIPE # a write to a connection the server closed fails, and says so

slow=()
for _ in $(seq "$SLOW"); do
    exec {fd}<> "/dev/tcp/127.0.0.1/$PORT" || fail "cannot open a slow connection"
    printf 'GET /api/stats HTTP/1.1\r\nHost: 127.0.0.1:%s\r\n' "$PORT" >&"$fd" 2> /dev/null
    slow+=("$fd")
done

# open_count: how many slow connections the server has not closed; each
# still open is sent one more header line.
open_count() {
    local n=0 fd
    for fd in "${slow[@]}"; do
        # A closed connection reads end of file at once; an open one times out.
        if read -r -t 0.05 -u "$fd" _ 2> /dev/null || [ $? -le 128 ]; then
            continue
        fi
        printf 'X-Slow: 1\r\n' >&"$fd" 2> /dev/null && n=$((n + 1))
    done
    echo "$n"
}

# A real request is answered while the slow connections last.
[ "$(open_count)" -gt 0 ] || fail "every slow connection was closed at once"
CODE=$(curl -s -o "$TMP/body" -w '%{http_code}' --max-time 60 -H "X-Sudokit-Token: $TOKEN" \
    "$BASE/api/stats")
[ "$CODE" = 200 ] || fail "a real request among $SLOW slow connections: status $CODE"
still=$(open_count)
[ "$still" -gt 0 ] || fail "no slow connection was left open: the check proves nothing"
echo "a real request was answered with $still slow connections open"

# Each slow connection is closed once its request is past its deadline,
# though it keeps sending (a header line every 2 s).
for _ in $(seq 30); do
    still=$(open_count)
    [ "$still" -eq 0 ] && break
    sleep 2
done
[ "$still" -eq 0 ] || fail "$still slow connections still open after 60 s of trickling"
CODE=$(curl -s -o "$TMP/body" -w '%{http_code}' --max-time 60 -H "X-Sudokit-Token: $TOKEN" \
    "$BASE/api/stats")
[ "$CODE" = 200 ] || fail "a request after the slow ones: status $CODE"
stop_server TERM
echo "serve limits: every check passed"
