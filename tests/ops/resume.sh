#!/bin/sh
# A run stopped by SIGINT keeps what it finished: solve and rate with
# --output FILE write the finished prefix, in input order, to FILE.partial
# and say so (exit 130); the same command with --resume goes on from it and
# writes exactly what an uninterrupted run writes.
# usage: resume.sh SUDOKIT DATA_DIR CASE
set -u
S=$1 DATA=$2 CASE=$3
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
fail() { echo "FAIL $CASE: $*"; exit 1; }
export SUDOKIT_PROGRESS=0 SUDOKIT_DB="$T/d.db"

# interrupt AFTER COMMAND...: run COMMAND (stderr to err) with SIGINT as
# the signal's default (a shell's background job ignores it) and send it
# SIGINT after AFTER seconds; its exit status into status. Fails when the
# run ended before AFTER seconds.
interrupt() {
    python3 - "$@" <<'PY' > status
import signal, subprocess, sys, time
after, cmd = float(sys.argv[1]), sys.argv[2:]
with open("err", "w") as err:
    p = subprocess.Popen(cmd, stderr=err,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(after)
    ended = p.poll() is not None
    if not ended:
        p.send_signal(signal.SIGINT)
    print(p.wait())
    sys.exit(1 if ended else 0)
PY
}

# stopped_then_resumed WHAT COMMAND...: COMMAND -o out.txt stopped after a
# few puzzles keeps their output as out.txt.partial, a prefix of full.txt
# (COMMAND -o full.txt uninterrupted); COMMAND -o out.txt --resume then
# writes full.txt exactly and removes the partial.
stopped_then_resumed() {
    what=$1
    shift
    start=$(date +%s.%N)
    "$@" -o full.txt 2> /dev/null || fail "the uninterrupted run failed"
    took=$(echo "$start $(date +%s.%N)" | awk '{ print $2 - $1 }')
    # Stopped at a share of the time the whole run took, so that some
    # puzzles finished and some not (a batch's puzzles are taken one by
    # one); on a machine whose load changed (the run ended first, or the
    # signal came after its last batch), again at a smaller share.
    for share in 0.6 0.4 0.25 0.1; do
        rm -f out.txt out.txt.partial
        interrupt "$(echo "$took $share" | awk '{ printf "%.2f", $1 * $2 }')" "$@" -o out.txt ||
            continue
        [ "$(cat status)" = 130 ] || fail "exit $(cat status), not 130: $(cat err)"
        [ -e out.txt ] && fail "out.txt written by a stopped run"
        [ -s out.txt.partial ] && [ "$(wc -l < out.txt.partial)" -lt "$(wc -l < full.txt)" ] &&
            break
    done
    [ -s out.txt.partial ] || fail "no out.txt.partial: $(cat err)"
    grep -q "kept in out.txt.partial: the same command with --resume goes on" err ||
        fail "the stop does not say where the finished $what are: $(grep -v "^[a-z]*: [0-9]" err)"
    size=$(wc -c < out.txt.partial)
    head -c "$size" full.txt | cmp -s - out.txt.partial ||
        fail "out.txt.partial is not the start of the uninterrupted output"
    kept=$(wc -l < out.txt.partial)
    [ "$kept" -lt "$(wc -l < full.txt)" ] || fail "the stopped run finished everything"
    "$@" -o out.txt --resume 2> err2 || fail "--resume exited $?: $(cat err2)"
    cmp out.txt full.txt || fail "--resume did not write the uninterrupted output"
    [ -e out.txt.partial ] && fail "out.txt.partial left after the resumed run finished"
    echo "stopped with $kept of $(wc -l < full.txt) lines kept; resumed to the same output"
}

# The hardest puzzles take the human rater a noticeable time each.
hard() { grep -v '^#' "$DATA/hardest_60.txt" | head -"$1"; }

case_rate_stopped() {
    hard 6 > in.txt
    stopped_then_resumed puzzles "$S" rate --jobs 2 in.txt
}

case_rate_csv_stopped() {
    hard 5 > in.txt
    stopped_then_resumed puzzles "$S" rate --format csv in.txt
    [ "$(grep -c '^puzzle,' out.txt)" = 1 ] || fail "not one csv header"
}

# backtrack takes about a second for this puzzle; solve writes only the
# solutions, which --resume matches to the input's puzzles.
case_solve_stopped() {
    slow=..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9
    { hard 4; for i in 1 2 3 4; do echo $slow; done; } > in.txt
    stopped_then_resumed puzzles "$S" solve --solver backtrack in.txt
}

case_refusals() {
    hard 2 > in.txt
    "$S" rate --resume in.txt > /dev/null 2> err
    [ $? = 2 ] && grep -q "give --output" err || fail "--resume without --output: $(cat err)"
    "$S" rate --resume -o out.txt in.txt 2> err
    [ $? = 1 ] && grep -q "no out.txt.partial" err || fail "no partial: $(cat err)"
    [ -e out.txt ] && fail "out.txt written without a partial"
    hard 6 | tail -2 | "$S" rate -q > out.txt.partial
    "$S" rate -q --resume -o out.txt in.txt 2> err
    [ $? = 1 ] && grep -q "holds puzzles that the input does not" err ||
        fail "another input's partial: $(cat err)"
    [ -s out.txt.partial ] || fail "the partial was lost"
    return 0
}

# rate --store --resume without --output: the database holds what a
# stopped run finished (its batches are committed as they go); the
# puzzles it has rated with this rater version are skipped and said so,
# the others rated and stored. Another rater's ratings skip nothing; a
# run with nothing left to rate succeeds.
case_rate_store() {
    grep -v '^#' "$DATA/17_clue_2000.txt" | head -n 6 > in.txt
    head -n 3 in.txt > first.txt
    "$S" rate --rater classic --store -q first.txt > /dev/null 2> err || fail "first run: $(cat err)"
    "$S" rate --rater classic --store --resume in.txt > out.txt 2> err ||
        fail "--store --resume: status $?: $(cat err)"
    grep -q "^sudokit: rate: --resume: skipped 3 puzzles the database has rated with 'classic'" err &&
        grep -q "^rated 3 puzzles" err || fail "3 skipped, 3 rated: $(cat err)"
    [ "$(wc -l < out.txt)" = 3 ] && ! grep -qf first.txt out.txt ||
        fail "the output holds the puzzles not rated before: $(cat out.txt)"
    "$S" db stats > stats 2>&1
    grep -q "^ratings: *6," stats || fail "six ratings stored: $(cat stats)"
    "$S" rate --rater human --store --resume in.txt > /dev/null 2> err
    grep -q "skipped 0 puzzles" err && grep -q "^rated 6 puzzles" err ||
        fail "another rater's ratings skip nothing: $(cat err)"
    "$S" rate --rater classic --store --resume in.txt > out.txt 2> err ||
        fail "nothing left: status $?: $(cat err)"
    grep -q "skipped 6 puzzles" err && [ ! -s out.txt ] || fail "nothing left to rate: $(cat err)"
}

# rate --store without --output stopped by SIGINT: its message says that
# what it stored is kept and how to go on (--resume), and going on rates
# only the rest.
case_rate_store_stopped() {
    hard 8 > in.txt
    for after in 3 1.5 0.7; do
        interrupt "$after" sh -c 'exec "$@" > out.txt' sh "$S" rate --store in.txt && break
    done
    [ "$(cat status)" = 130 ] || fail "exit $(cat status), not 130: $(cat err)"
    grep -q "what was stored before is kept: the same command with --resume skips the puzzles it rated" err ||
        fail "the stop does not say how to go on: $(grep -v "^[a-z]*: [0-9]" err)"
    "$S" rate --store --resume in.txt > /dev/null 2> err || fail "--resume: status $?: $(cat err)"
    grep -q "skipped [1-9][0-9]* puzzles the database has rated" err ||
        fail "the resumed run skipped nothing: $(cat err)"
}

"case_$CASE"
echo "ok $CASE"
