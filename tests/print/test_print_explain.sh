#!/bin/sh
# `sudokit print --explain`: a worked solution after the puzzle's page.
# pdftotext reads each step's number and technique in the order
# `rate --explain` gives them; pdftoppm renders each worked-solution page
# and check_page counts the grids drawn on it ('?' cells: their
# candidates are not checked): one for each step that is not a single.
# usage: test_print_explain.sh SUDOKIT CHECK_PAGE DATA_DIR
sudokit=$1 check_page=$2 data=$3
. "$(dirname "$0")/../test_lib.sh"

grep -v '^#' "$data/hardest_60.txt" | sed -n 3p > one.txt
"$sudokit" rate --explain one.txt 2> /dev/null |
    sed -n 's/^ *\([0-9]*\)\. [0-9.]* \([^:]*\):.*/\1. \2/p' > steps.txt
pictures=$(grep -vic 'single' steps.txt)

"$sudokit" print --explain --no-solutions -n 1 -o one.pdf one.txt 2> err.txt
status=$?
pages=$(pdfinfo one.pdf 2> /dev/null | sed -n 's/^Pages: *//p')
if [ "$status" -eq 0 ] && [ -s steps.txt ] && [ "${pages:-0}" -ge 2 ] &&
    grep -q "1 puzzle on $pages pages ($((pages - 1)) of worked solutions)" err.txt; then
    ok explain_pages_follow_the_puzzle
else
    fail explain_pages_follow_the_puzzle "status $status, $pages pages: $(cat err.txt)"
fi

# missing STEPS TEXT: the first line of STEPS not found in TEXT after the ones before it.
missing() {
    awk 'NR == FNR { want[++n] = $0; next }
         { line = line $0 "\n" }
         END { at = 1
               for (i = 1; i <= n; i++) {
                   rest = substr(line, at); k = index(rest, want[i])
                   if (!k) { print want[i]; exit }
                   at += k + length(want[i]) - 1 } }' "$1" "$2"
}

# Each step's "N. technique" in order in the text of the pages after the first.
pdftotext -f 2 -layout one.pdf text.txt
missing=$(missing steps.txt text.txt)
if [ -z "$missing" ]; then
    ok explain_steps_in_order
else
    fail explain_steps_in_order "not found in order: $missing ($(wc -l < steps.txt) steps)"
fi

# grids PAGE: the grids drawn on PAGE, all well formed.
any=$(printf '?%.0s' $(seq 81))
grids() {
    pdftoppm -f "$1" -l "$1" -r 100 -png -singlefile one.pdf page
    n=$("$check_page" page.png "$any" | sed -n 's/^FAIL page: \([0-9]*\) grids found.*/\1/p')
    n=${n:-1}
    if [ "$n" -gt 0 ]; then
        # shellcheck disable=SC2046
        "$check_page" page.png $(for _ in $(seq "$n"); do echo "$any"; done) > /dev/null ||
            n=bad
    fi
    echo "$n"
}
drawn=0 bad=""
for page in $(seq 2 "${pages:-1}"); do
    n=$(grids "$page")
    if [ "$n" = bad ]; then bad="$bad $page"; else drawn=$((drawn + n)); fi
done
if [ -z "$bad" ] && [ "$pictures" -gt 0 ] && [ "$drawn" -eq "$pictures" ]; then
    ok explain_picture_per_step_beyond_singles
else
    fail explain_picture_per_step_beyond_singles \
        "$drawn grids drawn, $pictures steps beyond singles; malformed on pages:$bad"
fi

# The rater of the worked solution is --rater with its --rater-options, as for rate --explain:
# HoDoKu's technique set names its steps HoDoKu's way (Royle's 17-clue puzzle 63 of
# tests/data/17_clue_2000.txt: pointing locked candidates, a multi colouring), in order; the
# default rater's pages have none of those names.
echo .................1..2..3.4........2..5..6.3..16..7.........8.....4..2....7..1...6 > x.txt
"$sudokit" rate --rater hodoku --explain x.txt 2> /dev/null |
    sed -n 's/^ *\([0-9]*\)\. [0-9.]* \([^:]*\):.*/\1. \2/p' > hodoku.txt
for how in "--rater hodoku" "--rater human --rater-options techniques=hodoku"; do
    # shellcheck disable=SC2086
    "$sudokit" print --explain $how --no-solutions -n 1 -o x.pdf x.txt 2> err.txt &&
        pdftotext -f 2 -layout x.pdf x_text.txt
    missing=$(missing hodoku.txt x_text.txt)
    if grep -q "Multi Colors 1" hodoku.txt && grep -q "Locked Candidates Type 1 (Pointing)" hodoku.txt &&
        [ -s x_text.txt ] && [ -z "$missing" ]; then
        ok "explain_rater_hodoku ($how)"
    else
        fail "explain_rater_hodoku ($how)" "not found in order: $missing; $(cat err.txt)"
    fi
    rm -f x_text.txt
done
"$sudokit" print --explain --no-solutions -n 1 -o x.pdf x.txt 2> err.txt
if pdftotext -f 2 -layout x.pdf - | grep -q "Pointing" &&
    ! pdftotext -f 2 -layout x.pdf - | grep -q "Multi Colors\|Locked Candidates"; then
    ok explain_rater_default_se
else
    fail explain_rater_default_se "the default rater's pages: $(cat err.txt)"
fi
expect_output explain_rater_options_need_explain 2 "rater-options are for the rater of --explain" \
    err.txt print --rater-options techniques=hodoku -o x.pdf x.txt

test_summary
