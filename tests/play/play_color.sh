# The screen's colours under tmux: on by default on a terminal, off with
# NO_COLOR set, --color=always over NO_COLOR, --color=never. Skipped (status
# 77) when tmux is not installed.
. "$(dirname "$0")/play_lib.sh"
command -v tmux > /dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }

SOCKET="sk-play-color-$$"
tmx() { tmux -L "$SOCKET" "$@"; }
trap 'tmx kill-server 2>/dev/null; rm -rf "$TMP"' EXIT
locale=C
locale -a 2>/dev/null | grep -qix 'c.utf-\{0,1\}8' && locale=C.UTF-8

# colours NO_COLOR_VALUE [OPTION]: the number of foreground or background
# colour changes on the screen after a digit is entered (the entered digit
# has a colour of its own when colours are on).
colours() {
    session=c$#$1
    tmx -f /dev/null new-session -d -s "$session" -x 80 -y 24 \
        "env SUDOKIT_DB='$SUDOKIT_DB' LANG=$locale LC_ALL=$locale NO_COLOR='$1' TERM=screen \
         '$SK' play --puzzle $PUZZLE ${2:-}; sleep 30" || fail "tmux could not start"
    n=0
    while [ $n -lt 300 ] && ! tmx capture-pane -t "$session" -p | grep -qF "Cell r1c3: empty"; do
        sleep 0.1
        n=$((n + 1))
    done
    tmx send-keys -t "$session" 4
    while [ $n -lt 300 ] && ! tmx capture-pane -t "$session" -p | grep -qF "r1c3 = 4"; do
        sleep 0.1
        n=$((n + 1))
    done
    [ $n -lt 300 ] || fail "the screen never showed the move ($1 ${2:-})"
    tmx capture-pane -t "$session" -e -p | grep -o "$(printf '\033')\[[0-9;]*m" |
        grep -cE '\[([34][0-7])(;|m)|;[34][0-7](;|m)'
    tmx send-keys -t "$session" q
}

[ "$(colours "")" -gt 0 ] || fail "no colour on a terminal by default"
[ "$(colours 1)" -eq 0 ] || fail "colours with NO_COLOR=1"
[ "$(colours 1 --color=always)" -gt 0 ] || fail "no colour with --color=always and NO_COLOR=1"
[ "$(colours "" "--color never")" -eq 0 ] || fail "colours with --color never"
echo "ok play_color"
