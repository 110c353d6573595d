#!/bin/sh
# `rate --plot` and `bench --plot`: the picture files exist in the format
# asked, and hold the bars their data call for. check_plot finds the bars
# of a PNG by their colour; an SVG's bars are its paths filled with the
# palette's colours. The histogram's bins and their levels are recomputed
# here from the scores and levels rate printed; bench's bars, on a linear
# or a log axis, from the rates bench printed. A plot drawn as PDF gives
# its text and font sizes to pdftotext and pdftohtml, its pixels to
# pdftoppm and its colours to pdftocairo -svg.
# usage: test_print_plots.sh SUDOKIT CHECK_PLOT DATA_DIR
sudokit=$1 check_plot=$2 data=$3
. "$(dirname "$0")/../test_lib.sh"
# The first three colours of the plots' palette, as PNG pixels and in SVG.
palette="0072b2 e69f00 009e73"
svg_bars() { grep -c 'fill:rgb(0%,44.7%,69.8%)\|fill:rgb(90.2%,62.4%,0%)\|fill:rgb(0%,62%,45.1%)' "$1"; }
# The colours of the levels 1 to 5 and of no level, in a histogram.
levels="009e73 0072b2 e69f00 d55e00 cc79a7 999999"
# The colours an SVG paints with that are not grey, one a line.
svg_colours() {
    grep -o '\(fill\|stroke\):rgb([^)]*)' "$1" | sed 's/.*rgb(//; s/)//; s/%//g' |
        awk -F, '$1 != $2 || $2 != $3'
}
# texts PDF: the plot's text, without the spaces that group digits by
# three (thin spaces, which pdftotext writes as spaces).
texts() {
    pdftotext -layout "$1" - |
        sed -e ':a' -e 's/\([0-9]\) \([0-9][0-9][0-9]\)\([^0-9]\|$\)/\1\2\3/' -e 'ta'
}

grep -v '^#' "$data/17_clue_2000.txt" | head -120 > p.txt
grep -v '^#' "$data/17_clue_2000.txt" | head -20 > p20.txt
grep -v "^#" "$data/17_clue_2000.txt" | sed -n 21,40p > q20.txt

# --- rate --plot: the histogram -------------------------------------------
"$sudokit" rate --rater classic --format csv --plot hist.png p.txt > rated.csv 2> err.txt &&
    "$sudokit" rate --rater classic --quiet --plot hist.svg p.txt > /dev/null 2>> err.txt
status=$?
if [ "$status" -eq 0 ] && file hist.png | grep -q "PNG image data, 800 x 450" && head -c 100 hist.svg | grep -q '<svg'; then
    ok rate_plot_files
else
    fail rate_plot_files "status $status: $(file hist.png hist.svg) $(cat err.txt)"
fi
# The bins: the smallest width of 0.1, 0.2, 0.5, 1, 2, 5... that needs at
# most 24 bins; what each nonempty one holds of each level as "INDEX
# LEVEL COUNT", in order; and the bins' count and width in span.txt.
awk -F, 'NR > 1 { print $4, $8 }' rated.csv | sort -n | awk '
    { v[NR] = $1; l[NR] = $2 }
    END {
        split("1 2 5", k, " ")
        for (p = 0.1; !w; p *= 10)
            for (i = 1; i <= 3 && !w; i++)
                if (int(v[NR] / (p * k[i]) + 1e-9) - int(v[1] / (p * k[i]) + 1e-9) < 24)
                    w = p * k[i]
        first = int(v[1] / w + 1e-9)
        for (j = 1; j <= NR; j++) c[int(v[j] / w + 1e-9) - first, l[j]]++
        for (b = 0; b < 24; b++) for (m = 0; m <= 5; m++) if (c[b, m]) print b, m, c[b, m]
        print int(v[NR] / w + 1e-9) - first + 1, w, first > "span.txt"
    }' > bins.txt
# The bars' pieces, without the legend's swatches (10 px).
"$check_plot" hist.png $levels | awk '$3 > 12' | sort -n > bars.txt
# A bin's pieces stand at first_x + (index - first_index) * pitch, each
# in its level's colour, its height in proportion to its count (2 px
# either way for antialiasing).
if [ "$(wc -l < bins.txt)" -ge 3 ] && [ "$(wc -l < bins.txt)" = "$(wc -l < bars.txt)" ] &&
    awk -v levels="$levels" '
        BEGIN { n = split(levels, colour, " "); for (i = 1; i <= n; i++) level[colour[i]] = i % 6 }
        NR == FNR { index_[FNR] = $1; lvl[FNR] = $2; count[FNR] = $3; bins = FNR; next }
        { x[FNR] = $1; h[FNR] = $4; seen[FNR] = level[$5]
          if ($4 > tallest) { tallest = $4 } }
        END {
            for (i = 1; i <= bins; i++) if (count[i] > most) most = count[i]
            # pieces sorted by x then y: match each bin piece by x and colour
            for (i = 1; i <= bins; i++) { xs[index_[i]] = 1 }
            first = -1; last = -1
            for (i = 1; i <= FNR; i++) { if (first < 0 || x[i] < first) first = x[i]; if (x[i] > last) last = x[i] }
            lo = index_[1]; hi = index_[bins]
            pitch = hi > lo ? (last - first) / (hi - lo) : 0
            for (i = 1; i <= bins; i++) {
                found = 0
                for (j = 1; j <= FNR; j++) {
                    dx = x[j] - (first + (index_[i] - lo) * pitch)
                    if (dx >= -2 && dx <= 2 && seen[j] == lvl[i]) {
                        found = 1; dh = h[j] - tallest * count[i] / most
                        if (dh < -2 || dh > 2) { print "bin " index_[i] " level " lvl[i] ": height off " dh; bad = 1 }
                    }
                }
                if (!found) { print "bin " index_[i] " level " lvl[i] ": no piece of its colour"; bad = 1 }
            }
            exit bad
        }' bins.txt bars.txt > why.txt; then
    ok histogram_png_bars_match_the_scores_and_levels
else
    fail histogram_png_bars_match_the_scores_and_levels "bins: $(tr '\n' ' ' < bins.txt) bars: $(tr '\n' ' ' < bars.txt) $(cat why.txt)"
fi
if [ "$(svg_colours hist.svg | grep -cv '^0,44.7,69.8$\|^0,62,45.1$\|^90.2,62.4,0$\|^83.5,36.9,0$\|^80,47.5,65.5$')" = 0 ] &&
    [ "$(svg_colours hist.svg | wc -l)" -ge "$(wc -l < bins.txt)" ]; then
    ok histogram_svg_pieces_in_level_colours
else
    fail histogram_svg_pieces_in_level_colours "$(svg_colours hist.svg | sort | uniq -c | tr '\n' ' '), $(wc -l < bins.txt) pieces"
fi
# The histogram as PDF: every bin edge's figure under the axis is at
# least 10 pt, the last edge's among them, and the last bar ends inside
# the picture, 30 px from its edge at least.
"$sudokit" rate --rater classic --quiet --plot hist.pdf p.txt > /dev/null 2>&1
read -r bins width first < span.txt
last_edge=$(awk -v b="$bins" -v w="$width" -v f="$first" 'BEGIN { printf w < 1 ? "%.1f" : "%.0f", (f + b) * w }')
pdftohtml -xml -i -zoom 1 -stdout hist.pdf 2> /dev/null > hist.xml
small=$(awk -F'"' '/<fontspec/ { size[$2] = $4 }
    /<text/ && />[0-9][0-9.]*<\/text>/ { for (i = 1; i < NF; i++) if ($i ~ /font=$/) f = $(i + 1)
                                        if (size[f] < 10) n++ }
    END { print n + 0 }' hist.xml)
right=$(awk '{ if ($1 + $3 > r) r = $1 + $3 } END { print r + 0 }' bars.txt)
if [ "$small" = 0 ] && grep -q ">$last_edge</text>" hist.xml && [ "$right" -le 770 ]; then
    ok histogram_axis_readable_last_bar_inside
else
    fail histogram_axis_readable_last_bar_inside "$small figures under 10 pt; last edge $last_edge: $(grep -c ">$last_edge</text>" hist.xml); last bar ends at $right px of 800"
fi

# A run that rated nothing says so and draws no plot.
printf 'not a puzzle\nnor this\n' > none.txt
"$sudokit" rate --rater classic --plot none.png none.txt > /dev/null 2> err.txt
status=$?
if [ "$status" = 1 ] && [ ! -e none.png ] &&
    grep -q "no puzzle was rated, so no plot was drawn (none.png not written)" err.txt; then
    ok rate_plot_of_nothing_says_so
else
    fail rate_plot_of_nothing_says_so "status $status, $(ls none.png 2>&1): $(cat err.txt)"
fi

# --- bench --plot: bars per solver and file ---------------------------------
"$sudokit" bench --solvers dlx,propagate,singles --count-limit 2 --time 0.3 --warmup 0 --format csv \
    --plot bench.png p20.txt q20.txt > bench.csv 2> err.txt
"$sudokit" bench --solvers dlx,propagate,singles --count-limit 2 --time 0.3 --warmup 0 --format csv \
    --plot bench.svg p20.txt q20.txt > bench_svg.csv 2>> err.txt
if file bench.png | grep -q "PNG image data, 800 x" && head -c 100 bench.svg | grep -q '<svg'; then
    ok bench_plot_files
else
    fail bench_plot_files "$(file bench.png bench.svg) $(cat err.txt)"
fi
# bars_match RUNS BARS: every run that did not fail ("SOLVER RATE" in
# RUNS) is a bar (check_plot's line in BARS), top to bottom in the
# table's order, a colour per solver, its length in proportion to its
# puzzles per second; or, when the rates span more than 30 times, to the
# rate's log above the power of ten under the smallest (a log axis).
bars_match() {
    paste -d' ' "$1" "$2" | awk '
        { solver[NR] = $1; rate[NR] = $2; w[NR] = $5; colour[NR] = $7
          if ($2 > most) { most = $2; longest = $5 }
          if (!least || $2 < least) least = $2 }
        END {
            log_axis = most > 30 * least
            low = int(log(least) / log(10) + 1e-9)
            for (i = 1; i <= NR; i++) {
                dw = log_axis ? w[i] - longest * (log(rate[i]) / log(10) - low) / (log(most) / log(10) - low) \
                              : w[i] - longest * rate[i] / most
                if (dw < -2 || dw > 2) { print solver[i] " " rate[i] "/s: length off " dw; bad = 1 }
                for (j = 1; j < i; j++)
                    if ((solver[i] == solver[j]) != (colour[i] == colour[j])) {
                        print "bars " j " and " i ": colours do not follow the solvers"; bad = 1
                    }
            }
            exit bad
        }'
}
awk -F, 'NR > 1 && $15 == "ok" { print $3, $9 }' bench.csv > runs.txt
"$check_plot" bench.png $palette | sort -k2,2n > bars.txt
if [ "$(wc -l < runs.txt)" -ge 2 ] && [ "$(wc -l < runs.txt)" = "$(wc -l < bars.txt)" ] &&
    bars_match runs.txt bars.txt > why.txt; then
    ok bench_png_bars_match_the_runs
else
    fail bench_png_bars_match_the_runs "runs: $(tr '\n' ' ' < runs.txt) bars: $(tr '\n' ' ' < bars.txt) $(cat why.txt)"
fi
# The svg's run: as many bars as its runs that did not fail.
svg_runs=$(awk -F, 'NR > 1 && $15 == "ok"' bench_svg.csv | wc -l)
if [ "$svg_runs" -ge 1 ] && [ "$(svg_bars bench.svg)" = "$svg_runs" ]; then
    ok bench_svg_bars_for_the_runs
else
    fail bench_svg_bars_for_the_runs "$(svg_bars bench.svg) bars, $svg_runs runs: $(cat err.txt)"
fi

# Rates that span widely (fast on 17-clue puzzles, dlx on the hardest;
# backtrack times out on them): a log axis, labelled at each power of
# ten from the one under the smallest rate to the one over the largest,
# said to be one; each run's figure beside its bar, whose length follows
# the log; a TIMEOUT painted in greys alone, no colour but the bars'.
grep -v '^#' "$data/hardest_60.txt" | head -20 > h20.txt
"$sudokit" bench --solvers fast,dlx,backtrack --count-limit 2 --time 0.3 --warmup 0 --format csv \
    --plot wide.pdf p20.txt h20.txt > wide.csv 2> err.txt
awk -F, 'NR > 1 && $15 == "ok" { print $3, $9 }' wide.csv > wide_runs.txt
texts wide.pdf > wide.txt
pdftoppm -r 72 -png -singlefile wide.pdf wide
pdftocairo -svg wide.pdf wide.svg
"$check_plot" wide.png 0072b2 e69f00 009e73 d55e00 cc79a7 56b4e9 f0e442 | sort -k2,2n > wide_bars.txt
powers=$(awk '{ v = log($2) / log(10); if (NR == 1 || v < lo) lo = v; if (v > hi) hi = v }
    END { for (p = int(lo + 1e-9); p <= -int(-hi); p++) printf "%.0f\n", 10 ^ p }' wide_runs.txt)
missing=""
for p in $powers; do grep -qE "(^| )$p( |$)" wide.txt || missing="$missing $p"; done
while read -r solver rate; do
    grep -q "$(printf '%.0f' "$rate") /s" wide.txt || missing="$missing $solver:$rate/s"
done < wide_runs.txt
if [ "$(awk '{ if (!l || $2 < l) l = $2; if ($2 > m) m = $2 } END { print (m > 30 * l) }' wide_runs.txt)" = 1 ] &&
    grep -q "log scale" wide.txt && [ -z "$missing" ] &&
    [ "$(wc -l < wide_runs.txt)" = "$(wc -l < wide_bars.txt)" ] &&
    bars_match wide_runs.txt wide_bars.txt > why.txt; then
    ok bench_plot_log_axis_when_rates_span_widely
else
    fail bench_plot_log_axis_when_rates_span_widely "missing:$missing; runs: $(tr '\n' ' ' < wide_runs.txt) bars: $(tr '\n' ' ' < wide_bars.txt) $(cat why.txt err.txt)"
fi
timeouts=$(grep -c ',TIMEOUT$' wide.csv)
if [ "$timeouts" -ge 1 ] && [ "$(grep -c TIMEOUT wide.txt)" = "$timeouts" ] &&
    [ "$(svg_colours wide.svg | wc -l)" = "$(wc -l < wide_runs.txt)" ]; then
    ok bench_plot_timeout_in_no_solver_colour
else
    fail bench_plot_timeout_in_no_solver_colour "$timeouts timeouts, colours: $(svg_colours wide.svg | tr '\n' ' ') for $(wc -l < wide_runs.txt) bars"
fi

# A plot that cannot be written: exit 1, the path named.
"$sudokit" rate --rater classic --quiet --plot nosuch/dir/h.png p20.txt > /dev/null 2> err.txt
status=$?
if [ "$status" -eq 1 ] && grep -q "nosuch/dir/h.png" err.txt; then
    ok plot_unwritable_path
else
    fail plot_unwritable_path "status $status: $(cat err.txt)"
fi

test_summary
