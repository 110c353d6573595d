#!/bin/sh
# A file that holds no puzzles (a password file, a program) is named once
# after its first few refused records and read no further, by every
# command that reads puzzles; a puzzle file with bad records among good
# ones keeps naming each.
# usage: not_puzzles.sh SUDOKIT
sudokit=$1
. "$(dirname "$0")/../test_lib.sh"
export SUDOKIT_DB="$work/s.db"
good=530070000600195000098000060800060003400803001700020006060000280000419005000080079

# forty lines such as /etc/passwd holds
i=0
while [ $i -lt 40 ]; do
    echo "user$i:x:$((1000 + i)):$((1000 + i)):User $i,,,:/home/user$i:/bin/sh"
    i=$((i + 1))
done > passwd.txt
{
    echo "$good"
    i=0
    while [ $i -lt 12 ]; do echo "${good%?}x"; i=$((i + 1)); done
} > mixed.txt

for cmd in rate solve "db import" "db canon" "print -o out.pdf"; do
    # shellcheck disable=SC2086
    "$sudokit" $cmd passwd.txt "$work/mixed.txt" > out.txt 2> err.txt
    status=$?
    errors=$(grep -c 'passwd.txt:[0-9]*:[0-9]*: ' err.txt)
    notes=$(grep -c 'passwd.txt is read no further: its first 5 records are not puzzles' err.txt)
    mixed=$(grep -c 'mixed.txt:[0-9]*:[0-9]*: ' err.txt)
    if [ "$status" -ne 1 ]; then
        fail "$cmd" "exit $status, not 1: $(head -3 err.txt)"
    elif [ "$errors" -ne 5 ] || [ "$notes" -ne 1 ]; then
        fail "$cmd" "$errors errors from passwd.txt (want 5), said $notes times: $(head -8 err.txt)"
    elif [ "$mixed" -ne 12 ]; then
        fail "$cmd" "$mixed errors from mixed.txt (want its 12 bad records)"
    else
        ok "$cmd"
    fi
done
test_summary
