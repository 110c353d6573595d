#!/bin/sh
# What libsudokit does to the process of a program that links it, built
# against the installed tree with pkg-config alone (library_process.c): with
# a zeroed config, no signal handler is installed before, during or after a
# run, the bench forks nothing, and nothing is written to stderr, not even
# a bad input, a summary or a plugin's warning; on_message gets those
# messages instead; a program that opts in (as the executable does) gets the
# handlers, the bench's child processes and the messages on stderr.
# usage: test_library_process.sh PREFIX LIBDIR SOURCE CFLAGS PUZZLES
prefix=$1 libdir=$2 source=$3 cflags=$4 puzzles=$5
. "$(dirname "$0")/../test_lib.sh"

export PKG_CONFIG_PATH="$prefix/$libdir/pkgconfig"
# shellcheck disable=SC2086 # cflags and pkg-config's output are word lists
if ! cc -std=c11 -Wall -Wextra -Werror -pedantic -pthread $cflags \
    $(pkg-config --cflags sudokit) -o library_process "$source" \
    $(pkg-config --libs sudokit) -Wl,-rpath,"$(pkg-config --variable=libdir sudokit)" \
    2> cc.log; then
    fail library_process_builds "$(cat cc.log)"
    test_summary
    exit 1
fi

# Two puzzles of the repository's data and a line that is not one.
mkdir run
grep -v '^#' "$puzzles" | head -2 > run/good.txt
{ cat run/good.txt; echo "not a puzzle"; } > run/puzzles.txt
none="INT=unchanged TERM=unchanged HUP=unchanged PIPE=unchanged SEGV=unchanged BUS=unchanged FPE=unchanged ILL=unchanged"

# run MODE: library_process MODE into MODE.out and MODE.err.
run() {
    rm -f run/process.db run/out.txt
    ./library_process "$1" run > "$1.out" 2> "$1.err" ||
        fail "$1_runs" "status $?: $(cat "$1.err")"
}

run plain
for when in context during after; do
    grep -qx "$when: $none" plain.out && ok "plain_no_handler_$when" ||
        fail "plain_no_handler_$when" "$(grep "^$when:" plain.out)"
done
grep -qx "rate: status 1: .*" plain.out && grep -qx "bench: status 0" plain.out &&
    ok plain_runs_rate_and_bench || fail plain_runs_rate_and_bench "$(cat plain.out)"
grep -qx "forks: 0" plain.out && ok plain_bench_forks_nothing ||
    fail plain_bench_forks_nothing "$(grep '^forks' plain.out)"
[ ! -s plain.err ] && ok plain_writes_nothing_to_stderr ||
    fail plain_writes_nothing_to_stderr "$(cat plain.err)"

run callback
[ ! -s callback.err ] && ok callback_writes_nothing_to_stderr ||
    fail callback_writes_nothing_to_stderr "$(cat callback.err)"
grep -q "^message: rater 'watcher': a warning of the watcher$" callback.out &&
    grep -q "^message: .*puzzles.txt:3:1: " callback.out &&
    ok callback_gets_the_messages || fail callback_gets_the_messages "$(cat callback.out)"

run asked
# new1: the removal of temporary files (stop_on_signals), new2: the crash
# reports, both from sk_ctx_new on; new3: the stop request while a run is
# on, the one before put back after it.
files="INT=new1 TERM=new1 HUP=new1 PIPE=new1"
crash="SEGV=new2 BUS=new2 FPE=new2 ILL=new2"
grep -qx "context: $files $crash" asked.out &&
    ok asked_handlers_from_the_context ||
    fail asked_handlers_from_the_context "$(grep '^context:' asked.out)"
grep -qx "during: INT=new3 TERM=new3 HUP=new3 PIPE=new1 $crash" asked.out &&
    ok asked_stop_on_signals_during_the_run ||
    fail asked_stop_on_signals_during_the_run "$(grep '^during:' asked.out)"
grep -qx "after: $files $crash" asked.out &&
    ok asked_handlers_put_back_after_the_run ||
    fail asked_handlers_put_back_after_the_run "$(grep '^after:' asked.out)"
grep -q "^forks: [1-9]" asked.out && ok asked_bench_forks ||
    fail asked_bench_forks "$(grep '^forks' asked.out)"
grep -q "^sudokit: rater 'watcher': a warning of the watcher$" asked.err &&
    grep -q "^sudokit: .*puzzles.txt:3:1: " asked.err &&
    ok asked_messages_on_stderr || fail asked_messages_on_stderr "$(cat asked.err)"

test_summary
