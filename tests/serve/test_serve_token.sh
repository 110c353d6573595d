#!/usr/bin/env bash
# serve --token-file: the token kept from one start to the next (so a
# bookmark of the printed URL keeps working), in a file made whole with
# mode 0600 when missing; a file others may read, not of this user's,
# holding no token, or a link to nothing is refused with its name and what
# to do.
. "$(dirname "$0")/serve_lib.sh"
"$SK" --db "$DB" db init > /dev/null 2>&1 || fail "cannot make the database"
mkdir "$TMP/keep" || fail "cannot make a folder"
FILE=$TMP/keep/token

# stats TOKEN: the HTTP status of /api/stats with that token.
stats() {
    curl -s -o /dev/null -w '%{http_code}' -H "X-Sudokit-Token: $1" "$BASE/api/stats"
}

# Without the option, a new token at every start.
start_server; first=$TOKEN; stop_server TERM
start_server; [ "$TOKEN" != "$first" ] || fail "two starts without --token-file gave one token"
stop_server TERM

# Missing: made, mode 0600, holding the printed token, and said so.
start_server --token-file "$FILE"
[ -f "$FILE" ] || fail "no token file made"
[ "$(stat -c %a "$FILE")" = 600 ] || fail "the token file's mode is $(stat -c %a "$FILE"), not 600"
[ "$(cat "$FILE")" = "$TOKEN" ] || fail "the file holds '$(cat "$FILE")', the URL $TOKEN"
case $TOKEN in [0-9a-f]*) [ ${#TOKEN} = 32 ] || fail "token '$TOKEN'" ;; *) fail "token '$TOKEN'" ;; esac
grep -q "a new token, kept in $FILE" "$TMP/server.err" || fail "not told of the new file: $(cat "$TMP/server.err")"
[ "$(ls -A "$TMP/keep")" = token ] || fail "files left beside the token file: $(ls -A "$TMP/keep")"
[ "$(stats "$TOKEN")" = 200 ] || fail "the kept token is refused"
kept=$TOKEN
stop_server TERM

# Present: the same token again, so the old URL works; nothing else does.
start_server --token-file "$FILE"
[ "$TOKEN" = "$kept" ] || fail "the second start printed $TOKEN, not the kept $kept"
! grep -q "a new token" "$TMP/server.err" || fail "a new token made though the file exists"
[ "$(stats "$kept")" = 200 ] || fail "the bookmarked token is refused after a restart"
[ "$(stats "$first")" = 401 ] || fail "another token is taken"
stop_server TERM

# A token the user wrote (upper case hex, a CRLF line end) is taken as is.
printf 'ABCDEF0123456789ABCDEF0123456789\r\n' > "$TMP/own"; chmod 600 "$TMP/own"
start_server --token-file "$TMP/own"
[ "$TOKEN" = ABCDEF0123456789ABCDEF0123456789 ] || fail "the user's token: $TOKEN"
stop_server TERM

# refused WHAT PATTERN FILE: serve fails at once, status 1, saying PATTERN.
refused() {
    STATUS=0
    timeout 20 "$SK" --db "$DB" serve --port 0 --token-file "$3" > "$TMP/out" 2> "$TMP/err" || STATUS=$?
    [ "$STATUS" = 1 ] || fail "$1: status $STATUS, not 1: $(cat "$TMP/err")"
    grep -q -- "$2" "$TMP/err" || fail "$1: no '$2' in: $(cat "$TMP/err")"
    [ ! -s "$TMP/out" ] || fail "$1: a URL printed: $(cat "$TMP/out")"
}
chmod 644 "$FILE"
refused "a token file others may read" "token file $FILE may be read by other users (mode 0644): run \`chmod 600 $FILE\`" "$FILE"
printf 'not a token\n' > "$TMP/bad"; chmod 600 "$TMP/bad"
refused "a file of no token" "$TMP/bad:1:1: a token file holds one line of 32 hexadecimal digits" "$TMP/bad"
printf '%s\nmore\n' "$kept" > "$TMP/long"; chmod 600 "$TMP/long"
refused "a second line" "$TMP/long:2:1: a token file holds one line" "$TMP/long"
printf '%sff\n' "$kept" > "$TMP/long"
refused "a longer token" "$TMP/long:1:33: a token file holds one line" "$TMP/long"
refused "a folder" "token file $TMP/keep is not a regular file" "$TMP/keep"
refused "a file in a missing folder" "cannot make the token file $TMP/none/token: No such file" "$TMP/none/token"
[ ! -e "$TMP/none" ] || fail "the missing folder was made"
ln -s "$TMP/nowhere" "$TMP/dangling"
refused "a link to a missing file" "token file $TMP/dangling can be neither opened nor made" "$TMP/dangling"
if [ "$(id -u)" = 0 ]; then # only root can give a file away
    chmod 600 "$FILE"; chown 65534 "$FILE"
    refused "a file of another user" "token file $FILE belongs to another user" "$FILE"
fi
echo "serve --token-file: every check passed"
