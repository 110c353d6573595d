# Shared helpers of the play CLI tests (sourced by sh). Sets SK to the
# sudokit binary given as $1, a private database under a temporary folder,
# and a puzzle with its unique solution as fixture data.
set -u
SK=$1
TMP=$(mktemp -d "${TMPDIR:-/tmp}/sk-play-test.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
export SUDOKIT_DB="$TMP/games.db"
PUZZLE=530070000600195000098000060800060003400803001700020006060000280000419005000080079
SOLUTION=534678912672195348198342567859761423426853791713924856961537284287419635345286179

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

# field NAME FILE: the value of line "NAME value" of a scripted game's output.
field() {
    sed -n "s/^$1 //p" "$2"
}

# expect NAME VALUE FILE
expect() {
    got=$(field "$1" "$3")
    [ "$got" = "$2" ] || fail "$1: want '$2', got '$got' (in $3)"
}

# cells_with CELLS INDEX DIGIT: CELLS with its character INDEX (0-based) set.
cells_with() {
    printf '%s' "$1" | awk -v i="$2" -v d="$3" '{ print substr($0, 1, i) d substr($0, i + 2) }'
}
