# Shared helpers of the serve tests (sourced by bash): the sudokit binary
# ($1), a private seeded database, a server on a free loopback port.
set -u
SK=$1
TMP=$(mktemp -d "${TMPDIR:-/tmp}/sk-serve-test.XXXXXX")
SERVER_PID=""
cleanup() {
    [ -z "$SERVER_PID" ] || kill "$SERVER_PID" 2>/dev/null
    rm -rf "$TMP"
}
trap cleanup EXIT
DB="$TMP/serve.db"
PUZZLE=530070000600195000098000060800060003400803001700020006060000280000419005000080079

fail() {
    echo "FAIL: $*" >&2
    [ ! -s "$TMP/server.err" ] || sed 's/^/server: /' "$TMP/server.err" >&2
    exit 1
}

# start_server [OPTION...]: run `sudokit serve` on a free port with the
# options given; sets URL, BASE, TOKEN.
start_server() {
    # Emptied here, not by the background job's redirection, which may come
    # after the loop below has read the last server's URL.
    : > "$TMP/server.out"
    "$SK" serve --db "$DB" --port 0 "$@" > "$TMP/server.out" 2> "$TMP/server.err" &
    SERVER_PID=$!
    for _ in $(seq 100); do
        [ -s "$TMP/server.out" ] && break
        sleep 0.05
    done
    URL=$(head -n 1 "$TMP/server.out")
    case $URL in http://127.0.0.1:*/\?token=*) ;; *) fail "no URL printed: '$URL'" ;; esac
    BASE=${URL%/\?token=*}
    TOKEN=${URL#*token=}
}

# stop_server SIGNAL: stop it; sets STATUS to its exit status.
stop_server() {
    kill -"$1" "$SERVER_PID"
    STATUS=0
    wait "$SERVER_PID" || STATUS=$?
    SERVER_PID=""
}

# field NAME JSON: the first string or number value of NAME in JSON.
field() {
    printf '%s' "$2" | sed -n "s/^[^{]*{\(.*\)/\1/; s/.*\"$1\":\"\{0,1\}\([^\",}]*\).*/\1/p" | head -n 1
}
