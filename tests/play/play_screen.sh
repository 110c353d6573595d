# The real ncurses screen under tmux: draw, keys, pencil marks, resize,
# quit and save. Skipped (status 77) when tmux is not installed.
. "$(dirname "$0")/play_lib.sh"
command -v tmux > /dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }

SOCKET="sk-play-test-$$"
session=play
tmx() { tmux -L "$SOCKET" "$@"; }
trap 'tmx kill-server 2>/dev/null; rm -rf "$TMP"' EXIT

# screen_has TEXT: wait until the screen shows TEXT (fixed string).
screen_has() {
    n=0
    while [ $n -lt 300 ]; do
        tmx capture-pane -t "$session" -p > "$TMP/screen" 2>/dev/null
        grep -qF -- "$1" "$TMP/screen" && return 0
        sleep 0.1
        n=$((n + 1))
    done
    echo "--- screen:" >&2
    cat "$TMP/screen" >&2
    fail "the screen never showed '$1'"
}

locale=C
locale -a 2>/dev/null | grep -qix 'c.utf-\{0,1\}8' && locale=C.UTF-8
tmx -f /dev/null new-session -d -s "$session" -x 80 -y 24 \
    "env SUDOKIT_DB='$SUDOKIT_DB' LANG=$locale LC_ALL=$locale '$SK' play --puzzle $PUZZLE; sleep 30" ||
    fail "tmux could not start"
screen_has "sudokit play"
screen_has "arrows move 1-9 put m marks 0 erase u undo r redo a auto c check ? hint q quit"
screen_has "Cell r1c3: empty"
screen_has "game 1, puzzle 1"

# Place 4 in r1c3: the message line says so and the board shows it.
tmx send-keys -t "$session" 4
screen_has "r1c3 = 4"
screen_has "Filled 31/81"
# A clashing 5 in r1c4 is marked *5*, as is the given 5 of r1c1.
tmx send-keys -t "$session" Right 5
screen_has "*5*"
tmx send-keys -t "$session" u
screen_has "Undone"
# Pencil marks 1, 2 and 9 in r1c4: shown in the cell (1-5 over 6-9) and
# as a 3x3 grid in the side panel.
tmx send-keys -t "$session" m 1 2 9
screen_has "Mode: PENCIL MARKS"
screen_has "12..."
screen_has "...9"
screen_has "Cell r1c4: empty"
# A terminal too small says so, and the board comes back at 80x24.
tmx resize-window -t "$session" -x 60 -y 20
screen_has "needs 80x24"
tmx resize-window -t "$session" -x 80 -y 24
screen_has "Mode: PENCIL MARKS"
# A hint shows its explanation in the panel.
tmx send-keys -t "$session" '?'
screen_has "Hint:"
cp "$TMP/screen" "$TMP/hint-screen"
tmx send-keys -t "$session" q
n=0
while [ $n -lt 300 ] && ! "$SK" games 2>/dev/null | awk '$5 == 31 && $7 == "playing"' | grep -q .; do
    sleep 0.1
    n=$((n + 1))
done
"$SK" games | awk '$5 == 31 && $7 == "playing"' | grep -q . ||
    fail "the game was not saved: $("$SK" games)"
echo q | "$SK" play --resume 1 --keys - > "$TMP/out" 2>/dev/null
[ "$(field marks "$TMP/out" | cut -c10-12)" = 103 ] ||
    fail "marks of r1c4 after the screen session: $(field marks "$TMP/out")"
# A long title breaks between its parts, no line ending on a comma.
SUDOKIT_DB="$TMP/seeds.db" "$SK" db init --seeds > /dev/null || fail "db init --seeds"
session=title
tmx -f /dev/null new-session -d -s "$session" -x 80 -y 24 \
    "env SUDOKIT_DB='$TMP/seeds.db' LANG=$locale LC_ALL=$locale '$SK' play --id 51; sleep 30" ||
    fail "tmux could not start"
screen_has "game 1, puzzle 51"
grep -qE ', *$' "$TMP/screen" && fail "a line ends on a comma: $(grep -E ', *$' "$TMP/screen")"
tmx send-keys -t "$session" q
# A hint that is a chain: the hardest puzzle of tests/data/hardest_60.txt, its first single
# placed (2 in r2c9), hints a dynamic forcing chain. The side panel says where the walk
# through its nodes is and names the last link; ] shows one node more (after a node a nested
# forcing chain gave, that chain's nodes), and the board draws each node's digit in its cell
# (r6c1, the start, is empty and has no marks: its 3 shows).
hardest=........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3
session=chain
tmx -f /dev/null new-session -d -s "$session" -x 80 -y 24 \
    "env SUDOKIT_DB='$SUDOKIT_DB' LANG=$locale LC_ALL=$locale '$SK' play --puzzle $hardest; sleep 30" ||
    fail "tmux could not start"
screen_has "Cell r1c1: empty"
tmx send-keys -t "$session" Down Down Left 2
screen_has "r2c9 = 2"
tmx send-keys -t "$session" '?'
screen_has "Chain 1/3 node 1/16"
screen_has "r6c1=3 (start)"
sed -n 13p "$TMP/screen" | grep -q '^[^ .0-9]*\.\.3\.\. ' ||
    fail "the start node's 3 is not drawn in r6c1: $(sed -n 13p "$TMP/screen")"
tmx send-keys -t "$session" ']'
screen_has "r6c1=3 -> r6c1<>8"
screen_has "weak, cell"
for i in 2 3 4 5 6 7 8 9 10 11 12 13; do tmx send-keys -t "$session" ']'; done
# Past node 13, r4c4<>8, which a forcing chain nested in the branch gave: that chain unfolds.
screen_has "Nested r4c4<>8 node 1/6"
screen_has "r4c4=8 (start)"
for i in 2 3 4 5 6; do tmx send-keys -t "$session" ']'; done
screen_has "Nested r4c4<>8 node 6/6"
screen_has "r8c4=8 -> r4c4<>8"
screen_has "weak, column 4"
tmx send-keys -t "$session" ']'
screen_has "Chain 1/3 node 14/16"
screen_has "r6c1<>8 -> r5c4<>8"
screen_has "nested"
for i in 1 2 3 4 5 6 7; do tmx send-keys -t "$session" ']'; done
screen_has "Chain 1/3 node 15/16"
screen_has "r5c4<>8 -> r6c5=8"
screen_has "strong, box 5"
tmx send-keys -t "$session" '['
screen_has "Nested r5c4<>8 node 6/6"
tmx send-keys -t "$session" q
echo "ok play_screen"
