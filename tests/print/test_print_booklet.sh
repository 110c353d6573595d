#!/bin/sh
# `sudokit print`: booklets rendered and checked. pdfinfo counts the pages
# and names the paper, pdftotext reads each puzzle's number, level and
# score, pdftoppm renders a page that check_page searches for its grids:
# ten lines each way where a grid must be, a digit's ink in every given
# cell (every cell of a solution) and none in the others; it prints where
# each grid is and the page's tallest blank band, which the layout's
# checks measure. pdftohtml says which text is bold.
# usage: test_print_booklet.sh SUDOKIT CHECK_PAGE DATA_DIR
sudokit=$1 check_page=$2 data=$3
. "$(dirname "$0")/../test_lib.sh"

grep -v '^#' "$data/17_clue_2000.txt" | head -7 > p7.txt
"$sudokit" solve p7.txt > s7.txt 2> /dev/null
"$sudokit" rate --rater classic --format csv p7.txt > p7.csv 2> /dev/null

# pages FILE: the page count pdfinfo reads.
pages() { pdfinfo "$1" 2> /dev/null | sed -n 's/^Pages: *//p'; }
# render PDF PAGE OUT: page PAGE of PDF as OUT.png at 100 dpi.
render() { pdftoppm -f "$2" -l "$2" -r 100 -png -singlefile "$1" "$3"; }
# lines FILE FIRST COUNT: COUNT lines of FILE from line FIRST, as words.
lines() { sed -n "$2,$(($2 + $3 - 1))p" "$1" | tr '\n' ' '; }

# Each layout: puzzle pages of N, then the seven solutions six a page.
for n in 1 2 4 6; do
    "$sudokit" print -n "$n" -o "b$n.pdf" p7.txt 2> err.txt
    status=$?
    expected=$(((7 + n - 1) / n + 2))
    if [ "$status" -eq 0 ] && [ "$(pages "b$n.pdf")" = "$expected" ] && grep -q "7 puzzles on $expected pages (2 of solutions)" err.txt; then
        ok "per_page_${n}_has_${expected}_pages"
    else
        fail "per_page_${n}_has_${expected}_pages" "status $status, pages $(pages "b$n.pdf"): $(cat err.txt)"
    fi
    render "b$n.pdf" 1 "page$n"
    # shellcheck disable=SC2046
    if "$check_page" "page$n.png" $(lines p7.txt 1 "$n") > "check$n.txt"; then
        ok "per_page_${n}_grids_and_digits_in_place"
    else
        fail "per_page_${n}_grids_and_digits_in_place" "$(cat "check$n.txt")"
    fi
done

# band CHECK: the page's tallest blank band and its widest room between
# a grid and the grid under it (its caption's band included) that
# check_page measured, as shares (percent) of the grids' side.
band() {
    awk '$1 == "grid" { side = $5; if (top[$3] && $4 - top[$3] - side > gap) gap = $4 - top[$3] - side
                        top[$3] = $4 }
         /^tallest blank band:/ { band = $4 }
         END { print side ? int(100 * band / side) " " int(100 * gap / side) : "999 999" }' "$1"
}
# The grids of a page of 2, 4 or 6 spread over it, none far from the
# next: no blank band (under the title, between rows, above the page
# number) and no room between rows taller than a third of a grid's side.
# A page of one puzzle is a grid in the middle of the page.
for n in 2 4 6; do
    # shellcheck disable=SC2046
    set -- $(band "check$n.txt")
    if [ "$1" -le 33 ] && [ "$2" -le 33 ]; then
        ok "per_page_${n}_no_tall_blank_band"
    else
        fail "per_page_${n}_no_tall_blank_band" "band $1%, between rows $2% of a grid: $(cat "check$n.txt")"
    fi
done

# The last page of puzzles of 4 a page holds three, the first page of
# solutions the first six solutions, the last the seventh.
render b4.pdf 2 last
render b4.pdf 3 sol1
render b4.pdf 4 sol2
# shellcheck disable=SC2046
if "$check_page" last.png $(lines p7.txt 5 3) > last.txt &&
    "$check_page" sol1.png $(lines s7.txt 1 6) > sol1.txt &&
    "$check_page" sol2.png $(lines s7.txt 7 1) > sol2.txt; then
    ok solutions_on_the_last_pages
else
    fail solutions_on_the_last_pages "$(cat last.txt sol1.txt sol2.txt)"
fi
# A last page is balanced: its grids as large as a full page's, its rows
# where a full page has them, a row of fewer grids centred (100 dpi: A4
# is 827 px wide); a lone solution in the middle of its page.
centred() { awk -v g="$2" '$1 == "grid" && $2 == g ":" { c = $3 + $5 / 2 - 827 / 2
                                                        exit !(c >= -3 && c <= 3) }' "$1"; }
rows() { awk '$1 == "grid" { print $4, $5 }' "$1" | sort -u | tr '
' ' '; }
if centred last.txt 3 && centred sol2.txt 1 && [ "$(rows last.txt)" = "$(rows check4.txt)" ]; then
    ok last_page_balanced
else
    fail last_page_balanced "last page: $(cat last.txt); full page: $(cat check4.txt); last solutions: $(cat sol2.txt)"
fi
# A puzzle page checked against the solutions fails: the check can fail.
# shellcheck disable=SC2046
if ! "$check_page" page4.png $(lines s7.txt 1 4) > /dev/null; then
    ok check_page_tells_puzzles_from_solutions
else
    fail check_page_tells_puzzles_from_solutions "the puzzle page passed as solutions"
fi

# --no-solutions: the puzzle pages only.
"$sudokit" print -n 6 --no-solutions -o nosol.pdf p7.txt 2> /dev/null
if [ "$(pages nosol.pdf)" = 2 ]; then ok no_solutions; else fail no_solutions "$(pages nosol.pdf) pages"; fi

# Paper sizes.
"$sudokit" print --paper letter -o letter.pdf p7.txt 2> /dev/null
if pdfinfo letter.pdf | grep -q "^Page size: *612 x 792 pts (letter)" &&
    pdfinfo b4.pdf | grep -q "^Page size: *595.27.* x 841.89 pts (A4)"; then
    ok a4_and_letter
else
    fail a4_and_letter "$(pdfinfo letter.pdf | grep 'Page size')"
fi

# Number, level and score of each puzzle from a rated csv (rate's output).
"$sudokit" print -o rated.pdf --title "Seven puzzles" p7.csv 2> /dev/null
pdftotext rated.pdf rated.txt
missing=""
i=0
while IFS=, read -r _ _ _ score _ _ _ _ level_name _; do
    [ "$score" = score ] && continue
    i=$((i + 1))
    grep -qx "No\. $i" rated.txt && grep -q "^$level_name · score $score\$" rated.txt ||
        missing="$missing No. $i ($level_name $score)"
done < p7.csv
# The title atop each page (pdftotext starts a page with a form feed).
if [ "$i" = 7 ] && [ -z "$missing" ] && [ "$(grep -c "Seven puzzles$" rated.txt)" = 2 ] &&
    [ "$(grep -c "Seven puzzles — Solutions$" rated.txt)" = 2 ]; then
    ok number_level_and_score_shown
else
    fail number_level_and_score_shown "$i rows, missing:$missing; titles: $(grep -c Seven rated.txt)"
fi
if pdftotext b4.pdf - | grep -q "^not rated$"; then ok unrated_says_so; else fail unrated_says_so "no 'not rated'"; fi

# The givens are bold on the puzzle pages as on the solution pages: every
# text of digits alone (pdftohtml joins the digits of a row) is bold.
pdftohtml -xml -i -stdout -f 1 -l 1 b4.pdf > b4.xml 2> /dev/null
digits=$(grep -c '>\(<b>\)\{0,1\}[1-9][1-9 ]*\(</b>\)\{0,1\}</text>' b4.xml)
bold=$(grep -c '><b>[1-9][1-9 ]*</b></text>' b4.xml)
if [ "$digits" -ge 10 ] && [ "$bold" = "$digits" ]; then
    ok givens_bold
else
    fail givens_bold "$bold of $digits texts of digits are bold"
fi

# stdin and stdout.
grep -v '^#' "$data/17_clue_2000.txt" | head -3 | "$sudokit" print -n 1 -o - > stdin.pdf 2> err.txt
if [ "$(pages stdin.pdf)" = 4 ]; then ok stdin_to_stdout; else fail stdin_to_stdout "$(cat err.txt)"; fi

# svg and png hold one page: its grids are checked like the pdf's.
"$sudokit" print -n 2 --page 2 -o page2.svg p7.txt 2> /dev/null
"$sudokit" print -n 2 --page 2 --dpi 100 -o page2.png p7.txt 2> err.txt
if head -c 200 page2.svg | grep -q '<svg' && grep -q 'width="595.2756pt"' page2.svg &&
    file page2.png | grep -q "PNG image data, 827 x 1170" &&
    "$check_page" page2.png $(lines p7.txt 3 2) > check.txt; then
    ok svg_and_png_pages
else
    fail svg_and_png_pages "$(file page2.png) $(cat err.txt check.txt)"
fi

# From the database: the stored puzzles a filter chooses, with their
# rating by the rater named.
db=$work/p.db
"$sudokit" --db "$db" rate --rater classic --store p7.txt > /dev/null 2>&1
hard=$(awk -F, 'NR > 1 && $8 == 3' p7.csv | wc -l)
"$sudokit" --db "$db" print --from-db --rater classic --level hard -n 6 -o db.pdf 2> err.txt
pdftotext db.pdf db.txt
if [ "$hard" -gt 0 ] && [ "$(grep -c '^hard · score' db.txt)" = "$hard" ] &&
    ! grep -q "evil" db.txt && grep -q "print: $hard puzzles\{0,1\} on" err.txt; then
    ok from_db_by_level
else
    fail from_db_by_level "$hard hard in csv: $(cat err.txt)"
fi
# The database's ids are for the publisher: shown only with --show-ids.
"$sudokit" --db "$db" print --from-db --rater classic --level hard -n 6 --show-ids \
    -o ids.pdf 2> /dev/null
pdftotext ids.pdf ids.txt
ids=$("$sudokit" --db "$db" db query --rater classic --level hard --format csv 2> /dev/null |
    awk -F, 'NR > 1 { print $1 }' | sort -n | tr '\n' ' ')
shown=$(grep -o 'id [0-9]*' ids.txt | awk '{ print $2 }' | sort -n | uniq | tr '\n' ' ')
if ! grep -q 'id [0-9]' db.txt && [ -n "$ids" ] && [ "$shown" = "$ids" ]; then
    ok ids_only_on_request
else
    fail ids_only_on_request "ids stored: $ids; shown with --show-ids: $shown; without: $(grep -c 'id [0-9]' db.txt)"
fi

test_summary
