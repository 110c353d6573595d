#!/bin/sh
# `sudokit print`: booklets rendered and checked. pdfinfo counts the pages
# and names the paper, pdftotext reads each puzzle's number, level and
# score, pdftoppm renders a page that check_page searches for its grids:
# ten lines each way where a grid must be, a digit's ink in every given
# cell (every cell of a solution) and none in the others.
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
    columns=1
    [ "$n" -ge 4 ] && columns=2
    render "b$n.pdf" 1 "page$n"
    # shellcheck disable=SC2046
    if "$check_page" "page$n.png" "$columns" $(lines p7.txt 1 "$n") > check.txt; then
        ok "per_page_${n}_grids_and_digits_in_place"
    else
        fail "per_page_${n}_grids_and_digits_in_place" "$(cat check.txt)"
    fi
done

# The last page of puzzles of 4 a page holds three, the first page of
# solutions the first six solutions, the last the seventh.
render b4.pdf 2 last
render b4.pdf 3 sol1
render b4.pdf 4 sol2
# shellcheck disable=SC2046
if "$check_page" last.png 2 $(lines p7.txt 5 3) > check.txt &&
    "$check_page" sol1.png 2 $(lines s7.txt 1 6) >> check.txt &&
    "$check_page" sol2.png 2 $(lines s7.txt 7 1) >> check.txt; then
    ok solutions_on_the_last_pages
else
    fail solutions_on_the_last_pages "$(cat check.txt)"
fi
# A puzzle page checked against the solutions fails: the check can fail.
# shellcheck disable=SC2046
if ! "$check_page" page4.png 2 $(lines s7.txt 1 4) > /dev/null; then
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

# stdin and stdout.
grep -v '^#' "$data/17_clue_2000.txt" | head -3 | "$sudokit" print -n 1 -o - > stdin.pdf 2> err.txt
if [ "$(pages stdin.pdf)" = 4 ]; then ok stdin_to_stdout; else fail stdin_to_stdout "$(cat err.txt)"; fi

# svg and png hold one page: its grids are checked like the pdf's.
"$sudokit" print -n 2 --page 2 -o page2.svg p7.txt 2> /dev/null
"$sudokit" print -n 2 --page 2 --dpi 100 -o page2.png p7.txt 2> err.txt
if head -c 200 page2.svg | grep -q '<svg' && grep -q 'width="595.2756pt"' page2.svg &&
    file page2.png | grep -q "PNG image data, 827 x 1170" &&
    "$check_page" page2.png 1 $(lines p7.txt 3 2) > check.txt; then
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

test_summary
