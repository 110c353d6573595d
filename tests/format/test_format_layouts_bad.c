/* Formats: bad input in the layouts of other programs (sdk, ss, sdm,
 * hodoku, qqwing, qqwing-readable, kennett, marks), detected or chosen,
 * each with its exact message (FILE:LINE:COL, what, what to do) and the
 * records still read around it. */
#include "bad_cases.h"
#include "check.h"
#include "records.h"

#define P PUZZLE_LINE
/* P's rows in the sdk layout. */
#define SDK_ROWS                                                                                   \
    "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n"     \
    "....8..79\n"
/* P's rows in the ss layout, boxed as Simple Sudoku writes them. */
#define SS_ROWS                                                                                    \
    "*-----------*\n|53.|.7.|...|\n|6..|195|...|\n|.98|...|.6.|\n|---+---+---|\n"                  \
    "|8..|.6.|..3|\n|4..|8.3|..1|\n|7..|.2.|..6|\n|---+---+---|\n|.6.|...|28.|\n"                  \
    "|...|419|..5|\n|...|.8.|.79|\n*-----------*\n"
/* P's rows 4 to 9 as Kennett's sudoku draws them (qqwing's use '|' for '+'). */
#define DRAWN_ROWS_4_TO_9                                                                          \
    " 8 . . | . 6 . | . . 3\n 4 . . | 8 . 3 | . . 1\n 7 . . | . 2 . | . . 6\n"                     \
    " . 6 . | . . . | 2 8 .\n . . . | 4 1 9 | . . 5\n . . . | . 8 . | . 7 9\n"
#define KENNETT_GRID                                                                               \
    " 5 3 . | . 7 . | . . .\n 6 . . | 1 9 5 | . . .\n . 9 8 | . . . | . 6 .\n"                     \
    "-------+-------+-------\n" DRAWN_ROWS_4_TO_9
/* The 729-character marks of a position whose first cell holds 5 alone
 * and every other cell every digit (80 cells). */
#define ALL9 "123456789"
#define ALL9x10 ALL9 ALL9 ALL9 ALL9 ALL9 ALL9 ALL9 ALL9 ALL9 ALL9
#define ALL9x78                                                                                    \
    ALL9x10 ALL9x10 ALL9x10 ALL9x10 ALL9x10 ALL9x10 ALL9x10 ALL9 ALL9 ALL9 ALL9 ALL9 ALL9 ALL9 ALL9
#define ALL9x79 ALL9x78 ALL9
#define MARKS "....5...." ALL9x79 ALL9 "\n"

static void sdk_layout(void)
{
    static const bad_case cases[] = {
        {"bad cell after the header, next grid read", SK_FORMAT_AUTO,
         "#DFirst\n#LEasy\n53..7....\n6..195...\n.98..x.6.\n\n" SDK_ROWS,
         "t:5:6: puzzle 1: unexpected character 'x' in row 3 (a cell is 1-9, '.' or '0')", 1},
        {"grid ends early", SK_FORMAT_AUTO, "#DFirst\n53..7....\n6..195...\n\n",
         "t:4:1: puzzle 1: the grid ends after 2 rows, a puzzle has 9", 0},
        {"a line record when sdk is chosen", SK_FORMAT_SDK, P "\n",
         "t:1:19: puzzle 1: too many cells in row 1: a row has 9, or 18 with its solution's "
         "beside it",
         0},
    };
    RUN(cases);
}

static void ss_layout(void)
{
    static const bad_case cases[] = {
        {"bad cell in a boxed row", SK_FORMAT_AUTO, "*-----------*\n|53.|.7.|...|\n|6..|1x5|...|\n",
         "t:3:7: puzzle 1: unexpected character 'x' in row 2 (a cell is 1-9, '.' or '0')", 0},
        {"entry in a given's cell", SK_FORMAT_AUTO, SS_ROWS "\nI015\n",
         "t:15:1: puzzle 1: not an entry of a cell that is not a given (Innd: cell nn 00-80, "
         "digit d) or an elimination (Enn00d)",
         0},
        {"elimination of candidate 0", SK_FORMAT_AUTO, SS_ROWS "\nE02000\n",
         "t:15:1: puzzle 1: not an entry of a cell that is not a given (Innd: cell nn 00-80, "
         "digit d) or an elimination (Enn00d)",
         0},
        {"cell 81 does not exist", SK_FORMAT_SS, SS_ROWS "\nI811\n",
         "t:15:1: puzzle 1: not an entry of a cell that is not a given (Innd: cell nn 00-80, "
         "digit d) or an elimination (Enn00d)",
         0},
    };
    RUN(cases);
}

static void sdm_layout(void)
{
    static const bad_case cases[] = {
        {"bad cell, next line read", SK_FORMAT_SDM,
         "53007000060019500009800006080006000340080300170002000606000028000041900500008007x\n" P
         "\n",
         "t:1:81: puzzle 1: unexpected character 'x' (a cell is 1-9, '.' or '0')", 1},
        {"short line", SK_FORMAT_SDM, "5300700006001950000980000\n",
         "t:1:26: puzzle 1: too few cells: the line has 25, a puzzle has 81", 0},
    };
    RUN(cases);
}

static void hodoku_layout(void)
{
    static const bad_case cases[] = {
        {"too few colons, next line read", SK_FORMAT_AUTO, ":0000:x:" P ":\n:0000:x:" P ":::\n",
         "t:1:1: puzzle 1: a HoDoKu library line has 6 or 7 ':' (:TYPE:DIGITS:PUZZLE:REMOVED:::), "
         "this one has 4",
         1},
        {"bad cell", SK_FORMAT_AUTO,
         ":0000:x:53..x....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8.."
         "79:"
         "::\n",
         "t:1:13: puzzle 1: unexpected character 'x' in the puzzle (a cell is 1-9, '.', '0', or "
         "'+' and the digit placed)",
         0},
        {"'+' before a blank", SK_FORMAT_AUTO,
         ":0000:x:53+.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8.."
         "79:"
         "::\n",
         "t:1:12: puzzle 1: unexpected character '.' in the puzzle (a cell is 1-9, '.', '0', or "
         "'+' and the digit placed)",
         0},
        {"short puzzle", SK_FORMAT_AUTO, ":0000:x:53..7:::\n",
         "t:1:14: puzzle 1: too few cells: the puzzle has 5, a puzzle has 81", 0},
        {"removed candidate of two digits", SK_FORMAT_AUTO, ":0000:x:" P ":413 12::\n",
         "t:1:95: puzzle 1: a removed candidate is three digits 1-9: its digit, row and column "
         "(\"513\": 5 from r1c3), separated by spaces",
         0},
    };
    RUN(cases);
}

static void qqwing_layouts(void)
{
    static const bad_case cases[] = {
        {"row without its trailing fields", SK_FORMAT_AUTO, "Puzzle,Solution,\n" P "\n",
         "t:2:82: puzzle 1: too few fields: 1 of the header's 3", 0},
        {"bad puzzle, next row read", SK_FORMAT_AUTO,
         "Puzzle,\n53..x....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8.."
         "79,"
         "\n" P ",\n",
         "t:2:5: puzzle 1: puzzle: unexpected character 'x' (a cell is 1-9, '.' or '0')", 1},
        {"readable row of 8 cells", SK_FORMAT_AUTO,
         " 5 3 . | . 7 . | . . .\n 6 . . | 1 9 5 | . .\n",
         "t:2:21: puzzle 1: too few cells in row 2: 8 of 9", 0},
        {"readable row with a bad cell", SK_FORMAT_QQWING_READABLE,
         " 5 3 . | . 7 . | . . .\n 6 . . | 1 9 5 | . . ?\n",
         "t:2:22: puzzle 1: unexpected character '?' in row 2 (a cell is 1-9, '.' or '0')", 0},
    };
    RUN(cases);
}

static void kennett_layout(void)
{
    static const bad_case cases[] = {
        {"bad cell, next grid read", SK_FORMAT_AUTO,
         "% one\n 5 3 . | . 7 . | . . .\n 6 . . | 1 x 5 | . . .\n\n% two\n" KENNETT_GRID,
         "t:3:12: puzzle 1: unexpected character 'x' in row 2 (a cell is 1-9, '.' or '0')", 1},
        {"grid ends early", SK_FORMAT_AUTO, "% one\n 5 3 . | . 7 . | . . .\n\n",
         "t:3:1: puzzle 1: the grid ends after 1 row, a puzzle has 9", 0},
    };
    RUN(cases);
}

static void marks_layout(void)
{
    static const bad_case cases[] = {
        {"bad character, next line read", SK_FORMAT_AUTO, "....x...." ALL9x79 ALL9 "\n" MARKS,
         "t:1:5: puzzle 1: unexpected character 'x' in the pencil marks (the digit d at place d "
         "of a cell's 9 characters when it is a candidate, else '.' or '0')",
         1},
        {"digit out of its place", SK_FORMAT_AUTO, "...5....." ALL9x79 ALL9 "\n",
         "t:1:4: puzzle 1: digit 5 at place 4 of cell r1c1 (a candidate d stands at place d of "
         "the cell's 9 characters)",
         0},
        {"cell without a candidate", SK_FORMAT_AUTO, "....5...." ALL9 "........." ALL9x78 "\n",
         "t:1:19: puzzle 1: cell r1c3 has no candidate (its 9 characters are all '.' or '0'; "
         "every cell keeps at least one)",
         0},
        {"short when marks are chosen", SK_FORMAT_MARKS, "....5...." ALL9x79 "\n",
         "t:1:721: puzzle 1: pencil marks of 720 characters, not 729 (9 for each of the 81 "
         "cells)",
         0},
    };
    RUN(cases);
}

static const ski_test_case cases[] = {
    {"sdk_layout", sdk_layout},         {"ss_layout", ss_layout},
    {"sdm_layout", sdm_layout},         {"hodoku_layout", hodoku_layout},
    {"qqwing_layouts", qqwing_layouts}, {"kennett_layout", kennett_layout},
    {"marks_layout", marks_layout},
};

SK_TEST_MAIN(cases)
