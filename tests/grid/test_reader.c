/* Reader: both layouts, detection, and a named case for every bad input. */
#include <stdlib.h>

#include "check.h"
#include "sudokit/grid.h"
#include "sudokit/reader.h"

#define READER_LINE "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

#define READER_CLASSIC                                                                  \
    "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n0 9 8 0 0 0 0 6 0\n8 0 0 0 6 0 0 0 3\n"    \
    "4 0 0 8 0 3 0 0 1\n7 0 0 0 2 0 0 0 6\n0 6 0 0 0 0 2 8 0\n0 0 0 4 1 9 0 0 5\n"    \
    "0 0 0 0 8 0 0 7 9\n"

/* Read all of text; return how many puzzles were good, store the first
 * error message (if any) in first_error. */
static int reader_count(const char *text, char *first_error, size_t len, int *bad)
{
    sk_reader *reader = sk_reader_from_string(text, "t.txt");
    CHECK(reader != NULL);
    int good = 0;
    *bad = 0;
    first_error[0] = '\0';
    sk_grid grid;
    sk_read_status status;
    while ((status = sk_reader_next(reader, &grid)) != SK_READ_END) {
        if (status == SK_READ_OK) {
            good++;
            continue;
        }
        if (!(*bad)++)
            snprintf(first_error, len, "%s", sk_reader_error(reader));
        if (status == SK_READ_IO)
            break;
    }
    sk_reader_close(reader);
    return good;
}

static void both_layouts_give_the_same_grid(void)
{
    sk_grid a, b;
    sk_reader *r1 = sk_reader_from_string(READER_LINE "\n", "a");
    sk_reader *r2 = sk_reader_from_string(READER_CLASSIC, "b");
    CHECK_INT(sk_reader_next(r1, &a), SK_READ_OK);
    CHECK_INT(sk_reader_next(r2, &b), SK_READ_OK);
    CHECK(memcmp(&a, &b, sizeof a) == 0);
    CHECK_INT(sk_reader_next(r1, &a), SK_READ_END);
    CHECK_INT(sk_reader_next(r2, &b), SK_READ_END);
    sk_reader_close(r1);
    sk_reader_close(r2);
}

static void accepted_inputs(void)
{
    static const struct {
        const char *name, *text;
        int puzzles;
    } cases[] = {
        {"empty input", "", 0},
        {"only comments", "# a comment\n\n   # another\n", 0},
        {"zeros for blanks", "5300700006001950000980000608000600034008030017000200060600002800004190050000800"
                             "79\n", 1},
        {"no final newline", READER_LINE, 1},
        {"crlf", READER_LINE "\r\n" READER_LINE "\r\n", 2},
        {"trailing blanks", READER_LINE "   \n", 1},
        {"classic, grids apart", READER_CLASSIC "\n" READER_CLASSIC, 2},
        {"classic, grids together", READER_CLASSIC READER_CLASSIC, 2},
        {"classic, crlf", "5 3 0 0 7 0 0 0 0\r\n6 0 0 1 9 5 0 0 0\r\n0 9 8 0 0 0 0 6 0\r\n"
                          "8 0 0 0 6 0 0 0 3\r\n4 0 0 8 0 3 0 0 1\r\n7 0 0 0 2 0 0 0 6\r\n"
                          "0 6 0 0 0 0 2 8 0\r\n0 0 0 4 1 9 0 0 5\r\n0 0 0 0 8 0 0 7 9", 1},
        {"classic, compact rows", "530070000\n600195000\n098000060\n800060003\n400803001\n"
                                  "700020006\n060000280\n000419005\n000080079\n", 1},
        {"mixed layouts", "# mixed\n" READER_LINE "\n\n" READER_CLASSIC "\n" READER_LINE "\n", 3},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[512];
        int bad;
        int good = reader_count(cases[i].text, err, sizeof err, &bad);
        if (good != cases[i].puzzles || bad != 0)
            fprintf(stderr, "case '%s': %d good, %d bad: %s\n", cases[i].name, good, bad, err);
        CHECK_INT(good, cases[i].puzzles);
        CHECK_INT(bad, 0);
    }
}

static void bad_inputs_name_line_and_column(void)
{
    static const struct {
        const char *name, *text, *message;
        int good_after;
    } cases[] = {
        {"bad character",
         "53..7....6..195....98x...6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n",
         "t.txt:1:22: puzzle 1: unexpected character 'x' (a cell is 1-9, '.' or '0')", 0},
        {"too few cells",
         "# header\n53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7\n",
         "t.txt:2:81: puzzle 1: too few cells: the line has 80, a puzzle has 81", 0},
        {"too many cells",
         READER_LINE "9\n",
         "t.txt:1:82: puzzle 1: too many cells: the line has 82 characters, a puzzle has 81", 0},
        {"digit twice in a row",
         "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n",
         "t.txt:1:2: puzzle 1: digit 5 twice in row 1 (r1c1 and r1c2)", 0},
        {"digit twice in row 2, classic",
         "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 6\n0 9 8 0 0 0 0 6 0\n8 0 0 0 6 0 0 0 3\n"
         "4 0 0 8 0 3 0 0 1\n7 0 0 0 2 0 0 0 6\n0 6 0 0 0 0 2 8 0\n0 0 0 4 1 9 0 0 5\n"
         "0 0 0 0 8 0 0 7 9\n",
         "t.txt:2:17: puzzle 1: digit 6 twice in row 2 (r2c1 and r2c9)", 0},
        {"classic bad character",
         "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n0 9 8 0 a 0 0 6 0\n",
         "t.txt:3:9: puzzle 1: unexpected character 'a' in row 3 (a cell is 1-9, '.' or '0')", 0},
        {"classic short row",
         "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0\n",
         "t.txt:2:16: puzzle 1: too few cells in row 2: 8 of 9", 0},
        {"classic long row",
         "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0 1\n",
         "t.txt:2:19: puzzle 1: too many cells in row 2: a row has 9", 0},
        {"classic grid ends early, next grid still read",
         "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n\n" READER_CLASSIC,
         "t.txt:3:1: puzzle 1: the grid ends after 2 rows, a puzzle has 9", 1},
        {"classic grid ends at end of file",
         "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0",
         "t.txt:3:1: puzzle 1: the grid ends after 2 rows, a puzzle has 9", 0},
        {"second puzzle bad, others kept",
         READER_LINE "\n" READER_LINE "?\n" READER_LINE "\n",
         "t.txt:2:82: puzzle 2: too many cells: the line has 82 characters, a puzzle has 81", 2},
        {"binary garbage",
         "\x01\x02\x03\n",
         "t.txt:1:1: puzzle 1: unexpected character \\x01 (a cell is 1-9, '.' or '0')", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[512];
        int bad;
        int good = reader_count(cases[i].text, err, sizeof err, &bad);
        if (strcmp(err, cases[i].message) != 0)
            fprintf(stderr, "case '%s'\n", cases[i].name);
        CHECK_STR(err, cases[i].message);
        CHECK_INT(bad, 1);
        CHECK_INT(good, cases[i].good_after);
    }
}

static void rules_check_can_be_turned_off(void)
{
    sk_reader *reader = sk_reader_from_string(
        "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n", "t");
    sk_reader_set_check_rules(reader, false);
    sk_grid grid;
    CHECK_INT(sk_reader_next(reader, &grid), SK_READ_OK);
    CHECK_INT(grid.cells[1], 5);
    sk_reader_close(reader);
}

static void positions_are_tracked(void)
{
    sk_reader *reader = sk_reader_from_string("# c\n" READER_LINE "\n\n" READER_CLASSIC, "f");
    sk_grid grid;
    CHECK_INT(sk_reader_next(reader, &grid), SK_READ_OK);
    CHECK_INT(sk_reader_position_of(reader)->line, 2);
    CHECK_INT(sk_reader_position_of(reader)->puzzle, 1);
    CHECK_INT(sk_reader_next(reader, &grid), SK_READ_OK);
    CHECK_INT(sk_reader_position_of(reader)->line, 4);
    CHECK_INT(sk_reader_position_of(reader)->puzzle, 2);
    sk_reader_close(reader);
}

static void missing_file_is_reported(void)
{
    sk_error err;
    CHECK(sk_reader_open("/nonexistent/puzzles.txt", &err) == NULL);
    CHECK_STR(err.message, "cannot open /nonexistent/puzzles.txt: No such file or directory");
}

/* Read size bytes of data (which may hold NUL bytes) through a memory
 * stream; return the first status and copy the message into err. */
static sk_read_status reader_first_of_bytes(const char *data, size_t size, char *err,
                                            size_t errlen)
{
    FILE *stream = fmemopen((void *)data, size, "r");
    CHECK(stream != NULL);
    sk_reader *reader = sk_reader_from_stream(stream, "t");
    sk_grid grid;
    sk_read_status status = sk_reader_next(reader, &grid);
    snprintf(err, errlen, "%s", sk_reader_error(reader));
    sk_reader_close(reader);
    fclose(stream);
    return status;
}

static void nul_byte_is_reported(void)
{
    static const char at_start[] = "\0" READER_LINE "\n";
    static const char inside[] = "53..7....6..195....98\0...6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
    static const char classic[] = "5 3 0 0 7 0 0 0 0\n6 0 \0 1 9 5 0 0 0\n";
    char err[512];
    CHECK_INT(reader_first_of_bytes(at_start, sizeof at_start - 1, err, sizeof err), SK_READ_BAD);
    CHECK_STR(err, "t:1:1: puzzle 1: unexpected character \\x00 (a cell is 1-9, '.' or '0')");
    CHECK_INT(reader_first_of_bytes(inside, sizeof inside - 1, err, sizeof err), SK_READ_BAD);
    CHECK_STR(err, "t:1:22: puzzle 1: unexpected character \\x00 (a cell is 1-9, '.' or '0')");
    CHECK_INT(reader_first_of_bytes(classic, sizeof classic - 1, err, sizeof err), SK_READ_BAD);
    CHECK_STR(err, "t:2:5: puzzle 1: unexpected character \\x00 in row 2 (a cell is 1-9, '.' or '0')");
}

/* Lines and columns past 65 535 keep their true numbers. */
static void far_lines_and_columns_are_numbered(void)
{
    size_t comments = 70000, blanks = 70000;
    size_t size = comments * 2 + 200 + blanks;
    char *text = malloc(size), *p = text;
    for (size_t i = 0; i < comments; i++)
        p += sprintf(p, "#\n");
    /* A classic grid whose first row repeats 5, the second far to the right. */
    p += sprintf(p, "5 3 0 0 7 0 0 0");
    memset(p, ' ', blanks);
    p += blanks;
    p += sprintf(p, "5\n");
    for (int r = 1; r < 9; r++)
        p += sprintf(p, "0 0 0 0 0 0 0 0 0\n");
    char err[512];
    CHECK_INT(reader_first_of_bytes(text, (size_t)(p - text), err, sizeof err), SK_READ_BAD);
    char want[160];
    snprintf(want, sizeof want, "t:%zu:%zu: puzzle 1: digit 5 twice in row 1 (r1c1 and r1c9)",
             comments + 1, 15 + blanks + 1);
    CHECK_STR(err, want);
    free(text);
}

static const ski_test_case cases[] = {
    {"both_layouts_give_the_same_grid", both_layouts_give_the_same_grid},
    {"accepted_inputs", accepted_inputs},
    {"bad_inputs_name_line_and_column", bad_inputs_name_line_and_column},
    {"rules_check_can_be_turned_off", rules_check_can_be_turned_off},
    {"positions_are_tracked", positions_are_tracked},
    {"missing_file_is_reported", missing_file_is_reported},
    {"nul_byte_is_reported", nul_byte_is_reported},
    {"far_lines_and_columns_are_numbered", far_lines_and_columns_are_numbered},
};

SK_TEST_MAIN(cases)
