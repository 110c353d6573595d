# What the shell tests share, sourced first: a scratch folder ($work, the
# current directory, removed at exit), the tally of checks (ok NAME,
# fail NAME WHY) and its summary (test_summary, the script's last command:
# its status is 1 when a check failed).
# usage: . "$(dirname "$0")/../test_lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
passed=0 failed=0

ok() { echo "ok   $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }

# expect_output NAME STATUS PATTERN FILE ARGS...: $sudokit ARGS exits with
# STATUS and PATTERN is in FILE (out.txt for stdout, err.txt for stderr).
expect_output() {
    name=$1 want=$2 pattern=$3 file=$4
    shift 4
    "$sudokit" "$@" > out.txt 2> err.txt
    status=$?
    if [ "$status" -ne "$want" ]; then
        fail "$name" "exit status $status, not $want: $(cat out.txt err.txt)"
    elif ! grep -q -- "$pattern" "$file"; then
        fail "$name" "$file lacks '$pattern': $(cat "$file")"
    else
        ok "$name"
    fi
}

test_summary() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
